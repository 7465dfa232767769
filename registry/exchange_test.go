package registry

import (
	"bytes"
	"crypto/rand"
	"strings"
	"testing"
)

// TestRemoteKEX: the contract's driver runs an exchange through two
// Runners as it runs one in process: every pass by its sender, both
// parties at one secret; and it notices a party that derives another.
func TestRemoteKEX(t *testing.T) {
	in := &Instance{Name: "toy", Kind: KindKEX, KEX: toyKEX{}}
	tr, err := RunExchange(RemoteKEX(Local(in), Local(in), 3), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Msg) != 3 || len(tr.StAfter) != 3 {
		t.Fatalf("%d messages, %d states, want 3 each", len(tr.Msg), len(tr.StAfter))
	}
	for i, m := range tr.Msg {
		if m[0] != byte(i+1) {
			t.Errorf("message %d is pass %d's", i+1, m[0])
		}
	}
	if len(tr.SS[0]) == 0 || !bytes.Equal(tr.SS[0], tr.SS[1]) {
		t.Errorf("shared secrets %x, %x", tr.SS[0], tr.SS[1])
	}
	_, err = RunExchange(RemoteKEX(Local(in), liar{Local(in)}, 3), rand.Reader)
	if err == nil || !strings.Contains(err.Error(), "shared secrets differ") {
		t.Errorf("a party deriving another secret: %v", err)
	}
}

// liar derives a secret other than the exchange's.
type liar struct{ Runner }

func (l liar) Run(name string, rand []byte, args Args) (Args, error) {
	out, err := l.Runner.Run(name, rand, args)
	if name == OpDerive(PartyB) && err == nil {
		out[ArgSS] = append(bytes.Clone(out[ArgSS]), 1)
	}
	return out, err
}
