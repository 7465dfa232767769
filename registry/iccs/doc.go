// Package iccs implements the ICCS helper functions that NGCC submissions
// call (the official auxfunc.c and drng.c): sm3hash, pseudoXOF, pseudohash,
// the fixed-key HMAC-SM3 and the SM3 Hash_DRBG "DRNG". The Amoeba and
// AFS-KEX ports and the symmetric plugin share this code, so a candidate's
// share of time in these helpers is measured on the same implementation a
// hash candidate is compared with.
//
// Every input and output of the NGCC candidates is a whole number of bytes,
// so only the byte-aligned paths of the bit-length C API are provided.
package iccs

// Implementation names the SM3 code path the helpers dispatch to on this
// CPU, for the notes of a report.
func Implementation() string { return dispatch }
