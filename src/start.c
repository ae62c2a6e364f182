/* SPDX-License-Identifier: MIT */
/* The /init build's own start on x86-64 and arm64 (CMakeLists.txt links it with -nostartfiles in
 * place of musl's crt1.o, crti.o and GCC's crtbegin.o): the kernel's stack to main and main's
 * status to _exit, with nothing between that earlymount does not use. musl's start
 * (__libc_start_main, __init_libc, __init_tls, exit) sets up what a threaded program with stdio,
 * atexit handlers and constructors needs; earlymount-init has none of them. What is kept:
 * - errno: a plain variable. musl keeps it in the thread's control block (TLS) because threads
 *   each have their own; earlymount has one thread, and its children are processes (fork is
 *   clone(SIGCHLD), libc_shims.c), so a variable is the same thing. musl's own functions reach it
 *   through __errno_location and ___errno_location, both defined here.
 * - the stack protector's canary, from the 16 random bytes the kernel puts in the auxiliary
 *   vector (AT_RANDOM), the second byte zeroed as musl does (a string overflow then stops at it):
 *   on x86-64 GCC reads it at %fs:0x28, so %fs points at a small control block whose first word is
 *   its own address (the x86-64 TLS ABI); on arm64 GCC reads the global __stack_chk_guard, which
 *   is set when a packager's -fstack-protector brought musl's in.
 * - __environ, which musl's getenv reads.
 * x86-64: the kernel enters _start with argc at %rsp, 16-byte aligned (ABI); arm64 with argc at
 * sp. Other architectures, the full earlymount and the host builds of the tests keep their C
 * library's start (this file then defines nothing). */
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(EM_BOOT_BUILD) && (defined(__x86_64__) || defined(__aarch64__))
int main(int argc, char **argv, char **envp);
extern char **__environ;
extern uintptr_t __stack_chk_guard __attribute__((weak));

static int em_errno;
/* The auxiliary vector's end and its 16 random bytes (include/uapi/linux/auxvec.h; <elf.h> is
 * src/elf.h where -Isrc is given). */
enum { EM_AT_NULL = 0, EM_AT_RANDOM = 25 };

int *__errno_location(void)
{
	return &em_errno;
}
int *___errno_location(void) __attribute__((alias("__errno_location")));

#if defined(__x86_64__)
__asm__(".text\n"
	".globl _start\n"
	".type _start,@function\n"
	"_start:\n"
	"	xor %ebp,%ebp\n"     /* the outermost frame, for a debugger's backtrace */
	"	mov %rsp,%rdi\n"
	"	call em_start\n"     /* %rsp is 16-byte aligned here: 8 mod 16 in em_start, as the ABI has it */
	"	hlt\n"
	".size _start,.-_start\n");
static uintptr_t tcb[8]; /* [0]: its own address; [5] (%fs:0x28): the canary */
#else
__asm__(".text\n"
	".globl _start\n"
	".type _start,%function\n"
	"_start:\n"
	"	mov x29, #0\n"
	"	mov x30, #0\n"
	"	mov x0, sp\n"
	"	bl em_start\n"
	"	brk #0\n"
	".size _start,.-_start\n");
#endif

/* Called from _start only (used, externally_visible: LTO keeps it and its name). Not protected
 * itself: it runs before the canary is in place. */
#ifdef __clang__ /* the static checks: clang has no externally_visible */
#define EM_START_ATTRS __attribute__((noreturn, used, no_stack_protector))
#else
#define EM_START_ATTRS __attribute__((noreturn, used, externally_visible, no_stack_protector))
#endif
EM_START_ATTRS void em_start(long *sp);
EM_START_ATTRS void em_start(long *sp)
{
	int argc = (int)sp[0];
	char **argv = (char **)(sp + 1), **envp = argv + argc + 1, **e = envp;
	uintptr_t canary = 0;

	while (*e)
		e++;
	for (const uintptr_t *a = (const uintptr_t *)(e + 1); a[0] != EM_AT_NULL; a += 2)
		if (a[0] == EM_AT_RANDOM)
			memcpy(&canary, (const void *)a[1], sizeof(canary));
	((char *)&canary)[1] = 0;
	if (&__stack_chk_guard)
		__stack_chk_guard = canary;
#if defined(__x86_64__)
	tcb[0] = (uintptr_t)tcb;
	tcb[5] = canary;
	syscall(SYS_arch_prctl, 0x1002 /* ARCH_SET_FS */, tcb);
#endif
	__environ = envp;
	_exit(main(argc, argv, envp));
}
#endif
