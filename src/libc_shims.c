/* SPDX-License-Identifier: MIT */
/* Smaller stand-ins for musl functions, linked into the static binaries only (never into the host
 * build, where they would replace glibc's). A static link takes a symbol from the first object
 * that defines it, so these replace musl's fork, fstatat (which musl's stat, lstat and fstat call)
 * and fcntl, and with them the code those pull in (4.2 KB of the boot binary, musl 1.2.3, Debian
 * 12, measured with the link map, -Wl,-Map), seven string functions (1.4 KB) and nine more (1.2 KB,
 * below), open, openat,
 * socket and nanosleep without the fallbacks for kernels earlymount cannot run on (0.7 KB), and
 * mmap, readlink, readlinkat, sleep and usleep (0.4 KB), thirty-two system-call wrappers and the
 * stat family over fstatat (0.8 KB, at the end), and fchmodat (0.6 KB with the /proc/self/fd
 * name builder it pulls in).
 * tests/size/libc_shims.sh checks each against musl's results.
 *
 * Why each is safe here:
 * - fork: musl's fork() takes its internal locks (pthread rwlocks, timed waits, the vDSO clock)
 *   and runs pthread_atfork handlers so that a child of a threaded program finds libc consistent.
 *   earlymount has no threads and no atfork handlers, and its children (the rescue shell, run.c,
 *   and the module-loading workers, modload.c) call only system-call wrappers (setsid, ioctl,
 *   finit_module, write, execve, _exit), none of which reads the thread's cached TID that musl's
 *   _Fork would have refreshed.
 * - fstatat: on x86-64 and arm64 the kernel's struct stat (newfstatat; arm64 uses asm-generic's)
 *   is musl's struct stat field for field (musl: arch/{x86_64,aarch64}/kstat.h);
 *   musl adds a /proc/self/fd fallback for fstat on O_PATH descriptors for kernels before 3.6, and
 *   fstat's AT_EMPTY_PATH needs 2.6.39: earlymount needs the new mount API (5.2) anyway.
 * - fcntl: musl special-cases F_SETLKW (a cancellation point), F_GETOWN and F_DUPFD_CLOEXEC on
 *   kernels before 2.6.24; earlymount uses F_GETFD and F_DUPFD_CLOEXEC, which the kernel does. */
#define _GNU_SOURCE /* O_TMPFILE in glibc's headers, for the host-side static checks */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <stdarg.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

/* syscall (src/syscall.S) called through prototypes without "...": a variadic call sets %al on
 * x86-64 (the vector registers used, which syscall.S never reads), 2 B at every call. One label
 * per number of arguments and result type (em_scN: long, em_siN: int), all at one jump to
 * syscall: LTO refuses one name with two prototypes. An int argument is passed zero-extended
 * (the kernel reads an int argument's low 32 bits only). syscall's name through the preprocessor,
 * as syscall.S writes it (tests/size/libc_shims.sh renames it). */
#define EM_SC_STR_(x) #x
#define EM_SC_STR(x) EM_SC_STR_(x)
#define EM_SC_DECL(n, ...) long em_sc##n(__VA_ARGS__); int em_si##n(__VA_ARGS__);
EM_SC_DECL(1, long)
EM_SC_DECL(2, long, long)
EM_SC_DECL(3, long, long, long)
EM_SC_DECL(4, long, long, long, long)
EM_SC_DECL(5, long, long, long, long, long)
EM_SC_DECL(6, long, long, long, long, long, long)
EM_SC_DECL(7, long, long, long, long, long, long, long)
#if defined(__x86_64__)
#define EM_SC_JMP "jmp "
#else
#define EM_SC_JMP "b "
#endif
__asm__(".text\n.globl em_sc1, em_sc2, em_sc3, em_sc4, em_sc5, em_sc6, em_sc7\n"
        ".globl em_si1, em_si2, em_si3, em_si4, em_si5, em_si6, em_si7\n"
        "em_sc1:\nem_sc2:\nem_sc3:\nem_sc4:\nem_sc5:\nem_sc6:\nem_sc7:\n"
        "em_si1:\nem_si2:\nem_si3:\nem_si4:\nem_si5:\nem_si6:\nem_si7:\n" EM_SC_JMP EM_SC_STR(syscall) "\n");
