#include <string.h>
#include <stdint.h>
#include "api.h"
#include "rng.h"
#include "toyhash.h"
#include "src/xor32.c"

/* mask is toyhash("K" || pk), which hides m in the ciphertext. */
static void mask(uint8_t out[32], const uint8_t *pk)
{
	uint8_t buf[1 + CRYPTO_PUBLICKEYBYTES];
	buf[0] = 'K';
	memcpy(buf + 1, pk, CRYPTO_PUBLICKEYBYTES);
	toyhash(out, 32, buf, sizeof buf);
}

/* shared is toyhash("S" || m || ct). */
static void shared(uint8_t *ss, const uint8_t m[32], const uint8_t *ct)
{
	uint8_t buf[1 + 32 + CRYPTO_CIPHERTEXTBYTES];
	buf[0] = 'S';
	memcpy(buf + 1, m, 32);
	memcpy(buf + 33, ct, CRYPTO_CIPHERTEXTBYTES);
	toyhash(ss, CRYPTO_BYTES, buf, sizeof buf);
}

int crypto_kem_keypair(unsigned char *pk, unsigned char *sk)
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

int crypto_kem_enc(unsigned char *ct, unsigned char *ss, const unsigned char *pk)
{
	uint8_t m[32], k[32];
	if (randombytes(m, 32) != 0)
		return -1;
	mask(k, pk);
	xor32(ct, m, k);
	shared(ss, m, ct);
	return 0;
}

int crypto_kem_dec(unsigned char *ss, const unsigned char *ct, const unsigned char *sk)
{
	uint8_t m[32], k[32];
	mask(k, sk + 32);
	xor32(m, ct, k);
	shared(ss, m, ct);
	return 0;
}
