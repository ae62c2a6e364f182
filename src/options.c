/* SPDX-License-Identifier: MIT */
#include "options.h"
#include "compat.h"
#include "util.h"

#include <errno.h>
#include <string.h>
#include <sys/mount.h>

enum kind {
	K_ATTR,     /* set attr */
	K_NOATTR,   /* clear attr */
	K_ATIME,    /* an atime mode: set the mode, clear MOUNT_ATTR__ATIME */
	K_RO,
	K_RW,
	K_PROP,
	K_RPROP,
	K_IGNORE,   /* userspace only */
	K_NOFAIL,
	K_REFUSE,   /* meaningless or harmful here */
};

/* Mount attributes are per-mount and go to fsmount()/mount_setattr(); the VFS refuses them as
 * fsconfig() parameters with EINVAL (fs/fs_context.c vfs_parse_fs_param -> forbidden_sb_flag).
 * The words' names, packed one after the other, and in kw_info in the same order each one's kind
 * and value: every value is one MOUNT_ATTR_* or MS_* bit (kept as its number plus one), 0, or
 * K_REFUSE's reason (the message in add_word: literals there, which msgpack packs). A table of structs with the names inline and 32-bit values
 * was 798 B (the two: 320 B less in earlymount-init, 83,384 -> 83,064 B). */
static const char kw_names[] =
	"ro\0rw\0nosuid\0suid\0nodev\0dev\0noexec\0exec\0nosymfollow\0symfollow\0nodiratime\0diratime\0"
	"relatime\0noatime\0strictatime\0norelatime\0nostrictatime\0atime\0"
	"private\0shared\0slave\0unbindable\0rprivate\0rshared\0rslave\0runbindable\0"
	"defaults\0auto\0noauto\0user\0nouser\0users\0owner\0group\0_netdev\0"
	"nofail\0bind\0rbind\0remount\0move\0rec\0loop\0";
#define KW(kind, bit) (uint16_t)((kind) | ((bit) != 0 ? __builtin_ctzll(bit) + 1 : 0) << 4)
#define KW_REFUSE(why) (uint16_t)(K_REFUSE | (why) << 4)
static const uint16_t kw_info[] = {
	KW(K_RO, 0), KW(K_RW, 0),
	KW(K_ATTR, EM_MOUNT_ATTR_NOSUID), KW(K_NOATTR, EM_MOUNT_ATTR_NOSUID),
	KW(K_ATTR, EM_MOUNT_ATTR_NODEV), KW(K_NOATTR, EM_MOUNT_ATTR_NODEV),
	KW(K_ATTR, EM_MOUNT_ATTR_NOEXEC), KW(K_NOATTR, EM_MOUNT_ATTR_NOEXEC),
	KW(K_ATTR, EM_MOUNT_ATTR_NOSYMFOLLOW), KW(K_NOATTR, EM_MOUNT_ATTR_NOSYMFOLLOW),
	KW(K_ATTR, EM_MOUNT_ATTR_NODIRATIME), KW(K_NOATTR, EM_MOUNT_ATTR_NODIRATIME),
	KW(K_ATIME, EM_MOUNT_ATTR_RELATIME), KW(K_ATIME, EM_MOUNT_ATTR_NOATIME),
	KW(K_ATIME, EM_MOUNT_ATTR_STRICTATIME),
	/* norelatime, nostrictatime: "not relatime" can only mean update every access; "not
	 * strictatime" the default. Then atime. */
	KW(K_ATIME, EM_MOUNT_ATTR_STRICTATIME), KW(K_ATIME, EM_MOUNT_ATTR_RELATIME),
	KW(K_ATIME, EM_MOUNT_ATTR_RELATIME),
	KW(K_PROP, EM_MS_PRIVATE), KW(K_PROP, EM_MS_SHARED), KW(K_PROP, EM_MS_SLAVE),
	KW(K_PROP, EM_MS_UNBINDABLE),
	KW(K_RPROP, EM_MS_PRIVATE), KW(K_RPROP, EM_MS_SHARED), KW(K_RPROP, EM_MS_SLAVE),
	KW(K_RPROP, EM_MS_UNBINDABLE),
	/* Userspace-only words (fstab's); passing "defaults" to a filesystem is EINVAL. */
	KW(K_IGNORE, 0), KW(K_IGNORE, 0), KW(K_IGNORE, 0), KW(K_IGNORE, 0), KW(K_IGNORE, 0),
	KW(K_IGNORE, 0), KW(K_IGNORE, 0), KW(K_IGNORE, 0), KW(K_IGNORE, 0),
	KW(K_NOFAIL, 0),
	KW_REFUSE(0), KW_REFUSE(1), KW_REFUSE(2), KW_REFUSE(2), KW_REFUSE(3), KW_REFUSE(4),
};

