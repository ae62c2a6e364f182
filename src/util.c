/* SPDX-License-Identifier: MIT */
/* String and formatting helpers, and reading files and directories, for a program without stdio or
 * malloc. */
#define _GNU_SOURCE /* O_PATH (open_dir) in glibc's headers, for the host build */
#include "util.h"
#include "syscalls.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

void sb_init(struct sbuf *sb, char *buf, size_t cap)
{
	sb->buf = buf;
	sb->cap = cap;
	sb->len = 0;
	sb->overflow = 0;
	if (cap)
		buf[0] = '\0';
}

void sb_putc(struct sbuf *sb, char c)
{
	if (sb->len + 1 < sb->cap) {
		sb->buf[sb->len++] = c;
		sb->buf[sb->len] = '\0';
	} else {
		sb->overflow = 1;
	}
}

void sb_putn(struct sbuf *sb, const char *s, size_t n)
{
	for (size_t i = 0; i < n && s[i]; i++)
		sb_putc(sb, s[i]);
}

void sb_puts(struct sbuf *sb, const char *s)
{
	sb_putn(sb, s ? s : "(null)", (size_t)-1);
}

static void put_hex_escape(struct sbuf *sb, unsigned char c)
{
	sb_putc(sb, '\\');
	sb_putc(sb, 'x');
	sb_putc(sb, "0123456789abcdef"[c >> 4]);
	sb_putc(sb, "0123456789abcdef"[c & 15]);
}

/* The length of the valid UTF-8 sequence at s (2-4), or 0: no overlong forms, no surrogates,
 * nothing above U+10FFFF (RFC 3629), and no C1 control (U+0080-U+009F). */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len;
	unsigned long cp;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1fu;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0fu;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07u;
	else
		return 0;
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3fu);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10ffff ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp <= 0x9f)
		return 0;
	return len;
}

void sb_put_escaped(struct sbuf *sb, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t len = 0;

	while (len < n && u[len])
		len++;
	for (size_t i = 0; i < len;) {
		size_t l;
		if (u[i] >= 0x20 && u[i] < 0x7f) {
			sb_putc(sb, (char)u[i++]);
		} else if (u[i] >= 0x80 && (l = utf8_len(u + i, len - i)) > 0) {
			sb_putn(sb, s + i, l);
			i += l;
		} else {
			put_hex_escape(sb, u[i++]);
		}
	}
}

void sb_put_shquoted(struct sbuf *sb, const char *s)
{
	sb_putc(sb, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			sb_puts(sb, "'\\''");
		else
			sb_putc(sb, *s);
	}
	sb_putc(sb, '\'');
}