/* A wrapper left out of line ends in a jump to what it calls, not a call and a return (the build's
 * -fno-optimize-sibling-calls is for the rest of earlymount). */
#define EM_TAIL __attribute__((optimize("optimize-sibling-calls")))
#define EM_SC_A(x) (_Generic((x), int: (long)(x) & 0xffffffffL, default: (long)(x)))
#define EM_SC_N(_1, _2, _3, _4, _5, _6, _7, n, ...) n
#define EM_SC_CAT_(a, b) a##b
#define EM_SC_CAT(a, b) EM_SC_CAT_(a, b)
#define EM_SC_M1(p, n) p##1(n)
#define EM_SC_M2(p, n, a) p##2(n, EM_SC_A(a))
#define EM_SC_M3(p, n, a, b) p##3(n, EM_SC_A(a), EM_SC_A(b))
#define EM_SC_M4(p, n, a, b, c) p##4(n, EM_SC_A(a), EM_SC_A(b), EM_SC_A(c))
#define EM_SC_M5(p, n, a, b, c, d) p##5(n, EM_SC_A(a), EM_SC_A(b), EM_SC_A(c), EM_SC_A(d))
#define EM_SC_M6(p, n, a, b, c, d, e) p##6(n, EM_SC_A(a), EM_SC_A(b), EM_SC_A(c), EM_SC_A(d), EM_SC_A(e))
#define EM_SC_M7(p, n, a, b, c, d, e, f) p##7(n, EM_SC_A(a), EM_SC_A(b), EM_SC_A(c), EM_SC_A(d), EM_SC_A(e), EM_SC_A(f))
#define EM_SC_CALL(p, ...) EM_SC_CAT(EM_SC_M, EM_SC_N(__VA_ARGS__, 7, 6, 5, 4, 3, 2, 1, 0))(p, __VA_ARGS__)
#define sys(...) EM_SC_CALL(em_sc, __VA_ARGS__)
/* the int result as the wrapper's own: nothing to convert, so a wrapper can end in a jump */
#define sysi(...) EM_SC_CALL(em_si, __VA_ARGS__)

/* clone(SIGCHLD) is fork on every architecture; arm64 has no fork system call at all. The flags
 * word is the first argument everywhere; the others are zero, so their per-architecture order
 * (kernel/fork.c, CONFIG_CLONE_BACKWARDS*) does not matter. */
EM_TAIL pid_t fork(void)
{
	return sysi(SYS_clone, SIGCHLD, 0, 0, 0, 0);
}

EM_TAIL int fstatat(int dirfd, const char *restrict path, struct stat *restrict st, int flags)
{
	return sysi(SYS_newfstatat, dirfd, path, st, flags);
}

#if defined(__x86_64__)
/* fcntl and ioctl on x86-64: the one variadic argument is in rdx when they are entered (every
 * command takes at most one integer or pointer, read whole as musl reads it); syscall.S takes the
 * number first, so the three move one register on. No va_list spilled to the stack. A naked
 * function, not an assembler file: LTO's linker must see the definition before libc.a's. arm64's
 * GCC has no naked functions: the C below. */
#define EM_SC_SHIFT3(nr)                                                                            \
	__asm__("mov %rdx,%rcx\n\tmov %esi,%edx\n\tmov %edi,%esi\n\tmov $" EM_SC_STR(nr) ",%edi\n\t" \
	        "jmp " EM_SC_STR(syscall))