int word_index(const char *list, const char *w, int (*eq)(const char *, const char *))
{
	for (int i = 0; *list; i++, list += strlen(list) + 1)
		if (eq(w, list))
			return i;
	return -1;
}

void options_init(struct optset *o)
{
	memset(o, 0, sizeof(*o));
	o->ro = -1;
}

/* The word's kw_info, or 0 when it is not one (no word's kind and value are both 0: K_ATTR always
 * has a bit). */
static unsigned lookup(const char *word)
{
	int i = word_index(kw_names, word, str_eq);
	return i < 0 ? 0 : kw_info[i];
}

static int add_word(struct optset *o, char *word, char *err, size_t errlen)
{
	char *eq = strchr(word, '=');
	unsigned k = eq ? 0 : lookup(word), kind = k & 15, v = k >> 4;
	uint64_t value = kind == K_REFUSE || !v ? v : 1ULL << (v - 1);

#ifndef EM_BOOT_BUILD
	/* The /init build has the kernel's rules only, which never read it: there it is an x-*
	 * option as the others, below. */
	if (eq && str_startswith(word, "x-systemd.device-timeout=")) {
		/* Userspace-only too, but systemd-fstab-generator turns it into the device's
		 * JobRunningTimeoutSec=; spec.c uses it under --rules systemd. */
		o->device_timeout = eq + 1;
		return 0;
	}
#endif
	if (((word[0] | 0x20) == 'x' && word[1] == '-') || (eq && str_startswith(word, "comment=")))
		return 0; /* userspace-only: x-* and X-* options, with or without a value, fstab comments */
	if (k) {
		switch (kind) {
		case K_ATTR:
			o->attr_set |= value;
			o->attr_clr &= ~value;
			return 0;
		case K_NOATTR:
			o->attr_set &= ~value;
			o->attr_clr |= value;
			return 0;
		case K_ATIME:
			o->attr_set = (o->attr_set & ~EM_MOUNT_ATTR__ATIME) | value;
			o->attr_clr |= EM_MOUNT_ATTR__ATIME;
			return 0;
		case K_RO:
		case K_RW:
			o->ro = kind == K_RO;
			return 0;
		case K_RPROP:
			o->recursive = 1;
			/* fall through */
		case K_PROP:
			o->propagation = value;
			return 0;
		case K_IGNORE:
			return 0;
		case K_NOFAIL:
			o->nofail = 1;
			return 0;
		default:
			fmt(err, errlen, "option '%s' is not allowed here: %s", word,
			    v == 0 ? "give 'bind' as the filesystem type (WHAT:WHERE:bind:OPTIONS)"
			    : v == 1 ? "give 'rbind' as the filesystem type (WHAT:WHERE:rbind:OPTIONS)"
			    : v == 2 ? "earlymount only makes new mounts"
			    : v == 3 ? "use rbind or r<propagation> (rprivate, rshared, ...)"
			             : "loop devices are not supported");
			return -EINVAL;
		}
	}
	if (word == eq) {
		fmt(err, errlen, "option '%s' has no name before '='", word);
		return -EINVAL;
	}
	int quoted = 0;
	if (eq) {
		size_t vl = strlen(eq + 1);
		*eq = '\0';
		/* context="a,b": libmount (optlist_new_opt) hands fsconfig() the value without the
		 * surrounding quotes, and the kernel's fsconfig path does not strip them itself
		 * (security/selinux selinux_fs_context_parse_param takes param->string as is); the
		 * quotes only protect the commas while the option string is split. */
		if (vl >= 2 && eq[1] == '"' && eq[vl] == '"') {
			eq[vl] = '\0';
			eq++;
			quoted = 1;
		}
		/* fsconfig() copies keys and values with strndup_user(.., 256) and fails with
		 * EINVAL beyond; refuse here with a message instead of a truncated value. */
		if (strlen(eq + 1) + 1 > FSCONFIG_VALUE_MAX) {
			fmt(err, errlen, "option '%s' has a value of %zu bytes; the kernel accepts at most %d",
			    word, strlen(eq + 1), FSCONFIG_VALUE_MAX - 1);
			return -EINVAL;
		}
	}
	if (strlen(word) + 1 > FSCONFIG_VALUE_MAX) {
		fmt(err, errlen, "option name '%.*s...' is longer than the kernel accepts (%d bytes)", 32,
		    word, FSCONFIG_VALUE_MAX - 1);
		return -EINVAL;
	}
	if (o->nparams >= OPT_MAX_PARAMS) {
		fmt(err, errlen, "too many options (at most %d filesystem options)", OPT_MAX_PARAMS);
		return -EINVAL;
	}
	o->params[o->nparams].key = word;
	o->params[o->nparams].value = eq ? eq + 1 : NULL;
	o->params[o->nparams].quoted = quoted;
	o->nparams++;
	return 0;
}

