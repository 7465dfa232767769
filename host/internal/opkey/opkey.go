// Package opkey names and orders the measured units of a run. A Key (plugin,
// instance, operation) is what compare and the gate match the records of
// two runs by; Key.Less and OpLess are the order in which every table
// lists them: plugin, instance, then the operations as the protocol runs
// them, a symmetric primitive's lengths ascending.
package opkey

import (
	"sort"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry"
)

// Key identifies one measured operation of a run.
type Key struct{ Plugin, Instance, Op string }

// Of is the key of a record.
func Of(r *evidence.Record) Key { return Key{r.Plugin, r.Instance, r.Op} }

// Less orders units by plugin, then instance, then operation (OpLess).
func (a Key) Less(b Key) bool {
	if a.Plugin != b.Plugin {
		return a.Plugin < b.Plugin
	}
	if a.Instance != b.Instance {
		return a.Instance < b.Instance
	}
	return OpLess(a.Op, b.Op)
}

// rank is the position of each standard operation in its protocol.
var rank = func() map[string]int {
	m := map[string]int{
		registry.OpKeygen: 0, registry.OpEncaps: 1, registry.OpDecaps: 2, registry.OpDecapsReject: 3,
		registry.OpDecapsInvalid: 4, registry.OpSign: 5, registry.OpVerify: 6, registry.OpExchange: 22,
	}
	for i, p := range []registry.Party{registry.PartyA, registry.PartyB} {
		m[registry.OpInit(p)], m[registry.OpDerive(p)] = 10+i, 20+i
	}
	for i := 1; i <= 6; i++ {
		m[registry.OpPass(i)] = 11 + i
	}
	return m
}()

// OpLess orders operation labels as the protocol runs them, operations of
// no protocol after those by name, then by message and output length.
func OpLess(a, b string) bool {
	pa, pb := Point(a), Point(b)
	ra, oka := rank[pa.Op]
	rb, okb := rank[pb.Op]
	switch {
	case oka && okb && ra != rb:
		return ra < rb
	case oka != okb:
		return oka
	case pa.Op != pb.Op:
		return pa.Op < pb.Op
	case pa.MsgLen != pb.MsgLen:
		return pa.MsgLen < pb.MsgLen
	}
	return pa.OutLen < pb.OutLen
}

// Sorted are the operation labels of m in OpLess order.
func Sorted[V any](m map[string]V) []string {
	ops := make([]string, 0, len(m))
	for op := range m {
		ops = append(ops, op)
	}
	sort.Slice(ops, func(i, j int) bool { return OpLess(ops[i], ops[j]) })
	return ops
}

// Point reads a benchmark label back into its point; a label that is not
// one (a file written by hand) is an operation of that name.
func Point(label string) registry.Point {
	p, err := registry.ParsePoint(label)
	if err != nil {
		return registry.Point{Op: label}
	}
	return p
}
