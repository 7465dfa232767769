package callgrind

import (
	"strings"
	"testing"
)

// A dump in the shape callgrind writes for a Go thread: compressed names
// defined on first use (in fn= and cfn= lines), relative positions, the
// inclusive cost of each call on the line after its calls= line.
const sample = `# callgrind format
version: 1
creator: callgrind-3.19.0
part: 3

positions: line
events: Ir
summary: 1330

ob=(1) /crucible/plugin/x
fl=(1) ./registry/count.go
fn=(1) crucible.dev/registry.countedBatch
38 10
+1 5
cfn=(2) main.op
calls=4 10
* 1200
fn=(2)
10 1000
+2 200
cfn=(3) runtime.newstack
calls=1 0
* 120
fn=(3)
0 89
fn=(4) runtime.morestack.abi0
0 24
fn=(5) runtime.goschedImpl'2
0 7

totals: 1335
`

func TestTotalsAndSelf(t *testing.T) {
	tot, err := Totals(strings.NewReader(sample))
	if err != nil || tot["Ir"] != 1335 {
		t.Fatalf("totals %v %v, want Ir 1335 (the totals line wins over summary)", tot, err)
	}
	self, err := Self(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{
		"crucible.dev/registry.countedBatch": 15, "main.op": 1200,
		"runtime.newstack": 89, "runtime.morestack.abi0": 24, "runtime.goschedImpl'2": 7,
	}
	for fn, n := range want {
		if self.Self[fn] != n {
			t.Errorf("self cost of %s: %d, want %d", fn, self.Self[fn], n)
		}
	}
	if n := self.Calls[[2]string{"main.op", "runtime.newstack"}]; n != 120 {
		t.Errorf("calls from main.op to runtime.newstack: %d, want 120", n)
	}
	c, err := CountGo([]byte(sample), "crucible.dev/registry.countedBatch")
	if err != nil {
		t.Fatal(err)
	}
	if c.Runtime != 89+24+7 || c.Instructions != 1335-120 || c.Calls != 4 {
		t.Fatalf("CountGo: %+v, want 1215 counted and 120 in the scheduler", c)
	}
}

func TestMalformed(t *testing.T) {
	for name, in := range map[string]string{
		"no events":    "totals: 5\n",
		"no totals":    "events: Ir\nfn=(1) f\n0 5\n",
		"negative":     "events: Ir\ntotals: -5\n",
		"too many":     "events: Ir\ntotals: 5 6\n",
		"unknown name": "events: Ir\nfn=(7)\n0 5\ntotals: 5\n",
		"costs add up": "events: Ir\nfn=(1) f\n0 5\ntotals: 9\n",
		"not a number": "events: Ir\nfn=(1) f\n0 x\ntotals: 5\n",
	} {
		if _, err := CountGo([]byte(in), "f"); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// An allocation in a counted loop: the fast path (mallocgc) stays in the
// count, as does a clear the code asks for; the span refill below it, the
// page allocator's pieces it reaches and the zeroing the allocator does
// are left out.
const allocSample = `events: Ir
fl=(1) ./registry/count.go
fn=(1) crucible.dev/registry.countedBatch
1 10
cfn=(2) main.op
calls=1 0
* 1000
fn=(2)
1 400
cfn=(3) runtime.mallocgc
calls=1 0
* 500
cfn=(9) runtime.memclrNoHeapPointers
calls=1 0
* 100
fn=(3)
1 60
cfn=(9)
calls=1 0
* 40
fn=(4) runtime.(*mcache).refill
1 100
fn=(5) runtime.mergeSummaries
1 100
fn=(6) runtime.(*scavengeIndex).alloc
1 70
fn=(7) runtime.(*pallocData).allocRange
1 50
fn=(8) runtime.(*spanSet).push
1 40
fn=(10) runtime.gcTrigger.test
1 40
fn=(11) runtime.persistentalloc1
1 30
fn=(12) runtime.systemstack.abi0
1 30
fn=(9)
1 140
totals: 1070
`

func TestAllocatorLeftOut(t *testing.T) {
	c, err := CountGo([]byte(allocSample), "crucible.dev/registry.countedBatch")
	if err != nil {
		t.Fatal(err)
	}
	left := int64(100 + 100 + 70 + 50 + 40 + 40 + 30 + 30 + 40) // refill, page allocator, collection check, metadata, stack switch, zeroing
	if c.Runtime != left || c.Instructions != 1070-left {
		t.Fatalf("CountGo: %+v, want %d left out and %d counted", c, left, 1070-left)
	}
}
