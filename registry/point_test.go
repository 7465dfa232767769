package registry

import "testing"

func TestPointString(t *testing.T) {
	for p, want := range map[Point]string{
		{Op: OpDecaps}:                       "decaps",
		{Op: OpHash, MsgLen: 1024}:           "hash@1024",
		{Op: OpXOF, MsgLen: 32, OutLen: 256}: "xof@32>256",
		{Op: OpGenerate, OutLen: 64}:         "generate>64",
		{Op: OpKDF, MsgLen: 32, OutLen: 128}: "kdf@32>128",
	} {
		if got := p.String(); got != want {
			t.Errorf("%+v: %q, want %q", p, got, want)
		}
	}
}
