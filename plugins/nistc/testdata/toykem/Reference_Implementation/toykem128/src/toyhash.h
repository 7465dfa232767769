#ifndef TOYKEM_TOYHASH_H
#define TOYKEM_TOYHASH_H

#include <stddef.h>
#include <stdint.h>

/* toyhash: an FNV-style byte mix with a multiplicative output stretch.
 * Deterministic and small; not a hash anyone should rely on. */
void toyhash(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);

#endif
