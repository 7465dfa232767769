/*
 * The ICCS DRNG interface of the NGCC submission package, as Crucible
 * supplies it to a submission built by `host build-ngcc`: the functions are
 * implemented in Go (crucible.dev/registry/iccs, through niccs.c), so a
 * submission draws from the same SM3 Hash_DRBG the Go ports and the KAT
 * writers use.
 *
 * The context keeps the layout of the ICCS header (three 55-byte words) so
 * a submission that declares contexts of its own allocates the same
 * storage; Crucible keeps the generator state on the Go side.
 */
#ifndef DRNG_H
#define DRNG_H

#define SEEDLEN (55)

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
	unsigned char V[SEEDLEN];
	unsigned char C[SEEDLEN];
	unsigned char reseed_counter[SEEDLEN];
} DRNG_ctx;

/* init_random_number instantiates drng from seed; 0 on success. */
int init_random_number(DRNG_ctx *drng, const unsigned char *seed, unsigned long long seed_len_bytes);

/* get_random_number writes random_number_len_bits bits (whole bytes only)
 * drawn from drng; 0 on success. */
int get_random_number(DRNG_ctx *drng, unsigned char *random_number, unsigned long long random_number_len_bits);

/* drng_algorithm is the generator the algorithm draws from; the KAT driver
 * instantiates it from each record's seed. */
extern DRNG_ctx drng_algorithm;

#ifdef __cplusplus
}
#endif
#endif
