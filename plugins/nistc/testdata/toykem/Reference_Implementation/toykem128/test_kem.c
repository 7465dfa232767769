/* The submission's own self-test, a program of its own. */
#include <stdio.h>
#include <string.h>
#include "api.h"

int main(void)
{
	unsigned char pk[CRYPTO_PUBLICKEYBYTES], sk[CRYPTO_SECRETKEYBYTES];
	unsigned char ct[CRYPTO_CIPHERTEXTBYTES], ss[CRYPTO_BYTES], ss1[CRYPTO_BYTES];
	if (crypto_kem_keypair(pk, sk) || crypto_kem_enc(ct, ss, pk) || crypto_kem_dec(ss1, ct, sk))
		return 1;
	puts(memcmp(ss, ss1, CRYPTO_BYTES) == 0 ? "ok" : "FAIL");
	return 0;
}
