/* SPDX-License-Identifier: MIT */
/* The mount plan from the command line: which occurrence of each parameter counts, each read as the
 * kernel (or systemd-fstab-generator, or dracut) reads it and checked, and a warning for each form
 * they accept but a person should hear about. Pure: no syscalls. */
#include "spec.h"
#include "devspec.h"
#include "fstab.h"
#include "layerspec.h"
#include "util.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <string.h>

/* Checks a comma list of filesystem types and drops its empty names in place ("ext4,", ",ext4",
 * "ext4,,xfs"), as the kernel skips them (init/do_mounts.c split_fs_names leaves them empty and
 * mount_root_generic, mount_block_root before 6.5, and mount_nodev_root pass over them, since
 * Linux 5.15). *dropped: whether there were any. A list of nothing but commas names no type, and
 * the kernel then tries none: refused. */
static int check_fstypes(char *list, int *dropped, char *err, size_t errlen)
{
	char *out = list;

	*dropped = 0;
	if (!*list) {
		fmt(err, errlen, "empty filesystem type");
		return -EINVAL;
	}
	for (const char *s = list; *s; s++) {
		char c = *s;
		/* a letter of either case, a digit, or one of "._-," (c is not the NUL strchr finds) */
		if (!(((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c >= '0' && c <= '9') ||
		      strchr("._-,", c))) {
			fmt(err, errlen, "'%s' is not a filesystem type (character '%c')", list, c);
			return -EINVAL;
		}
		if (c == ',' && (out == list || out[-1] == ',')) {
			*dropped = 1;
			continue;
		}
		*out++ = c;
	}
	if (out > list && out[-1] == ',') {
		*dropped = 1;
		out--;
	}
	*out = '\0';
	if (out == list) {
		fmt(err, errlen, "no filesystem type in the list, only commas");
		return -EINVAL;
	}
	return 0;
}

static int check_target(const char *t, const char *noun, char *err, size_t errlen)
{
	if (t[0] != '/') {
		fmt(err, errlen, "the %s '%s' is not an absolute path", noun, t);
		return -EINVAL;
	}
	if (path_has_dotdot(t)) {
		fmt(err, errlen, "the %s '%s' contains '..'", noun, t);
		return -EINVAL;
	}
	for (const char *s = t; *s; s++)
		if (*s != '/')
			return 0;
	fmt(err, errlen, "the %s is the root itself; use root= for that", noun);
	return -EINVAL;
}

/* earlymount.debug='s words: nothing, 1, yes, true, on: *out 1; 0, no, false, off: *out 0. */
static int parse_bool(const char *v, int *out)
{
	static const struct {
		const char *word;
		int value;
	} words[] = {
		{ "1", 1 }, { "0", 0 }, { "yes", 1 }, { "no", 0 }, { "true", 1 }, { "false", 0 }, { "on", 1 }, { "off", 0 },
	};
	if (!v) {
		*out = 1;
		return 0;
	}
	for (size_t i = 0; i < ARRAY_SIZE(words); i++) {
		if (str_eq(v, words[i].word)) {
			*out = words[i].value;
			return 0;
		}
	}
	return -EINVAL;
}

/* ---- warnings ---------------------------------------------------------------------------- */

static void warn(struct plan *p, const char *f, ...) __attribute__((format(printf, 2, 3)));
static void warn(struct plan *p, const char *f, ...)
{
	char line[320];
	struct sbuf sb, w;
	size_t used = strlen(p->warnings);
	va_list ap;

	sb_init(&sb, line, sizeof(line));
	va_start(ap, f);
	sb_vprintf(&sb, f, ap);
	va_end(ap);
	/* A value may hold any byte, a newline inside quotes too: one warning stays one line, and
	 * nothing in it can steer a terminal (control bytes become \xNN). Written after the lines
	 * before; when it does not fit with its '\n', it is taken back whole. */
	sb_init(&w, p->warnings + used, sizeof(p->warnings) - used);
	for (size_t i = 0; i < sb.len; i++) {
		unsigned char ch = (unsigned char)line[i];
		if (ch < 0x20 || ch == 0x7f)
			sb_printf(&w, "\\x%02x", ch);
		else
			sb_putc(&w, (char)ch);
	}
	sb_putc(&w, '\n');
	if (w.overflow) {
		p->warnings[used] = '\0';
		p->warnings_cut = 1; /* plan_print says so; the caller logs that some were dropped */
		return;
	}
	p->nwarnings++;
}

int spec_warning(const struct plan *p, unsigned i, const char **s, size_t *len)
{
	const char *w = p->warnings;
	for (; *w; i--) {
		const char *nl = strchr(w, '\n');
		if (!nl)
			break;
		if (i == 0) {
			*s = w;
			*len = (size_t)(nl - w);
			return 0;
		}
		w = nl + 1;
	}
	return -ENOENT;
}

/* ---- numbers as the kernel and systemd read them ------------------------------------------ */

/* kstrtoint(s, 0, &v) (lib/kstrtox.c): an optional sign, kernel_strtoul's base rules, digits, and at
 * most a trailing newline; anything else is -EINVAL. Negative values are reported as -ERANGE. */
static int kernel_kstrtoint0(const char *s, long *out)
{
	const char *end;
	size_t n;
	int neg = 0;
	unsigned long v;

	if (*s == '-')
		neg = 1, s++;
	else if (*s == '+')
		s++;
	v = kernel_strtoul(s, 0, &end, &n);
	if (!n || (*end && !(end[0] == '\n' && !end[1])) || v > (unsigned long)INT_MAX)
		return -EINVAL;
	*out = neg ? -(long)v : (long)v;
	return neg && v ? -ERANGE : 0;
}

/* systemd's parse_sec for x-systemd.device-timeout= (a number is seconds; units us, ms, s, min,
 * h, d, w, also combined as "1min30s"; "infinity"; with parse_sec_fix_0, 0 means no limit).
 * Seconds, rounded up; -1 for no limit; -EINVAL when it is not a time span. */
static long systemd_parse_sec(const char *s)
{
	static const struct {
		const char *unit;
		unsigned long ms;
	} units[] = {
		{ "usec", 0 }, { "us", 0 }, { "msec", 1 }, { "ms", 1 }, { "seconds", 1000 }, { "second", 1000 },
		{ "sec", 1000 }, { "s", 1000 }, { "minutes", 60000 }, { "minute", 60000 }, { "min", 60000 },
		{ "m", 60000 }, { "hours", 3600000 }, { "hour", 3600000 }, { "hr", 3600000 }, { "h", 3600000 },
		{ "days", 86400000 }, { "day", 86400000 }, { "d", 86400000 }, { "weeks", 604800000 },
		{ "week", 604800000 }, { "w", 604800000 },
	};
	unsigned long total_ms = 0, us = 0;
	int any = 0;

	if (str_eq(s, "infinity"))
		return -1;
	while (*s) {
		unsigned long v = 0;
		size_t i, n = 0;
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		for (; *s >= '0' && *s <= '9'; s++, n++)
			v = v > 100000000ul ? v : v * 10 + (unsigned long)(*s - '0');
		if (!n)
			return -EINVAL;
		while (*s == ' ')
			s++;
		for (i = 0; i < ARRAY_SIZE(units); i++)
			if (str_startswith(s, units[i].unit))
				break;
		if (i == ARRAY_SIZE(units)) {
			if (*s && !(*s >= '0' && *s <= '9'))
				return -EINVAL;
			total_ms += v * 1000; /* no unit: seconds */
		} else {
			s += strlen(units[i].unit);
			if (units[i].ms)
				total_ms += v * units[i].ms;
			else
				us += v;
		}
		any = 1;
	}
	if (!any)
		return -EINVAL;
	total_ms += (us + 999) / 1000;
	if (total_ms == 0)
		return -1;
	return (long)((total_ms + 999) / 1000);
}

/* ---- the parameters -------------------------------------------------------------------------- */

/* Each parameter's group. Of the single-valued ones (G_ROOT to G_TMPFSFLAGS; under systemd's
 * rules not rootflags= and mount.usrflags=, see spec_build) only the last occurrence is looked at;
 * the others (G_MOUNT to G_UNKNOWN) count every time. */
enum group {
	G_NONE, /* not ours: someone else's parameter, or a value the kernel's rules do not take */
	/* the kernel's (kernel_params) */
	G_ROOT, G_USR, G_ROOTFSTYPE, G_USRFSTYPE, G_ROOTFLAGS, G_USRFLAGS, G_ROOTDELAY, G_INIT, G_JOURNALDEV,
	G_ROOTWAIT, G_RORW, G_MD, G_RAID, G_RESUME, G_RESUME_OFFSET,
	/* earlymount's own, after "earlymount." (own_params) */
	G_TIMEOUT, G_DEBUG, G_ONFAIL, G_JOBS,
	G_VOLATILE, G_OVERLAY, G_ROOTIMAGE, G_OVERLAYFLAGS, G_TMPFSFLAGS, /* the layer parameters */
	G_MOUNT, G_MODULES, /* earlymount.mount= and earlymount.modules=: they add up */
	G_NORESUME, G_HIBERNATE, /* each one counts, in turn (hibernate_setup) */
	G_BARE,    /* root, rootfstype, ... without '=': ignored with a warning */
	G_UNKNOWN, /* earlymount.NAME that is none of ours: refused */
	G_COUNT,
	G_SKIP = G_COUNT /* in spec_build: an occurrence that a later one overrides */
};

/* The kernel's parameters that earlymount reads (and dracut's root.journaldev), each with the group
 * of NAME=VALUE and that of a bare NAME. */
static const struct kernel_param {
	const char *name;
	enum group valued, bare;
} kernel_params[] = {
	/* The kernel's __setup("root=", ...) matches only with the '=': a bare "root" is not root=
	 * (obsolete_checksetup), nor for systemd (proc_cmdline_value_missing) or dracut (getarg
	 * root=). It does not hide an earlier root=; it is said in a warning. */
	{ "root", G_ROOT, G_BARE },
	{ "mount.usr", G_USR, G_BARE },
	{ "rootfstype", G_ROOTFSTYPE, G_BARE },
	{ "mount.usrfstype", G_USRFSTYPE, G_BARE },
	{ "rootflags", G_ROOTFLAGS, G_BARE },
	{ "mount.usrflags", G_USRFLAGS, G_BARE },
	{ "rootdelay", G_ROOTDELAY, G_BARE },
	{ "init", G_INIT, G_BARE },
	/* dracut's getarg only: a bare one is not said in a warning */
	{ "root.journaldev", G_JOURNALDEV, G_NONE },
	/* rootwait and rootwait=N (6.4+) set the same root_wait. */
	{ "rootwait", G_ROOTWAIT, G_ROOTWAIT },
	/* __setup("ro", readonly) and __setup("rw", readwrite) (init/do_mounts.c) refuse a value:
	 * "ro=1" is not ro. They set and clear one flag, so together they are one parameter. */
	{ "ro", G_NONE, G_RORW },
	{ "rw", G_NONE, G_RORW },
	/* The kernel's md assembly (init/do_mounts_md.c; drivers/md/md-autodetect.c since Linux 5.9,
	 * built only with md built in): a warning for the last of each. */
	{ "md", G_MD, G_NONE },
	{ "raid", G_RAID, G_NONE },
	/* Hibernation (kernel/power/hibernate.c): __setup("resume=", resume_setup), "resume_offset=",
	 * "hibernate=" with their '='; "noresume" and "nohibernate" without. resume.c acts on them. */
	{ "resume", G_RESUME, G_BARE },
	{ "resume_offset", G_RESUME_OFFSET, G_BARE },
	{ "noresume", G_NORESUME, G_NORESUME },
	{ "nohibernate", G_NORESUME, G_NORESUME },
	{ "hibernate", G_HIBERNATE, G_NONE },
};

/* earlymount's own parameters, after "earlymount.". Each has its group with or without a value (a
 * bare earlymount.debug is on; a bare earlymount.volatile is "yes", as a bare systemd.volatile is;
 * the others say "empty value"). */
static const struct own_param {
	const char *name;
	enum group group;
} own_params[] = {
	{ "timeout", G_TIMEOUT },
	{ "debug", G_DEBUG },
	{ "onfail", G_ONFAIL },
	{ "jobs", G_JOBS },
	{ "volatile", G_VOLATILE },
	{ "overlay", G_OVERLAY },
	{ "rootimage", G_ROOTIMAGE },
	{ "overlayflags", G_OVERLAYFLAGS },
	{ "tmpfsflags", G_TMPFSFLAGS },
	{ "mount", G_MOUNT },
	{ "modules", G_MODULES },
};

static enum group group_of(const struct cmdline_arg *a)
{
	const char *n = a->name;

	if (str_startswith(n, "earlymount.")) {
		for (size_t i = 0; i < ARRAY_SIZE(own_params); i++)
			if (param_eq(n + 11, own_params[i].name))
				return own_params[i].group;
		return G_UNKNOWN;
	}
	for (size_t i = 0; i < ARRAY_SIZE(kernel_params); i++)
		if (param_eq(n, kernel_params[i].name))
			return a->value ? kernel_params[i].valued : kernel_params[i].bare;
	return G_NONE;
}

/* What a group's value must be: not empty (an empty init= is the kernel's panic "Requested init 
 * failed"), or there but possibly empty: the layers' options, and rootdelay= and root.journaldev=,
 * which group_of gives their group only with a value (named here so that the check says what the
 * handlers rely on). The others take anything, or nothing. */
enum value_need { VALUE_ANY, VALUE_NOT_BARE, VALUE_NONEMPTY };
static const enum value_need value_need[G_COUNT] = {
	[G_ROOT] = VALUE_NONEMPTY,
	[G_USR] = VALUE_NONEMPTY,
	[G_ROOTFSTYPE] = VALUE_NONEMPTY,
	[G_USRFSTYPE] = VALUE_NONEMPTY,
	[G_INIT] = VALUE_NONEMPTY,
	[G_TIMEOUT] = VALUE_NONEMPTY,
	[G_ONFAIL] = VALUE_NONEMPTY,
	[G_JOBS] = VALUE_NONEMPTY,
	[G_OVERLAY] = VALUE_NONEMPTY,
	[G_ROOTIMAGE] = VALUE_NONEMPTY,
	[G_MOUNT] = VALUE_NONEMPTY,
	[G_MODULES] = VALUE_NONEMPTY,
	[G_OVERLAYFLAGS] = VALUE_NOT_BARE,
	[G_TMPFSFLAGS] = VALUE_NOT_BARE,
	[G_ROOTDELAY] = VALUE_NOT_BARE,
	[G_JOURNALDEV] = VALUE_NOT_BARE,
};

struct ctx {
	struct plan *p;
	enum spec_rules rules;
	char *err;
	size_t errlen;
	int ro;        /* the kernel's ro/rw: read-only unless rw */
	int ro_given;  /* -1: neither ro nor rw on the line */
	int usr_from_root; /* /usr is the root's device again: mount.usrfstype= or mount.usrflags= alone */
};

/* A check's message, the why after "NAME=VALUE: " (and so the longest WHERE of earlymount.mount=,
 * which "the mount point '...' ..." quotes). */
#define SUB_MAX 192

/* Writes the message into c->err: -EINVAL, for "return fail(c, ...)". */
static int fail(struct ctx *c, const char *f, ...) __attribute__((format(printf, 2, 3)));
static int fail(struct ctx *c, const char *f, ...)
{
	struct sbuf sb;
	va_list ap;

	sb_init(&sb, c->err, c->errlen);
	va_start(ap, f);
	sb_vprintf(&sb, f, ap);
	va_end(ap);
	return -EINVAL;
}

/* earlymount.mount=WHAT:WHERE[:FSTYPE[:OPTIONS]]. WHAT may contain ':' and even ":/" (8:17,
 * server:/export, [fe80::1]:/export) and OPTIONS may too (lowerdir=/a:/b), while WHERE has no ':'
 * and FSTYPE has neither ':' nor '/'. So WHERE starts at the first ":/" (not at the very start)
 * after whose WHERE comes the end, or ':' and an FSTYPE without '/'. "server:/export:/mnt:nfs"
 * is WHAT=server:/export (an FSTYPE "/mnt" is impossible); "tmpfs:/x:tmpfs:size=1M" is WHAT=tmpfs.
 * Of two readings that both fit ("a:/b:c:/d:e"), the one with the shorter WHAT wins. */
static const char *find_where(const char *val)
{
	for (const char *s = strstr(val, ":/"); s; s = strstr(s + 1, ":/")) {
		const char *colon = strchr(s + 1, ':');
		size_t fl;
		if (s == val)
			continue;
		if (!colon)
			return s;
		fl = strcspn(colon + 1, ":");
		if (!memchr(colon + 1, '/', fl))
			return s;
	}
	return NULL;
}

/* Splits earlymount.mount='s val into the entry: WHAT into what (cap bytes), FSTYPE into
 * m->fstypes, WHERE into the entry's option buffer (m->target), OPTIONS in *opts (NULL when none). */
static int split_extra(struct ctx *c, const char *val, struct mount_entry *m, char *what, size_t cap,
                       const char **opts)
{
	const char *where = find_where(val), *colon;
	size_t n, wn;

	what[0] = '\0';
	*opts = NULL;
	if (!where)
		return fail(c, "earlymount.mount=%s: expected WHAT:WHERE[:FSTYPE[:OPTIONS]] "
		    "with WHERE an absolute path", val);
	wn = (size_t)(where - val);
	if (wn >= cap)
		return fail(c, "earlymount.mount=%s: WHAT is longer than %zu bytes", val, cap - 1);
	memcpy(what, val, wn);
	what[wn] = '\0';
	where++;
	colon = strchr(where, ':');
	if (colon) {
		const char *c2 = strchr(colon + 1, ':');
		size_t fl = c2 ? (size_t)(c2 - colon - 1) : strlen(colon + 1);
		if (fl >= sizeof(m->fstypes))
			return fail(c, "earlymount.mount=%s: FSTYPE too long", val);
		memcpy(m->fstypes, colon + 1, fl);
		*opts = c2 ? c2 + 1 : NULL;
	}
	/* WHERE lives in the (const) command line text, not cut at the colon: copy it into the
	 * entry, in front of the options text in the entry's own buffer (cleared: it ends there). */
	n = colon ? (size_t)(colon - where) : strlen(where);
	if (n >= SUB_MAX)
		return fail(c, "earlymount.mount=%s: WHERE is longer than %d bytes", val, SUB_MAX - 1);
	memcpy(m->opts.buf, where, n);
	m->opts.used = n + 1;
	m->target = m->opts.buf;
	m->src.text = m->src.value;
	memcpy(m->src.value, what, wn + 1); /* devspec_parse's own for a device */
	return 0;
}

/* "earlymount.mount=VALUE: why", the why from a check that wrote it into sub. */
/* An option string refused by options_add (r): a page of them is not quoted whole, its first 40
 * bytes say which it is. */
static int fail_opts(struct ctx *c, const char *name, const char *val, int r, const char *sub)
{
	if (r == -E2BIG && strlen(val) > 40)
		return fail(c, "%s=%.*s...: %s", name, 40, val, sub);
	return fail(c, "%s=%s: %s", name, val, sub);
}

static int extra_fail(struct ctx *c, const char *val, const char *sub)
{
	return fail(c, "earlymount.mount=%s: %s", val, sub);
}

/* The source of an earlymount.mount= entry: a bind's source inside the new root, a device, or a
 * literal source (tmpfs, a share), which needs a filesystem type. */
static int extra_source(struct ctx *c, const char *val, struct mount_entry *m, const char *what)
{
	char sub[DEVSPEC_ERR_MAX];
	char *fstype = m->fstypes;
	int dropped = 0;

	if (str_eq(fstype + (fstype[0] == 'r'), "bind")) { /* bind or rbind */
		m->bind = 1;
		m->opts.recursive = fstype[0] == 'r';
		m->src.kind = DEV_BIND;
		fstype[0] = '\0';
		/* binding the whole new root somewhere inside itself is allowed */
		if (!(what[0] == '/' && what[strspn(what, "/")] == '\0') &&
		    check_target(what, "bind source", sub, sizeof(sub)) < 0)
			return extra_fail(c, val, sub);
		return 0;
	}
	if (devspec_is_device_form(what)) {
		if (devspec_parse(what, &m->src, sub, sizeof(sub)) < 0)
			return extra_fail(c, val, sub);
		m->src.text = m->src.value;
	} else if (!fstype[0]) {
		return fail(c, "earlymount.mount=%s: '%s' is not a device, so a "
		    "filesystem type is needed (WHAT:WHERE:FSTYPE)", val, what);
	}
	if (fstype[0] && check_fstypes(fstype, &dropped, sub, sizeof(sub)) < 0)
		return extra_fail(c, val, sub);
	if (dropped)
		warn(c->p, "earlymount.mount=%s: empty names in the type list are skipped, as the kernel "
		     "skips them in rootfstype=", val);
	return 0;
}

static int parse_extra(struct ctx *c, const char *val, struct mount_entry *m)
{
	char what[SPEC_VALUE_MAX], sub[SUB_MAX];
	const char *opts;

	/* The entry is the next free one, as spec_build cleared it (an error ends the reading, so no
	 * entry is filled twice), filled as the parts are read. options_init on the cleared entry is
	 * ro = -1. */
	m->opts.ro = -1;
	m->role = ROLE_EXTRA;
	m->param = "earlymount.mount";
	if (split_extra(c, val, m, what, sizeof(what), &opts) < 0)
		return -EINVAL;
	if (check_target(m->target, "mount point", sub, sizeof(sub)) < 0)
		return extra_fail(c, val, sub);
	if (extra_source(c, val, m, what) < 0)
		return -EINVAL;
	int r = options_add(&m->opts, opts, sub, sizeof(sub));
	if (r < 0)
		return fail_opts(c, "earlymount.mount", val, r, sub);
	return 0;
}

/* "NAME=VALUE: why", the why from a check that wrote it into sub. */
static int fail_arg(struct ctx *c, const struct cmdline_arg *a, const char *sub)
{
	return fail(c, "%s=%s: %s", a->name, a->value, sub);
}

static int parse_seconds(struct ctx *c, const struct cmdline_arg *a, unsigned long *out)
{
	if (parse_ulong(a->value, out) < 0 || *out > 86400)
		return fail(c, "%s=%s: not a number of seconds (0 to 86400)", a->name, a->value);
	return 0;
}

/* What a device spec's parameter is taken with, said as a warning: a udev link, the start of a
 * PARTUUID, MAJ:MIN:OFFSET. */
static void device_warnings(struct plan *p, const struct cmdline_arg *a, const struct devspec *d)
{
	if (d->kind == DEV_PATH && str_startswith(d->value, "/dev/disk/"))
		warn(p, "%s=%s: a link that udev makes; it exists where udev has run (dracut), "
		     "not when earlymount runs as /init", a->name, a->value);
	if (d->prefix)
		warn(p, "%s=%s: the start of a PARTUUID: the first partition whose PARTUUID begins so, as the "
		     "kernel compares the given length only (match_dev_by_uuid)%s", a->name, a->value,
		     strlen(d->value) == 10 && d->value[8] == '-'
		             ? "; an MBR partition's number has two hex digits (partition 5 is -05)" : "");
	if (d->kind == DEV_DEVNUM && d->devnum_offset)
		warn(p, "%s=%s: the kernel reads MAJ:MIN:OFFSET and ignores OFFSET; the device is %u:%u",
		     a->name, a->value, d->major, d->minor);
}

/* root= (usr 0) or mount.usr= (usr 1). */
static int device_param(struct ctx *c, const struct cmdline_arg *a, int usr)
{
	struct mount_entry *m = usr ? &c->p->usr : &c->p->root;
	char sub[DEVSPEC_ERR_MAX];
	int r;
	if (usr) {
		c->p->have_usr = 1;
		m->role = ROLE_USR;
		m->param = "mount.usr";
		m->target = "/usr";
	} else {
		c->p->have_root = 1; /* m->role is ROLE_ROOT, 0, as spec_build cleared it */
		m->param = "root";
		m->target = "/";
	}
	if (!usr && c->p->share_root) {
		/* A share's tag is the source as it is; the kernel drops a "/dev/" before it
		 * (init/do_mounts.c prepare_namespace, then mount_nodev_root). */
		const char *tag = str_startswith(a->value, "/dev/") ? a->value + 5 : a->value;
		/* m->src is as spec_build cleared it (DEV_NONE): root= is read once, the last one. */
		m->src.text = a->value;
		if (strlen(tag) >= sizeof(m->src.value))
			return fail(c, "%s=%s: a share tag longer than %zu bytes", a->name, a->value,
			    sizeof(m->src.value) - 1);
		em_strlcpy(m->src.value, tag, sizeof(m->src.value));
		return 0;
	}
	r = devspec_parse(a->value, &m->src, sub, sizeof(sub));
	if (r == -EOPNOTSUPP) {
		(void)fail(c, "%s=%s is %s", a->name, a->value, sub);
		return -EOPNOTSUPP; /* spec_build passes it on: the dracut hook leaves the root to dracut */
	}
	if (r < 0)
		return fail_arg(c, a, sub);
#ifndef EM_BOOT_BUILD /* the /init build has the kernel's rules only */
	/* systemd-fstab-generator waits for /dev/disk/by-partuuid/VALUE, a whole one's link */
	if (m->src.prefix && c->rules == SPEC_RULES_SYSTEMD)
		return fail(c, "%s=%s: not a whole PARTUUID: systemd waits for the udev link "
		            "/dev/disk/by-partuuid/%s, and udev names links after whole ones", a->name,
		            a->value, m->src.value);
#endif
	device_warnings(c->p, a, &m->src);
	return 0;
}

/* resume= (resume_setup): the last one names the device, an empty one none (resume_file ""). A
 * value that names no device is one the kernel cannot find either (software_resume: the lookup
 * fails and the boot goes on), so it is a warning, never a refusal. */
static void resume_param(struct ctx *c, const struct cmdline_arg *a)
{
	struct plan *p = c->p;
	char sub[DEVSPEC_ERR_MAX];

	p->have_resume = 0;
	if (!*a->value)
		return;
	if (devspec_parse(a->value, &p->resume, sub, sizeof(sub)) < 0) {
		warn(p, "resume=%s: %s; not resuming from it, as the kernel would not", a->value, sub);
		return;
	}
	p->have_resume = 1;
	p->resume.swap = 1;
	device_warnings(p, a, &p->resume);
}

/* resume_offset= (resume_offset_setup, sscanf "%llu"): the page of a swap file's header in its
 * device; the leading digits count. The kernel reads it itself; earlymount probes there. */
static void resume_offset_param(struct ctx *c, const struct cmdline_arg *a)
{
	const char *end;
	size_t ndigits;
	unsigned long v = kernel_strtoul(a->value, 10, &end, &ndigits);

	if (!ndigits) {
		warn(c->p, "resume_offset=%s: not a number of pages; ignored, as the kernel ignores it", a->value);
		return;
	}
	c->p->resume_offset = v;
}

/* hibernate= (hibernate_setup), each in turn: "noresume...", and "no..." but "nocompress...", turn
 * resume off; the other values are the kernel's alone. */
static void hibernate_param(struct ctx *c, const struct cmdline_arg *a)
{
	if (str_startswith(a->value, "no") && !str_startswith(a->value, "nocompress"))
		c->p->noresume = 1;
}

static int fstype_param(struct ctx *c, const struct cmdline_arg *a, struct mount_entry *m)
{
	char sub[SUB_MAX];
	int dropped;
	/* "auto" is mount(8)'s and dracut's word for "probe it" (dracut's parse-root-opts.sh
	 * defaults rootfstype to auto). */
	if (str_eq(a->value, "auto")) {
		m->fstypes[0] = '\0';
		return 0;
	}
	if (strlen(a->value) >= sizeof(m->fstypes)) {
		fmt(sub, sizeof(sub), "list longer than %zu bytes", sizeof(m->fstypes) - 1);
		return fail_arg(c, a, sub);
	}
	em_strlcpy(m->fstypes, a->value, sizeof(m->fstypes));
	if (check_fstypes(m->fstypes, &dropped, sub, sizeof(sub)) < 0)
		return fail_arg(c, a, sub);
	if (dropped)
		warn(c->p, "%s=%s: empty names in the list are skipped, as the kernel skips them "
		     "(split_fs_names); trying %s", a->name, a->value, m->fstypes);
	return 0;
}

/* rootwait and rootwait=N as Linux 6.4+ reads them (init/do_mounts.c rootwait_setup and
 * rootwait_timeout_setup): bare means forever; N is kstrtoint(N, 0) seconds; an invalid or
 * negative N, or one whose milliseconds overflow an int, is "ignoring invalid rootwait value" and
 * waits forever. (6.1 did not know rootwait=N at all and ignored it; waiting is the safer reading.) */
/* The plan's wait_from when rootwait set the wait: earlymount.timeout= does not override it. */
static const char rootwait_from[] = "rootwait";

static void rootwait_param(struct ctx *c, const struct cmdline_arg *a)
{
	struct plan *p = c->p;
	long v;

	p->wait_from = rootwait_from;
	if (!a->value) {
		p->wait_s = -1;
		return;
	}
	if (kernel_kstrtoint0(a->value, &v) < 0 || v < 0) {
		warn(p, "rootwait=%s: not a number of seconds; waiting forever, as the kernel does "
		     "(\"ignoring invalid rootwait value\")", a->value);
		p->wait_s = -1;
	} else if (v > INT_MAX / 1000) {
		warn(p, "rootwait=%s: too many seconds; waiting forever, as the kernel does "
		     "(\"ignoring excessive rootwait value\")", a->value);
		p->wait_s = -1;
	} else {
		p->wait_s = v;
	}
}

/* rootdelay=N: simple_strtoul(N, NULL, 0) seconds (init/do_mounts.c root_delay_setup): "5s" is 5,
 * "0x10" is 16, "abc" is 0. What the kernel skips is said in a warning. */
static void rootdelay_param(struct ctx *c, const struct cmdline_arg *a)
{
	const char *end;
	size_t n;
	unsigned long v = kernel_strtoul(a->value, 0, &end, &n);

	c->p->rootdelay_s = v;
	if (!n || *end)
		warn(c->p, "rootdelay=%s: read as %lu s, as the kernel does (it stops at the first "
		     "byte that is not a digit)", a->value, v);
}

static int init_param(struct ctx *c, const struct cmdline_arg *a)
{
	struct plan *p = c->p;
	size_t n = strlen(a->value);
	if (n + 2 > sizeof(p->init_buf))
		return fail(c, "init=%s: longer than %zu bytes", a->value, sizeof(p->init_buf) - 2);
	/* The kernel execs init= as given, from "/" of the new root: a relative "sbin/init" is
	 * /sbin/init (init/main.c run_init_process after the chroot into the root). A path that
	 * climbs with ".." is refused, as every other path here. */
	if (a->value[0] != '/' && path_has_dotdot(a->value))
		return fail(c, "init=%s: not an absolute path, and it climbs with '..' (a relative "
		    "init= runs from /: write it without '..')", a->value);
	p->init_buf[0] = '/'; /* the text after it when relative, over it when absolute */
	memcpy(p->init_buf + (a->value[0] != '/'), a->value, n + 1);
	p->init = p->init_buf;
	p->init_given = a->value;
	return 0;
}

/* root.journaldev=: dracut's mount-root.sh hands it to xfs as logdev= and to ext4 as
 * journal_path=: a device path. Empty means none (getarg gives ""). */
static int journaldev_param(struct ctx *c, const struct cmdline_arg *a)
{
	if (!*a->value) /* p->journaldev stays NULL, as spec_build cleared it */
		return 0;
	if (!str_startswith(a->value, "/dev/") || path_has_dotdot(a->value))
		return fail(c, "root.journaldev=%s: not a device path (/dev/...)", a->value);
	c->p->journaldev = a->value;
	return 0;
}

static int timeout_param(struct ctx *c, const struct cmdline_arg *a)
{
	struct plan *p = c->p;
	unsigned long v;
	if (parse_seconds(c, a, &v) < 0)
		return -EINVAL;
	p->timeout_s = (long)v;
	if (p->wait_from != rootwait_from) { /* rootwait wins, wherever it stands */
		p->wait_s = (long)v;
		p->wait_from = "earlymount.timeout";
	}
	return 0;
}

static int onfail_param(struct ctx *c, const struct cmdline_arg *a)
{
	static const struct {
		const char *word;
		enum onfail onfail;
	} words[] = {
		{ "shell", ONFAIL_SHELL }, { "reboot", ONFAIL_REBOOT }, { "poweroff", ONFAIL_POWEROFF },
		{ "halt", ONFAIL_HALT }, { "panic", ONFAIL_PANIC },
	};
	for (size_t i = 0; i < ARRAY_SIZE(words); i++) {
		if (str_eq(a->value, words[i].word)) {
			c->p->onfail = words[i].onfail;
			return 0;
		}
	}
	return fail(c, "earlymount.onfail=%s: expected shell, reboot, poweroff, halt or panic", a->value);
}

/* How many finit_module calls may run at once (modload.c); 1 loads one module at a time, for
 * comparing and debugging. */
static int jobs_param(struct ctx *c, const struct cmdline_arg *a)
{
	unsigned long v;
	if (parse_ulong(a->value, &v) < 0 || v == 0)
		return fail(c, "earlymount.jobs=%s: expected a number of modules to load at "
		            "once, 1 or more", a->value);
	if (v > 64) {
		warn(c->p, "earlymount.jobs=%s: more than 64; loading at most 64 modules at once", a->value);
		v = 64;
	}
	c->p->jobs = (unsigned)v;
	return 0;
}

/* A layer parameter, earlymount.NAME=VALUE: layer_param takes the name without "earlymount.". */
static int layer_arg(struct ctx *c, const struct cmdline_arg *a, enum layer_param l)
{
	return layer_param(c->p, l, a->name + 11, a->value, c->err, c->errlen);
}

static int mount_param(struct ctx *c, const struct cmdline_arg *a)
{
	struct plan *p = c->p;
	if (p->nextra >= PLAN_MAX_EXTRA)
		return fail(c, "earlymount.mount=%s: too many earlymount.mount= entries "
		            "(at most %d)", a->value, PLAN_MAX_EXTRA);
	if (parse_extra(c, a->value, &p->extra[p->nextra]) < 0)
		return -EINVAL;
	p->nextra++;
	return 0;
}

/* earlymount.modules=a,b,...: the names added to the plan's list, '-' made '_'. */
static int modules_param(struct ctx *c, const struct cmdline_arg *a)
{
	struct plan *p = c->p;
	size_t used = 0;
	/* Each list is stored after the last name of the ones before (later names lie further). */
	if (p->nmodules) {
		const char *last = p->modules[p->nmodules - 1];
		used = (size_t)(last - p->modules_buf) + strlen(last) + 1;
	}
	if (used + strlen(a->value) + 1 > sizeof(p->modules_buf))
		return fail(c, "earlymount.modules=%s: list too long", a->value);
	char *s = p->modules_buf + used;
	memcpy(s, a->value, strlen(a->value) + 1);
	while (s) {
		char *comma = strchr(s, ',');
		if (comma)
			*comma = '\0';
		if (*s) {
			if (p->nmodules >= PLAN_MAX_MODULES)
				return fail(c, "earlymount.modules=: more than %d modules", PLAN_MAX_MODULES);
			modname_normalize(s);
			p->modules[p->nmodules++] = s;
		}
		s = comma ? comma + 1 : NULL;
	}
	return 0;
}

/* md= and raid=: the kernel assembles the arrays of md= and autodetects RAID partitions in
 * md_run_setup, which prepare_namespace calls, and the kernel calls that only when the initramfs has
 * no /init (init/main.c kernel_init_freeable). With earlymount as /init no array is assembled, and
 * earlymount assembles none: said in a warning (the root may lie elsewhere). raid=noautodetect asks
 * for what happens anyway. */
static void mdraid_param(struct ctx *c, const struct cmdline_arg *a)
{
	if (a->name[0] == 'r' && str_eq(a->value, "noautodetect"))
		return;
	warn(c->p, "%s=%s: the kernel %s only when it boots without an initramfs (md_run_setup), not with "
	     "earlymount as /init, and earlymount assembles no arrays: use dracut's mdraid module "
	     "(rd.md.uuid=), or boot without an initramfs", a->name, a->value,
	     a->name[0] == 'm' ? "assembles md= arrays" : "autodetects RAID partitions");
}

/* Takes one argument of group g into the plan: 0, or -EINVAL (-EOPNOTSUPP for a root someone else
 * mounts) with the message in c->err. */
static int our_param(struct ctx *c, const struct cmdline_arg *a, enum group g)
{
	const char *n = a->name;

	if (value_need[g] != VALUE_ANY && (!a->value || (value_need[g] == VALUE_NONEMPTY && !*a->value)))
		return fail(c, "%s=: empty value", a->name);
	switch (g) {
	case G_ROOT:
	case G_USR:
		/* An empty last root= names no device (the kernel falls back to the boot loader's
		 * ROOT_DEV, systemd-fstab-generator sees no root=): refused as "empty value". An
		 * empty one before a good one is never looked at. */
		return device_param(c, a, g == G_USR);
	case G_ROOTFSTYPE:
	case G_USRFSTYPE:
		return fstype_param(c, a, g == G_USRFSTYPE ? &c->p->usr : &c->p->root);
	case G_RORW:
		c->ro = c->ro_given = n[1] == 'o';
		return 0;
	case G_ROOTWAIT:
		rootwait_param(c, a);
		return 0;
	case G_ROOTDELAY:
		rootdelay_param(c, a);
		return 0;
	case G_INIT:
		return init_param(c, a);
	case G_JOURNALDEV:
		return journaldev_param(c, a);
	case G_TIMEOUT:
		return timeout_param(c, a);
	case G_DEBUG:
		if (parse_bool(a->value, &c->p->debug) < 0)
			return fail(c, "earlymount.debug=%s: expected nothing, 1 or 0", a->value);
		return 0;
	case G_ONFAIL:
		return onfail_param(c, a);
	case G_JOBS:
		return jobs_param(c, a);
	case G_VOLATILE:
		return layer_arg(c, a, LP_VOLATILE);
	case G_OVERLAY:
		return layer_arg(c, a, LP_OVERLAY);
	case G_ROOTIMAGE:
		return layer_arg(c, a, LP_ROOTIMAGE);
	case G_OVERLAYFLAGS:
		return layer_arg(c, a, LP_OVERLAYFLAGS);
	case G_TMPFSFLAGS:
		return layer_arg(c, a, LP_TMPFSFLAGS);
	case G_BARE:
		warn(c->p, "%s without '=' is not %s=; ignored, as the kernel and systemd do", n, n);
		return 0;
	case G_MD:
	case G_RAID:
		mdraid_param(c, a);
		return 0;
	case G_RESUME:
		resume_param(c, a);
		return 0;
	case G_RESUME_OFFSET:
		resume_offset_param(c, a);
		return 0;
	case G_NORESUME:
		c->p->noresume = 1;
		return 0;
	case G_HIBERNATE:
		hibernate_param(c, a);
		return 0;
	case G_MOUNT:
		return mount_param(c, a);
	case G_MODULES:
		return modules_param(c, a);
	case G_UNKNOWN:
		return fail(c, "%s: unknown earlymount parameter (known: earlymount.mount, earlymount.timeout, earlymount.debug, earlymount.onfail, earlymount.modules, earlymount.jobs, earlymount.volatile, earlymount.overlay, earlymount.overlayflags, earlymount.rootimage, earlymount.tmpfsflags)", a->name);
	default:
		/* G_NONE: someone else's parameter. G_ROOTFLAGS, G_USRFLAGS: added at the end, after
		 * ro/rw (see spec_build). */
		return 0;
	}
}

/* Adds every rootflags= (or mount.usrflags=) that counts to o: under the kernel's rules the last
 * one only (the others are skipped), under systemd's all of them in order, which is the same as
 * joining them with ','. Returns how many were added, or -EINVAL. */
static int add_flags(struct ctx *c, const struct cmdline *cl, const unsigned char *grp, enum group g,
                     struct optset *o)
{
	char sub[SUB_MAX];
	int added = 0;
	for (unsigned i = 0; i < cl->nargs; i++) {
		const struct cmdline_arg *a = &cl->args[i];
		if (grp[i] != g)
			continue;
		int r = options_add(o, a->value, sub, sizeof(sub));
		if (r < 0)
			return fail_opts(c, a->name, a->value, r, sub);
		added++;
	}
	return added;
}

/* earlymount's device timeout when nothing says otherwise. */
#define DEFAULT_WAIT_S 30
/* systemd's for a device unit: JobRunningTimeoutSec= defaults to DefaultDeviceTimeoutSec=, 90 s
 * (src/core/device.c device_init; DEFAULT_TIMEOUT_USEC in src/basic/constants.h). */
#define SYSTEMD_DEVICE_TIMEOUT_S 90
static const char device_timeout_from[] = "x-systemd.device-timeout";
static const char systemd_default_from[] = "systemd's default device timeout";

/* How long systemd would wait for this entry's device: x-systemd.device-timeout= from its
 * options (systemd-fstab-generator write_timeout -> JobRunningTimeoutSec=), else dflt. */
static void systemd_wait(struct plan *p, struct mount_entry *m, long dflt, const char *dflt_from)
{
	m->wait_s = dflt;
	m->wait_from = dflt_from;
	if (m->opts.device_timeout) {
		long t = systemd_parse_sec(m->opts.device_timeout);
		if (t == -EINVAL) {
			warn(p, "x-systemd.device-timeout=%s: not a time span; ignored, as systemd does",
			     m->opts.device_timeout);
			return;
		}
		m->wait_s = t;
		m->wait_from = device_timeout_from;
	}
}

/* The plan cleared, with the defaults that hold until a parameter says otherwise. Cleared, the
 * option sets are as options_init leaves them but for ro (-1: not said); the root's and /usr's ro
 * are set by root_options and usr_options, before their options are added. */
static void plan_clear(struct plan *p, enum spec_rules rules)
{
	memset(p, 0, sizeof(*p));
	p->overlay.opts.ro = p->tmpfs_opts.ro = -1;
	p->rules = rules;
	p->wait_s = DEFAULT_WAIT_S;
	p->wait_from = "default"; /* until rootwait or earlymount.timeout= says */
	p->timeout_s = -1;
}

/* Gives each argument its group in grp, G_SKIP for an occurrence that a later one overrides, and
 * marks in seen the groups that occur. The last occurrence of a single-valued parameter is the
 * one; the earlier ones are never looked at, so an invalid or empty root= before a good one does
 * no harm (kernel/params.c parse_args calls each parameter's handler in order, and the handler
 * overwrites). Returns the rootfstype= that counts, NULL when none. */
static const char *group_args(struct ctx *c, const struct cmdline *cl, unsigned char *grp, unsigned char *seen)
{
	const char *fstypes = NULL;

	memset(seen, 0, G_COUNT);
	for (unsigned i = cl->nargs; i-- > 0;) {
		const struct cmdline_arg *a = &cl->args[i];
		enum group g = group_of(a);
		/* Under systemd's rules rootflags= and mount.usrflags= add up: systemd-fstab-generator
		 * joins them (strextend_with_separator). */
		grp[i] = g != G_NONE && g < G_MOUNT && seen[g] &&
		         !(c->rules == SPEC_RULES_SYSTEMD && (g == G_ROOTFLAGS || g == G_USRFLAGS)) ? G_SKIP : g;
		seen[g] = 1;
		/* What to do on failure and how much to say must not depend on where a bad parameter
		 * stands: earlymount.onfail= and earlymount.debug are taken here, before the others, so
		 * an error still honours them. An invalid one fails the same way in the full pass,
		 * which writes err again (this pass never fails). */
		if (grp[i] == G_ONFAIL || grp[i] == G_DEBUG)
			(void)our_param(c, a, grp[i]);
		if (grp[i] == G_ROOTFSTYPE)
			fstypes = a->value;
	}
	return fstypes;
}

/* root= is a share's tag when rootfstype= names only shares (9p, virtiofs): known before root= is
 * read, wherever the two stand on the line. */
static int share_root_param(struct ctx *c, const char *fstypes)
{
	int share = layer_share_list(fstypes);
	if (share < 0)
		return fail(c, "rootfstype=%s: mixes shares (9p, virtiofs), whose root= is a tag, with "
		            "filesystems on a device; name one kind", fstypes);
	c->p->share_root = share;
	return 0;
}

/* systemd-fstab-generator add_sysroot_usr_mount: mount.usrfstype= or mount.usrflags= alone mount
 * the root's device on /usr again (a btrfs subvolume), with the root's type and options where /usr
 * has none of its own (systemd-fstab-generator(8), mount.usr=). Under both rules: the kernel has no
 * /usr parameters, so systemd's documented reading is the one. */
static void usr_from_root(struct plan *p)
{
	char keep[sizeof(p->usr.fstypes)];
	em_strlcpy(keep, p->usr.fstypes, sizeof(keep));
	p->have_usr = 1;
	p->usr.src = p->root.src;
	p->usr.src.text = p->usr.src.value;
	p->usr.role = ROLE_USR;
	p->usr.param = "mount.usr";
	p->usr.target = "/usr";
	em_strlcpy(p->usr.fstypes, keep, sizeof(p->usr.fstypes));
}

/* The root's read-only flag and rootflags=. The kernel mounts root read-only unless "rw" is given;
 * rootflags= may say otherwise and, coming later, wins. systemd-fstab-generator instead appends
 * ro/rw from the line after rootflags= when either was given (add_sysroot_mount), so there the
 * line wins. Returns how many rootflags= were added, or -EINVAL. */
static int root_options(struct ctx *c, const struct cmdline *cl, const unsigned char *grp)
{
	struct plan *p = c->p;
	int nroot;

	p->root.opts.ro = c->ro;
	nroot = add_flags(c, cl, grp, G_ROOTFLAGS, &p->root.opts);
	if (nroot < 0)
		return -EINVAL;
	if (c->rules == SPEC_RULES_SYSTEMD && c->ro_given >= 0)
		p->root.opts.ro = c->ro_given;
	return nroot;
}

/* /usr's: it follows the root's ro/rw unless mount.usrflags= says. nroot: how many rootflags=
 * root_options added; usrflags: whether a mount.usrflags= was given. */
static int usr_options(struct ctx *c, const struct cmdline *cl, const unsigned char *grp, int nroot, int usrflags)
{
	struct plan *p = c->p;
	int nusr;

	if (!p->have_usr) {
		if (p->usr.fstypes[0] || usrflags)
			return fail(c, "mount.usr%s= given without mount.usr= or root=: no device for /usr",
			            p->usr.fstypes[0] ? "fstype" : "flags");
		return 0;
	}
	p->usr.opts.ro = c->ro;
	nusr = add_flags(c, cl, grp, G_USRFLAGS, &p->usr.opts);
	if (nusr < 0)
		return -EINVAL;
	if (c->rules == SPEC_RULES_SYSTEMD || c->usr_from_root) {
		/* systemd: /usr takes the root's type and options when it has none of its own. */
		if (!p->usr.fstypes[0])
			em_strlcpy(p->usr.fstypes, p->root.fstypes, sizeof(p->usr.fstypes));
		if (!nusr && nroot > 0 && add_flags(c, cl, grp, G_ROOTFLAGS, &p->usr.opts) < 0)
			return -EINVAL;
	}
	return 0;
}

/* The waits that never last forever, whatever rootwait says. rootwait is the kernel's wait for the
 * root's node (init/do_mounts.c wait_for_root), after which it mounts: the other members of a
 * multi-device btrfs are awaited (m->members_wait_s) as long as the node, or when that is forever
 * for earlymount.timeout= or the default. A nofail mount other than the root never holds the boot
 * (systemd-fstab-generator gives it no Requires=/Before= on its target, and its device unit fails
 * after JobRunningTimeoutSec=): it waits for x-systemd.device-timeout= under either rules (the
 * generator's write_timeout), else for the plan's wait when finite, else for earlymount.timeout=,
 * else systemd's default device timeout. x-systemd.device-timeout=infinity is taken as said. */
static void bound_waits(struct plan *p, struct mount_entry *m)
{
	if (m->role != ROLE_ROOT && m->role != ROLE_LAYER && m->opts.nofail) {
		/* /usr's under systemd's rules is set_waits' */
		if (m->opts.device_timeout && !(m->role == ROLE_USR && p->rules == SPEC_RULES_SYSTEMD))
			systemd_wait(p, m, m->wait_s, m->wait_from);
		if (m->wait_s < 0 && m->wait_from != device_timeout_from) {
			m->wait_s = p->timeout_s >= 0 ? p->timeout_s : SYSTEMD_DEVICE_TIMEOUT_S;
			m->wait_from = p->timeout_s >= 0 ? "earlymount.timeout" : systemd_default_from;
		}
	}
	m->members_wait_s = m->wait_s >= 0 ? m->wait_s : p->timeout_s >= 0 ? p->timeout_s : DEFAULT_WAIT_S;
}

/* /usr's wait, by set_waits' rules: for mount.usr= and for a /usr line of the root's fstab. */
static void usr_wait(struct plan *p)
{
	p->usr.wait_s = p->wait_s;
	p->usr.wait_from = p->wait_from;
	if (p->rules == SPEC_RULES_SYSTEMD)
		systemd_wait(p, &p->usr, SYSTEMD_DEVICE_TIMEOUT_S, systemd_default_from);
	bound_waits(p, &p->usr);
}

/* How long to wait for each device. The kernel's rules: rootwait, earlymount.timeout or 30 s for
 * all. systemd's: the device's x-systemd.device-timeout=, else for /usr systemd's default job
 * timeout (DefaultTimeoutStartSec=90s), which is what sysroot-usr.mount's device would get. The
 * overlay's device waits as long as the root's. */
static void set_waits(struct plan *p)
{
	p->root.wait_s = p->overlay.wait_s = p->wait_s;
	p->root.wait_from = p->overlay.wait_from = p->wait_from;
	for (unsigned i = 0; i < p->nextra; i++) {
		p->extra[i].wait_s = p->wait_s;
		p->extra[i].wait_from = p->wait_from;
	}
	if (p->rules == SPEC_RULES_SYSTEMD) {
		systemd_wait(p, &p->root, p->wait_s, p->wait_from);
		p->overlay.wait_s = p->root.wait_s;
		p->overlay.wait_from = p->root.wait_from;
	}
	if (p->have_usr)
		usr_wait(p);
	/* resume=: as long as the root's device, but never forever (initramfs-tools waits for it as
	 * for the root, at most max(30 s, rootdelay), then boots without). */
	p->resume_wait_s = p->wait_s >= 0 ? p->wait_s : p->timeout_s >= 0 ? p->timeout_s : DEFAULT_WAIT_S;
	bound_waits(p, &p->root);
	bound_waits(p, &p->overlay);
	for (unsigned i = 0; i < p->nextra; i++)
		bound_waits(p, &p->extra[i]);
}

int spec_build(const struct cmdline *cl, enum spec_rules rules, struct plan *p, char *err, size_t errlen)
{
	/* Each argument's group (2 KiB: not on the early stack). */
	static unsigned char grp[CMDLINE_MAX_ARGS];
	unsigned char seen[G_COUNT];
	const char *fstypes;
	struct ctx c = { .p = p, .rules = rules, .err = err, .errlen = errlen, .ro = 1, .ro_given = -1 };
	int nroot;

	plan_clear(p, rules);
	fstypes = group_args(&c, cl, grp, seen);
	if (fstypes && share_root_param(&c, fstypes) < 0)
		return -EINVAL;
	for (unsigned i = 0; i < cl->nargs; i++) {
		int r = grp[i] == G_SKIP ? 0 : our_param(&c, &cl->args[i], grp[i]);
		if (r < 0)
			return r == -EOPNOTSUPP ? r : -EINVAL;
	}
	p->ninit_args = cl->ninit;
	p->init_args = cl->init_args;
	/* A mount.usrflags= with a value has its group, under either rules. */
	if (!p->have_usr && (p->usr.fstypes[0] || seen[G_USRFLAGS]) && p->have_root) {
		usr_from_root(p);
		c.usr_from_root = 1;
	}
	nroot = root_options(&c, cl, grp);
	if (nroot < 0 || usr_options(&c, cl, grp, nroot, seen[G_USRFLAGS]) < 0)
		return -EINVAL;
	/* The layers before the waits: volatile=state's /var mount is then an extra mount like
	 * the others. */
	if (p->have_root && layer_finish(p, err, errlen) < 0)
		return -EINVAL;
	set_waits(p);
	return 0;
}

int spec_usr_from_fstab(struct plan *p, const struct fstab_entry *e, char *err, size_t errlen)
{
	struct mount_entry *m = &p->usr;
	char sub[DEVSPEC_ERR_MAX];

	memset(m, 0, sizeof(*m));
	m->role = ROLE_USR;
	m->param = "mount.usr";
	m->target = "/usr";
	/* a device, as mount.usr= names one (a network /usr is dracut's: its nfs module) */
	int device = devspec_is_device_form(e->spec);
	if (!device || devspec_parse(e->spec, &m->src, sub, sizeof(sub)) < 0) {
		fmt(err, errlen, "line %u: /usr on %s: %s", e->line, e->spec, device ? sub : "not a device earlymount mounts");
		return -EINVAL;
	}
	if (!str_eq(e->type, "auto") && em_strlcpy(m->fstypes, e->type, sizeof(m->fstypes)) >= sizeof(m->fstypes)) {
		fmt(err, errlen, "line %u: the type %s is longer than %zu bytes", e->line, e->type, sizeof(m->fstypes) - 1);
		return -EINVAL;
	}
	options_init(&m->opts);
	if (options_add(&m->opts, e->opts, sub, sizeof(sub)) < 0) {
		fmt(err, errlen, "line %u: the options %s: %s", e->line, e->opts, sub);
		return -EINVAL;
	}
	if (p->root.opts.ro == 1)
		m->opts.ro = 1;
	usr_wait(p);
	p->have_usr = 1;
	return 0;
}
