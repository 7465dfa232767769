/*
 * The ICCS helper functions of the NGCC submission package (sm3hash,
 * pseudoXOF, pseudohash), as Crucible supplies them to a submission built
 * by `host build-ngcc`: implemented in Go by crucible.dev/registry/iccs.
 * Lengths are in bits, as in the ICCS API; only whole bytes are supported
 * (every NGCC candidate's inputs and outputs are), and any other length
 * returns -1 and fails the Crucible operation that made the call.
 */
#ifndef AUXFUNC_H
#define AUXFUNC_H

#ifdef __cplusplus
extern "C" {
#endif

/* sm3hash: the SM3 digest (output_len_bits = 256) of msg; 0 on success. */
int sm3hash(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest);

/* pseudoXOF: output_len_bits of the SM3-based XOF of msg; 0 on success. */
int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *output);

/* pseudohash: the 512-, 768- or 1024-bit ICCS pseudohash of msg; 0 on success. */
int pseudohash(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest);

#ifdef __cplusplus
}
#endif
#endif
