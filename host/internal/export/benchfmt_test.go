package export

import (
	"bytes"
	"math"
	"sort"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"crucible.dev/host/internal/evidence/evidencetest"
	"crucible.dev/host/internal/stats"
)

var must = evidencetest.Must

func TestBenchfmtParses(t *testing.T) {
	dir := t.TempDir()
	evidencetest.Run(t, dir)
	run := evidencetest.Load(t, dir)
	var buf bytes.Buffer
	must(t, Benchfmt(&buf, run))

	want := 0
	for _, r := range run.Records {
		for _, tr := range r.Trials {
			want += len(tr.NS)
		}
	}
	rd := benchfmt.NewReader(&buf, "export")
	var n int
	medians := map[string][]float64{}
	for rd.Scan() {
		switch rec := rd.Result().(type) {
		case *benchfmt.SyntaxError:
			t.Fatalf("benchfmt: %v", rec)
		case *benchfmt.Result:
			n++
			if rec.GetConfig("goos") != "linux" || rec.GetConfig("cpu") != "Test CPU" {
				t.Fatalf("config lines not applied: goos=%q cpu=%q", rec.GetConfig("goos"), rec.GetConfig("cpu"))
			}
			base, parts := rec.Name.Parts()
			if len(parts) == 0 || string(parts[len(parts)-1]) != "-2" {
				t.Fatalf("%s: GOMAXPROCS suffix not parsed: %q", rec.Name.Full(), parts)
			}
			if !strings.HasPrefix(string(base), "Toy") {
				t.Fatalf("%s: base name %q", rec.Name.Full(), base)
			}
			ns, ok := rec.Value("sec/op")
			if !ok {
				t.Fatalf("%s: no sec/op", rec.Name.Full())
			}
			key := string(rec.Name.Full()) + " " + rec.GetConfig("pkg")
			medians[key] = append(medians[key], ns*1e9)
		}
	}
	must(t, rd.Err())
	if n != want {
		t.Fatalf("parsed %d results, want one per sample: %d", n, want)
	}
	// Each benchmark's samples give back the record's own median.
	for _, r := range run.Records {
		name := "Toy" + r.Plugin[3:] + "/instance=" + r.Name
		if r.Impl != "" {
			name += "/impl=" + r.Impl
		}
		name += "/op=" + r.Op + "-2 crucible.dev/plugins/" + r.Plugin
		v := medians[name]
		if len(v) == 0 {
			t.Fatalf("no samples for %q", name)
		}
		s := append([]float64(nil), v...)
		sort.Float64s(s)
		if m := stats.Quantile(s, 0.5); math.Abs(m/r.Stats.NS.Median-1) > 1e-6 {
			t.Errorf("%s: exported median %v, record %v", name, m, r.Stats.NS.Median)
		}
	}
}
