/* SPDX-License-Identifier: MIT */
/* src/libc_shims.c against the host's libc: the same results for every function it replaces.
 * Built with the shims renamed (shim_*), so both are in one program. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <poll.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/statfs.h>
#include <sys/un.h>
#include <sys/utsname.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/reboot.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

char *shim_strchr(const char *s, int c);
void *shim_memchr(const void *s, int c, size_t n);
size_t shim_strspn(const char *s, const char *a);
size_t shim_strcspn(const char *s, const char *r);
char *shim_stpcpy(char *d, const char *s);
char *shim_strcpy(char *d, const char *s);
pid_t shim_fork(void);
int shim_fstatat(int d, const char *p, struct stat *st, int f);
int shim_fcntl(int fd, int cmd, ...);
int shim_strncmp(const char *a, const char *b, size_t n);
int shim_open(const char *p, int flags, ...);
int shim_openat(int d, const char *p, int flags, ...);
int shim_socket(int domain, int type, int protocol);
int shim_nanosleep(const struct timespec *req, struct timespec *rem);
void *shim_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
ssize_t shim_readlink(const char *path, char *buf, size_t size);
ssize_t shim_readlinkat(int dirfd, const char *path, char *buf, size_t size);
unsigned shim_sleep(unsigned s);
int shim_usleep(unsigned us);
int shim_fchmodat(int dirfd, const char *path, mode_t mode, int flags);
size_t shim_strlen(const char *s);
size_t shim_strnlen(const char *s, size_t n);
int shim_strcmp(const char *a, const char *b);
int shim_memcmp(const void *a, const void *b, size_t n);
char *shim_strrchr(const char *s, int c);
void *shim_memrchr(const void *s, int c, size_t n);
void *shim_memset(void *d, int c, size_t n);
void *shim_memcpy(void *d, const void *s, size_t n);
void *shim_memmove(void *d, const void *s, size_t n);
ssize_t shim_read(int fd, void *buf, size_t n);
ssize_t shim_write(int fd, const void *buf, size_t n);
ssize_t shim_pread(int fd, void *buf, size_t n, off_t off);
off_t shim_lseek(int fd, off_t off, int whence);
int shim_access(const char *path, int mode);
int shim_mkdirat(int dirfd, const char *path, mode_t mode);
int shim_mkdir(const char *path, mode_t mode);
int shim_unlinkat(int dirfd, const char *path, int flags);
int shim_symlinkat(const char *target, int dirfd, const char *path);
int shim_fchownat(int dirfd, const char *path, uid_t uid, gid_t gid, int flags);
int shim_chdir(const char *path);
int shim_chroot(const char *path);
int shim_mount(const char *src, const char *target, const char *type, unsigned long flags, const void *data);
int shim_umount2(const char *target, int flags);
int shim_uname(struct utsname *u);
int shim_bind(int fd, const struct sockaddr *addr, socklen_t len);
int shim_setsockopt(int fd, int level, int name, const void *val, socklen_t len);
pid_t shim_setsid(void);
pid_t shim_getpid(void);
int shim_execve(const char *path, char *const argv[], char *const envp[]);
void shim_sync(void);
int shim_close(int fd);
int shim_ioctl(int fd, int req, ...);
ssize_t shim_recvfrom(int fd, void *buf, size_t n, int flags, struct sockaddr *addr, socklen_t *len);
ssize_t shim_recv(int fd, void *buf, size_t n, int flags);
pid_t shim_waitpid(pid_t pid, int *status, int options);
pid_t shim_wait(int *status);
int shim_stat(const char *path, struct stat *st);
int shim_lstat(const char *path, struct stat *st);
int shim_fstat(int fd, struct stat *st);
int shim_statfs(const char *path, struct statfs *buf);
int shim_fstatfs(int fd, struct statfs *buf);
int shim_dup2(int old, int new);
long shim_syscall(long n, ...);
int shim_reboot(int type);
int shim_poll(struct pollfd *fds, nfds_t n, int timeout);
int shim_sched_getaffinity(pid_t pid, size_t size, cpu_set_t *set);

static int failed;
/* The shim's call and musl's give the same result and, on failure, the same errno. */
#define SAME(shim, musl) do { errno = 0; long r1_ = (long)(shim); int e1_ = errno; errno = 0; long r2_ = (long)(musl); \
	int e2_ = errno; CHECK(r1_ == r2_ && (r1_ != -1 || e1_ == e2_), "%s: %ld (errno %d), musl %ld (errno %d)", #shim, \
	r1_, e1_, r2_, e2_); } while (0)
