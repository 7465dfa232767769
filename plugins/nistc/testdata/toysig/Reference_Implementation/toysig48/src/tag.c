#include <stdlib.h>
#include <string.h>
#include "api.h"
#include "tag.h"
#include "toyhash.h"

void toysig_tag(uint8_t *out, size_t n, const uint8_t *pk, const uint8_t *r, const uint8_t *m, size_t mlen)
{
	size_t len = 1 + CRYPTO_PUBLICKEYBYTES + 16 + mlen;
	uint8_t *buf = malloc(len);
	if (buf == NULL)
		abort();
	buf[0] = 'V';
	memcpy(buf + 1, pk, CRYPTO_PUBLICKEYBYTES);
	memcpy(buf + 1 + CRYPTO_PUBLICKEYBYTES, r, 16);
	memcpy(buf + 1 + CRYPTO_PUBLICKEYBYTES + 16, m, mlen);
	toyhash(out, n, buf, len);
	free(buf);
}

int toysig_differ(const uint8_t *a, const uint8_t *b, size_t n)
{
	uint8_t d = 0;
	for (size_t i = 0; i < n; i++)
		d |= a[i] ^ b[i];
	return d != 0;
}
