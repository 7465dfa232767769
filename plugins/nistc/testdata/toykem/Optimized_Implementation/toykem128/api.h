#ifndef TOYKEM_API_H
#define TOYKEM_API_H

#define CRYPTO_SECRETKEYBYTES 96
#define CRYPTO_PUBLICKEYBYTES 64
#define CRYPTO_CIPHERTEXTBYTES 32
#define CRYPTO_BYTES 32
#define CRYPTO_ALGNAME "ToyKEM-128"

int crypto_kem_keypair(unsigned char *pk, unsigned char *sk);
int crypto_kem_enc(unsigned char *ct, unsigned char *ss, const unsigned char *pk);
int crypto_kem_dec(unsigned char *ss, const unsigned char *ct, const unsigned char *sk);

#endif
