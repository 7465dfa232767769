/* Crucible test data: the ICCS DRNG under a name of the submission's own.
 * Crucible supplies these functions; build-ngcc must name this file with
 * the --exclude that leaves it out. */
#include "drng.h"

int init_random_number(DRNG_ctx *drng, const unsigned char *seed, unsigned long long seed_len_bytes)
{
	(void)drng;
	(void)seed;
	(void)seed_len_bytes;
	return -1;
}

int get_random_number(DRNG_ctx *drng, unsigned char *random_number, unsigned long long random_number_len_bits)
{
	(void)drng;
	(void)random_number;
	(void)random_number_len_bits;
	return -1;
}