#define SIGN(x) (((x) > 0) - ((x) < 0))
#define CHECK(c, ...) do { if (!(c)) { failed = 1; fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
	fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

int main(void)
{
	static const char *const strs[] = { "", "a", "abc", "/dev//vda", "a,b,,c", " \t\n", "x\xff\x80y",
		                            "root=UUID=1234 ro", "::::", "aaaaab" };
	static const char *const sets[] = { "", "a", ",", " \t\n", "/", ":", "ab", "\xff", "xyz" };
	char buf[64], buf2[64];

	for (size_t i = 0; i < sizeof(strs) / sizeof(*strs); i++) {
		const char *s = strs[i];
		for (int c = -1; c < 256; c++) {
			CHECK(shim_strchr(s, c) == strchr(s, c), "strchr(\"%s\", %d)", s, c);
			CHECK(shim_strrchr(s, c) == strrchr(s, c), "strrchr(\"%s\", %d)", s, c);
			for (size_t n = 0; n <= strlen(s) + 1; n++)
				CHECK(shim_memchr(s, c, n) == memchr(s, c, n), "memchr(\"%s\", %d, %zu)", s, c, n);
			for (size_t n = 0; n <= strlen(s) + 1; n++)
				CHECK(shim_memrchr(s, c, n) == memrchr(s, c, n), "memrchr(\"%s\", %d, %zu)", s, c, n);
		}
		for (size_t j = 0; j < sizeof(sets) / sizeof(*sets); j++) {
			CHECK(shim_strspn(s, sets[j]) == strspn(s, sets[j]), "strspn(\"%s\", \"%s\")", s, sets[j]);
			CHECK(shim_strcspn(s, sets[j]) == strcspn(s, sets[j]), "strcspn(\"%s\", \"%s\")", s, sets[j]);
		}
		CHECK(shim_strlen(s) == strlen(s), "strlen(\"%s\")", s);
		for (size_t n = 0; n < 12; n++)
			CHECK(shim_strnlen(s, n) == strnlen(s, n), "strnlen(\"%s\", %zu)", s, n);
		for (size_t j = 0; j < sizeof(strs) / sizeof(*strs); j++) {
			CHECK(SIGN(shim_strcmp(s, strs[j])) == SIGN(strcmp(s, strs[j])), "strcmp(\"%s\", \"%s\")", s, strs[j]);
			for (size_t n = 0; n <= strlen(s) + 1 && n <= strlen(strs[j]) + 1; n++)
				CHECK(SIGN(shim_memcmp(s, strs[j], n)) == SIGN(memcmp(s, strs[j], n)),
				      "memcmp(\"%s\", \"%s\", %zu)", s, strs[j], n);
		}
		for (size_t j = 0; j < sizeof(strs) / sizeof(*strs); j++)
			for (size_t n = 0; n < 12; n++) {
				int x = shim_strncmp(s, strs[j], n), y = strncmp(s, strs[j], n);
				CHECK((x > 0) == (y > 0) && (x < 0) == (y < 0), "strncmp(\"%s\", \"%s\", %zu)",
				      s, strs[j], n);
			}
		memset(buf, 'Z', sizeof(buf));
		memset(buf2, 'Z', sizeof(buf2));
		CHECK(shim_stpcpy(buf, s) == buf + strlen(s) && !memcmp(buf, s, strlen(s) + 1) &&
		      buf[strlen(s) + 1] == 'Z', "stpcpy(\"%s\")", s);
		CHECK(shim_strcpy(buf2, s) == buf2 && !memcmp(buf2, buf, sizeof(buf)), "strcpy(\"%s\")", s);
	}

	/* memset, memcpy, memmove (overlapping both ways): the bytes musl's give, and d returned */
	for (size_t off = 0; off < 8; off++)
		for (size_t n = 0; n + off + 8 <= sizeof(buf); n += 7) {
			char want[64];
			for (size_t i = 0; i < sizeof(buf); i++)
				buf[i] = buf2[i] = want[i] = (char)('a' + i % 26);
			CHECK(shim_memset(buf + off, 0xa5, n) == buf + off && memset(want + off, 0xa5, n) &&
			      !memcmp(buf, want, sizeof(buf)), "memset %zu %zu", off, n);
			CHECK(shim_memcpy(buf + off, buf2 + 8, n) == buf + off && memcpy(want + off, buf2 + 8, n) &&
			      !memcmp(buf, want, sizeof(buf)), "memcpy %zu %zu", off, n);
			for (size_t i = 0; i < sizeof(buf); i++)
				buf[i] = want[i] = (char)('a' + i % 26);
			CHECK(shim_memmove(buf + off, buf + 4, n) == buf + off && memmove(want + off, want + 4, n) &&
			      !memcmp(buf, want, sizeof(buf)), "memmove %zu<-4 %zu", off, n);
			CHECK(shim_memmove(buf + 4, buf + off, n) == buf + 4 && memmove(want + 4, want + off, n) &&
			      !memcmp(buf, want, sizeof(buf)), "memmove 4<-%zu %zu", off, n);
		}

	/* fstatat, as musl's stat/lstat/fstat call it */
	struct stat a, b;
	CHECK(shim_fstatat(AT_FDCWD, "/", &a, 0) == 0 && stat("/", &b) == 0 && a.st_ino == b.st_ino &&
	      a.st_dev == b.st_dev && a.st_mode == b.st_mode, "fstatat /");
	int fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	CHECK(fd >= 0 && shim_fstatat(fd, "", &a, AT_EMPTY_PATH) == 0 && a.st_ino == b.st_ino, "fstat fd");
	errno = 0;
	CHECK(shim_fstatat(AT_FDCWD, "/nonexistent-earlymount", &a, 0) == -1 && errno == ENOENT,
	      "fstatat ENOENT: errno %d", errno);
	/* fcntl: the two commands earlymount uses */
	int fl = shim_fcntl(fd, F_GETFD);
	CHECK(fl == fcntl(fd, F_GETFD) && (fl & FD_CLOEXEC), "F_GETFD %d", fl);
	int d = shim_fcntl(fd, F_DUPFD_CLOEXEC, 10);
	CHECK(d >= 10 && (fcntl(d, F_GETFD) & FD_CLOEXEC), "F_DUPFD_CLOEXEC %d", d);
	errno = 0;
	CHECK(shim_fcntl(-1, F_GETFD) == -1 && errno == EBADF, "F_GETFD on -1: errno %d", errno);
	/* syscall (src/syscall.S on x86-64 and arm64): the number, the arguments up to the sixth (on
	 * the stack on x86-64), the result and errno */
	CHECK(shim_syscall(SYS_getpid) == getpid(), "syscall(SYS_getpid)");
	errno = 0;
	CHECK(shim_syscall(SYS_close, -1) == -1 && errno == EBADF, "syscall(SYS_close, -1): errno %d", errno);
	{
		char *m = (char *)shim_syscall(SYS_mmap, 0, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		CHECK(m != (char *)-1 && m[8191] == 0, "syscall(SYS_mmap) anonymous");
		int zfd = open("/dev/zero", O_RDONLY);
		errno = 0;
		/* an offset that is not a multiple of the page size: EINVAL only if the sixth reached it */
		CHECK(shim_syscall(SYS_mmap, 0, 4096, PROT_READ, MAP_PRIVATE, zfd, 1) == -1 && errno == EINVAL,
		      "syscall(SYS_mmap) with offset 1: errno %d", errno);
		CHECK(shim_syscall(SYS_mmap, 0, 4096, PROT_READ, MAP_PRIVATE, zfd, 4096) != -1,
		      "syscall(SYS_mmap) with offset 4096: errno %d", errno);
		close(zfd);
	}
	/* reboot with a command the kernel does not know: EPERM without CAP_SYS_BOOT, else EINVAL
	 * (kernel/reboot.c), as musl's reboot gets */
	{
		int r1 = shim_reboot(0x12345678), e1 = errno, r2 = reboot(0x12345678), e2 = errno;
		CHECK(r1 == -1 && r1 == r2 && e1 == e2 && (e1 == EPERM || e1 == EINVAL), "reboot(0x12345678): %d %d", e1, e2);
	}
	close(d);
	close(fd);
	/* open, openat: flags taken as given (O_CLOEXEC), the mode with O_CREAT, errno on failure */
	char tmpl[] = "/tmp/em-shims-XXXXXX";
	CHECK(mkdtemp(tmpl) != NULL, "mkdtemp");
	int dfd = shim_open(tmpl, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	CHECK(dfd >= 0 && (fcntl(dfd, F_GETFD) & FD_CLOEXEC), "open O_CLOEXEC: %d", dfd);
	int f = shim_openat(dfd, "f", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0640);
	CHECK(f >= 0 && fstat(f, &a) == 0 && (a.st_mode & 0777) == (0640 & ~umask(022)), "openat O_CREAT mode %o",
	      (unsigned)(a.st_mode & 0777));
	close(f);
	errno = 0;
	CHECK(shim_openat(dfd, "f", O_WRONLY | O_CREAT | O_EXCL, 0600) == -1 && errno == EEXIST, "openat EEXIST");
	errno = 0;
	CHECK(shim_open("/nonexistent-earlymount", O_RDONLY) == -1 && errno == ENOENT, "open ENOENT");
	/* fchmodat without flags, as layers.c calls it: the mode set, errno on failure; a flag is
	 * EINVAL (musl emulates AT_SYMLINK_NOFOLLOW, which earlymount does not use) */
	CHECK(shim_fchmodat(dfd, "f", 0751, 0) == 0 && fstatat(dfd, "f", &a, 0) == 0 && (a.st_mode & 07777) == 0751,
	      "fchmodat mode %o", (unsigned)(a.st_mode & 07777));
	CHECK(fchmodat(dfd, "f", 0600, 0) == 0 && fstatat(dfd, "f", &a, 0) == 0 && (a.st_mode & 07777) == 0600,
	      "musl's fchmodat mode %o", (unsigned)(a.st_mode & 07777));
	errno = 0;
	CHECK(shim_fchmodat(dfd, "nonexistent-earlymount", 0600, 0) == -1 && errno == ENOENT, "fchmodat ENOENT: %d",
	      errno);
	errno = 0;
	CHECK(shim_fchmodat(dfd, "f", 0600, AT_SYMLINK_NOFOLLOW) == -1 && errno == EINVAL, "fchmodat flags: %d", errno);
	errno = 0;
	CHECK(shim_fchmodat(dfd, "f", 0600, 0x4000) == -1 && errno == EINVAL && fchmodat(dfd, "f", 0600, 0x4000) == -1 &&
	      errno == EINVAL, "fchmodat unknown flag: %d", errno);
	unlinkat(dfd, "f", 0);
	close(dfd);
	rmdir(tmpl);
	/* socket: SOCK_CLOEXEC and SOCK_NONBLOCK in the type, as devices.c asks for the uevent socket */
	int so = shim_socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	CHECK(so >= 0 && (fcntl(so, F_GETFD) & FD_CLOEXEC) && (fcntl(so, F_GETFL) & O_NONBLOCK), "socket %d", so);
	close(so);
	/* nanosleep: sleeps, and refuses a bad request with EINVAL */
	struct timespec t0, t1, req = { 0, 20000000 }, bad = { 0, 2000000000 };
	clock_gettime(CLOCK_MONOTONIC, &t0);
	CHECK(shim_nanosleep(&req, NULL) == 0, "nanosleep");
	clock_gettime(CLOCK_MONOTONIC, &t1);
	CHECK((t1.tv_sec - t0.tv_sec) * 1000000000L + (t1.tv_nsec - t0.tv_nsec) >= 20000000L, "nanosleep too short");
	errno = 0;
	CHECK(shim_nanosleep(&bad, NULL) == -1 && errno == EINVAL, "nanosleep EINVAL");
	/* sleep, usleep: musl's results over nanosleep (0 when the whole time passed) */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	CHECK(shim_usleep(20000) == 0 && shim_sleep(0) == 0, "usleep/sleep");
	clock_gettime(CLOCK_MONOTONIC, &t1);
	CHECK((t1.tv_sec - t0.tv_sec) * 1000000000L + (t1.tv_nsec - t0.tv_nsec) >= 20000000L, "usleep too short");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	CHECK(shim_sleep(1) == 0, "sleep(1)");
	clock_gettime(CLOCK_MONOTONIC, &t1);
	CHECK(t1.tv_sec - t0.tv_sec >= 1, "sleep(1) too short");
	/* mmap: a file mapped read-only as modload.c maps a module; MAP_FAILED with errno on failure */
	char mt[] = "/tmp/em-shims-mmap-XXXXXX";
	int mfd = mkstemp(mt);
	CHECK(mfd >= 0 && write(mfd, "\x7f" "ELF-module", 11) == 11, "mkstemp");
	const char *mp = shim_mmap(NULL, 11, PROT_READ, MAP_PRIVATE, mfd, 0);
	const char *lp = mmap(NULL, 11, PROT_READ, MAP_PRIVATE, mfd, 0);
	CHECK(mp != MAP_FAILED && lp != MAP_FAILED && !memcmp(mp, lp, 11) && !memcmp(mp, "\x7f" "ELF", 4), "mmap");
	munmap((void *)mp, 11);
	munmap((void *)lp, 11);
	errno = 0;
	CHECK(shim_mmap(NULL, 11, PROT_READ, MAP_PRIVATE, -1, 0) == MAP_FAILED && errno == EBADF, "mmap EBADF: %d", errno);
	errno = 0;
	CHECK(shim_mmap(NULL, 11, PROT_READ, MAP_PRIVATE, mfd, 1) == MAP_FAILED && errno == EINVAL, "mmap EINVAL: %d", errno);
	close(mfd);
	/* readlink, readlinkat: the target, unterminated, its length; errno on failure */
	char ln[sizeof(mt) + 3], got[64], want[64];
	snprintf(ln, sizeof(ln), "%s.ln", mt);
	CHECK(symlink("../dev/vda1", ln) == 0, "symlink");
	ssize_t gn = shim_readlink(ln, got, sizeof(got)), wn = readlink(ln, want, sizeof(want));
	CHECK(gn == 11 && gn == wn && !memcmp(got, want, 11), "readlink %zd %zd", gn, wn);
	CHECK(shim_readlink(ln, got, 4) == readlink(ln, want, 4) && !memcmp(got, want, 4), "readlink short buffer");
	int tfd = open("/tmp", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	gn = shim_readlinkat(tfd, ln + 5, got, sizeof(got));
	CHECK(gn == 11 && !memcmp(got, want, 11), "readlinkat %zd", gn);
	errno = 0;
	CHECK(shim_readlink(mt, got, sizeof(got)) == -1 && errno == EINVAL, "readlink EINVAL (not a link): %d", errno);
	errno = 0;
	CHECK(shim_readlinkat(tfd, "nonexistent-earlymount", got, sizeof(got)) == -1 && errno == ENOENT,
	      "readlinkat ENOENT: %d", errno);
	close(tfd);
	unlink(ln);
	unlink(mt);
	/* The plain system calls: each against musl's, on success and on failure, without changing
	 * anything outside a temporary directory (chroot, mount and umount2 fail on a path that
	 * does not exist, as root or not). */
	{
		char dir[] = "/tmp/em-shims-sys-XXXXXX", buf3[8], buf4[8];
		int p[2], dfd2, tf;
		struct utsname u1, u2;
		CHECK(mkdtemp(dir) != NULL && (dfd2 = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0, "mkdtemp");
		CHECK(pipe(p) == 0, "pipe");
		CHECK(shim_write(p[1], "abcdef", 6) == 6 && shim_read(p[0], buf3, 3) == 3 && read(p[0], buf4, 3) == 3 &&
		      !memcmp(buf3, "abc", 3) && !memcmp(buf4, "def", 3), "read/write");
		SAME(shim_read(-1, buf3, 1), read(-1, buf3, 1));
		SAME(shim_write(-1, "x", 1), write(-1, "x", 1));
		close(p[0]);
		close(p[1]);
		tf = openat(dfd2, "f", O_RDWR | O_CREAT | O_CLOEXEC, 0600);
		CHECK(tf >= 0 && write(tf, "0123456789", 10) == 10, "file");
		SAME(shim_pread(tf, buf3, 4, 3), pread(tf, buf4, 4, 3));
		CHECK(!memcmp(buf3, "3456", 4) && !memcmp(buf3, buf4, 4), "pread");
		SAME(shim_pread(tf, buf3, 4, -1), pread(tf, buf4, 4, -1));
		SAME(shim_lseek(tf, 2, SEEK_SET), lseek(tf, 2, SEEK_SET));
		SAME(shim_lseek(tf, 0, SEEK_END), lseek(tf, 0, SEEK_END));
		SAME(shim_lseek(tf, 0, 99), lseek(tf, 0, 99));
		close(tf);
		SAME(shim_access("/", F_OK), access("/", F_OK));
		SAME(shim_access("/nonexistent-earlymount", F_OK), access("/nonexistent-earlymount", F_OK));
		SAME(shim_mkdirat(dfd2, "d", 0700), mkdirat(dfd2, "e", 0700));
		SAME(shim_mkdirat(dfd2, "d", 0700), mkdirat(dfd2, "e", 0700));
		CHECK(fstatat(dfd2, "d", &a, 0) == 0 && S_ISDIR(a.st_mode) && (a.st_mode & 0777) == (0700 & ~umask(022)),
		      "mkdirat mode %o", (unsigned)(a.st_mode & 0777));
		SAME(shim_mkdir("/nonexistent-earlymount/x", 0700), mkdir("/nonexistent-earlymount/x", 0700));
		SAME(shim_symlinkat("d", dfd2, "l"), symlinkat("d", dfd2, "m"));
		SAME(shim_symlinkat("d", dfd2, "l"), symlinkat("d", dfd2, "m"));
		CHECK(readlinkat(dfd2, "l", buf3, sizeof(buf3)) == 1 && buf3[0] == 'd', "symlinkat");
		SAME(shim_fchownat(dfd2, "l", getuid(), getgid(), AT_SYMLINK_NOFOLLOW),
		     fchownat(dfd2, "m", getuid(), getgid(), AT_SYMLINK_NOFOLLOW));
		SAME(shim_fchownat(dfd2, "x", getuid(), getgid(), 0), fchownat(dfd2, "x", getuid(), getgid(), 0));
		SAME(shim_unlinkat(dfd2, "l", 0), unlinkat(dfd2, "m", 0));
		SAME(shim_unlinkat(dfd2, "l", 0), unlinkat(dfd2, "m", 0));
		SAME(shim_unlinkat(dfd2, "d", AT_REMOVEDIR), unlinkat(dfd2, "e", AT_REMOVEDIR));
		SAME(shim_unlinkat(dfd2, "f", AT_REMOVEDIR), unlinkat(dfd2, "f", AT_REMOVEDIR));
		unlinkat(dfd2, "f", 0);
		char cwd[4096], cwd2[4096];
		CHECK(getcwd(cwd, sizeof(cwd)) != NULL, "getcwd");
		CHECK(shim_chdir(dir) == 0 && getcwd(cwd2, sizeof(cwd2)) && !strcmp(cwd2, dir) && chdir(cwd) == 0, "chdir");
		SAME(shim_chdir("/nonexistent-earlymount"), chdir("/nonexistent-earlymount"));
		SAME(shim_chroot("/nonexistent-earlymount"), chroot("/nonexistent-earlymount"));
		SAME(shim_mount("none", "/nonexistent-earlymount", "tmpfs", 0, NULL),
		     mount("none", "/nonexistent-earlymount", "tmpfs", 0, NULL));
		SAME(shim_umount2("/nonexistent-earlymount", 0), umount2("/nonexistent-earlymount", 0));
		SAME(shim_uname(&u1), uname(&u2));
		CHECK(!strcmp(u1.sysname, u2.sysname) && !strcmp(u1.release, u2.release) && !strcmp(u1.machine, u2.machine),
		      "uname");
		int s1 = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0), s2 = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
		int sz = 65536;
		struct sockaddr_un sa = { .sun_family = AF_UNIX };
		SAME(shim_setsockopt(s1, SOL_SOCKET, SO_RCVBUF, &sz, sizeof(sz)), setsockopt(s2, SOL_SOCKET, SO_RCVBUF, &sz, sizeof(sz)));
		SAME(shim_setsockopt(s1, SOL_SOCKET, 9999, &sz, sizeof(sz)), setsockopt(s2, SOL_SOCKET, 9999, &sz, sizeof(sz)));
		SAME(shim_bind(s1, (struct sockaddr *)&sa, sizeof(sa_family_t)), bind(s2, (struct sockaddr *)&sa, sizeof(sa_family_t)));
		SAME(shim_bind(-1, (struct sockaddr *)&sa, sizeof(sa)), bind(-1, (struct sockaddr *)&sa, sizeof(sa)));
		close(s1);
		close(s2);
		CHECK(shim_getpid() == getpid(), "getpid");
		char *const av[] = { "x", NULL };
		SAME(shim_execve("/nonexistent-earlymount", av, av + 1), execve("/nonexistent-earlymount", av, av + 1));
		SAME(shim_execve(dir, av, av + 1), execve(dir, av, av + 1));
		shim_sync();
		close(dfd2);
		rmdir(dir);
		/* setsid in a child (not a group leader): the new session's id, then EPERM as musl's */
		pid_t c = fork();
		if (c == 0) {
			pid_t sid = shim_setsid();
			errno = 0;
			int again = shim_setsid(), e = errno;
			_exit(sid == getpid() && again == -1 && e == EPERM && setsid() == -1 && errno == EPERM ? 0 : 1);
		}
		int cst = 0;
		CHECK(c > 0 && waitpid(c, &cst, 0) == c && WIFEXITED(cst) && WEXITSTATUS(cst) == 0, "setsid: %d", cst);
	}
	/* close, ioctl, recv(from), waitpid, wait, and the stat family: musl's results */
	{
		struct stat s1, s2;
		int fd2 = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC), nb = 0, nb2 = 0;
		CHECK(shim_close(fd2) == 0 && fcntl(fd2, F_GETFD) == -1, "close");
		SAME(shim_close(fd2), close(fd2));
		SAME(shim_stat("/", &s1), stat("/", &s2));
		CHECK(s1.st_ino == s2.st_ino && s1.st_dev == s2.st_dev && s1.st_mode == s2.st_mode, "stat");
		SAME(shim_stat("/nonexistent-earlymount", &s1), stat("/nonexistent-earlymount", &s2));
		char lk[] = "/tmp/em-shims-lstat-XXXXXX";
		CHECK(mkdtemp(lk) != NULL && rmdir(lk) == 0 && symlink("/", lk) == 0, "symlink");
		SAME(shim_lstat(lk, &s1), lstat(lk, &s2));
		CHECK(S_ISLNK(s1.st_mode) && s1.st_ino == s2.st_ino, "lstat");
		SAME(shim_stat(lk, &s1), stat(lk, &s2));
		CHECK(S_ISDIR(s1.st_mode) && s1.st_ino == s2.st_ino, "stat through a link");
		unlink(lk);
		fd2 = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		SAME(shim_fstat(fd2, &s1), fstat(fd2, &s2));
		CHECK(s1.st_ino == s2.st_ino && S_ISDIR(s1.st_mode), "fstat");
		close(fd2);
		SAME(shim_fstat(-1, &s1), fstat(-1, &s2));
		SAME(shim_fstat(AT_FDCWD, &s1), fstat(AT_FDCWD, &s2));
		SAME(shim_fstat(fd2, &s1), fstat(fd2, &s2));
		int sp[2];
		CHECK(socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, sp) == 0, "socketpair");
		CHECK(send(sp[1], "hello", 5, 0) == 5 && send(sp[1], "world", 5, 0) == 5, "send");
		SAME(shim_ioctl(sp[0], FIONREAD, &nb), ioctl(sp[0], FIONREAD, &nb2));
		CHECK(nb == nb2 && nb == 5, "ioctl FIONREAD %d %d", nb, nb2);
		SAME(shim_ioctl(-1, FIONREAD, &nb), ioctl(-1, FIONREAD, &nb2));
		char rb[8], rb2[8];
		SAME(shim_recv(sp[0], rb, sizeof(rb), 0), recv(sp[0], rb2, sizeof(rb2), 0));
		CHECK(!memcmp(rb, "hello", 5) && !memcmp(rb2, "world", 5), "recv");
		SAME(shim_recvfrom(sp[0], rb, sizeof(rb), MSG_DONTWAIT, NULL, NULL),
		     recvfrom(sp[0], rb2, sizeof(rb2), MSG_DONTWAIT, NULL, NULL));
		close(sp[0]);
		close(sp[1]);
		for (int k = 0; k < 2; k++) {
			pid_t c2 = fork();
			if (c2 == 0)
				_exit(7 + k);
			int st1 = 0;
			CHECK(c2 > 0 && (k ? shim_wait(&st1) : shim_waitpid(c2, &st1, 0)) == c2 && WIFEXITED(st1) &&
			      WEXITSTATUS(st1) == 7 + k, "%s: status %d", k ? "wait" : "waitpid", st1);
		}
		SAME(shim_waitpid(-1, NULL, WNOHANG), waitpid(-1, NULL, WNOHANG));
		SAME(shim_wait(NULL), wait(NULL));
	}
	/* statfs, fstatfs, dup2, poll, sched_getaffinity: musl's results */
	{
		struct statfs f1, f2;
		SAME(shim_statfs("/", &f1), statfs("/", &f2));
		CHECK(f1.f_type == f2.f_type && f1.f_bsize == f2.f_bsize && f1.f_files == f2.f_files, "statfs");
		SAME(shim_statfs("/nonexistent-earlymount", &f1), statfs("/nonexistent-earlymount", &f2));
		int fd3 = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		SAME(shim_fstatfs(fd3, &f1), fstatfs(fd3, &f2));
		CHECK(f1.f_type == f2.f_type && f1.f_bsize == f2.f_bsize, "fstatfs");
		SAME(shim_fstatfs(-1, &f1), fstatfs(-1, &f2));
		/* dup2 onto itself is the descriptor, or EBADF when it is not open */
		SAME(shim_dup2(fd3, fd3), dup2(fd3, fd3));
		CHECK(shim_dup2(fd3, 100) == 100 && fstat(100, &a) == 0 && S_ISDIR(a.st_mode) && !(fcntl(100, F_GETFD) & FD_CLOEXEC),
		      "dup2");
		SAME(shim_dup2(fd3, 100), dup2(fd3, 100));
		close(100);
		SAME(shim_dup2(-1, 100), dup2(-1, 100));
		SAME(shim_dup2(100, 100), dup2(100, 100));
		SAME(shim_dup2(fd3, -1), dup2(fd3, -1));
		close(fd3);
		int pp[2];
		CHECK(pipe(pp) == 0, "pipe");
		struct pollfd pf1 = { .fd = pp[0], .events = POLLIN }, pf2 = pf1;
		SAME(shim_poll(&pf1, 1, 0), poll(&pf2, 1, 0));
		clock_gettime(CLOCK_MONOTONIC, &t0);
		CHECK(shim_poll(&pf1, 1, 30) == 0, "poll timeout");
		clock_gettime(CLOCK_MONOTONIC, &t1);
		CHECK((t1.tv_sec - t0.tv_sec) * 1000000000L + (t1.tv_nsec - t0.tv_nsec) >= 30000000L, "poll too short");
		CHECK(write(pp[1], "x", 1) == 1, "write");
		SAME(shim_poll(&pf1, 1, -1), poll(&pf2, 1, -1));
		CHECK(pf1.revents == pf2.revents && (pf1.revents & POLLIN), "poll revents %x %x", pf1.revents, pf2.revents);
		SAME(shim_poll(&pf1, (nfds_t)-1, 0), poll(&pf2, (nfds_t)-1, 0));
		close(pp[0]);
		close(pp[1]);
		cpu_set_t c1, c2;
		memset(&c1, 0xff, sizeof(c1));
		memset(&c2, 0xee, sizeof(c2));
		SAME(shim_sched_getaffinity(0, sizeof(c1), &c1), sched_getaffinity(0, sizeof(c2), &c2));
		CHECK(!memcmp(&c1, &c2, sizeof(c1)) && CPU_COUNT(&c1) >= 1, "sched_getaffinity");
		SAME(shim_sched_getaffinity(0, 1, &c1), sched_getaffinity(0, 1, &c2));
	}
	/* fork: a child that exits with a status the parent sees */
	pid_t pid = shim_fork();
	if (pid == 0)
		_exit(42);
	int st = 0;
	CHECK(pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 42,
	      "fork: pid %d status %d", pid, st);
	if (!failed)
		printf("PASS: libc_shims\n");
	return failed;
}