#define EM_ASM_ARG __attribute__((unused)) /* read by the assembler */
__attribute__((naked)) int fcntl(int fd EM_ASM_ARG, int cmd EM_ASM_ARG, ...)
{
	EM_SC_SHIFT3(SYS_fcntl);
}
#else
int fcntl(int fd, int cmd, ...)
{
	va_list ap;
	unsigned long arg;

	/* Every command takes at most one integer or pointer argument; musl reads it the same way. */
	va_start(ap, cmd);
	arg = va_arg(ap, unsigned long);
	va_end(ap);
	return sysi(SYS_fcntl, fd, cmd, arg);
}
#endif

/* String functions: musl's are word-at-a-time (strchr, memchr, stpcpy) or build a 256-bit table
 * (strspn, strcspn), 100 to 240 B each; earlymount's strings are command-line words, paths and
 * short file contents, for which a byte loop is as fast. Same results as the C standard's. */
char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return 0;
	}
}

void *memchr(const void *src, int c, size_t n)
{
	for (const unsigned char *p = src; n; n--, p++)
		if (*p == (unsigned char)c)
			return (void *)p;
	return 0;
}

static size_t span(const char *s, const char *set, int in)
{
	size_t n = 0;
	for (; s[n]; n++) {
		const char *q = set;
		while (*q && *q != s[n])
			q++;
		if ((*q != '\0') != in) /* strspn stops at a byte not in set, strcspn at one in it */
			break;
	}
	return n;
}

size_t strspn(const char *s, const char *accept)
{
	return span(s, accept, 1);
}

size_t strcspn(const char *s, const char *reject)
{
	return span(s, reject, 0);
}

char *stpcpy(char *restrict d, const char *restrict s)
{
	while ((*d = *s++))
		d++;
	return d;
}

/* Its own loop, not stpcpy(d, s): GCC folds a stpcpy whose result is unused into strcpy, which
 * made this function call itself until the stack ran out. */
char *strcpy(char *restrict d, const char *restrict s)
{
	char *r = d;

	while ((*d++ = *s++))
		;
	return r;
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n && *a && *a == *b; n--, a++, b++)
		;
	return n ? (unsigned char)*a - (unsigned char)*b : 0;
}

/* strlen, strcmp, memcmp, strrchr, memrchr, strnlen, memset, memcpy and memmove: musl's are
 * word-at-a-time C or assembly (40 to 200 B each). Ours are smaller, and, compiled in the same LTO
 * unit as their callers, they let GCC see which registers each one clobbers (-fipa-ra): a caller no
 * longer saves its values around every strlen or memcmp as it must around an unknown function.
 * Together 1,216 B of earlymount-init (85,944 -> 84,728 B), most of it in the callers. The
 * byte loops are as fast as earlymount needs: its copies are names and 16-byte GUIDs, its largest
 * memset clears the plan once. The three that GCC could turn back into a call to themselves
 * (a loop that stores or copies bytes is memset or memcpy to its loop-distribution pass) are
 * compiled without that pass. */
size_t strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return (size_t)(p - s);
}

size_t strnlen(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && s[i])
		i++;
	return i;
}

int strcmp(const char *a, const char *b)
{
	for (; *a && *a == *b; a++, b++)
		;
	return (unsigned char)*a - (unsigned char)*b;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;

	for (; n && *p == *q; n--, p++, q++)
		;
	return n ? *p - *q : 0;
}

char *strrchr(const char *s, int c)
{
	const char *r = 0;

	for (;; s++) {
		if (*s == (char)c)
			r = s;
		if (!*s)
			return (char *)r;
	}
}

void *memrchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	while (n--)
		if (p[n] == (unsigned char)c)
			return (void *)(p + n);
	return 0;
}

#define NO_LOOP_TO_CALL __attribute__((optimize("no-tree-loop-distribute-patterns")))

NO_LOOP_TO_CALL void *memset(void *d, int c, size_t n)
{
	unsigned char *p = d;

	while (n--)
		*p++ = (unsigned char)c;
	return d;
}

NO_LOOP_TO_CALL void *memcpy(void *restrict d, const void *restrict s, size_t n)
{
	unsigned char *p = d;
	const unsigned char *q = s;

	while (n--)
		*p++ = *q++;
	return d;
}

