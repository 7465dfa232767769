package vectors

import (
	"bytes"
	"fmt"

	"crucible.dev/registry"
	"crucible.dev/registry/eval/katcheck"
)

// checkRSP replays a NIST PQC .rsp file through the kind's standard
// operations, each record by its fields and with no randomness to match
// (the records' seeds drive the NIST generator inside the submitter's
// build, which a replay across the plugin boundary cannot reproduce call
// for call):
//
//   - a KEM record (pk, sk, ct, ss): decaps of ct under sk gives ss;
//   - a signature record (pk, msg, sm): sm holds the signature beside the
//     message (sig ‖ msg, as liboqs and the NIST API write it, or msg ‖
//     sig); verify accepts it, and refuses it with its last byte flipped.
func checkRSP(name string, data []byte, r registry.Runner) (Result, error) {
	var res Result
	recs, err := katcheck.ReadRecords(bytes.NewReader(data))
	if err != nil {
		return res, fmt.Errorf("%s: %w", name, err)
	}
	if len(recs) == 0 {
		return res, fmt.Errorf("%s: no record", name)
	}
	for _, rec := range recs {
		where := fmt.Sprintf("%s count %d", name, rec.Count)
		var err error
		switch _, isKEM := rec.Get("ct"); {
		case isKEM:
			err = rspKEM(&res, r, rec, where)
		default:
			err = rspSig(&res, r, rec, where)
		}
		if err != nil {
			return res, fmt.Errorf("%s: %w", where, err)
		}
	}
	return res, nil
}

// rspKEM checks one KEM record; the error is for a malformed record.
func rspKEM(res *Result, r registry.Runner, rec katcheck.Record, where string) error {
	sk, err1 := rec.Bytes("sk")
	ct, err2 := rec.Bytes("ct")
	ss, err3 := rec.Bytes("ss")
	if err := firstErr(err1, err2, err3); err != nil {
		return err
	}
	out, err := r.Run("decaps", nil, registry.Args{registry.ArgSK: sk, registry.ArgCT: ct})
	res.Check(err == nil && bytes.Equal(out[registry.ArgSS], ss), "%s: decaps ss %x, want %x (%v)", where, clip(out[registry.ArgSS]), clip(ss), err)
	return nil
}

// rspSig checks one signature record; the error is for a malformed record.
func rspSig(res *Result, r registry.Runner, rec katcheck.Record, where string) error {
	pk, err1 := rec.Bytes("pk")
	msg, err2 := rec.Bytes("msg")
	sm, err3 := rec.Bytes("sm")
	if err := firstErr(err1, err2, err3); err != nil {
		return err
	}
	var sig []byte
	switch {
	case len(sm) > len(msg) && bytes.HasSuffix(sm, msg):
		sig = sm[:len(sm)-len(msg)]
	case len(sm) > len(msg) && bytes.HasPrefix(sm, msg):
		sig = sm[len(msg):]
	default:
		return fmt.Errorf("sm holds no signature beside msg")
	}
	verify := func(sig []byte) bool {
		out, err := r.Run("verify", nil, registry.Args{registry.ArgPK: pk, registry.ArgMsg: msg, registry.ArgSig: sig})
		return err == nil && string(out[registry.ArgValid]) == "1"
	}
	res.Check(verify(sig), "%s: verify refused the record's signature", where)
	forged := bytes.Clone(sig)
	forged[len(forged)-1] ^= 1
	res.Check(!verify(forged), "%s: verify accepted the signature with its last byte flipped", where)
	return nil
}
