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

/* Packed: the names inline and the value in 32 bits (every MOUNT_ATTR_* and MS_* propagation flag
 * fits) make the table about 40% smaller than pointers to names and 64-bit values. */
struct __attribute__((packed)) keyword {
	char name[14];    /* the longest is "nostrictatime" */
	unsigned char kind;
	uint32_t value;   /* K_REFUSE: the index of its reason in refuse_why */
};

static const char *const refuse_why[] = {
	"give 'bind' as the filesystem type (WHAT:WHERE:bind:OPTIONS)",
	"give 'rbind' as the filesystem type (WHAT:WHERE:rbind:OPTIONS)",
	"earlymount only makes new mounts",
	"use rbind or r<propagation> (rprivate, rshared, ...)",
	"loop devices are not supported",
};

/* Mount attributes are per-mount and go to fsmount()/mount_setattr(); the VFS refuses them as
 * fsconfig() parameters with EINVAL (fs/fs_context.c vfs_parse_fs_param -> forbidden_sb_flag). */
static const struct keyword keywords[] = {
	{ "ro", K_RO, 0 },
	{ "rw", K_RW, 0 },
	{ "nosuid", K_ATTR, EM_MOUNT_ATTR_NOSUID },
	{ "suid", K_NOATTR, EM_MOUNT_ATTR_NOSUID },
	{ "nodev", K_ATTR, EM_MOUNT_ATTR_NODEV },
	{ "dev", K_NOATTR, EM_MOUNT_ATTR_NODEV },
	{ "noexec", K_ATTR, EM_MOUNT_ATTR_NOEXEC },
	{ "exec", K_NOATTR, EM_MOUNT_ATTR_NOEXEC },
	{ "nosymfollow", K_ATTR, EM_MOUNT_ATTR_NOSYMFOLLOW },
	{ "symfollow", K_NOATTR, EM_MOUNT_ATTR_NOSYMFOLLOW },
	{ "nodiratime", K_ATTR, EM_MOUNT_ATTR_NODIRATIME },
	{ "diratime", K_NOATTR, EM_MOUNT_ATTR_NODIRATIME },
	{ "relatime", K_ATIME, EM_MOUNT_ATTR_RELATIME },
	{ "noatime", K_ATIME, EM_MOUNT_ATTR_NOATIME },
	{ "strictatime", K_ATIME, EM_MOUNT_ATTR_STRICTATIME },
	/* "not relatime" can only mean update every access; "not strictatime" the default. */
	{ "norelatime", K_ATIME, EM_MOUNT_ATTR_STRICTATIME },
	{ "nostrictatime", K_ATIME, EM_MOUNT_ATTR_RELATIME },
	{ "atime", K_ATIME, EM_MOUNT_ATTR_RELATIME },
	{ "private", K_PROP, EM_MS_PRIVATE },
	{ "shared", K_PROP, EM_MS_SHARED },
	{ "slave", K_PROP, EM_MS_SLAVE },
	{ "unbindable", K_PROP, EM_MS_UNBINDABLE },
	{ "rprivate", K_RPROP, EM_MS_PRIVATE },
	{ "rshared", K_RPROP, EM_MS_SHARED },
	{ "rslave", K_RPROP, EM_MS_SLAVE },
	{ "runbindable", K_RPROP, EM_MS_UNBINDABLE },
	/* Userspace-only words (fstab's); passing "defaults" to a filesystem is EINVAL. */
	{ "defaults", K_IGNORE, 0 },
	{ "auto", K_IGNORE, 0 },
	{ "noauto", K_IGNORE, 0 },
	{ "user", K_IGNORE, 0 },
	{ "nouser", K_IGNORE, 0 },
	{ "users", K_IGNORE, 0 },
	{ "owner", K_IGNORE, 0 },
	{ "group", K_IGNORE, 0 },
	{ "_netdev", K_IGNORE, 0 },
	{ "nofail", K_NOFAIL, 0 },
	{ "bind", K_REFUSE, 0 },
	{ "rbind", K_REFUSE, 1 },
	{ "remount", K_REFUSE, 2 },
	{ "move", K_REFUSE, 2 },
	{ "rec", K_REFUSE, 3 },
	{ "loop", K_REFUSE, 4 },
};

void options_init(struct optset *o)
{
	memset(o, 0, sizeof(*o));
	o->ro = -1;
}

static const struct keyword *lookup(const char *word)
{
	for (size_t i = 0; i < ARRAY_SIZE(keywords); i++)
		if (str_eq(keywords[i].name, word))
			return &keywords[i];
	return NULL;
}

