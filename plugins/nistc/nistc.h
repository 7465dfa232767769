/*
 * The NIST PQC API as the adapter calls it. host build-c generates zapi.c,
 * which defines these by forwarding to the submission's own names (plain
 * crypto_kem_keypair, or a namespaced PQCLEAN_..._crypto_kem_keypair) and
 * length types (unsigned long long, or size_t), and the sizes from api.h.
 */
#ifndef CRUCIBLE_NISTC_H
#define CRUCIBLE_NISTC_H

extern const unsigned long long nistc_publickeybytes;
extern const unsigned long long nistc_secretkeybytes;
extern const unsigned long long nistc_ciphertextbytes; /* KEM only; 0 for a signature */
extern const unsigned long long nistc_bytes;           /* KEM: shared secret; signature: maximum signature */
const char *nistc_algname(void);                       /* CRYPTO_ALGNAME, "" when api.h has none */

int nistc_kem_keypair(unsigned char *pk, unsigned char *sk);
int nistc_kem_enc(unsigned char *ct, unsigned char *ss, const unsigned char *pk);
int nistc_kem_dec(unsigned char *ss, const unsigned char *ct, const unsigned char *sk);

int nistc_sign_keypair(unsigned char *pk, unsigned char *sk);
int nistc_sign(unsigned char *sm, unsigned long long *smlen, const unsigned char *m, unsigned long long mlen, const unsigned char *sk);
int nistc_sign_open(unsigned char *m, unsigned long long *mlen, const unsigned char *sm, unsigned long long smlen, const unsigned char *pk);

#endif
