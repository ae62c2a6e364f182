/* SPDX-License-Identifier: MIT */
/* The new root's /etc/fstab, read for its /usr line: a separate /usr is mounted by the initramfs
 * (initramfs-tools' read_fstab_entry, dracut's 98usrmount, systemd's initrd-parse-etc), since the
 * root's init and its libraries live there. Pure: no system calls. */
#include "fstab.h"
#include "util.h"

#include <errno.h>
#include <string.h>

static int blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* The field at *s into out (cap bytes), its octal escapes (\040 for a space, \011, \012, \134)
 * decoded as libmount's unmangle does; *s moves past it. 0, or -1 when it did not fit (out then
 * holds what did). */
static int field(const char **s, const char *end, char *out, size_t cap)
{
	const char *p = *s;
	size_t n = 0;
	int r = 0;
	while (p < end && blank(*p))
		p++;
	while (p < end && !blank(*p)) {
		char c = *p++;
		if (c == '\\' && end - p >= 3 && p[0] >= '0' && p[0] <= '3' && p[1] >= '0' && p[1] <= '7' &&
		    p[2] >= '0' && p[2] <= '7') {
			c = (char)((p[0] - '0') << 6 | (p[1] - '0') << 3 | (p[2] - '0'));
			p += 3;
		}
		if (n + 1 < cap)
			out[n++] = c;
		else
			r = -1;
	}
	out[n] = '\0';
	*s = p;
	return r;
}

/* path and where equal once trailing slashes are dropped ("/usr/" is "/usr"). */
static int same_dir(const char *path, const char *where)
{
	size_t a = strlen(path), b = strlen(where);
	while (a > 1 && path[a - 1] == '/')
		a--;
	return a == b && memcmp(path, where, a) == 0;
}

int fstab_find(const char *text, const char *where, struct fstab_entry *e, char *err, size_t errlen)
{
	static const char *const names[] = { "device", "mount point", "type", "options" };
	char dir[256];
	unsigned line = 0;

	for (const char *s = text; *s;) {
		const char *end = s + strcspn(s, "\n"), *p = s;
		char *dst[] = { e->spec, dir, e->type, e->opts };
		size_t cap[] = { sizeof(e->spec), sizeof(dir), sizeof(e->type), sizeof(e->opts) };
		line++;
		s = *end ? end + 1 : end;
		while (p < end && blank(*p))
			p++;
		if (p == end || *p == '#')
			continue;
		int over = -1;
		for (int f = 0; f < 4; f++)
			if (field(&p, end, dst[f], cap[f]) < 0 && over < 0)
				over = f;
		/* a mount point too long to be where's is another's */
		if (over == 1 || !same_dir(dir, where))
			continue;
		if (over >= 0) {
			fmt(err, errlen, "line %u: its %s is longer than %zu bytes", line, names[over], cap[over] - 1);
			return -EINVAL;
		}
		e->line = line;
		if (!e->type[0])
			em_strlcpy(e->type, "auto", sizeof(e->type));
		if (!e->opts[0])
			em_strlcpy(e->opts, "defaults", sizeof(e->opts));
		return 1;
	}
	return 0;
}
