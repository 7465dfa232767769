/* xor32(out, a, b): 32 bytes, two SSE2 XORs (System V AMD64 ABI). */
#if defined(__x86_64__)
	.text
	.globl	toykem_xor32
	.type	toykem_xor32, @function
toykem_xor32:
	movdqu	(%rsi), %xmm0
	movdqu	(%rdx), %xmm1
	pxor	%xmm1, %xmm0
	movdqu	%xmm0, (%rdi)
	movdqu	16(%rsi), %xmm0
	movdqu	16(%rdx), %xmm1
	pxor	%xmm1, %xmm0
	movdqu	%xmm0, 16(%rdi)
	ret
	.size	toykem_xor32, .-toykem_xor32
#endif
	.section .note.GNU-stack,"",@progbits
