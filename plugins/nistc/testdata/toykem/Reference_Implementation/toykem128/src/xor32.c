/* Included by kem.c, not compiled on its own. */
static void xor32(uint8_t *out, const uint8_t *a, const uint8_t *b)
{
	for (int i = 0; i < 32; i++)
		out[i] = a[i] ^ b[i];
}