/* The next separating comma: one outside double quotes. A quote toggles wherever it stands, as in
 * libmount's ul_optstr_next and the kernel's opt_len (security/selinux/hooks.c); an unclosed quote
 * runs to the end. */
static char *next_comma(char *p)
{
	int in_quote = 0;
	for (; *p; p++) {
		if (*p == '"')
			in_quote = !in_quote;
		else if (*p == ',' && !in_quote)
			return p;
	}
	return NULL;
}

int options_add(struct optset *o, const char *text, char *err, size_t errlen)
{
	size_t n;
	char *p;

	if (!text || !*text)
		return 0;
	n = strlen(text);
	if (o->used + n + 1 > sizeof(o->buf)) {
		fmt(err, errlen, "option string too long (%zu bytes; at most %zu)", o->used + n,
		    sizeof(o->buf) - 1);
		return -EINVAL;
	}
	p = o->buf + o->used;
	memcpy(p, text, n + 1);
	o->used += n + 1;
	while (p) {
		char *comma = next_comma(p);
		if (comma)
			*comma = '\0';
		if (*p) {
			int r = add_word(o, p, err, errlen);
			if (r < 0)
				return r;
		}
		p = comma ? comma + 1 : NULL;
	}
	return 0;
}

static const struct {
	uint64_t attr;
	const char *name;
} attr_names[] = {
	{ EM_MOUNT_ATTR_RDONLY, "MOUNT_ATTR_RDONLY" },
	{ EM_MOUNT_ATTR_NOSUID, "MOUNT_ATTR_NOSUID" },
	{ EM_MOUNT_ATTR_NODEV, "MOUNT_ATTR_NODEV" },
	{ EM_MOUNT_ATTR_NOEXEC, "MOUNT_ATTR_NOEXEC" },
	{ EM_MOUNT_ATTR_NODIRATIME, "MOUNT_ATTR_NODIRATIME" },
	{ EM_MOUNT_ATTR_NOSYMFOLLOW, "MOUNT_ATTR_NOSYMFOLLOW" },
};

void options_attr_names(uint64_t set, uint64_t clr, char *buf, size_t cap)
{
	struct sbuf sb;
	sb_init(&sb, buf, cap);
	for (size_t i = 0; i < ARRAY_SIZE(attr_names); i++) {
		if (set & attr_names[i].attr) {
			if (sb.len)
				sb_putc(&sb, '|');
			sb_puts(&sb, attr_names[i].name);
		}
	}
	/* Atime modes are values inside the MOUNT_ATTR__ATIME mask, not bits of their own. */
	if (clr & EM_MOUNT_ATTR__ATIME) {
		uint64_t m = set & EM_MOUNT_ATTR__ATIME;
		if (sb.len)
			sb_putc(&sb, '|');
		sb_puts(&sb, m == EM_MOUNT_ATTR_NOATIME       ? "MOUNT_ATTR_NOATIME"
		             : m == EM_MOUNT_ATTR_STRICTATIME ? "MOUNT_ATTR_STRICTATIME"
		                                              : "MOUNT_ATTR_RELATIME");
	}
	if (!sb.len)
		sb_puts(&sb, "0");
}

