#ifndef TOYSIG_TAG_H
#define TOYSIG_TAG_H

#include <stddef.h>
#include <stdint.h>

/* tag writes toyhash_n("V" || pk || r || m). */
void toysig_tag(uint8_t *out, size_t n, const uint8_t *pk, const uint8_t *r, const uint8_t *m, size_t mlen);
/* toysig_differ is nonzero when a and b differ in their first n bytes. */
int toysig_differ(const uint8_t *a, const uint8_t *b, size_t n);

#endif
