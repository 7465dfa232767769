/* toykem's KEM against the NICCS API, in a real layout (Crucible test
 * data): headers in include/, helpers in src/util/, one of them assembly. */
#include <string.h>
#include "KEM_AlgorithmInstance.h"
#include "auxfunc.h"
#include "toy_params.h"
#include "toy_util.h"

/* The Makefile's flags must reach this file (and only the submission's). */
#if !defined(__STDC_VERSION__) || __STDC_VERSION__ != 199901L
#error "build with the Makefile's -std=c99"
#endif

unsigned long long kem_get_pk_len_bytes() { return TOY_PK; }
unsigned long long kem_get_sk_len_bytes() { return TOY_SK; }
unsigned long long kem_get_ss_len_bytes() { return TOY_SS; }
unsigned long long kem_get_ct_len_bytes() { return TOY_CT; }

int kem_keygen(unsigned char *pk, unsigned long long *pk_len_bytes,
	unsigned char *sk, unsigned long long *sk_len_bytes)
{
	if (!toy_cpu_ok())
		return -1;
	if (get_random_number(&drng_algorithm, sk, TOY_S * 8) != 0)
		return -2;
	if (get_random_number(&drng_algorithm, sk + TOY_S, TOY_Z * 8) != 0)
		return -2;
	if (pseudohash(512, sk, TOY_S * 8, pk) != 0)
		return -3;
	memcpy(sk + TOY_S + TOY_Z, pk, TOY_PK);
	*pk_len_bytes = TOY_PK;
	*sk_len_bytes = TOY_SK;
	return 0;
}

/* seal writes ct and ss for message m under pk. */
static int seal(const unsigned char *pk, const unsigned char *m, unsigned char *ct, unsigned char *ss)
{
	unsigned char buf[TOY_M + TOY_PK > TOY_M + TOY_CT ? TOY_M + TOY_PK : TOY_M + TOY_CT];
	if (pseudoXOF(TOY_M * 8, pk, TOY_PK * 8, ct) != 0)
		return -3;
	xor_bytes(ct, m, TOY_M);
	memcpy(buf, m, TOY_M);
	memcpy(buf + TOY_M, pk, TOY_PK);
	if (sm3hash(256, buf, (TOY_M + TOY_PK) * 8, ct + TOY_M) != 0)
		return -3;
	memcpy(buf + TOY_M, ct, TOY_CT);
	if (pseudoXOF(TOY_SS * 8, buf, (TOY_M + TOY_CT) * 8, ss) != 0)
		return -3;
	return 0;
}

int kem_enc(unsigned char *pk, unsigned long long pk_len_bytes,
	unsigned char *ss, unsigned long long *ss_len_bytes,
	unsigned char *ct, unsigned long long *ct_len_bytes)
{
	unsigned char m[TOY_M];
	int rc;
	if (pk_len_bytes != TOY_PK)
		return -4;
	if (get_random_number(&drng_algorithm, m, TOY_M * 8) != 0)
		return -2;
	if ((rc = seal(pk, m, ct, ss)) != 0)
		return rc;
	*ss_len_bytes = TOY_SS;
	*ct_len_bytes = TOY_CT;
	return 0;
}

int kem_dec(unsigned char *sk, unsigned long long sk_len_bytes,
	unsigned char *ct, unsigned long long ct_len_bytes,
	unsigned char *ss, unsigned long long *ss_len_bytes)
{
	const unsigned char *z = sk + TOY_S, *pk = sk + TOY_S + TOY_Z;
	unsigned char m[TOY_M], ct2[TOY_CT], buf[TOY_Z + TOY_CT];
	int rc;
	if (sk_len_bytes != TOY_SK || ct_len_bytes != TOY_CT)
		return -4;
	if (pseudoXOF(TOY_M * 8, pk, TOY_PK * 8, m) != 0)
		return -3;
	xor_bytes(m, ct, TOY_M);
	if ((rc = seal(pk, m, ct2, ss)) != 0)
		return rc;
	*ss_len_bytes = TOY_SS;
	if (memcmp(ct2, ct, TOY_CT) == 0)
		return 0;
	/* Implicit rejection. */
	memcpy(buf, z, TOY_Z);
	memcpy(buf + TOY_Z, ct, TOY_CT);
	if (pseudoXOF(TOY_SS * 8, buf, (TOY_Z + TOY_CT) * 8, ss) != 0)
		return -3;
	return 0;
}
