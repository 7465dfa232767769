package evidence

import "testing"

func TestVaries(t *testing.T) {
	for _, c := range []struct {
		ins  *Instructions
		want bool
	}{
		{nil, false},
		{&Instructions{Total: 1_000_000}, false}, // no repeat taken
		{&Instructions{Total: 1_000_000, Repeat: 1_000_100}, false}, // 0.01%: the runtime's leftovers
		{&Instructions{Total: 1_000_000, Repeat: 999_900}, false},
		{&Instructions{Total: 1_000_000, Repeat: 1_000_101}, true},
		{&Instructions{Total: 1_000_000, Repeat: 1_180_000}, true}, // a rejection loop run more often
	} {
		if got := c.ins.Varies(); got != c.want {
			t.Errorf("%+v: varies %v, want %v", c.ins, got, c.want)
		}
	}
}
