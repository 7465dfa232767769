/* A helper in a subdirectory, reached by a relative include (Crucible test data). */
#ifndef TOY_XORBYTES_H
#define TOY_XORBYTES_H
void xor_bytes(unsigned char *dst, const unsigned char *src, unsigned long long n);
#endif
