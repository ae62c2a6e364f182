/* SPDX-License-Identifier: MIT */
/* Mount options split for the new mount API: per-mount attributes for fsmount() and
 * mount_setattr(), propagation for after the attach, userspace-only words dropped, the rest
 * filesystem parameters for fsconfig(); and the same options as mount(2)'s flags and data for the
 * fallback. Pure: no syscalls. */
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

/* The words that are not filesystem parameters. Mount attributes are per-mount and go to
 * fsmount()/mount_setattr(); the VFS refuses them as fsconfig() parameters with EINVAL
 * (fs/fs_context.c vfs_parse_fs_param -> forbidden_sb_flag). */
static const struct keyword {
	const char *name;
	enum kind kind;
	unsigned value;     /* the MOUNT_ATTR_* attribute or atime mode, or the MS_* propagation */
	const char *refuse; /* K_REFUSE: why */
} keywords[] = {
	{ "ro", K_RO, 0, NULL },
	{ "rw", K_RW, 0, NULL },
	{ "nosuid", K_ATTR, EM_MOUNT_ATTR_NOSUID, NULL },
	{ "suid", K_NOATTR, EM_MOUNT_ATTR_NOSUID, NULL },
	{ "nodev", K_ATTR, EM_MOUNT_ATTR_NODEV, NULL },
	{ "dev", K_NOATTR, EM_MOUNT_ATTR_NODEV, NULL },
	{ "noexec", K_ATTR, EM_MOUNT_ATTR_NOEXEC, NULL },
	{ "exec", K_NOATTR, EM_MOUNT_ATTR_NOEXEC, NULL },
	{ "nosymfollow", K_ATTR, EM_MOUNT_ATTR_NOSYMFOLLOW, NULL },
	{ "symfollow", K_NOATTR, EM_MOUNT_ATTR_NOSYMFOLLOW, NULL },
	{ "nodiratime", K_ATTR, EM_MOUNT_ATTR_NODIRATIME, NULL },
	{ "diratime", K_NOATTR, EM_MOUNT_ATTR_NODIRATIME, NULL },
	{ "relatime", K_ATIME, EM_MOUNT_ATTR_RELATIME, NULL },
	{ "noatime", K_ATIME, EM_MOUNT_ATTR_NOATIME, NULL },
	{ "strictatime", K_ATIME, EM_MOUNT_ATTR_STRICTATIME, NULL },
	/* "not relatime" can only mean update every access; "not strictatime" the default */
	{ "norelatime", K_ATIME, EM_MOUNT_ATTR_STRICTATIME, NULL },
	{ "nostrictatime", K_ATIME, EM_MOUNT_ATTR_RELATIME, NULL },
	{ "atime", K_ATIME, EM_MOUNT_ATTR_RELATIME, NULL },
	{ "private", K_PROP, EM_MS_PRIVATE, NULL },
	{ "shared", K_PROP, EM_MS_SHARED, NULL },
	{ "slave", K_PROP, EM_MS_SLAVE, NULL },
	{ "unbindable", K_PROP, EM_MS_UNBINDABLE, NULL },
	{ "rprivate", K_RPROP, EM_MS_PRIVATE, NULL },
	{ "rshared", K_RPROP, EM_MS_SHARED, NULL },
	{ "rslave", K_RPROP, EM_MS_SLAVE, NULL },
	{ "runbindable", K_RPROP, EM_MS_UNBINDABLE, NULL },
	/* Userspace-only words (fstab's); passing "defaults" to a filesystem is EINVAL. */
	{ "defaults", K_IGNORE, 0, NULL },
	{ "auto", K_IGNORE, 0, NULL },
	{ "noauto", K_IGNORE, 0, NULL },
	{ "user", K_IGNORE, 0, NULL },
	{ "nouser", K_IGNORE, 0, NULL },
	{ "users", K_IGNORE, 0, NULL },
	{ "owner", K_IGNORE, 0, NULL },
	{ "group", K_IGNORE, 0, NULL },
	{ "_netdev", K_IGNORE, 0, NULL },
	{ "nofail", K_NOFAIL, 0, NULL },
	{ "bind", K_REFUSE, 0, "give 'bind' as the filesystem type (WHAT:WHERE:bind:OPTIONS)" },
	{ "rbind", K_REFUSE, 0, "give 'rbind' as the filesystem type (WHAT:WHERE:rbind:OPTIONS)" },
	{ "remount", K_REFUSE, 0, "earlymount only makes new mounts" },
	{ "move", K_REFUSE, 0, "earlymount only makes new mounts" },
	{ "rec", K_REFUSE, 0, "use rbind or r<propagation> (rprivate, rshared, ...)" },
	{ "loop", K_REFUSE, 0, "loop devices are not supported" },
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

/* The keyword word is, NULL when it is none. */
static const struct keyword *keyword(const char *word)
{
	for (size_t i = 0; i < ARRAY_SIZE(keywords); i++)
		if (str_eq(word, keywords[i].name))
			return &keywords[i];
	return NULL;
}

/* A keyword's effect on o: 0, or -EINVAL with why for a refused one. */
static int add_keyword(struct optset *o, const struct keyword *k, const char *word, char *err, size_t errlen)
{
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
	case K_RW:
		o->ro = k->kind == K_RO;
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
		fmt(err, errlen, "option '%s' is not allowed here: %s", word, k->refuse);
		return -EINVAL;
	}
}

