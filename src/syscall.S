/* SPDX-License-Identifier: MIT */
/* syscall(2) for the static binaries on x86-64 and arm64, in place of musl's: Debian builds musl's
 * C one with the stack protector, so it brings __stack_chk_fail and __syscall_ret along (262 B of
 * earlymount-init). An assembler file, not asm in libc_shims.c: with LTO the linker would not see
 * a symbol defined in top-level asm before it takes musl's from libc.a.
 * The variadic arguments are still in registers when it is entered (x86-64: rsi, rdx, rcx, r8,
 * r9 and the stack for the sixth; arm64 passes variadic arguments as any others, x1-x6): they
 * move into the kernel's (x86-64: rdi, rsi, rdx, r10, r8, r9, the number in rax; arm64: x0-x5,
 * the number in x8). A result from -4095 to -1 is an error, as musl's __syscall_ret reads it:
 * em_syscall_fail (libc_shims.c) sets errno and returns -1. tests/size/libc_shims.sh renames the
 * shims with -D (-Dsyscall=shim_syscall), so the name is written through the preprocessor.
 */
#define EM_SYSCALL syscall
#if defined(__x86_64__)
	.text
	.globl EM_SYSCALL
	.type EM_SYSCALL,@function
EM_SYSCALL:
	mov %rdi,%rax
	mov %rsi,%rdi
	mov %rdx,%rsi
	mov %rcx,%rdx
	mov %r8,%r10
	mov %r9,%r8
	mov 8(%rsp),%r9
	.byte 0x0f, 0x05	/* the syscall instruction, as bytes: a -Dsyscall=... renames the word */
	cmp $-4095,%rax
	jae 1f
	ret
1:	mov %rax,%rdi
	jmp em_syscall_fail
	.size EM_SYSCALL,.-EM_SYSCALL
#elif defined(__aarch64__)
	.text
	.globl EM_SYSCALL
	.type EM_SYSCALL,%function
EM_SYSCALL:
	mov x8, x0
	mov x0, x1
	mov x1, x2
	mov x2, x3
	mov x3, x4
	mov x4, x5
	mov x5, x6
	svc #0
	cmn x0, #4095
	b.hs em_syscall_fail
	ret
	.size EM_SYSCALL,.-EM_SYSCALL
#endif
	.section .note.GNU-stack,"",%progbits
