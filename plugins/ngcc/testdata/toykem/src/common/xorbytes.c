/* Crucible test data: a second translation unit in a subdirectory. */
#include "xorbytes.h"
#include "../params.h"

void xor_bytes(unsigned char *dst, const unsigned char *src, unsigned long long n)
{
	for (unsigned long long i = 0; i < n; i++)
		dst[i] ^= src[i];
}
