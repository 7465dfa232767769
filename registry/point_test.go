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
		if back, err := ParsePoint(want); err != nil || back != p {
			t.Errorf("ParsePoint(%q) = %+v, %v; want %+v", want, back, err, p)
		}
	}
}

func TestParsePointRefuses(t *testing.T) {
	for _, bad := range []string{"", "@32", "hash@", "hash@0", "hash@-1", "hash@01", "xof@32>x", "xof>32@16"} {
		if p, err := ParsePoint(bad); err == nil {
			t.Errorf("ParsePoint(%q) = %+v, want an error", bad, p)
		}
	}
}
