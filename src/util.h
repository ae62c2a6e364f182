/* SPDX-License-Identifier: MIT */
/* String and formatting helpers for a program without stdio or malloc. */
#ifndef EM_UTIL_H
#define EM_UTIL_H
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* A bounded output buffer: appends never overflow; 'overflow' records that text was cut. */
struct sbuf {
	char *buf;
	size_t cap; /* including the terminating NUL */
	size_t len;
	int overflow;
};

void sb_init(struct sbuf *sb, char *buf, size_t cap);
void sb_putc(struct sbuf *sb, char c);
void sb_puts(struct sbuf *sb, const char *s);
void sb_putn(struct sbuf *sb, const char *s, size_t n);
/* Appends n bytes of s (up to a NUL) with every byte that could act on a terminal written as \xNN:
 * control characters (C0, DEL, and the C1 range U+0080-U+009F, which some terminals take as CSI),
 * and every byte that is not part of a valid UTF-8 sequence. Printable ASCII and valid UTF-8 stay
 * as they are, as udev's and libblkid's encoding of labels keeps them (blkid_encode_string). */
void sb_put_escaped(struct sbuf *sb, const char *s, size_t n);
/* Appends s quoted for a POSIX shell: '...' with each ' written as '\'' (no byte can end it). */
void sb_put_shquoted(struct sbuf *sb, const char *s);
/* A small printf: %s %c %d %i %u %x %ld %lu %lx %lld %llu %llx %zu %%, with an optional '0' flag
 * and width (e.g. %03u) and %.*s. */
void sb_vprintf(struct sbuf *sb, const char *fmt, va_list ap);
void sb_printf(struct sbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Formats into buf (always NUL-terminated); returns the length written. */
size_t fmt(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

size_t em_strlcpy(char *dst, const char *src, size_t cap);
int str_eq(const char *a, const char *b);
int str_startswith(const char *s, const char *prefix);
int str_caseeq(const char *a, const char *b);
/* Kernel parameter names compare with '-' and '_' equal (kernel/params.c parameq). */
int param_eq(const char *a, const char *b);
/* The same for the first n bytes of a (fewer when a ends sooner) against all of b. */
int param_eqn(const char *a, size_t n, const char *b);
/* Parses a whole decimal number (no sign, no trailing text) into *out; 0 or -EINVAL/-ERANGE. */
int parse_ulong(const char *s, unsigned long *out);
/* The decimal digits at the start of s as a number (0 when there are none), without a sign or
 * blanks before them, as the kernel writes its numbers (a release's "6.1", /proc's fields); *end
 * (when end is not NULL) points past them. */
unsigned long parse_leading_ulong(const char *s, const char **end);
/* Module names: '-' and '_' are the same (the kernel stores '_'). */
void modname_normalize(char *s);

/* Writes a text of the program's own (a usage, a message) to fd, errors ignored: it is what is
 * said when nothing better can be done. */
void write_text(int fd, const char *text);
/* Writes all of buf to fd, retrying on EINTR and short writes; 0 or -errno. */
int write_all(int fd, const char *buf, size_t len);
/* Reads a whole small file into buf (NUL-terminated); returns the length or -errno. -EFBIG when it
 * does not fit. */
long read_file(int dirfd, const char *path, char *buf, size_t cap);
/* The size of a file read to its end (for /proc files, whose st_size is 0); or -errno. */
long file_size_read(int dirfd, const char *path);
const char *errstr(int err); /* err is a positive errno */
/* Calls fn(fd, name, d_type, ctx) for each entry of the directory open at fd but "." and "..", in
 * the order getdents64 gives them; stops at the first non-zero return of fn and returns it; 0
 * after the last entry, -errno when reading fails. getdents64 directly: musl's opendir
 * allocates. */
int dir_each(int fd, int (*fn)(int fd, const char *name, unsigned char type, void *ctx), void *ctx);
/* path opened as an O_PATH directory (close-on-exec), symlinks followed: the fd, or -errno. */
int open_dir(const char *path);

#endif
