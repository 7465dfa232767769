package registry

import (
	"context"
	"errors"
	"fmt"
	"io"
	"testing"

	"google.golang.org/grpc/status"

	"crucible.dev/registry/pluginv1"
)

// panicKEM panics in decapsulation, as a bug in algorithm code would.
type panicKEM struct{}

func (panicKEM) GenerateKey(rand io.Reader) (pk, sk []byte, err error) {
	return make([]byte, 4), make([]byte, 4), nil
}

// Encapsulate reads 8 bytes of randomness and reports a failure to read
// as text only, as algorithm code that does not wrap errors does.
func (panicKEM) Encapsulate(rand io.Reader, pk []byte) (ct, ss []byte, err error) {
	if _, err := io.ReadFull(rand, make([]byte, 8)); err != nil {
		return nil, nil, fmt.Errorf("encaps: %v", err)
	}
	return make([]byte, 4), make([]byte, 4), nil
}

func (panicKEM) Decapsulate(sk, ct []byte) ([]byte, error) {
	var m map[string]int
	//lint:ignore SA5000 the fixture panics on purpose, as a real bug would
	m["decaps"]++
	return nil, nil
}

// TestErrorCodes: a panic, an unknown name, an operation's own error and
// a read past the call's randomness (however the operation reported it)
// cross the wire as codes that map back to the sentinels, in a Run answer
// and in a failed call's status alike.
func TestErrorCodes(t *testing.T) {
	in := &Instance{Name: "P", Kind: KindKEM, KEM: panicKEM{},
		Sizes: Sizes{PublicKey: 4, SecretKey: 4, Ciphertext: 4, SharedSecret: 4}}
	// An instance not built here has no implementation to take
	// operations from; serving it beside one that is must not fail.
	absent := &Instance{Name: "X", Kind: KindKEX, Unavailable: "needs cgo"}
	s, err := newServer(&Plugin{Name: "p", Instances: []*Instance{in, absent}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		op   string
		args Args
		want pluginv1.ErrorCode
		kind error
	}{
		{"decaps", Args{ArgSK: make([]byte, 4), ArgCT: make([]byte, 4)}, pluginv1.ErrorCode_ERROR_CODE_PANIC, ErrPanic},
		{"nosuchop", nil, pluginv1.ErrorCode_ERROR_CODE_UNKNOWN, ErrUnknown},
		{"decaps", nil, pluginv1.ErrorCode_ERROR_CODE_OPERATION, nil},
		{"encaps", Args{ArgPK: make([]byte, 4)}, pluginv1.ErrorCode_ERROR_CODE_RANDOMNESS, ErrRandExhausted},
	} {
		// encaps is given 4 bytes of randomness, and reads 8.
		r, err := s.Run(context.Background(), &pluginv1.RunRequest{Instance: "P", Op: c.op, Args: c.args, Rand: make([]byte, 4), HasRand: true})
		if err != nil {
			t.Fatal(err)
		}
		if r.Code != c.want || r.Error == "" {
			t.Errorf("run %s: code %v (%q), want %v", c.op, r.Code, r.Error, c.want)
		}
		if got := CodeError(r.Code); got != c.kind {
			t.Errorf("run %s: CodeError = %v, want %v", c.op, got, c.kind)
		}
	}
	_, err = s.Bench(context.Background(), &pluginv1.BenchRequest{Instance: "nosuch", Op: "decaps", Samples: 1, Batch: 1})
	st, _ := status.FromError(err)
	var code pluginv1.ErrorCode
	for _, d := range st.Details() {
		if f, ok := d.(*pluginv1.Failure); ok {
			code = f.Code
		}
	}
	if code != pluginv1.ErrorCode_ERROR_CODE_UNKNOWN {
		t.Errorf("bench of an unknown instance: status %v, code %v", err, code)
	}
	r, err := s.Run(context.Background(), &pluginv1.RunRequest{Instance: "X", Op: OpExchange})
	if err != nil || r.Code != pluginv1.ErrorCode_ERROR_CODE_UNAVAILABLE {
		t.Errorf("run on an instance not built: %v, code %v", err, r.GetCode())
	}
	if e := withKind(errors.New("x"), ErrNotBuilt); e.Error() != "x" || !errors.Is(e, ErrNotBuilt) {
		t.Errorf("withKind changed the text or lost the kind: %q", e)
	}
}
