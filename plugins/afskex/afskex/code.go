package afskex

// lift scales a canonical coefficient from Z_q to Z_4096,
// floor((4096·c + q/2)/q) mod 4096: the torus on which both message
// decoders measure distance (§4.4).
func lift(c uint16) int32 {
	return int32((uint32(c)<<12+q/2)/q) & 4095
}

// encodeMessage puts the S-byte message m into f with the parameter set's
// code (§4.4.1, §4.4.2).
func (p *Params) encodeMessage(f []int16, m []byte) {
	if p.code == codeBW8 {
		encodeBW8(f, m)
	} else {
		encodeBW32(f, m)
	}
}

// decodeMessage recovers the S-byte message from the Barrett-reduced f.
func (p *Params) decodeMessage(m []byte, f []int16) {
	if p.code == codeBW8 {
		decodeBW8(m, f)
	} else {
		decodeBW32(m, f)
	}
}