NO_LOOP_TO_CALL void *memmove(void *d, const void *s, size_t n)
{
	unsigned char *p = d;
	const unsigned char *q = s;

	if (p < q)
		while (n--)
			*p++ = *q++;
	else
		while (n--)
			p[n] = q[n];
	return d;
}

/* musl's open, openat and socket set FD_CLOEXEC and O_NONBLOCK by hand after the call for kernels
 * before 2.6.23/2.6.27, which ignored O_CLOEXEC and SOCK_CLOEXEC; nanosleep goes through
 * clock_nanosleep's clock checks. The kernels earlymount runs on (5.2 and later, for the new mount
 * API) take the flags in the call itself. */
EM_TAIL int open(const char *path, int flags, ...)
{
	unsigned mode = 0;

	if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE) { /* only then is there a mode */
		va_list ap;
		va_start(ap, flags);
		mode = va_arg(ap, unsigned);
		va_end(ap);
	}
	/* openat on every architecture: arm64 and the other asm-generic ones have no open */
	return openat(AT_FDCWD, path, flags, mode);
}

EM_TAIL int openat(int dirfd, const char *path, int flags, ...)
{
	unsigned mode = 0;

	if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE) { /* only then is there a mode */
		va_list ap;
		va_start(ap, flags);
		mode = va_arg(ap, unsigned);
		va_end(ap);
	}
	return sysi(SYS_openat, dirfd, path, flags, mode);
}

int socket(int domain, int type, int protocol)
{
	return sysi(SYS_socket, domain, type, protocol);
}

int nanosleep(const struct timespec *req, struct timespec *rem)
{
	return sysi(SYS_nanosleep, req, rem);
}

/* musl's mmap checks the offset's alignment and the length against PTRDIFF_MAX and waits for a
 * concurrent munmap (__vm_wait, threads); the kernel refuses the first two itself (EINVAL, ENOMEM)
 * and earlymount has no threads. Its one call maps a module file read-only (modload.c). */
void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	return (void *)sys(SYS_mmap, addr, len, prot, flags, fd, off);
}

/* musl's readlink and readlinkat give a size-0 buffer a 1-byte one of their own (Linux refuses
 * size 0); earlymount's buffers are never empty. readlink is readlinkat from the working
 * directory (arm64 has no readlink system call). */
ssize_t readlinkat(int dirfd, const char *restrict path, char *restrict buf, size_t size)
{
	return sys(SYS_readlinkat, dirfd, path, buf, size);
}

ssize_t readlink(const char *restrict path, char *restrict buf, size_t size)
{
	return readlinkat(AT_FDCWD, path, buf, size);
}

/* sleep and usleep as musl has them, over the nanosleep above (no signals interrupt earlymount's
 * sleeps, but the result is still musl's: the seconds left, or -1). */
unsigned sleep(unsigned s)
{
	struct timespec t = { .tv_sec = s };

	return nanosleep(&t, &t) ? (unsigned)t.tv_sec : 0;
}

int usleep(unsigned us)
{
	struct timespec t = { .tv_sec = us / 1000000, .tv_nsec = (long)(us % 1000000) * 1000 };

	return nanosleep(&t, &t);
}

/* musl's fchmodat emulates AT_SYMLINK_NOFOLLOW (which the fchmodat system call lacks before
 * fchmodat2, Linux 6.6) through an O_PATH descriptor and /proc/self/fd: 592 B of earlymount-init
 * (86,536 -> 85,944 B). earlymount passes no flags (layers.c, mode bits on
 * directories it made); with flags this one says EINVAL, as musl does for a flag it does not
 * know, rather than ignore them. */
int fchmodat(int dirfd, const char *path, mode_t mode, int flags)
{
	if (flags) {
		errno = EINVAL;
		return -1;
	}
	return sysi(SYS_fchmodat, dirfd, path, mode);
}

