/* The toy 4-pass exchange of README.md against the NICCS API (Crucible test data). */
#include <string.h>
#include "KEX_AlgorithmInstance.h"
#include "drng.h"
#include "auxfunc.h"

#define N 32 /* pk, sk, nonce, tag */
#define K 64 /* session key k */
#define SS 32

/* The ICCS driver declares drng_algorithm in its own file; this submission
 * defines it, as some do. */
DRNG_ctx drng_algorithm;

unsigned long long kex_get_passes_num() { return 4; }
unsigned long long kex_get_pk_len_bytes() { return N; }
unsigned long long kex_get_sk_len_bytes() { return N; }
unsigned long long kex_get_sta_len_bytes() { return 2 * N; }
unsigned long long kex_get_stb_len_bytes() { return 3 * N; }
unsigned long long kex_get_ss_len_bytes() { return SS; }
unsigned long long kex_get_total_msg_len_bytes() { return N + 2 * N + N + 0; }

static int init(unsigned char *pk, unsigned long long *pkl, unsigned char *sk, unsigned long long *skl,
	unsigned char *st, unsigned long long *stl)
{
	if (get_random_number(&drng_algorithm, sk, N * 8) != 0)
		return -1;
	if (sm3hash(256, sk, N * 8, pk) != 0)
		return -1;
	memcpy(st, pk, N);
	*pkl = N, *skl = N, *stl = N;
	return 0;
}

int kex_init_a(unsigned char *pka, unsigned long long *pka_len_bytes,
	unsigned char *ska, unsigned long long *ska_len_bytes,
	unsigned char *sta, unsigned long long *sta_len_bytes)
{
	return init(pka, pka_len_bytes, ska, ska_len_bytes, sta, sta_len_bytes);
}

int kex_init_b(unsigned char *pkb, unsigned long long *pkb_len_bytes,
	unsigned char *skb, unsigned long long *skb_len_bytes,
	unsigned char *stb, unsigned long long *stb_len_bytes)
{
	return init(pkb, pkb_len_bytes, skb, skb_len_bytes, stb, stb_len_bytes);
}

/* session computes k = pseudoXOF64(na ‖ nb ‖ pkA ‖ pkB). */
static int session(const unsigned char *na, const unsigned char *nb,
	const unsigned char *pka, const unsigned char *pkb, unsigned char *k)
{
	unsigned char buf[4 * N];
	memcpy(buf, na, N);
	memcpy(buf + N, nb, N);
	memcpy(buf + 2 * N, pka, N);
	memcpy(buf + 3 * N, pkb, N);
	return pseudoXOF(K * 8, buf, sizeof buf * 8, k);
}

/* tag writes B's tag (pseudohash512(k ‖ "B"), first 32 bytes) or A's
 * (SM3(k ‖ "A")). */
static int tag(char who, const unsigned char *k, unsigned char *out)
{
	unsigned char buf[K + 1], h[64];
	memcpy(buf, k, K);
	buf[K] = (unsigned char)who;
	if (who == 'A')
		return sm3hash(256, buf, sizeof buf * 8, out);
	if (pseudohash(512, buf, sizeof buf * 8, h) != 0)
		return -1;
	memcpy(out, h, N);
	return 0;
}

int kex_generate_pass1_msg_a(unsigned char *ska, unsigned long long ska_len_bytes,
	unsigned char *pkb, unsigned long long pkb_len_bytes,
	unsigned char *sta, unsigned long long *sta_len_bytes,
	unsigned char *m1, unsigned long long *m1_len_bytes)
{
	(void)ska, (void)ska_len_bytes, (void)pkb;
	if (pkb_len_bytes != N || *sta_len_bytes != N)
		return -4;
	if (get_random_number(&drng_algorithm, sta + N, N * 8) != 0)
		return -1;
	memcpy(m1, sta + N, N);
	*m1_len_bytes = N;
	*sta_len_bytes = 2 * N;
	return 0;
}

