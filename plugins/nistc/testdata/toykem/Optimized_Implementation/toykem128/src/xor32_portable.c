/* The portable toykem_xor32, where asm/xor32.S has none. */
#include <stdint.h>

#if !defined(__x86_64__)
void toykem_xor32(uint8_t *out, const uint8_t *a, const uint8_t *b)
{
	for (int i = 0; i < 32; i++)
		out[i] = a[i] ^ b[i];
}
#else
/* ISO C forbids an empty translation unit. */
typedef int toykem_xor32_is_assembly;
#endif