static int add_word(struct optset *o, char *word, char *err, size_t errlen)
{
	char *eq = strchr(word, '=');
	const struct keyword *k = eq ? NULL : lookup(word);

	if (eq && str_startswith(word, "x-systemd.device-timeout=")) {
		/* Userspace-only too, but systemd-fstab-generator turns it into the device's
		 * JobRunningTimeoutSec=; spec.c uses it under --rules systemd. */
		o->device_timeout = eq + 1;
		return 0;
	}
	if (eq && (str_startswith(word, "comment=") || str_startswith(word, "x-") ||
	           str_startswith(word, "X-")))
		return 0; /* userspace-only: fstab comments and x-* options */
	if (!eq && (str_startswith(word, "x-") || str_startswith(word, "X-")))
		return 0;
	if (k) {
		switch (k->kind) {
		case K_ATTR:
			o->attr_set |= k->value;
			o->attr_clr &= ~k->value;
			return 0;
		case K_NOATTR:
			o->attr_set &= ~k->value;
			o->attr_clr |= k->value;
			return 0;
		case K_ATIME:
			o->attr_set = (o->attr_set & ~EM_MOUNT_ATTR__ATIME) | k->value;
			o->attr_clr |= EM_MOUNT_ATTR__ATIME;
			return 0;
		case K_RO:
			o->ro = 1;
			return 0;
		case K_RW:
			o->ro = 0;
			return 0;
		case K_RPROP:
			o->recursive = 1;
			/* fall through */
		case K_PROP:
			o->propagation = k->value;
			return 0;
		case K_IGNORE:
			return 0;
		case K_NOFAIL:
			o->nofail = 1;
			return 0;
		default:
			fmt(err, errlen, "option '%s' is not allowed here: %s", word, refuse_why[k->value]);
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
 * takes as MS_* flags. */
static const struct __attribute__((packed)) { /* packed like keywords[] */
	char name[11];
	unsigned char clear;
	uint32_t flag;
} sb_flags[] = {
	{ "ro", 0, MS_RDONLY },       { "rw", 1, MS_RDONLY },
	{ "sync", 0, MS_SYNCHRONOUS }, { "async", 1, MS_SYNCHRONOUS },
	{ "dirsync", 0, MS_DIRSYNC },  { "lazytime", 0, MS_LAZYTIME },
	{ "nolazytime", 1, MS_LAZYTIME }, { "mand", 0, MS_MANDLOCK },
	{ "nomand", 1, MS_MANDLOCK },  { "silent", 0, MS_SILENT },
};

int options_legacy(const struct optset *o, unsigned long *msflags, char *data, size_t cap)
{
	static const struct {
		uint64_t attr;
		unsigned long ms;
	} attr_ms[] = {
		{ EM_MOUNT_ATTR_RDONLY, MS_RDONLY },   { EM_MOUNT_ATTR_NOSUID, MS_NOSUID },
		{ EM_MOUNT_ATTR_NODEV, MS_NODEV },     { EM_MOUNT_ATTR_NOEXEC, MS_NOEXEC },
		{ EM_MOUNT_ATTR_NODIRATIME, MS_NODIRATIME },
	};
	struct sbuf sb;
	unsigned long f = 0;

	for (size_t i = 0; i < ARRAY_SIZE(attr_ms); i++)
		if (o->attr_set & attr_ms[i].attr)
			f |= attr_ms[i].ms;
	if (o->attr_clr & EM_MOUNT_ATTR__ATIME) {
		uint64_t m = o->attr_set & EM_MOUNT_ATTR__ATIME;
		f |= m == EM_MOUNT_ATTR_NOATIME ? MS_NOATIME
		     : m == EM_MOUNT_ATTR_STRICTATIME ? MS_STRICTATIME : MS_RELATIME;
	}
	sb_init(&sb, data, cap);
	for (unsigned i = 0; i < o->nparams; i++) {
		const struct fsparam *p = &o->params[i];
		size_t j;
		for (j = 0; !p->value && j < ARRAY_SIZE(sb_flags); j++)
			if (str_eq(p->key, sb_flags[j].name))
				break;
		if (!p->value && j < ARRAY_SIZE(sb_flags)) {
			if (sb_flags[j].clear)
				f &= ~sb_flags[j].flag;
			else
				f |= sb_flags[j].flag;
			continue;
		}
		if (sb.len)
			sb_putc(&sb, ',');
		sb_puts(&sb, p->key);
		if (p->value) {
			sb_putc(&sb, '=');
			if (p->quoted)
				sb_putc(&sb, '"');
			sb_puts(&sb, p->value);
			if (p->quoted)
				sb_putc(&sb, '"');
		}
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
