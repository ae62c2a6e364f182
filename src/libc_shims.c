/* SPDX-License-Identifier: MIT */
/* Smaller stand-ins for three musl functions, linked into the static binaries only (never into the
 * host build, where they would replace glibc's). A static link takes a symbol from the first object
 * that defines it, so these replace musl's fork, fstatat (which musl's stat, lstat and fstat call)
 * and fcntl, and with them the code those pull in: about 4.2 KB of the boot binary (musl 1.2.3,
 * Debian 12), measured with the link map (-Wl,-Map).
 *
 * Why each is safe here:
 * - fork: musl's fork() takes its internal locks (pthread rwlocks, timed waits, the vDSO clock)
 *   and runs pthread_atfork handlers so that a child of a threaded program finds libc consistent.
 *   earlymount has no threads and no atfork handlers, and its only child (the rescue shell, run.c)
 *   calls setsid, ioctl, write, execve and _exit, none of which reads the thread's cached TID that
 *   musl's _Fork would have refreshed.
 * - fstatat: on x86-64 the kernel's struct stat (newfstatat) is musl's struct stat field for field;
 *   musl adds a /proc/self/fd fallback for fstat on O_PATH descriptors for kernels before 3.6, and
 *   fstat's AT_EMPTY_PATH needs 2.6.39: earlymount needs the new mount API (5.2) anyway.
 * - fcntl: musl special-cases F_SETLKW (a cancellation point), F_GETOWN and F_DUPFD_CLOEXEC on
 *   kernels before 2.6.24; earlymount uses F_GETFD and F_DUPFD_CLOEXEC, which the kernel does. */
#include <fcntl.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

pid_t fork(void)
{
	return (pid_t)syscall(SYS_fork);
}

int fstatat(int dirfd, const char *restrict path, struct stat *restrict st, int flags)
{
	return (int)syscall(SYS_newfstatat, dirfd, path, st, flags);
}

int fcntl(int fd, int cmd, ...)
{
	va_list ap;
	unsigned long arg;

	/* Every command takes at most one integer or pointer argument; musl reads it the same way. */
	va_start(ap, cmd);
	arg = va_arg(ap, unsigned long);
	va_end(ap);
	return (int)syscall(SYS_fcntl, fd, cmd, arg);
}