int kex_generate_pass2_msg_b(unsigned char *skb, unsigned long long skb_len_bytes,
	unsigned char *pka, unsigned long long pka_len_bytes,
	unsigned char *m1, unsigned long long m1_len_bytes,
	unsigned char *stb, unsigned long long *stb_len_bytes,
	unsigned char *m2, unsigned long long *m2_len_bytes)
{
	unsigned char k[K];
	(void)skb, (void)skb_len_bytes;
	if (pka_len_bytes != N || m1_len_bytes != N || *stb_len_bytes != N)
		return -4;
	memcpy(stb + N, m1, N);
	if (get_random_number(&drng_algorithm, stb + 2 * N, N * 8) != 0)
		return -1;
	if (session(stb + N, stb + 2 * N, pka, stb, k) != 0 || tag('B', k, m2 + N) != 0)
		return -1;
	memcpy(m2, stb + 2 * N, N);
	*m2_len_bytes = 2 * N;
	*stb_len_bytes = 3 * N;
	return 0;
}

int kex_generate_pass3_msg_a(unsigned char *ska, unsigned long long ska_len_bytes,
	unsigned char *pkb, unsigned long long pkb_len_bytes,
	unsigned char *m2, unsigned long long m2_len_bytes,
	unsigned char *sta, unsigned long long *sta_len_bytes,
	unsigned char *m3, unsigned long long *m3_len_bytes)
{
	unsigned char k[K], t[N];
	(void)ska, (void)ska_len_bytes;
	if (pkb_len_bytes != N || m2_len_bytes != 2 * N || *sta_len_bytes != 2 * N)
		return -4;
	if (session(sta + N, m2, sta, pkb, k) != 0 || tag('B', k, t) != 0)
		return -1;
	if (memcmp(t, m2 + N, N) != 0)
		return -2;
	if (tag('A', k, m3) != 0)
		return -1;
	memcpy(sta, k, K);
	*m3_len_bytes = N;
	*sta_len_bytes = K;
	return 0;
}

/* Pass 4 checks A's tag and sends nothing: it writes neither length. */
int kex_generate_pass4_msg_b(unsigned char *skb, unsigned long long skb_len_bytes,
	unsigned char *pka, unsigned long long pka_len_bytes,
	unsigned char *m3, unsigned long long m3_len_bytes,
	unsigned char *stb, unsigned long long *stb_len_bytes,
	unsigned char *m4, unsigned long long *m4_len_bytes)
{
	unsigned char k[K], t[N];
	(void)skb, (void)skb_len_bytes, (void)m4, (void)m4_len_bytes;
	if (pka_len_bytes != N || m3_len_bytes != N || *stb_len_bytes != 3 * N)
		return -4;
	if (session(stb + N, stb + 2 * N, pka, stb, k) != 0 || tag('A', k, t) != 0)
		return -1;
	if (memcmp(t, m3, N) != 0)
		return -3;
	return 1;
}

static int derive(const unsigned char *k, unsigned char *ss, unsigned long long *ssl)
{
	unsigned char buf[K + 2];
	memcpy(buf, k, K);
	buf[K] = 's', buf[K + 1] = 's';
	*ssl = SS;
	return pseudoXOF(SS * 8, buf, sizeof buf * 8, ss);
}

int kex_derive_ss_a(unsigned char *ska, unsigned long long ska_len_bytes,
	unsigned char *pkb, unsigned long long pkb_len_bytes,
	unsigned char *mb, unsigned long long mb_len_bytes,
	unsigned char *sta, unsigned long long sta_len_bytes,
	unsigned char *ssa, unsigned long long *ssa_len_bytes)
{
	(void)ska, (void)ska_len_bytes, (void)pkb, (void)pkb_len_bytes, (void)mb, (void)mb_len_bytes;
	if (sta_len_bytes != K)
		return -4;
	return derive(sta, ssa, ssa_len_bytes);
}

int kex_derive_ss_b(unsigned char *skb, unsigned long long skb_len_bytes,
	unsigned char *pka, unsigned long long pka_len_bytes,
	unsigned char *ma, unsigned long long ma_len_bytes,
	unsigned char *stb, unsigned long long stb_len_bytes,
	unsigned char *ssb, unsigned long long *ssb_len_bytes)
{
	unsigned char k[K];
	(void)skb, (void)skb_len_bytes, (void)ma, (void)ma_len_bytes;
	if (pka_len_bytes != N || stb_len_bytes != 3 * N)
		return -4;
	if (session(stb + N, stb + 2 * N, pka, stb, k) != 0)
		return -1;
	return derive(k, ssb, ssb_len_bytes);
}
