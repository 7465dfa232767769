//go:build cgo

#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>
#include "shim.h"

// Opaque libsecp256k1 objects, sized as secp256k1.h, secp256k1_extrakeys.h
// and secp256k1_schnorrsig.h define them.
typedef struct { unsigned char data[64]; } pubkey_t;
typedef struct { unsigned char data[64]; } ecdsa_sig_t;
typedef struct { unsigned char data[96]; } keypair_t;
typedef struct { unsigned char data[64]; } xonly_t;
typedef struct {
	unsigned char magic[4];
	void *noncefp;
	void *ndata;
} extraparams_t;

// Flag values from secp256k1.h. SIGN|VERIFY is accepted by every release
// (0.2 and later treat it as CONTEXT_NONE).
#define CONTEXT_SIGN_VERIFY 0x301
#define EC_COMPRESSED 0x102

enum {
	F_CONTEXT_CREATE,
	F_CONTEXT_RANDOMIZE,
	F_PUBKEY_CREATE,
	F_PUBKEY_PARSE,
	F_PUBKEY_SERIALIZE,
	F_ECDSA_SIGN,
	F_SIG_SERIALIZE_DER,
	F_SIG_SERIALIZE_COMPACT,
	F_SIG_PARSE_DER,
	F_SIG_PARSE_COMPACT,
	F_SIG_NORMALIZE,
	F_ECDSA_VERIFY,
	F_KEYPAIR_CREATE,
	F_KEYPAIR_XONLY_PUB,
	F_XONLY_SERIALIZE,
	F_XONLY_PARSE,
	F_SCHNORR_SIGN_CUSTOM,
	F_SCHNORR_VERIFY,
	F_ECDH,
	F_XONLY_FROM_PUBKEY,
	F_COUNT
};

static const char *names[F_COUNT] = {
	"secp256k1_context_create",
	"secp256k1_context_randomize",
	"secp256k1_ec_pubkey_create",
	"secp256k1_ec_pubkey_parse",
	"secp256k1_ec_pubkey_serialize",
	"secp256k1_ecdsa_sign",
	"secp256k1_ecdsa_signature_serialize_der",
	"secp256k1_ecdsa_signature_serialize_compact",
	"secp256k1_ecdsa_signature_parse_der",
	"secp256k1_ecdsa_signature_parse_compact",
	"secp256k1_ecdsa_signature_normalize",
	"secp256k1_ecdsa_verify",
	"secp256k1_keypair_create",
	"secp256k1_keypair_xonly_pub",
	"secp256k1_xonly_pubkey_serialize",
	"secp256k1_xonly_pubkey_parse",
	"secp256k1_schnorrsig_sign_custom",
	"secp256k1_schnorrsig_verify",
	"secp256k1_ecdh",
	"secp256k1_xonly_pubkey_from_pubkey",
};

static void *fn[F_COUNT];
static void *ctx;
static char path[4096];

typedef void *(*context_create_f)(unsigned int);
typedef int (*context_randomize_f)(void *, const unsigned char *);
typedef int (*pubkey_create_f)(const void *, pubkey_t *, const unsigned char *);
typedef int (*pubkey_parse_f)(const void *, pubkey_t *, const unsigned char *, size_t);
typedef int (*pubkey_serialize_f)(const void *, unsigned char *, size_t *, const pubkey_t *, unsigned int);
typedef int (*ecdsa_sign_f)(const void *, ecdsa_sig_t *, const unsigned char *, const unsigned char *, void *, const void *);
typedef int (*sig_serialize_der_f)(const void *, unsigned char *, size_t *, const ecdsa_sig_t *);
typedef int (*sig_serialize_compact_f)(const void *, unsigned char *, const ecdsa_sig_t *);
typedef int (*sig_parse_der_f)(const void *, ecdsa_sig_t *, const unsigned char *, size_t);
typedef int (*sig_parse_compact_f)(const void *, ecdsa_sig_t *, const unsigned char *);
typedef int (*sig_normalize_f)(const void *, ecdsa_sig_t *, const ecdsa_sig_t *);
typedef int (*ecdsa_verify_f)(const void *, const ecdsa_sig_t *, const unsigned char *, const pubkey_t *);
typedef int (*keypair_create_f)(const void *, keypair_t *, const unsigned char *);
typedef int (*keypair_xonly_pub_f)(const void *, xonly_t *, int *, const keypair_t *);
typedef int (*xonly_serialize_f)(const void *, unsigned char *, const xonly_t *);
typedef int (*xonly_parse_f)(const void *, xonly_t *, const unsigned char *);
typedef int (*schnorr_sign_custom_f)(const void *, unsigned char *, const unsigned char *, size_t, const keypair_t *, extraparams_t *);
typedef int (*schnorr_verify_f)(const void *, const unsigned char *, const unsigned char *, size_t, const xonly_t *);
typedef int (*ecdh_hash_f)(unsigned char *, const unsigned char *, const unsigned char *, void *);
typedef int (*xonly_from_pubkey_f)(const void *, xonly_t *, int *, const pubkey_t *);
typedef int (*ecdh_f)(const void *, unsigned char *, const pubkey_t *, const unsigned char *, ecdh_hash_f, void *);

