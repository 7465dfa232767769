package progress

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time       { return c.t }
func (c *fakeClock) step(d time.Duration) { c.t = c.t.Add(d) }
func newFake(w *bytes.Buffer) (*Progress, *fakeClock) {
	c := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	p := New(w)
	p.now = c.now
	p.start = c.now()
	return p, c
}

// TestProgressLines: off a terminal, each stage is a plain line with the
// elapsed time and, once some work is done, an estimate of the time left;
// the live line stays off.
func TestProgressLines(t *testing.T) {
	var b bytes.Buffer
	p, clk := newFake(&b)
	p.Plugins(1)
	p.Plugin("x25519")
	p.Expect(10, 1)
	clk.step(5 * time.Second) // KAT gate and calibration
	p.AddWork(10)
	p.Stage("x25519", "X25519", "trial 1/5 of 2 operations")
	if !strings.Contains(b.String(), "plugin x25519 (1/1)\n  x25519 X25519 trial 1/5 of 2 operations [5s]\n") {
		t.Fatalf("before any work is done:\n%s", b.String())
	}
	for range 5 {
		clk.step(2 * time.Second)
		p.Done()
	}
	p.Step("x25519", "X25519", "exchange", "trial 3/5")
	p.Stage("x25519", "X25519", "trial 3/5 of 2 operations")
	out := b.String()
	// 5 units of 2s done, 5 left: 10s, not the 15s the elapsed 15s over
	// 5 units would say.
	if !strings.Contains(out, "trial 3/5 of 2 operations [15s, ~10s left]\n") {
		t.Errorf("no estimate in the line:\n%s", out)
	}
	if strings.Contains(out, "\r") || strings.Contains(out, "exchange") {
		t.Errorf("a live line off a terminal:\n%q", out)
	}
}

// TestEstimateFromWorkLeft runs a scripted campaign on a fake clock: three
// plugins, each with untimed steps (build wait, KAT gate, calibration) and
// then trials of two lengths. The plugins are alike, as the estimate takes
// those not reached yet to be; their untimed steps differ by a few seconds.
// After the first few units, every estimate of the time left is within 10%
// (and a second) of the time the script actually has left.
func TestEstimateFromWorkLeft(t *testing.T) {
	type plug struct {
		overhead time.Duration
		units    int
	}
	script := []plug{{20 * time.Second, 12}, {23 * time.Second, 12}, {17 * time.Second, 12}}
	unit := func(i int) time.Duration { // trials alternate 2.6s and 3.4s
		if i%2 == 0 {
			return 2600 * time.Millisecond
		}
		return 3400 * time.Millisecond
	}
	var end time.Duration
	for _, pl := range script {
		end += pl.overhead
		for i := range pl.units {
			end += unit(i)
		}
	}
	var b bytes.Buffer
	p, clk := newFake(&b)
	p.Plugins(len(script))
	checked := 0
	for _, pl := range script {
		p.Plugin("p")
		p.Expect(pl.units, 2)
		clk.step(pl.overhead)
		// Units are added per instance, two instances per plugin.
		for half := range 2 {
			n := pl.units / 2
			p.AddWork(n)
			for i := range n {
				clk.step(unit(half*n + i))
				p.Done()
				if p.done < 4 {
					continue
				}
				actual := end - clk.t.Sub(p.start)
				got := p.left()
				if diff := (got - actual).Abs(); diff > actual/10+time.Second {
					t.Errorf("after %d units at %v: ~%v left, actually %v", p.done, clk.t.Sub(p.start), got.Round(time.Second), actual)
				}
				checked++
			}
		}
	}
	if checked < 30 {
		t.Fatalf("only %d estimates checked", checked)
	}
}

// TestEstimateWithPlans runs a scripted campaign shaped like a full run
// here: eleven plugins from two to eighteen instances, two with nothing to
// measure, their untimed steps about 3 s an instance. Every plugin was
// described ahead (Plan), so after the first plugin every estimate is
// within 10% (and 2 s) of the time actually left. Without the plans the
// mean of the plugins reached stands for the rest, and the estimates are
// off by up to several times.
func TestEstimateWithPlans(t *testing.T) {
	type plug struct{ instances, units int }
	script := []plug{{6, 45}, {9, 40}, {10, 75}, {18, 115}, {3, 15}, {5, 25}, {1, 5}, {4, 30}, {1, 5}, {0, 0}, {0, 0}}
	const perInstance, unit = 3 * time.Second, 1500 * time.Millisecond
	var end time.Duration
	for _, pl := range script {
		end += time.Duration(pl.instances)*perInstance + time.Duration(pl.units)*unit
	}
	for _, planned := range []bool{true, false} {
		var b bytes.Buffer
		p, clk := newFake(&b)
		p.Plugins(len(script))
		if planned {
			for i, pl := range script {
				p.Plan(fmt.Sprint("p", i), pl.units, pl.instances)
			}
		}
		worst := 0.0
		for i, pl := range script {
			p.Plugin(fmt.Sprint("p", i))
			p.Expect(pl.units, pl.instances)
			clk.step(time.Duration(pl.instances) * perInstance)
			p.AddWork(pl.units)
			for range pl.units {
				clk.step(unit)
				p.Done()
				actual := end - clk.t.Sub(p.start)
				if i == 0 || actual < 10*time.Second {
					continue
				}
				got := p.left()
				worst = max(worst, float64((got-actual).Abs())/float64(actual))
				if planned && (got-actual).Abs() > actual/10+2*time.Second {
					t.Errorf("plugin %d, %d units done at %v: ~%v left, actually %v", i, p.done, clk.t.Sub(p.start), got.Round(time.Second), actual)
				}
			}
		}
		t.Logf("planned %v: worst error %.0f%% of the time left", planned, 100*worst)
		if !planned && worst < 0.5 {
			t.Errorf("without plans the worst estimate was off by only %.0f%%: the script does not show what plans are for", 100*worst)
		}
	}
}