/* Plain system calls, as musl makes them (on x86-64 and arm64 musl's wrappers of these add
 * nothing: read, write and pread are cancellation points, which a program without threads never
 * meets). Ours are compiled with their callers: no 16-byte alignment each, and GCC may inline one
 * into its only caller (21 of them: 424 B of earlymount-init, 82,744 -> 82,320 B). access and
 * mkdir are faccessat and mkdirat from the working directory, as musl does where the old calls
 * are missing (arm64). */
ssize_t read(int fd, void *buf, size_t n)
{
	return sys(SYS_read, fd, buf, n);
}

ssize_t write(int fd, const void *buf, size_t n)
{
	return sys(SYS_write, fd, buf, n);
}

ssize_t pread(int fd, void *buf, size_t n, off_t off)
{
	return sys(SYS_pread64, fd, buf, n, off);
}

off_t lseek(int fd, off_t off, int whence)
{
	return sys(SYS_lseek, fd, off, whence);
}

int access(const char *path, int mode)
{
	return sysi(SYS_faccessat, AT_FDCWD, path, mode, 0);
}

EM_TAIL int mkdirat(int dirfd, const char *path, mode_t mode)
{
	return sysi(SYS_mkdirat, dirfd, path, mode);
}

int mkdir(const char *path, mode_t mode)
{
	return mkdirat(AT_FDCWD, path, mode);
}

int unlinkat(int dirfd, const char *path, int flags)
{
	return sysi(SYS_unlinkat, dirfd, path, flags);
}

int symlinkat(const char *target, int dirfd, const char *path)
{
	return sysi(SYS_symlinkat, target, dirfd, path);
}

int fchownat(int dirfd, const char *path, uid_t uid, gid_t gid, int flags)
{
	return sysi(SYS_fchownat, dirfd, path, uid, gid, flags);
}

int chdir(const char *path)
{
	return sysi(SYS_chdir, path);
}

int chroot(const char *path)
{
	return sysi(SYS_chroot, path);
}

int mount(const char *src, const char *target, const char *type, unsigned long flags, const void *data)
{
	return sysi(SYS_mount, src, target, type, flags, data);
}

EM_TAIL int umount2(const char *target, int flags)
{
	return sysi(SYS_umount2, target, flags);
}

int uname(struct utsname *u)
{
	return sysi(SYS_uname, u);
}

int bind(int fd, const struct sockaddr *addr, socklen_t len)
{
	return sysi(SYS_bind, fd, addr, len);
}

int setsockopt(int fd, int level, int name, const void *val, socklen_t len)
{
	return sysi(SYS_setsockopt, fd, level, name, val, len);
}

pid_t setsid(void)
{
	return sysi(SYS_setsid);
}

pid_t getpid(void)
{
	return sysi(SYS_getpid);
}

EM_TAIL int execve(const char *path, char *const argv[], char *const envp[])
{
	return sysi(SYS_execve, path, argv, envp);
}

void sync(void)
{
	sys(SYS_sync);
}

/* Nine more of the same kind (192 B of earlymount-init, 82,320 -> 82,128 B). close: musl's
 * answers 0 when the call was interrupted (the descriptor is gone on Linux either way). ioctl:
 * musl converts time64 structures only where SIOCGSTAMP is not SIOCGSTAMP_OLD, on 32-bit
 * architectures. stat, lstat and fstat: fstatat as musl's call it; fstat refuses a negative
 * descriptor itself, which AT_EMPTY_PATH would take for the working directory (AT_FDCWD). */
int close(int fd)
{
	int r = (int)sys(SYS_close, fd);

	return r < 0 && errno == EINTR ? 0 : r;
}

/* musl's request is an int, glibc's an unsigned long (tests/static reads this file with glibc's
 * headers). */