#define CALL(id, type) ((type)fn[id])

const char *crs_open(const char *file) {
	void *lib = dlopen(file, RTLD_NOW | RTLD_LOCAL);
	if (lib == NULL) {
		const char *e = dlerror();
		return e != NULL ? e : "dlopen failed";
	}
	for (int i = 0; i < F_COUNT; i++) {
		fn[i] = dlsym(lib, names[i]);
		if (fn[i] == NULL) {
			dlclose(lib);
			return names[i];
		}
	}
	Dl_info info;
	if (dladdr(fn[F_CONTEXT_CREATE], &info) && info.dli_fname != NULL) {
		strncpy(path, info.dli_fname, sizeof path - 1);
	}
	ctx = CALL(F_CONTEXT_CREATE, context_create_f)(CONTEXT_SIGN_VERIFY);
	if (ctx == NULL) {
		return "secp256k1_context_create returned NULL";
	}
	return NULL;
}

const char *crs_lib_path(void) { return path; }

int crs_randomize(const unsigned char *seed32) {
	return CALL(F_CONTEXT_RANDOMIZE, context_randomize_f)(ctx, seed32);
}

// The functions on secrets return the library's verdict untouched and
// never branch on it: the verdict depends on the secret key (is it in
// range?), and a branch on it here is a branch on a secret for the taint
// check. The Go side declares each verdict public (registry.Declassify)
// before it branches, and only then asks for the public result to be
// serialised, with a second call: the opaque objects in between (a public
// key, a signature) are public once declassified, which the library's
// serialisers, branching on their bytes, need.

// crs_pubkey_create writes the opaque public key of sk32 into pk64.
int crs_pubkey_create(unsigned char *pk64, const unsigned char *sk32) {
	return CALL(F_PUBKEY_CREATE, pubkey_create_f)(ctx, (pubkey_t *)pk64, sk32);
}

// crs_pubkey_serialize writes the 33-byte compressed form of pk64.
int crs_pubkey_serialize(unsigned char *out33, const unsigned char *pk64) {
	size_t n = 33;
	return CALL(F_PUBKEY_SERIALIZE, pubkey_serialize_f)(ctx, out33, &n, (const pubkey_t *)pk64, EC_COMPRESSED);
}

// crs_xonly_serialize writes the 32-byte BIP-340 form of the public key
// pk64 (its x coordinate).
int crs_xonly_serialize(unsigned char *out32, const unsigned char *pk64) {
	xonly_t x;
	if (!CALL(F_XONLY_FROM_PUBKEY, xonly_from_pubkey_f)(ctx, &x, NULL, (const pubkey_t *)pk64)) {
		return 0;
	}
	return CALL(F_XONLY_SERIALIZE, xonly_serialize_f)(ctx, out32, &x);
}

// crs_ecdsa_sign signs hash32 into the opaque signature sig64 with
// libsecp256k1's default nonce function (RFC 6979 HMAC-SHA256, with
// extra32 as the additional data k' of RFC 6979 section 3.6 when not
// NULL); the library always returns low-S.
int crs_ecdsa_sign(unsigned char *sig64, const unsigned char *sk32, const unsigned char *hash32,
                   const unsigned char *extra32) {
	return CALL(F_ECDSA_SIGN, ecdsa_sign_f)(ctx, (ecdsa_sig_t *)sig64, hash32, sk32, NULL, extra32);
}