static void put_num(struct sbuf *sb, unsigned long long v, unsigned base, int neg, unsigned width, char pad)
{
	char tmp[24];
	unsigned n = 0;
	do {
		tmp[n++] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	if (neg)
		tmp[n++] = '-';
	while (width > n) {
		sb_putc(sb, pad);
		width--;
	}
	while (n)
		sb_putc(sb, tmp[--n]);
}


void sb_vprintf(struct sbuf *sb, const char *f, va_list ap)
{
	for (; *f; f++) {
		if (*f != '%') {
			sb_putc(sb, *f);
			continue;
		}
		f++;
		char pad = ' ';
		unsigned width = 0;
		int prec = -1;
		if (*f == '0') {
			pad = '0';
			f++;
		}
		while (*f >= '0' && *f <= '9')
			width = width * 10 + (unsigned)(*f++ - '0');
		if (f[0] == '.' && f[1] == '*') {
			prec = va_arg(ap, int);
			f += 2;
		}
		int lng = 0;
		while (*f == 'l') {
			lng++;
			f++;
		}
		if (*f == 'z') {
			lng = 1;
			f++;
		}
		switch (*f) {
		case 's': {
			const char *s = va_arg(ap, const char *);
			size_t n = prec >= 0 ? (size_t)prec : (size_t)-1;
			size_t l = 0;
			if (!s)
				s = "(null)";
			while (l < n && s[l])
				l++;
			for (size_t i = l; i < width; i++)
				sb_putc(sb, ' ');
			sb_putn(sb, s, l);
			break;
		}
		case 'c':
			sb_putc(sb, (char)va_arg(ap, int));
			break;
		case 'd':
		case 'i': {
			long long v = lng >= 2 ? va_arg(ap, long long) : lng ? va_arg(ap, long) : va_arg(ap, int);
			put_num(sb, v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v, 10, v < 0, width, pad);
			break;
		}
		case 'u':
		case 'x': {
			unsigned long long v = lng >= 2 ? va_arg(ap, unsigned long long)
			                       : lng   ? va_arg(ap, unsigned long)
			                               : va_arg(ap, unsigned);
			put_num(sb, v, *f == 'x' ? 16 : 10, 0, width, pad);
			break;
		}
		case '%':
			sb_putc(sb, '%');
			break;
		case '\0':
			return;
		default:
			sb_putc(sb, '%');
			sb_putc(sb, *f);
		}
	}
}

void sb_printf(struct sbuf *sb, const char *f, ...)
{
	va_list ap;
	va_start(ap, f);
	sb_vprintf(sb, f, ap);
	va_end(ap);
}

size_t fmt(char *buf, size_t cap, const char *f, ...)
{
	struct sbuf sb;
	va_list ap;
	sb_init(&sb, buf, cap);
	va_start(ap, f);
	sb_vprintf(&sb, f, ap);
	va_end(ap);
	return sb.len;
}

size_t em_strlcpy(char *dst, const char *src, size_t cap)
{
	size_t n = strlen(src);
	if (cap) {
		size_t c = n < cap - 1 ? n : cap - 1;
		memcpy(dst, src, c);
		dst[c] = '\0';
	}
	return n;
}

int str_eq(const char *a, const char *b)
{
	return strcmp(a, b) == 0;
}

int str_startswith(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}


int str_caseeq(const char *a, const char *b)
{
	return strcasecmp(a, b) == 0;
}

static char dash(char c)
{
	return c == '-' ? '_' : c;
}

int param_eqn(const char *a, size_t n, const char *b)
{
	size_t i = 0;
	for (; i < n && a[i]; i++)
		if (dash(a[i]) != dash(b[i]))
			return 0;
	return !b[i];
}

int param_eq(const char *a, const char *b)
{
	return param_eqn(a, (size_t)-1, b);
}

int parse_ulong(const char *s, unsigned long *out)
{
	unsigned long v = 0;
	if (!s || !*s)
		return -EINVAL;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -EINVAL;
		unsigned d = (unsigned)(*s - '0');
		if (v > (~0UL - d) / 10)
			return -ERANGE;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

unsigned long parse_leading_ulong(const char *s, const char **end)
{
	unsigned long v = 0;
	for (; *s >= '0' && *s <= '9'; s++)
		v = v * 10 + (unsigned long)(*s - '0');
	if (end)
		*end = s;
	return v;
}

void modname_normalize(char *s)
{
	for (; *s; s++)
		if (*s == '-')
			*s = '_';
}

int write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t w = write(fd, buf, len);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		buf += w;
		len -= (size_t)w;
	}
	return 0;
}

void write_text(int fd, const char *text)
{
	(void)write_all(fd, text, strlen(text));
}

/* read(2) that retries on EINTR: the count, or -errno. */
static ssize_t read_eintr(int fd, void *buf, size_t n)
{
	ssize_t r;
	while ((r = read(fd, buf, n)) < 0 && errno == EINTR)
		;
	return r < 0 ? -errno : r;
}

/* The whole of path read into buf (NUL-terminated; -EFBIG when it does not fit) or, with buf NULL,
 * only counted: one loop for read_file and file_size_read. */
static long read_whole(int dirfd, const char *path, char *buf, size_t cap)
{
	char chunk[512], c;
	int fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC);
	long len = 0;
	ssize_t r;

	if (fd < 0)
		return -errno;
	for (;;) {
		if (buf && (size_t)len + 1 >= cap) {
			r = read_eintr(fd, &c, 1) > 0 ? -EFBIG : 0;
			break;
		}
		r = buf ? read_eintr(fd, buf + len, cap - 1 - (size_t)len) : read_eintr(fd, chunk, sizeof(chunk));
		if (r <= 0)
			break;
		len += r;
	}
	close(fd);
	if (buf)
		buf[len] = '\0';
	return r < 0 ? (long)r : len;
}

long read_file(int dirfd, const char *path, char *buf, size_t cap)
{
	return read_whole(dirfd, path, buf, cap);
}

long file_size_read(int dirfd, const char *path)
{
	return read_whole(dirfd, path, NULL, 0);
}

const char *errstr(int err)
{
	return strerror(err);
}

int open_dir(const char *path)
{
	int fd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

int dir_each(int fd, int (*fn)(int fd, const char *name, unsigned char type, void *ctx), void *ctx)
{
	char buf[4096];
	for (;;) {
		long n = sys_getdents64(fd, buf, sizeof(buf));
		if (n <= 0)
			return n < 0 ? -errno : 0;
		for (long off = 0; off < n;) {
			struct dirent *d = (struct dirent *)(buf + off);
			off += d->d_reclen;
			if (d->d_name[0] == '.' && (!d->d_name[1] || (d->d_name[1] == '.' && !d->d_name[2])))
				continue;
			int r = fn(fd, d->d_name, d->d_type, ctx);
			if (r)
				return r;
		}
	}
}
