/* SPDX-License-Identifier: MIT */
/* systemd unit names for dracut's systemd flow: what dracut-lib.sh's label_uuid_to_dev and
 * dev_unit_name (systemd-escape --path) make of root=, without a shell library or a program to
 * run (the generator used to source dracut-lib.sh and run systemd-escape: about 250 ms of a
 * QEMU TCG boot, more than the rest of earlymount's part of it). */
#include "sdunit.h"
#include "util.h"

#include <errno.h>
#include <string.h>

/* The length written, or -ENAMETOOLONG when it did not fit (util.h's sbuf keeps it terminated). */
static int finish(const struct sbuf *sb)
{
	return sb->overflow ? -ENAMETOOLONG : (int)sb->len;
}

static void put_hex(struct sbuf *sb, unsigned char c)
{
	sb_printf(sb, "\\x%02x", c);
}

int sdunit_dracut_dev(const char *root, char *out, size_t cap)
{
	/* label_uuid_to_dev's table: the prefix, the directory of udev's links, and whether '/' and
	 * ' ' are escaped (sed 's,/,\\x2f,g;s, ,\\x20,g' for the two label forms only). */
	static const struct {
		const char *prefix, *dir;
		int escape;
	} forms[] = {
		{ "LABEL=", "/dev/disk/by-label/", 1 },
		{ "PARTLABEL=", "/dev/disk/by-partlabel/", 1 },
		{ "UUID=", "/dev/disk/by-uuid/", 0 },
		{ "PARTUUID=", "/dev/disk/by-partuuid/", 0 },
	};
	struct sbuf o;
	const char *s = str_startswith(root, "block:") ? root + 6 : root;

	sb_init(&o, out, cap);
	for (size_t i = 0; i < ARRAY_SIZE(forms); i++) {
		if (!str_startswith(s, forms[i].prefix))
			continue;
		sb_puts(&o, forms[i].dir);
		for (s += strlen(forms[i].prefix); *s; s++) {
			if (forms[i].escape && (*s == '/' || *s == ' '))
				put_hex(&o, (unsigned char)*s);
			else
				sb_putc(&o, *s);
		}
		return finish(&o);
	}
	sb_puts(&o, s);
	return finish(&o);
}

static int unescaped(unsigned char c, int first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ':' ||
	       c == '_' || (c == '.' && !first);
}

int sdunit_path_escape(const char *path, char *out, size_t cap)
{
	struct sbuf o;
	const char *s = path;

	sb_init(&o, out, cap);
	while (*s == '/')
		s++;
	if (!*s) {
		sb_putc(&o, '-');
		return finish(&o);
	}
	for (; *s; s++) {
		if (*s == '/') {
			while (s[1] == '/')
				s++;
			if (!s[1])
				break; /* a trailing '/' */
			sb_putc(&o, '-');
			continue;
		}
		if (unescaped((unsigned char)*s, o.len == 0))
			sb_putc(&o, *s);
		else
			put_hex(&o, (unsigned char)*s);
	}
	return finish(&o);
}