// crs_ecdsa_serialize writes sig64 in DER (at most 72 bytes) or compact
// (64 bytes) form, and its length into outlen.
int crs_ecdsa_serialize(unsigned char *out72, size_t *outlen, const unsigned char *sig64, int der) {
	if (der) {
		return CALL(F_SIG_SERIALIZE_DER, sig_serialize_der_f)(ctx, out72, outlen, (const ecdsa_sig_t *)sig64);
	}
	*outlen = 64;
	return CALL(F_SIG_SERIALIZE_COMPACT, sig_serialize_compact_f)(ctx, out72, (const ecdsa_sig_t *)sig64);
}

// crs_ecdsa_verify returns 1 for a valid signature, 0 for an invalid one,
// -1 for a public key that does not parse and -2 for a signature that does
// not parse. libsecp256k1 rejects high-S signatures; unless lows is set
// the signature is normalised first, which is plain SEC 1 verification.
int crs_ecdsa_verify(const unsigned char *pk, size_t pklen, const unsigned char *hash32,
                     const unsigned char *sig, size_t siglen, int der, int lows) {
	pubkey_t key;
	ecdsa_sig_t s;
	if (!CALL(F_PUBKEY_PARSE, pubkey_parse_f)(ctx, &key, pk, pklen)) {
		return -1;
	}
	if (der) {
		if (!CALL(F_SIG_PARSE_DER, sig_parse_der_f)(ctx, &s, sig, siglen)) {
			return -2;
		}
	} else {
		if (siglen != 64 || !CALL(F_SIG_PARSE_COMPACT, sig_parse_compact_f)(ctx, &s, sig)) {
			return -2;
		}
	}
	if (!lows) {
		CALL(F_SIG_NORMALIZE, sig_normalize_f)(ctx, &s, &s);
	}
	return CALL(F_ECDSA_VERIFY, ecdsa_verify_f)(ctx, &s, hash32, &key);
}

// crs_keypair writes the opaque key pair of sk32 into kp96 (secret: it
// holds sk32).
int crs_keypair(unsigned char *kp96, const unsigned char *sk32) {
	return CALL(F_KEYPAIR_CREATE, keypair_create_f)(ctx, (keypair_t *)kp96, sk32);
}

// crs_schnorr_sign signs msg with the key pair kp96, which crs_keypair
// made, and the auxiliary randomness aux32 (BIP-340).
int crs_schnorr_sign(unsigned char *sig64, const unsigned char *msg, size_t msglen,
                     const unsigned char *kp96, const unsigned char *aux32) {
	extraparams_t p = {{0xda, 0x6f, 0xb3, 0x8c}, NULL, (void *)aux32};
	return CALL(F_SCHNORR_SIGN_CUSTOM, schnorr_sign_custom_f)(ctx, sig64, msg, msglen, (const keypair_t *)kp96, &p);
}

// crs_schnorr_verify returns 1 for a valid signature, 0 for an invalid one
// and -1 for a public key that is not the x coordinate of a curve point.
int crs_schnorr_verify(const unsigned char *sig64, const unsigned char *msg, size_t msglen,
                       const unsigned char *pk32) {
	xonly_t x;
	if (!CALL(F_XONLY_PARSE, xonly_parse_f)(ctx, &x, pk32)) {
		return -1;
	}
	return CALL(F_SCHNORR_VERIFY, schnorr_verify_f)(ctx, sig64, msg, msglen, &x);
}

// hash_x is the "raw x-coordinate" ECDH output (RFC 5903 section 9,
// Wycheproof), in place of libsecp256k1's default SHA-256 of the
// compressed point.
static int hash_x(unsigned char *out, const unsigned char *x32, const unsigned char *y32, void *data) {
	(void)y32;
	(void)data;
	memcpy(out, x32, 32);
	return 1;
}

// crs_ecdh returns 1 on success, -1 for a public key that does not parse
// and 0 for a secret key out of range.
int crs_ecdh(unsigned char *out32, const unsigned char *sk32, const unsigned char *pk,
             size_t pklen, int raw) {
	pubkey_t key;
	if (!CALL(F_PUBKEY_PARSE, pubkey_parse_f)(ctx, &key, pk, pklen)) {
		return -1;
	}
	return CALL(F_ECDH, ecdh_f)(ctx, out32, &key, sk32, raw ? hash_x : NULL, NULL);
}

int crs_noop(void) { return 0; }
