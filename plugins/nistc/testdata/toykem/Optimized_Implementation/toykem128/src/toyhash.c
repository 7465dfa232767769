#include "toyhash.h"

void toyhash(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
	uint64_t h = UINT64_C(0x6a09e667f3bcc908) ^ (uint64_t)inlen;
	for (size_t i = 0; i < inlen; i++) {
		h = (h ^ in[i]) * UINT64_C(0x100000001b3);
		h ^= h >> 29;
	}
	for (size_t j = 0; j < outlen; j++) {
		h = h * UINT64_C(0x9e3779b97f4a7c15) + (uint64_t)j;
		h ^= h >> 31;
		out[j] = (uint8_t)(h >> 24);
	}
}
