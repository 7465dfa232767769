/* The NICCS KEM API as the toy KEM in a real layout implements it (Crucible test data). */
#ifndef KEM_ALGORITHM_INSTANCE_H
#define KEM_ALGORITHM_INSTANCE_H

#include "drng.h"

#define ALGORITHM_INSTANCE "ToyKEM"

extern DRNG_ctx drng_algorithm;

unsigned long long kem_get_pk_len_bytes();
unsigned long long kem_get_sk_len_bytes();
unsigned long long kem_get_ss_len_bytes();
unsigned long long kem_get_ct_len_bytes();
int kem_keygen(unsigned char *pk, unsigned long long *pk_len_bytes,
	unsigned char *sk, unsigned long long *sk_len_bytes);
int kem_enc(unsigned char *pk, unsigned long long pk_len_bytes,
	unsigned char *ss, unsigned long long *ss_len_bytes,
	unsigned char *ct, unsigned long long *ct_len_bytes);
int kem_dec(unsigned char *sk, unsigned long long sk_len_bytes,
	unsigned char *ct, unsigned long long ct_len_bytes,
	unsigned char *ss, unsigned long long *ss_len_bytes);

#endif
