package opkey

import (
	"slices"
	"testing"
)

// TestOrder: operations in protocol order, lengths ascending, operations
// of no protocol after the standard ones by name; units by plugin and
// instance first.
func TestOrder(t *testing.T) {
	ops := map[string]int{"zeta": 0, "hash@1024": 0, "decaps": 0, "hash@16": 0, "keygen": 0, "exchange": 0,
		"init_a": 0, "pass2": 0, "derive_b": 0, "xof@16>1024": 0, "xof@16>32": 0}
	want := []string{"keygen", "decaps", "init_a", "pass2", "derive_b", "exchange", "hash@16", "hash@1024", "xof@16>32", "xof@16>1024", "zeta"}
	if got := Sorted(ops); !slices.Equal(got, want) {
		t.Errorf("Sorted = %v, want %v", got, want)
	}
	units := []Key{{"b", "I", "keygen"}, {"a", "J", "keygen"}, {"a", "I", "verify"}, {"a", "I", "sign"}}
	slices.SortFunc(units, func(x, y Key) int {
		if x.Less(y) {
			return -1
		}
		if y.Less(x) {
			return 1
		}
		return 0
	})
	if w := []Key{{"a", "I", "sign"}, {"a", "I", "verify"}, {"a", "J", "keygen"}, {"b", "I", "keygen"}}; !slices.Equal(units, w) {
		t.Errorf("units in order %v, want %v", units, w)
	}
	if p := Point("not@a>point@"); p.Op != "not@a>point@" || p.MsgLen != 0 {
		t.Errorf("a label that is no point reads as %+v", p)
	}
}
