package validate

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/evidence/evidencetest"
	"crucible.dev/host/internal/report"
)

var must = evidencetest.Must

func TestValidate(t *testing.T) {
	dir := t.TempDir()
	evidencetest.Run(t, dir)
	evidencetest.Render(t, dir, report.Render)
	probs, err := Dir(dir)
	must(t, err)
	if len(probs) != 0 {
		t.Fatalf("fresh run directory does not validate: %v", probs)
	}

	rec := "records/toykem/Toy-512_fast/encaps.json"
	cases := []struct {
		name  string
		edit  func(t *testing.T, dir string)
		first string // path the first problem must name
		what  string
	}{
		{"raw sample", func(t *testing.T, dir string) {
			evidencetest.Edit(t, filepath.Join(dir, rec), func(r *evidence.Record) { r.Trials[2].NS[7] += 1000 })
		}, rec, "statistics do not follow from the raw trials"},
		{"statistic", func(t *testing.T, dir string) {
			evidencetest.Edit(t, filepath.Join(dir, rec), func(r *evidence.Record) { r.Stats.NS.Median *= 0.9 })
		}, rec, "ns.median"},
		{"moved record", func(t *testing.T, dir string) {
			evidencetest.Edit(t, filepath.Join(dir, rec), func(r *evidence.Record) { r.Op = "decaps" })
		}, rec, "belongs in records/toykem/Toy-512_fast/decaps.json"},
		{"KAT statuses", func(t *testing.T, dir string) {
			p := filepath.Join(dir, "kat/toykex/ToyKEX.json")
			b, _ := os.ReadFile(p)
			must(t, os.WriteFile(p, bytes.Replace(b, []byte(`"fail"`), []byte(`"pass"`), -1), 0o644))
		}, "kat/toykex/ToyKEX.json", "source rfc: status pass with 7 passed, 1 failed"},
		{"KAT count", func(t *testing.T, dir string) {
			// Consistent in itself, so only the page shows it.
			evidencetest.Edit(t, filepath.Join(dir, "kat/toykex/ToyKEX.json"), func(k *evidence.KATRecord) { k.Results[0].Passed = 9 })
		}, "report/toykex.md", "differs from a fresh rendering"},
		{"KAT result summarised", func(t *testing.T, dir string) {
			evidencetest.Edit(t, filepath.Join(dir, "kat/toykem/Toy-512_slow.json"), func(k *evidence.KATRecord) { k.Results[0].Records = 10 })
		}, "summary.json", "differs from a fresh rendering"},
		{"KAT digest", func(t *testing.T, dir string) {
			evidencetest.Edit(t, filepath.Join(dir, "kat/toykem/Toy-1024_slow.json"), func(k *evidence.KATRecord) {
				k.Results[0].Digest = strings.Replace(k.Results[0].Digest, "ff", "fe", 1)
			})
		}, "kat/toykem/Toy-1024_slow.json", "status pass with digest"},
		{"KAT status", func(t *testing.T, dir string) {
			evidencetest.Edit(t, filepath.Join(dir, "kat/toykex/ToyKEX.json"), func(k *evidence.KATRecord) { k.Status = "pass" })
		}, "kat/toykex/ToyKEX.json", "status pass does not follow"},
		{"page", func(t *testing.T, dir string) {
			p := filepath.Join(dir, "report/toyhash.md")
			b, _ := os.ReadFile(p)
			must(t, os.WriteFile(p, bytes.Replace(b, []byte("80.0%"), []byte("10.0%"), 1), 0o644))
		}, "report/toyhash.md", "line "},
		{"extra page", func(t *testing.T, dir string) {
			must(t, os.WriteFile(filepath.Join(dir, "report/extra.md"), []byte("x"), 0o644))
		}, "report/extra.md", "not produced by rendering"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := t.TempDir()
			evidencetest.CopyDir(t, dir, d)
			c.edit(t, d)
			probs, err := Dir(d)
			must(t, err)
			if len(probs) == 0 {
				t.Fatal("tampered directory validates")
			}
			if probs[0].Path != c.first || !strings.Contains(probs[0].What, c.what) {
				t.Errorf("first problem %q, want %s: ...%s...", probs[0], c.first, c.what)
			}
		})
	}
}

// TestValidateShares checks that validate recomputes hash shares from the
// profiles and names the record whose share does not follow: the synthetic
// run's profiles give its recorded 0.8, and one profile rewritten to 0.4
// is caught.
func TestValidateShares(t *testing.T) {
	dir := t.TempDir()
	evidencetest.Run(t, dir)
	evidencetest.Render(t, dir, report.Render)
	run := evidencetest.Load(t, dir)
	var r *evidence.Record
	for _, x := range run.Records {
		if x.Profile != "" && x.Share != nil {
			r = x
			break
		}
	}
	if r == nil {
		t.Fatal("synthetic run has no profiled record")
	}
	probs, err := Dir(dir)
	must(t, err)
	if len(probs) != 0 {
		t.Fatalf("consistent profiles do not validate: %v", probs)
	}
	must(t, os.WriteFile(filepath.Join(dir, r.Profile), evidencetest.Profile(t, "toy.compress", 40, 60), 0o644))
	probs, err = Dir(dir)
	must(t, err)
	if len(probs) != 1 || probs[0].Path != run.Paths[r] || !strings.Contains(probs[0].What, "hash share does not follow from "+r.Profile) {
		t.Errorf("altered profile: problems %v, want one naming %s", probs, run.Paths[r])
	}
	// A profile the plugin made hostile (a negative value) is named as
	// the problem, not taken for a share.
	must(t, os.WriteFile(filepath.Join(dir, r.Profile), evidencetest.Profile(t, "toy.compress", 40, -60), 0o644))
	probs, err = Dir(dir)
	must(t, err)
	if len(probs) != 1 || probs[0].Path != r.Profile || !strings.Contains(probs[0].What, "profile:") {
		t.Errorf("negative profile: problems %v, want one naming %s", probs, r.Profile)
	}
}
