/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* O_PATH (open_dir) in glibc's headers, for the host build */
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/syscall.h>
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

#ifdef EM_MSG_PACKED
/* Packed messages (the /init build; tools/msgpack.c). At build time each format, and each literal
 * handed to a format as an argument (c ? " (a hint)" : ""), was encoded with one dictionary of byte
 * pairs: a byte that no such text uses stands for two others, each of which may be such a code
 * itself. The texts share their words and phrases that way (about 16 KB of them take about 8 KB).
 * They lie in a section of their own, emmsg: a text there is expanded here before it is read, so
 * the parsing below and every message are as written, and nothing else is ever expanded (a label,
 * a command-line value or a buffer holds any byte). EM_MSG_MAX is msgpack's too: it refuses a
 * longer text, and a code nested more than 48 pairs deep (msg_text's stack; 5 today). */
#define EM_MSG_MAX 512
/* A code's row: codes are bytes outside 32..124 (msgpack makes none of the printable ASCII the
 * texts are written in), so those have no row: c below them, c - 93 above. */
extern const unsigned char em_msgdict[256 - 93][2];
extern const char __start_emmsg[], __stop_emmsg[];

/* s itself, or its expansion into buf (EM_MSG_MAX bytes) when it is a packed text. A code is
 * replaced by its first byte while its second waits on a stack, as deep as the deepest code (msgpack
 * allows 48): a few instructions a byte, no call per byte (earlymount.debug expands every line). */
static const char *msg_text(const char *s, char *buf)
{
	unsigned char stack[48];
	unsigned sp = 0;
	size_t n = 0;
	if (s < __start_emmsg || s >= __stop_emmsg)
		return s;
	for (;;) {
		unsigned char c;
		if (sp)
			c = stack[--sp];
		else if (!(c = (unsigned char)*s++))
			break;
		for (;;) {
			const unsigned char *d = em_msgdict[c < 32 ? c : c - 93];
			if ((c >= 32 && c <= 124) || !d[0] || sp >= sizeof(stack))
				break;
			stack[sp++] = d[1];
			c = d[0];
		}
		if (n + 1 < EM_MSG_MAX)
			buf[n++] = (char)c;
	}
	buf[n] = '\0';
	return buf;
}
#endif

void sb_vprintf(struct sbuf *sb, const char *f, va_list ap)
{
#ifdef EM_MSG_PACKED
	char x[EM_MSG_MAX], y[EM_MSG_MAX];
	f = msg_text(f, x);
#endif
	for (; *f; f++) {
		if (*f == EARLYMOUNT[0]) {
			sb_puts(sb, "earlymount");
			continue;
		}
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
#ifdef EM_MSG_PACKED
			s = msg_text(s, y);
#endif
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

const char *str_find(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	for (; *hay; hay++)
		if (strncmp(hay, needle, n) == 0)
			return hay;
	return n ? NULL : hay;
}

static EM_OUTLINE char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

int str_caseeq(const char *a, const char *b)
{
	while (*a && lower(*a) == lower(*b))
		a++, b++;
	return lower(*a) == lower(*b);
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

void(write_text)(int fd, const char *text)
{
	char buf[2048]; /* the longest text is the full build's usage, 1.2 KB */
	struct sbuf sb;

#ifdef EM_MSG_PACKED
	char x[EM_MSG_MAX];
	text = msg_text(text, x); /* an EM_TEXT */
#endif
	sb_init(&sb, buf, sizeof(buf));
	for (; *text; text++) {
		if (*text == EARLYMOUNT[0])
			sb_puts(&sb, "earlymount");
		else
			sb_putc(&sb, *text);
	}
	(void)write_all(fd, buf, sb.len);
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

#ifdef EM_ERRTEXTS
/* The C library's error texts, packed with the messages at build time (tools/errtexts prints them,
 * msgpack -e packs them: the native /init build). They lie in emmsg, so a %s of one is expanded as
 * any packed text is; errstr's result only ever reaches a message. One after another in the order
 * of the errnos, each ended by a NUL, an empty one where the text is errno 0's: a walk of at most
 * 132 texts for an error being reported, instead of a table of offsets. As musl's strerror, a
 * number outside the table (negative ones too) gets errno 0's text. */
extern const char em_errtext[];
extern const unsigned short em_nerr;

const char *errstr(int err)
{
	const char *t = em_errtext;
	for (unsigned i = (unsigned)err < em_nerr ? (unsigned)err : 0; i; i--)
		t += strlen(t) + 1;
	return *t ? t : em_errtext;
}
#else
const char *errstr(int err)
{
	return strerror(err);
}
#endif

int open_dir(const char *path)
{
	int fd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

int dir_each(int fd, int (*fn)(int fd, const char *name, unsigned char type, void *ctx), void *ctx)
{
	char buf[4096];
	for (;;) {
		long n = syscall(SYS_getdents64, fd, buf, sizeof(buf));
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
