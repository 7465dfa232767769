package registry

// PassArgs are the arguments of pass i (1-based) as its sender took them
// in the transcript's exchange: its keys, the peer's public key, its state
// before the pass and the message it received (none for pass 1). The host
// replays one step alone with them (the taint check runs a pass on its
// own, with the sender's secret key and state marked).
func (t *Transcript) PassArgs(i int) Args {
	return t.passInputs(i).args()
}

// DeriveArgs are the arguments of party p's derivation as the transcript's
// exchange gave them: its keys, the peer's public key, its final state and
// the last message it received.
func (t *Transcript) DeriveArgs(p Party) Args {
	return t.deriveInputs(p).args()
}

func (s stepInputs) args() Args {
	a := Args{ArgPK: s.pk, ArgSK: s.sk, ArgPeerPK: s.peer, ArgSt: s.st}
	if s.in != nil {
		a[ArgIn] = s.in
	}
	return a
}
