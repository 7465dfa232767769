// Declarations of the libsecp256k1 entry points the plugin calls, resolved
// at run time with dlopen/dlsym so the plugin builds and runs without the
// library (secp256k1.h is not needed: the opaque types are byte arrays of the
// sizes the header fixes, and the calls are made through function pointers).
#ifndef CRUCIBLE_SECP256K1_SHIM_H
#define CRUCIBLE_SECP256K1_SHIM_H

#include <stddef.h>

// crs_open loads the library from file and resolves every symbol; it returns
// NULL on success, or a message naming what failed.
const char *crs_open(const char *file);
// crs_randomize blinds the context with 32 bytes of fresh randomness.
int crs_randomize(const unsigned char *seed32);
// crs_lib_path is the path the dynamic loader resolved the library to.
const char *crs_lib_path(void);

int crs_pubkey_create(unsigned char *pk64, const unsigned char *sk32);
int crs_pubkey_serialize(unsigned char *out33, const unsigned char *pk64);
int crs_xonly_serialize(unsigned char *out32, const unsigned char *pk64);
int crs_ecdsa_sign(unsigned char *sig64, const unsigned char *sk32, const unsigned char *hash32,
                   const unsigned char *extra32);
int crs_ecdsa_serialize(unsigned char *out72, size_t *outlen, const unsigned char *sig64, int der);
int crs_ecdsa_verify(const unsigned char *pk, size_t pklen, const unsigned char *hash32,
                     const unsigned char *sig, size_t siglen, int der, int lows);
int crs_keypair(unsigned char *kp96, const unsigned char *sk32);
int crs_schnorr_sign(unsigned char *sig64, const unsigned char *msg, size_t msglen,
                     const unsigned char *kp96, const unsigned char *aux32);
int crs_schnorr_verify(const unsigned char *sig64, const unsigned char *msg, size_t msglen,
                       const unsigned char *pk32);
int crs_ecdh(unsigned char *out32, const unsigned char *sk32, const unsigned char *pk,
             size_t pklen, int raw);

// crs_noop does nothing: it measures one cgo transition.
int crs_noop(void);

#endif
