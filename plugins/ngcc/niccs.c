//go:build ngcc_kem || ngcc_kex

/*
 * The ICCS helpers and DRNG a submission links against, forwarded to their
 * Go implementations (iccs.go). The prototypes are the ICCS headers'
 * (drng.h, auxfunc.h); the Go side receives plain pointers and byte counts.
 */
#include <stdint.h>
#include "drng.h"
#include "auxfunc.h"
#include "_cgo_export.h"

/* Weak, so a submission that defines drng_algorithm itself (as some KAT
 * drivers expect the algorithm's own file to) keeps its definition. */
__attribute__((weak)) DRNG_ctx drng_algorithm;

int init_random_number(DRNG_ctx *drng, const unsigned char *seed, unsigned long long seed_len_bytes)
{
	return crucibleInitRandom(drng == &drng_algorithm, (uintptr_t)drng, (unsigned char *)seed, seed_len_bytes);
}

int get_random_number(DRNG_ctx *drng, unsigned char *random_number, unsigned long long random_number_len_bits)
{
	return crucibleGetRandom(drng == &drng_algorithm, (uintptr_t)drng, random_number, random_number_len_bits);
}

int sm3hash(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
	return crucibleHash(0, output_len_bits, (unsigned char *)msg, msg_len_bits, digest);
}

int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *output)
{
	return crucibleHash(1, output_len_bits, (unsigned char *)msg, msg_len_bits, output);
}

int pseudohash(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
	return crucibleHash(2, output_len_bits, (unsigned char *)msg, msg_len_bits, digest);
}

/* randombytes is the name many submissions' backends use for their
 * randomness; Crucible replaces their randombytes files, so it draws from
 * drng_algorithm as the ICCS driver requires all randomness to. */
__attribute__((weak)) int randombytes(unsigned char *out, unsigned long long outlen)
{
	return get_random_number(&drng_algorithm, out, outlen * 8);
}
