package evidencetest

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"crucible.dev/host/internal/evidence"
)

// Scale multiplies every raw sample of every record in dir by f and
// recomputes the statistics, as a run on a slower machine would read.
func Scale(t testing.TB, dir string, f float64) {
	t.Helper()
	run, err := evidence.Load(dir)
	Must(t, err)
	for _, r := range run.Records {
		for i := range r.Trials {
			for j := range r.Trials[i].NS {
				r.Trials[i].NS[j] = int64(math.Round(float64(r.Trials[i].NS[j]) * f))
				r.Trials[i].Cycles[j] = int64(math.Round(float64(r.Trials[i].Cycles[j]) * f))
			}
		}
		r.Stats = r.Recompute()
		Must(t, evidence.WriteJSON(filepath.Join(dir, run.Paths[r]), r))
	}
}

// Slower writes a synthetic run (Run) and a copy of it whose every sample
// took f times as long, and loads both.
func Slower(t testing.TB, f float64) (old, slow *evidence.Run) {
	t.Helper()
	o, s := t.TempDir(), t.TempDir()
	Run(t, o)
	CopyDir(t, o, s)
	Scale(t, s, f)
	return Load(t, o), Load(t, s)
}

// Render writes summary.json and the files render makes of dir's
// evidence (report.Render), as host report does, and returns the files.
func Render(t testing.TB, dir string, render func(*evidence.Run, *evidence.Summary) []evidence.File) []evidence.File {
	t.Helper()
	run, err := evidence.Load(dir)
	Must(t, err)
	sum := evidence.Summarize(run)
	Must(t, evidence.WriteJSON(evidence.SummaryPath(dir), sum))
	files := render(run, sum)
	Must(t, evidence.WriteFiles(dir, files))
	return files
}

// CopyDir copies the directory tree src into dst, for a test that alters
// a copy of a run.
func CopyDir(t testing.TB, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	Must(t, err)
}

// Must fails the test on an error.
func Must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Read is the file rel of dir as text.
func Read(t testing.TB, dir, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, rel))
	Must(t, err)
	return string(b)
}

// Edit rewrites the JSON file at path (a record, a KAT record) through
// edit.
func Edit[T any](t testing.TB, path string, edit func(*T)) {
	t.Helper()
	var v T
	Must(t, evidence.ReadJSON(path, &v))
	edit(&v)
	Must(t, evidence.WriteJSON(path, &v))
}

// Load loads the run directory dir.
func Load(t testing.TB, dir string) *evidence.Run {
	t.Helper()
	run, err := evidence.Load(dir)
	Must(t, err)
	return run
}
