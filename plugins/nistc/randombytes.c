//go:build nistc_kem || nistc_sig

/*
 * The submission's randombytes, in its NIST (rng.h) and PQClean
 * (randombytes.h) forms. build-c leaves the submission's own rng.c and
 * randombytes.c out; every draw goes to the io.Reader of the call in
 * progress (random.go).
 */
#include <stddef.h>
#include <stdint.h>
#include "_cgo_export.h"

int randombytes(unsigned char *x, unsigned long long xlen)
{
	return nistcRandom(x, xlen);
}

int PQCLEAN_randombytes(uint8_t *output, size_t n)
{
	return nistcRandom(output, n);
}
