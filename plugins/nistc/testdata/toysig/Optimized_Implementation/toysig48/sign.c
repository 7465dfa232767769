#include <string.h>
#include <stdint.h>
#include "api.h"
#include "rng.h"
#include "tag.h"
#include "toyhash.h"

int crypto_sign_keypair(unsigned char *pk, unsigned char *sk)
{
	uint8_t buf[33];
	if (randombytes(sk, 32) != 0)
		return -1;
	buf[0] = 'P';
	memcpy(buf + 1, sk, 32);
	toyhash(pk, CRYPTO_PUBLICKEYBYTES, buf, sizeof buf);
	memcpy(sk + 32, pk, CRYPTO_PUBLICKEYBYTES);
	return 0;
}

int crypto_sign(unsigned char *sm, unsigned long long *smlen, const unsigned char *m, unsigned long long mlen, const unsigned char *sk)
{
	size_t L = 40 + (size_t)(mlen % 9);
	/* m may be sm's tail already: move it first. */
	memmove(sm + L, m, (size_t)mlen);
	sm[0] = (unsigned char)L;
	if (randombytes(sm + 1, 16) != 0)
		return -1;
	toysig_tag(sm + 17, L - 17, sk + 32, sm + 1, sm + L, (size_t)mlen);
	*smlen = L + mlen;
	return 0;
}

int crypto_sign_open(unsigned char *m, unsigned long long *mlen, const unsigned char *sm, unsigned long long smlen, const unsigned char *pk)
{
	uint8_t tag[CRYPTO_BYTES];
	if (smlen < 40)
		return -1;
	size_t L = sm[0];
	if (L < 40 || L > CRYPTO_BYTES || smlen < L)
		return -1;
	size_t n = (size_t)smlen - L;
	if (L != 40 + n % 9)
		return -1;
	toysig_tag(tag, L - 17, pk, sm + 1, sm + L, n);
	if (toysig_differ(tag, sm + 17, L - 17))
		return -1;
	memmove(m, sm + L, n);
	*mlen = n;
	return 0;
}
