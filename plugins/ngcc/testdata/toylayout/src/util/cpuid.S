/* Crucible test data: an assembly function the C code calls, so a build
 * that leaves .S files out fails to link. toy_cpu_ok returns 1. */
#if defined(__x86_64__)
	.text
	.globl	toy_cpu_ok
	.type	toy_cpu_ok, @function
toy_cpu_ok:
	movl	$1, %eax
	ret
	.size	toy_cpu_ok, .-toy_cpu_ok
#elif defined(__aarch64__)
	.text
	.globl	toy_cpu_ok
	.type	toy_cpu_ok, %function
toy_cpu_ok:
	mov	w0, #1
	ret
	.size	toy_cpu_ok, .-toy_cpu_ok
#else
#error "cpuid.S has x86-64 and arm64 versions only"
#endif
	.section	.note.GNU-stack,"",%progbits
