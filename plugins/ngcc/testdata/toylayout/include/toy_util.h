/* Helpers of the toy KEM outside the API (Crucible test data). */
#ifndef TOY_UTIL_H
#define TOY_UTIL_H

/* xor_bytes sets dst[i] ^= src[i] for i < n (src/util/xorbytes_impl.c,
 * compiled as part of src/util/bytes.c). */
void xor_bytes(unsigned char *dst, const unsigned char *src, unsigned long long n);

/* toy_cpu_ok is 1 when the CPU runs this implementation (src/util/cpuid.S). */
int toy_cpu_ok(void);

#endif
