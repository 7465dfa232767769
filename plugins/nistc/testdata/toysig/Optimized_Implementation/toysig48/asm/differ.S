/* toysig_differ(a, b, n): nonzero when the first n bytes differ, without
 * an early exit (System V AMD64 ABI). */
#if defined(__x86_64__)
	.text
	.globl	toysig_differ
	.type	toysig_differ, @function
toysig_differ:
	xorl	%eax, %eax
	testq	%rdx, %rdx
	je	2f
1:
	movzbl	(%rdi), %ecx
	xorb	(%rsi), %cl
	orl	%ecx, %eax
	incq	%rdi
	incq	%rsi
	decq	%rdx
	jne	1b
2:
	testl	%eax, %eax
	setne	%al
	movzbl	%al, %eax
	ret
	.size	toysig_differ, .-toysig_differ
#endif
	.section .note.GNU-stack,"",@progbits