/* A filesystem parameter, KEY or KEY=VALUE (eq: its '=', or NULL), for fsconfig(). */
static int add_param(struct optset *o, char *word, char *eq, char *err, size_t errlen)
{
	int quoted = 0;

	if (word == eq) {
		fmt(err, errlen, "option '%s' has no name before '='", word);
		return -EINVAL;
	}
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

static int add_word(struct optset *o, char *word, char *err, size_t errlen)
{
	char *eq = strchr(word, '=');
	const struct keyword *k = eq ? NULL : keyword(word);

	if (eq && str_startswith(word, "x-systemd.device-timeout=")) {
		/* Userspace-only too, but systemd-fstab-generator turns it into the device's
		 * JobRunningTimeoutSec=; spec.c uses it under --rules systemd, and for a nofail mount
		 * under either rules (bound_waits). */
		o->device_timeout = eq + 1;
		return 0;
	}
	if (((word[0] | 0x20) == 'x' && word[1] == '-') || (eq && str_startswith(word, "comment=")))
		return 0; /* userspace-only: x-* and X-* options, with or without a value, fstab comments */
	if (k)
		return add_keyword(o, k, word, err, errlen);
	return add_param(o, word, eq, err, errlen);
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
	/* Joined with the options before (systemd's joined rootflags=), as mount(2) gets them, in
	 * what the page leaves after any other text in it (an earlymount.mount= WHERE). */
	if (o->used + n + 1 > sizeof(o->buf)) {
		size_t other = o->used - (o->data ? o->data + 1 : 0);
		fmt(err, errlen, "%zu bytes of options; at most %zu fit (a page of mount data, the kernel's limit)",
		    o->data + (o->data ? 1 : 0) + n, sizeof(o->buf) - 1 - other);
		return -E2BIG;
	}
	p = o->buf + o->used;
	memcpy(p, text, n + 1);
	o->used += n + 1;
	o->data += (o->data ? 1 : 0) + n;
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

/* The mount attributes that are bits of their own, with their names and the mount(2) flag each is.
 * MS_NOSYMFOLLOW and MOUNT_ATTR_NOSYMFOLLOW both came with Linux 5.10: mount(2) is the path of a
 * kernel before 5.2 (which has neither) and of an option too long for fsconfig(). */
struct attr {
	unsigned attr;
	const char *name;
	unsigned long ms;
};
static const struct attr attrs[] = {
	{ EM_MOUNT_ATTR_RDONLY, "MOUNT_ATTR_RDONLY", MS_RDONLY },
	{ EM_MOUNT_ATTR_NOSUID, "MOUNT_ATTR_NOSUID", MS_NOSUID },
	{ EM_MOUNT_ATTR_NODEV, "MOUNT_ATTR_NODEV", MS_NODEV },
	{ EM_MOUNT_ATTR_NOEXEC, "MOUNT_ATTR_NOEXEC", MS_NOEXEC },
	{ EM_MOUNT_ATTR_NODIRATIME, "MOUNT_ATTR_NODIRATIME", MS_NODIRATIME },
	{ EM_MOUNT_ATTR_NOSYMFOLLOW, "MOUNT_ATTR_NOSYMFOLLOW", EM_MS_NOSYMFOLLOW },
};

/* The atime modes: values inside the MOUNT_ATTR__ATIME mask, not bits of their own (relatime is
 * 0), with their names and mount(2) flags. */
static const struct attr atime_modes[] = {
	{ EM_MOUNT_ATTR_NOATIME, "MOUNT_ATTR_NOATIME", MS_NOATIME },
	{ EM_MOUNT_ATTR_STRICTATIME, "MOUNT_ATTR_STRICTATIME", MS_STRICTATIME },
	{ EM_MOUNT_ATTR_RELATIME, "MOUNT_ATTR_RELATIME", MS_RELATIME },
};

/* The atime mode in set: relatime, the kernel's default, unless set holds another. */
static const struct attr *atime_mode(uint64_t set)
{
	uint64_t m = set & EM_MOUNT_ATTR__ATIME;
	for (size_t i = 0; i + 1 < ARRAY_SIZE(atime_modes); i++)
		if (m == atime_modes[i].attr)
			return &atime_modes[i];
	return &atime_modes[ARRAY_SIZE(atime_modes) - 1];
}

void options_attr_names(uint64_t set, uint64_t clr, char *buf, size_t cap)
{
	struct sbuf sb;
	sb_init(&sb, buf, cap);
	for (size_t i = 0; i < ARRAY_SIZE(attrs); i++) {
		if (set & attrs[i].attr) {
			if (sb.len)
				sb_putc(&sb, '|');
			sb_puts(&sb, attrs[i].name);
		}
	}
	/* An atime mode is named when clr has the mask: relatime, 0, shows only so. */
	if (clr & EM_MOUNT_ATTR__ATIME) {
		if (sb.len)
			sb_putc(&sb, '|');
		sb_puts(&sb, atime_mode(set)->name);
	}
	if (!sb.len)
		sb_puts(&sb, "0");
}

const char *options_propagation_name(uint64_t prop)
{
	static const struct {
		unsigned long ms;
		const char *name;
	} names[] = {
		{ EM_MS_PRIVATE, "MS_PRIVATE" },
		{ EM_MS_SHARED, "MS_SHARED" },
		{ EM_MS_SLAVE, "MS_SLAVE" },
		{ EM_MS_UNBINDABLE, "MS_UNBINDABLE" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (prop == names[i].ms)
			return names[i].name;
	return "";
}

/* The VFS superblock flags that fsconfig() takes as parameters (fs/fs_context.c) and mount(2)
 * takes as MS_* flags: each word sets its flag, or clears it. */
static const struct sb_flag {
	const char *name;
	unsigned long ms;
	int clear;
} sb_flags[] = {
	{ "ro", MS_RDONLY, 0 },
	{ "rw", MS_RDONLY, 1 },
	{ "sync", MS_SYNCHRONOUS, 0 },
	{ "async", MS_SYNCHRONOUS, 1 },
	{ "dirsync", MS_DIRSYNC, 0 },
	{ "lazytime", MS_LAZYTIME, 0 },
	{ "nolazytime", MS_LAZYTIME, 1 },
	{ "mand", MS_MANDLOCK, 0 },
	{ "nomand", MS_MANDLOCK, 1 },
	{ "silent", MS_SILENT, 0 },
};

/* The superblock flag param is, NULL when it is none (one with a value never is). */
static const struct sb_flag *sb_flag(const struct fsparam *param)
{
	if (param->value)
		return NULL;
	for (size_t i = 0; i < ARRAY_SIZE(sb_flags); i++)
		if (str_eq(param->key, sb_flags[i].name))
			return &sb_flags[i];
	return NULL;
}

int options_legacy(const struct optset *o, unsigned long *msflags, char *data, size_t cap)
{
	struct sbuf sb;
	unsigned long f = 0;

	for (size_t i = 0; i < ARRAY_SIZE(attrs); i++)
		if (o->attr_set & attrs[i].attr)
			f |= attrs[i].ms;
	if (o->attr_clr & EM_MOUNT_ATTR__ATIME)
		f |= atime_mode(o->attr_set)->ms;
	sb_init(&sb, data, cap);
	for (unsigned i = 0; i < o->nparams; i++) {
		const struct fsparam *p = &o->params[i];
		const struct sb_flag *flag = sb_flag(p);
		if (flag) {
			if (flag->clear)
				f &= ~flag->ms;
			else
				f |= flag->ms;
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

const struct fsparam *options_fsconfig_misfit(const struct optset *o)
{
	for (unsigned i = 0; i < o->nparams; i++) {
		const struct fsparam *p = &o->params[i];
		if (strlen(p->key) >= FSCONFIG_VALUE_MAX || (p->value && strlen(p->value) >= FSCONFIG_VALUE_MAX))
			return p;
	}
	return NULL;
}

int options_has_flag(const struct optset *o, const char *key)
{
	for (unsigned i = 0; i < o->nparams; i++)
		if (!o->params[i].value && str_eq(o->params[i].key, key))
			return 1;
	return 0;
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
