/* Crucible test data: a source that src/util/bytes.c #includes. Compiled on
 * its own as well, it would define xor_bytes twice. */
void xor_bytes(unsigned char *dst, const unsigned char *src, unsigned long long n)
{
	for (unsigned long long i = 0; i < n; i++)
		dst[i] ^= src[i];
}
