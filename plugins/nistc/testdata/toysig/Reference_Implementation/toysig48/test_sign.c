/* The submission's own self-test, a program of its own. */
#include <stdio.h>
#include "api.h"

int main(void)
{
	unsigned char pk[CRYPTO_PUBLICKEYBYTES], sk[CRYPTO_SECRETKEYBYTES];
	unsigned char msg[33] = "a message of thirty-three bytes!", sm[33 + CRYPTO_BYTES], m1[33 + CRYPTO_BYTES];
	unsigned long long smlen, mlen;
	if (crypto_sign_keypair(pk, sk) || crypto_sign(sm, &smlen, msg, 33, sk))
		return 1;
	puts(crypto_sign_open(m1, &mlen, sm, smlen, pk) == 0 && mlen == 33 ? "ok" : "FAIL");
	sm[20] ^= 1;
	puts(crypto_sign_open(m1, &mlen, sm, smlen, pk) != 0 ? "ok" : "FAIL");
	return 0;
}