const char *options_propagation_name(uint64_t prop)
{
	switch (prop) {
	case EM_MS_PRIVATE:
		return "private";
	case EM_MS_SHARED:
		return "shared";
	case EM_MS_SLAVE:
		return "slave";
	case EM_MS_UNBINDABLE:
		return "unbindable";
	default:
		return "";
	}
}

/* The VFS superblock flags that fsconfig() takes as parameters (fs/fs_context.c) and mount(2)
 * takes as MS_* flags: the names packed as kw_names, and for each its MS_* bit's number, plus
 * SBF_CLEAR when the word clears it. */
#define SBF_CLEAR 128
#define SBF(clear, flag) (unsigned char)((clear) * SBF_CLEAR + __builtin_ctzl(flag))
static const char sbf_names[] = "ro\0rw\0sync\0async\0dirsync\0lazytime\0nolazytime\0mand\0nomand\0silent\0";
static const unsigned char sbf_info[] = {
	SBF(0, MS_RDONLY),   SBF(1, MS_RDONLY),   SBF(0, MS_SYNCHRONOUS), SBF(1, MS_SYNCHRONOUS),
	SBF(0, MS_DIRSYNC),  SBF(0, MS_LAZYTIME), SBF(1, MS_LAZYTIME),    SBF(0, MS_MANDLOCK),
	SBF(1, MS_MANDLOCK), SBF(0, MS_SILENT),
};

int options_legacy(const struct optset *o, unsigned long *msflags, char *data, size_t cap)
{
	/* Each MOUNT_ATTR_* bit with its MS_* bit, by their numbers (the two tables: 128 B less in
	 * earlymount-init than a name table and 16-byte pairs, 83,064 -> 82,936 B). */
#define BITS(attr, ms) { __builtin_ctzll(attr), __builtin_ctzl(ms) }
	static const unsigned char attr_ms[][2] = {
		BITS(EM_MOUNT_ATTR_RDONLY, MS_RDONLY),   BITS(EM_MOUNT_ATTR_NOSUID, MS_NOSUID),
		BITS(EM_MOUNT_ATTR_NODEV, MS_NODEV),     BITS(EM_MOUNT_ATTR_NOEXEC, MS_NOEXEC),
		BITS(EM_MOUNT_ATTR_NODIRATIME, MS_NODIRATIME),
	};
	struct sbuf sb;
	unsigned long f = 0;

	for (size_t i = 0; i < ARRAY_SIZE(attr_ms); i++)
		if (o->attr_set >> attr_ms[i][0] & 1)
			f |= 1UL << attr_ms[i][1];
	if (o->attr_clr & EM_MOUNT_ATTR__ATIME) {
		uint64_t m = o->attr_set & EM_MOUNT_ATTR__ATIME;
		f |= m == EM_MOUNT_ATTR_NOATIME ? MS_NOATIME
		     : m == EM_MOUNT_ATTR_STRICTATIME ? MS_STRICTATIME : MS_RELATIME;
	}
	sb_init(&sb, data, cap);
	for (unsigned i = 0; i < o->nparams; i++) {
		const struct fsparam *p = &o->params[i];
		int j = p->value ? -1 : word_index(sbf_names, p->key, str_eq);
		if (j >= 0) {
			unsigned long bit = 1UL << (sbf_info[j] & ~SBF_CLEAR);
			if (sbf_info[j] & SBF_CLEAR)
				f &= ~bit;
			else
				f |= bit;
			continue;
		}
		if (sb.len)
			sb_putc(&sb, ',');
		sb_puts(&sb, p->key);
		if (p->value)
			sb_printf(&sb, p->quoted ? "=\"%s\"" : "=%s", p->value);
	}
	*msflags = f;
	return sb.overflow ? -E2BIG : 0;
}

void options_copy(struct optset *dst, const struct optset *src)
{
	*dst = *src;
	for (unsigned i = 0; i < src->nparams; i++) {
		dst->params[i].key = dst->buf + (src->params[i].key - src->buf);
		if (src->params[i].value)
			dst->params[i].value = dst->buf + (src->params[i].value - src->buf);
	}
}