#if defined(__x86_64__)
__attribute__((naked))
#else
#define EM_ASM_ARG
#endif
#ifdef __GLIBC__
int ioctl(int fd EM_ASM_ARG, unsigned long req EM_ASM_ARG, ...)
#else
int ioctl(int fd EM_ASM_ARG, int req EM_ASM_ARG, ...)
#endif
{
#if defined(__x86_64__)
	EM_SC_SHIFT3(SYS_ioctl); /* as fcntl */
#else
	va_list ap;
	unsigned long arg;

	va_start(ap, req);
	arg = va_arg(ap, unsigned long);
	va_end(ap);
	return sysi(SYS_ioctl, fd, req, arg);
#endif
}

ssize_t recvfrom(int fd, void *restrict buf, size_t n, int flags, struct sockaddr *restrict addr,
                 socklen_t *restrict len)
{
	return sys(SYS_recvfrom, fd, buf, n, flags, addr, len);
}

ssize_t recv(int fd, void *buf, size_t n, int flags)
{
	return recvfrom(fd, buf, n, flags, 0, 0);
}

pid_t waitpid(pid_t pid, int *status, int options)
{
	return sysi(SYS_wait4, pid, status, options, 0);
}

pid_t wait(int *status)
{
	return waitpid(-1, status, 0);
}

EM_TAIL int stat(const char *restrict path, struct stat *restrict st)
{
	return fstatat(AT_FDCWD, path, st, 0);
}

int lstat(const char *restrict path, struct stat *restrict st)
{
	return fstatat(AT_FDCWD, path, st, AT_SYMLINK_NOFOLLOW);
}

EM_TAIL int fstat(int fd, struct stat *st)
{
	if (fd < 0) {
		errno = EBADF;
		return -1;
	}
	return fstatat(fd, "", st, AT_EMPTY_PATH);
}

/* And the last ones musl's objects brought (128 B of earlymount-init, 82,128 -> 82,000 B):
 * statfs and fstatfs as the system calls (musl zeroes the buffer first, for kernels before
 * 2.6.36, which did not fill f_flags; earlymount reads only f_type, and only after a call that
 * worked); dup2 as
 * musl makes it where there is no dup2 system call (arm64): the same descriptor is checked, not
 * duplicated (dup3 refuses it), and EBUSY (a race with open) retried;
 * poll as ppoll, as musl does where there is no poll (arm64); sched_getaffinity clears what the
 * kernel's mask did not fill, as musl's does. */
int statfs(const char *path, struct statfs *buf)
{
	return sysi(SYS_statfs, path, buf);
}

int fstatfs(int fd, struct statfs *buf)
{
	return sysi(SYS_fstatfs, fd, buf);
}

int dup2(int old, int new)
{
	int r;

	if (old == new)
		return fcntl(old, F_GETFD) < 0 ? -1 : old;
	while ((r = (int)sys(SYS_dup3, old, new, 0)) < 0 && errno == EBUSY)
		;
	return r;
}

int poll(struct pollfd *fds, nfds_t n, int timeout)
{
	struct timespec ts = { .tv_sec = timeout / 1000, .tv_nsec = timeout % 1000 * 1000000L };
	struct timespec *t = timeout >= 0 ? &ts : 0; /* apart: cppcheck cannot read a ?: inside _Generic */

	return sysi(SYS_ppoll, fds, n, t, 0, _NSIG / 8);
}

int sched_getaffinity(pid_t pid, size_t size, cpu_set_t *set)
{
	long r = sys(SYS_sched_getaffinity, pid, size, set);

	if (r < 0)
		return -1;
	if ((size_t)r < size)
		memset((char *)set + r, 0, size - (size_t)r);
	return 0;
}

/* reboot through the syscall below (musl's goes through its own __syscall_ret): the two magic
 * numbers the kernel requires (kernel/reboot.c, LINUX_REBOOT_MAGIC1 and 2). */
int reboot(int type)
{
	return sysi(SYS_reboot, 0xfee1dead, 672274793, type);
}

/* The error half of syscall (src/syscall.S, x86-64 and arm64): r is -errno. */
__attribute__((used)) long em_syscall_fail(long r);
__attribute__((used)) long em_syscall_fail(long r)
{
	errno = (int)-r;
	return -1;
}
