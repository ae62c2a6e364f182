/* SPDX-License-Identifier: MIT */
#include "spec.h"
#include "util.h"

#include <errno.h>
#include <string.h>

const char *spec_kind_name(enum devkind k)
{
	static const char *const names[] = { "source", "path", "UUID", "LABEL",
		                             "PARTUUID", "PARTLABEL", "device number", "bind source" };
	return (unsigned)k < ARRAY_SIZE(names) ? names[k] : "?";
}

static int is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static int hexval(char c)
{
	return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

/* A path may not climb out with "..": every mount lands inside the new root, and a /dev path that
 * leaves /dev is not a device. */
static int has_dotdot(const char *p)
{
	for (const char *s = p; (s = str_find(s, "..")) != NULL; s += 2)
		if ((s == p || s[-1] == '/') && (s[2] == '/' || s[2] == '\0'))
			return 1;
	return 0;
}

/* udev escapes characters of labels in /dev/disk/by-label names as \xNN (udev_util_encode_string);
 * no udev made those links here, so the name is decoded and matched like LABEL=. */
static int decode_udev(const char *in, char *out, size_t cap)
{
	size_t n = 0;
	while (*in) {
		char c = *in++;
		if (c == '\\' && in[0] == 'x' && is_hex(in[1]) && is_hex(in[2])) {
			c = (char)(hexval(in[1]) << 4 | hexval(in[2]));
			in += 3;
		}
		if (n + 1 >= cap)
			return -ENAMETOOLONG;
		out[n++] = c;
	}
	out[n] = '\0';
	return 0;
}

static int set_value(struct devspec *d, const char *v, char *err, size_t errlen)
{
	if (!*v) {
		fmt(err, errlen, "the %s is empty", spec_kind_name(d->kind));
		return -EINVAL;
	}
	if (strlen(v) >= sizeof(d->value)) {
		fmt(err, errlen, "the %s is longer than %zu bytes", spec_kind_name(d->kind), sizeof(d->value) - 1);
		return -EINVAL;
	}
	em_strlcpy(d->value, v, sizeof(d->value));
	return 0;
}

static int check_uuid(const struct devspec *d, char *err, size_t errlen)
{
	for (const char *s = d->value; *s; s++)
		if (!is_hex(*s) && *s != '-') {
			fmt(err, errlen, "'%s' is not a UUID: only hex digits and '-' are allowed", d->value);
			return -EINVAL;
		}
	return 0;
}

/* GPT: a GUID, 8-4-4-4-12 hex digits. MBR: the kernel's "SSSSSSSS-PP" (disk signature and
 * partition number in hex, block/early-lookup.c). */
static int check_partuuid(const char *v)
{
	static const int groups[] = { 8, 4, 4, 4, 12 };
	const char *s = v;
	size_t g, n;

	for (n = 0; is_hex(s[n]); n++)
		;
	if (n == 8 && s[8] == '-') {
		size_t m;
		for (m = 0; is_hex(s[9 + m]); m++)
			;
		if (m >= 1 && m <= 2 && s[9 + m] == '\0')
			return 0;
	}
	for (g = 0; g < ARRAY_SIZE(groups); g++) {
		for (n = 0; is_hex(s[n]); n++)
			;
		if (n != (size_t)groups[g])
			return -EINVAL;
		s += n;
		if (g + 1 < ARRAY_SIZE(groups) && *s++ != '-')
			return -EINVAL;
	}
	return *s ? -EINVAL : 0;
}

static int parse_int(const char *s, int *out)
{
	int neg = *s == '-';
	unsigned long v;
	if (parse_ulong(s + neg, &v) < 0 || v > 1000000)
		return -EINVAL;
	*out = neg ? -(int)v : (int)v;
	return 0;
}

static int parse_devnum(const char *s, struct devspec *d)
{
	const char *colon = strchr(s, ':');
	char maj[16];
	unsigned long a, b;

	if (!colon || (size_t)(colon - s) >= sizeof(maj))
		return -EINVAL;
	memcpy(maj, s, (size_t)(colon - s));
	maj[colon - s] = '\0';
	if (parse_ulong(maj, &a) < 0 || parse_ulong(colon + 1, &b) < 0 || a > 4095 || b > 1048575)
		return -EINVAL;
	d->major = (unsigned)a;
	d->minor = (unsigned)b;
	return 0;
}

static const struct {
	const char *prefix;
	enum devkind kind;
} tag_forms[] = {
	{ "UUID=", DEV_UUID },
	{ "LABEL=", DEV_LABEL },
	{ "PARTUUID=", DEV_PARTUUID },
	{ "PARTLABEL=", DEV_PARTLABEL },
	{ "/dev/disk/by-uuid/", DEV_UUID },
	{ "/dev/disk/by-label/", DEV_LABEL },
	{ "/dev/disk/by-partuuid/", DEV_PARTUUID },
	{ "/dev/disk/by-partlabel/", DEV_PARTLABEL },
};

int spec_parse_device(const char *text, struct devspec *d, char *err, size_t errlen)
{
	memset(d, 0, sizeof(*d));
	d->text = text;
	if (!*text) {
		fmt(err, errlen, "empty value");
		return -EINVAL;
	}
	for (size_t i = 0; i < ARRAY_SIZE(tag_forms); i++) {
		const char *v = text + strlen(tag_forms[i].prefix);
		char buf[SPEC_VALUE_MAX];
		if (!str_startswith(text, tag_forms[i].prefix))
			continue;
		d->kind = tag_forms[i].kind;
		if (tag_forms[i].prefix[0] == '/') {
			if (strchr(v, '/')) {
				fmt(err, errlen, "'%s' has a '/' after the %s", v, spec_kind_name(d->kind));
				return -EINVAL;
			}
			if (decode_udev(v, buf, sizeof(buf)) < 0) {
				fmt(err, errlen, "the %s is longer than %zu bytes", spec_kind_name(d->kind), sizeof(buf) - 1);
				return -EINVAL;
			}
			v = buf;
		}
		if (set_value(d, v, err, errlen) < 0)
			return -EINVAL;
		if (d->kind == DEV_UUID)
			return check_uuid(d, err, errlen);
		if (d->kind == DEV_PARTUUID) {
			char *off = strchr(d->value, '/');
			if (off) {
				if (!str_startswith(off, "/PARTNROFF=") || parse_int(off + 11, &d->partnroff) < 0) {
					fmt(err, errlen, "'%s' after the PARTUUID is not /PARTNROFF=<number>", off);
					return -EINVAL;
				}
				*off = '\0';
			}
			if (check_partuuid(d->value) < 0) {
				fmt(err, errlen, "'%s' is not a PARTUUID: expected a GPT GUID "
				    "(8-4-4-4-12 hex digits) or an MBR SSSSSSSS-PP", d->value);
				return -EINVAL;
			}
		}
		return 0;
	}
	if (str_startswith(text, "/dev/disk/")) {
		fmt(err, errlen, "/dev/disk/%.*s links are made by udev, which this initramfs does not run: "
		    "use UUID=, LABEL=, PARTUUID= or PARTLABEL=", (int)strcspn(text + 10, "/"), text + 10);
		return -EINVAL;
	}
	if (text[0] == '/') {
		d->kind = DEV_PATH;
		if (!str_startswith(text, "/dev/") || !text[5]) {
			fmt(err, errlen, "'%s' is not a device: expected /dev/NAME, UUID=, LABEL=, "
			    "PARTUUID=, PARTLABEL= or MAJ:MIN", text);
			return -EINVAL;
		}
		if (has_dotdot(text)) {
			fmt(err, errlen, "'%s' contains '..'", text);
			return -EINVAL;
		}
		if (str_eq(text, "/dev/nfs") || str_startswith(text, "/dev/ram")) {
			fmt(err, errlen, "'%s' (a root the kernel mounts itself) is not supported", text);
			return -EINVAL;
		}
		return set_value(d, text, err, errlen);
	}
	if (strchr(text, ':')) {
		d->kind = DEV_DEVNUM;
		if (parse_devnum(text, d) < 0) {
			fmt(err, errlen, "'%s' is not a MAJOR:MINOR device number", text);
			return -EINVAL;
		}
		return set_value(d, text, err, errlen);
	}
	{
		/* The kernel's old form: the device number in hex (new_decode_dev). */
		size_t n;
		unsigned long v = 0;
		for (n = 0; n < 9 && is_hex(text[n]); n++)
			v = v << 4 | (unsigned long)hexval(text[n]);
		if (!text[n] && n <= 8) {
			d->kind = DEV_DEVNUM;
			d->major = (unsigned)((v & 0xfff00) >> 8);
			d->minor = (unsigned)((v & 0xff) | ((v >> 12) & 0xfff00));
			return set_value(d, text, err, errlen);
		}
	}
	fmt(err, errlen, "'%s' is not a device: expected /dev/NAME, UUID=, LABEL=, PARTUUID=, "
	    "PARTLABEL= or MAJ:MIN%s", text, str_startswith(text, "dev/") ? "" : " (did you mean /dev/...?)");
	return -EINVAL;
}

static int is_device_form(const char *s)
{
	struct devspec d;
	if (str_startswith(s, "/dev/"))
		return 1;
	for (size_t i = 0; i < ARRAY_SIZE(tag_forms); i++)
		if (str_startswith(s, tag_forms[i].prefix))
			return 1;
	return parse_devnum(s, &d) == 0;
}

static int check_fstypes(const char *list, char *err, size_t errlen)
{
	const char *s = list;
	if (!*s) {
		fmt(err, errlen, "empty filesystem type");
		return -EINVAL;
	}
	for (; *s; s++) {
		char c = *s;
		if (c == ',' && (s == list || s[1] == ',' || s[1] == '\0')) {
			fmt(err, errlen, "empty entry in the filesystem type list '%s'", list);
			return -EINVAL;
		}
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
		      c == '-' || c == ',' || (c >= 'A' && c <= 'Z'))) {
			fmt(err, errlen, "'%s' is not a filesystem type (character '%c')", list, c);
			return -EINVAL;
		}
	}
	return 0;
}

static int check_target(const char *t, const char *noun, char *err, size_t errlen)
{
	if (t[0] != '/') {
		fmt(err, errlen, "the %s '%s' is not an absolute path", noun, t);
		return -EINVAL;
	}
	if (has_dotdot(t)) {
		fmt(err, errlen, "the %s '%s' contains '..'", noun, t);
		return -EINVAL;
	}
	for (const char *s = t; *s; s++)
		if (*s != '/')
			return 0;
	fmt(err, errlen, "the %s is the root itself; use root= for that", noun);
	return -EINVAL;
}

static int parse_bool(const char *v, int *out)
{
	if (!v || str_eq(v, "1") || str_eq(v, "yes") || str_eq(v, "true") || str_eq(v, "on"))
		*out = 1;
	else if (str_eq(v, "0") || str_eq(v, "no") || str_eq(v, "false") || str_eq(v, "off"))
		*out = 0;
	else
		return -EINVAL;
	return 0;
}

struct ctx {
	struct plan *p;
	char *err;
	size_t errlen;
	const char *rootflags, *usrflags;
	int ro; /* the kernel's ro/rw */
};

/* earlymount.mount=WHAT:WHERE[:FSTYPE[:OPTIONS]]. WHAT may itself contain ':' (MAJ:MIN), so WHERE
 * starts at the first ':' followed by '/'; OPTIONS is the rest and may contain ':' (overlay). */
static int parse_extra(struct ctx *c, const char *val, struct mount_entry *m)
{
	char what[SPEC_VALUE_MAX], fstype[sizeof(m->fstypes)], sub[192];
	const char *where, *colon, *opts = NULL;
	size_t n;

	where = str_find(val, ":/");
	if (!where || where == val) {
		fmt(c->err, c->errlen, "earlymount.mount=%s: expected WHAT:WHERE[:FSTYPE[:OPTIONS]] "
		    "with WHERE an absolute path", val);
		return -EINVAL;
	}
	n = (size_t)(where - val);
	if (n >= sizeof(what)) {
		fmt(c->err, c->errlen, "earlymount.mount=%s: WHAT is longer than %zu bytes", val, sizeof(what) - 1);
		return -EINVAL;
	}
	memcpy(what, val, n);
	what[n] = '\0';
	where++;
	colon = strchr(where, ':');
	fstype[0] = '\0';
	if (colon) {
		const char *c2 = strchr(colon + 1, ':');
		size_t fl = c2 ? (size_t)(c2 - colon - 1) : strlen(colon + 1);
		if (fl >= sizeof(fstype)) {
			fmt(c->err, c->errlen, "earlymount.mount=%s: FSTYPE too long", val);
			return -EINVAL;
		}
		memcpy(fstype, colon + 1, fl);
		fstype[fl] = '\0';
		opts = c2 ? c2 + 1 : NULL;
	}
	/* WHERE lives in the (const) command line text, not cut at the colon: copy it into the
	 * entry, in front of the options text in the entry's own buffer. */
	n = colon ? (size_t)(colon - where) : strlen(where);
	if (n >= sizeof(sub)) {
		fmt(c->err, c->errlen, "earlymount.mount=%s: WHERE is longer than %zu bytes", val, sizeof(sub) - 1);
		return -EINVAL;
	}
	memset(m, 0, sizeof(*m));
	options_init(&m->opts);
	m->role = ROLE_EXTRA;
	m->param = "earlymount.mount";
	memcpy(sub, where, n);
	sub[n] = '\0';
	m->opts.used = n + 1;
	memcpy(m->opts.buf, sub, n + 1);
	m->target = m->opts.buf;
	if (check_target(m->target, "mount point", sub, sizeof(sub)) < 0) {
		fmt(c->err, c->errlen, "earlymount.mount=%s: %s", val, sub);
		return -EINVAL;
	}
	if (str_eq(fstype, "bind") || str_eq(fstype, "rbind")) {
		m->bind = 1;
		m->opts.recursive = fstype[0] == 'r';
		m->src.kind = DEV_BIND;
		m->src.text = m->src.value;
		em_strlcpy(m->src.value, what, sizeof(m->src.value));
		if (what[0] == '/' && what[strspn(what, "/")] == '\0') {
			/* binding the whole new root somewhere inside itself is allowed */
		} else if (check_target(what, "bind source", sub, sizeof(sub)) < 0) {
			fmt(c->err, c->errlen, "earlymount.mount=%s: %s", val, sub);
			return -EINVAL;
		}
	} else {
		if (is_device_form(what)) {
			if (spec_parse_device(what, &m->src, sub, sizeof(sub)) < 0) {
				fmt(c->err, c->errlen, "earlymount.mount=%s: %s", val, sub);
				return -EINVAL;
			}
		} else {
			m->src.kind = DEV_NONE;
			em_strlcpy(m->src.value, what, sizeof(m->src.value));
			if (!fstype[0]) {
				fmt(c->err, c->errlen, "earlymount.mount=%s: '%s' is not a device, so a "
				    "filesystem type is needed (WHAT:WHERE:FSTYPE)", val, what);
				return -EINVAL;
			}
		}
		m->src.text = m->src.value;
		if (fstype[0] && check_fstypes(fstype, sub, sizeof(sub)) < 0) {
			fmt(c->err, c->errlen, "earlymount.mount=%s: %s", val, sub);
			return -EINVAL;
		}
		em_strlcpy(m->fstypes, fstype, sizeof(m->fstypes));
	}
	if (options_add(&m->opts, opts, sub, sizeof(sub)) < 0) {
		fmt(c->err, c->errlen, "earlymount.mount=%s: %s", val, sub);
		return -EINVAL;
	}
	return 0;
}

static int need_value(struct ctx *c, const struct cmdline_arg *a)
{
	if (!a->value || !*a->value) {
		fmt(c->err, c->errlen, "%s=: empty value", a->name);
		return -EINVAL;
	}
	return 0;
}

static int parse_seconds(struct ctx *c, const struct cmdline_arg *a, unsigned long *out)
{
	if (need_value(c, a) < 0)
		return -EINVAL;
	if (parse_ulong(a->value, out) < 0 || *out > 86400) {
		fmt(c->err, c->errlen, "%s=%s: not a number of seconds (0 to 86400)", a->name, a->value);
		return -EINVAL;
	}
	return 0;
}

static int device_param(struct ctx *c, const struct cmdline_arg *a, struct mount_entry *m,
                        enum mount_role role, const char *param, const char *target)
{
	char sub[192];
	char keep[sizeof(m->fstypes)];
	if (need_value(c, a) < 0)
		return -EINVAL;
	em_strlcpy(keep, m->fstypes, sizeof(keep));
	m->role = role;
	m->param = param;
	m->target = target;
	if (spec_parse_device(a->value, &m->src, sub, sizeof(sub)) < 0) {
		fmt(c->err, c->errlen, "%s=%s: %s", a->name, a->value, sub);
		return -EINVAL;
	}
	em_strlcpy(m->fstypes, keep, sizeof(m->fstypes));
	return 0;
}

static int fstype_param(struct ctx *c, const struct cmdline_arg *a, struct mount_entry *m)
{
	char sub[192];
	if (need_value(c, a) < 0)
		return -EINVAL;
	if (strlen(a->value) >= sizeof(m->fstypes) || check_fstypes(a->value, sub, sizeof(sub)) < 0) {
		if (strlen(a->value) >= sizeof(m->fstypes))
			fmt(sub, sizeof(sub), "list longer than %zu bytes", sizeof(m->fstypes) - 1);
		fmt(c->err, c->errlen, "%s=%s: %s", a->name, a->value, sub);
		return -EINVAL;
	}
	em_strlcpy(m->fstypes, a->value, sizeof(m->fstypes));
	return 0;
}

static int our_param(struct ctx *c, const struct cmdline_arg *a)
{
	struct plan *p = c->p;
	const char *n = a->name;
	unsigned long v;

	if (param_eq(n, "root"))
		return p->have_root = 1, device_param(c, a, &p->root, ROLE_ROOT, "root", "/");
	if (param_eq(n, "rootfstype"))
		return fstype_param(c, a, &p->root);
	if (param_eq(n, "rootflags"))
		return c->rootflags = a->value ? a->value : "", 0;
	if (param_eq(n, "ro") || param_eq(n, "rw")) {
		if (!a->value)
			c->ro = n[1] == 'o';
		return 0;
	}
	if (param_eq(n, "rootwait")) {
		if (!a->value) {
			p->wait_s = -1;
		} else {
			if (parse_seconds(c, a, &v) < 0)
				return -EINVAL;
			p->wait_s = (long)v;
		}
		p->wait_from = "rootwait";
		return 0;
	}
	if (param_eq(n, "rootdelay"))
		return parse_seconds(c, a, &p->rootdelay_s);
	if (param_eq(n, "init")) {
		if (need_value(c, a) < 0)
			return -EINVAL;
		if (a->value[0] != '/') {
			fmt(c->err, c->errlen, "init=%s: not an absolute path", a->value);
			return -EINVAL;
		}
		p->init = a->value;
		return 0;
	}
	if (param_eq(n, "mount.usr"))
		return p->have_usr = 1, device_param(c, a, &p->usr, ROLE_USR, "mount.usr", "/usr");
	if (param_eq(n, "mount.usrfstype"))
		return fstype_param(c, a, &p->usr);
	if (param_eq(n, "mount.usrflags"))
		return c->usrflags = a->value ? a->value : "", 0;
	if (!str_startswith(n, "earlymount."))
		return 0; /* someone else's parameter */
	n += strlen("earlymount.");
	if (param_eq(n, "mount")) {
		if (need_value(c, a) < 0)
			return -EINVAL;
		if (p->nextra >= PLAN_MAX_EXTRA) {
			fmt(c->err, c->errlen, "earlymount.mount=%s: too many earlymount.mount= entries "
			    "(at most %d)", a->value, PLAN_MAX_EXTRA);
			return -EINVAL;
		}
		if (parse_extra(c, a->value, &p->extra[p->nextra]) < 0)
			return -EINVAL;
		p->nextra++;
		return 0;
	}
	if (param_eq(n, "timeout")) {
		if (parse_seconds(c, a, &v) < 0)
			return -EINVAL;
		if (!p->wait_from || !str_eq(p->wait_from, "rootwait"))
			p->wait_s = (long)v, p->wait_from = "earlymount.timeout";
		return 0;
	}
	if (param_eq(n, "debug")) {
		if (parse_bool(a->value, &p->debug) < 0) {
			fmt(c->err, c->errlen, "earlymount.debug=%s: expected nothing, 1 or 0", a->value);
			return -EINVAL;
		}
		return 0;
	}
	if (param_eq(n, "onfail")) {
		static const char *const names[] = { "", "shell", "reboot", "poweroff", "halt", "panic" };
		if (need_value(c, a) < 0)
			return -EINVAL;
		for (size_t i = 1; i < ARRAY_SIZE(names); i++)
			if (str_eq(a->value, names[i]))
				return p->onfail = (enum onfail)i, 0;
		fmt(c->err, c->errlen, "earlymount.onfail=%s: expected shell, reboot, poweroff, halt or panic",
		    a->value);
		return -EINVAL;
	}
	if (param_eq(n, "modules")) {
		size_t used = 0;
		if (need_value(c, a) < 0)
			return -EINVAL;
		for (unsigned i = 0; i < p->nmodules; i++)
			used = (size_t)(p->modules[i] - p->modules_buf) + strlen(p->modules[i]) + 1;
		if (used + strlen(a->value) + 1 > sizeof(p->modules_buf)) {
			fmt(c->err, c->errlen, "earlymount.modules=%s: list too long", a->value);
			return -EINVAL;
		}
		char *s = p->modules_buf + used;
		memcpy(s, a->value, strlen(a->value) + 1);
		while (s) {
			char *comma = strchr(s, ',');
			if (comma)
				*comma = '\0';
			if (*s) {
				if (p->nmodules >= PLAN_MAX_MODULES) {
					fmt(c->err, c->errlen, "earlymount.modules=: more than %d modules",
					    PLAN_MAX_MODULES);
					return -EINVAL;
				}
				modname_normalize(s);
				p->modules[p->nmodules++] = s;
			}
			s = comma ? comma + 1 : NULL;
		}
		return 0;
	}
	fmt(c->err, c->errlen, "%s: unknown earlymount parameter (known: earlymount.mount, "
	    "earlymount.timeout, earlymount.debug, earlymount.onfail, earlymount.modules)", a->name);
	return -EINVAL;
}

int spec_build(const struct cmdline *cl, enum spec_rules rules, struct plan *p, char *err, size_t errlen)
{
	struct ctx c = { .p = p, .err = err, .errlen = errlen, .ro = 1 };
	char sub[192];

	memset(p, 0, sizeof(*p));
	options_init(&p->root.opts);
	options_init(&p->usr.opts);
	p->wait_s = 30;
	p->wait_from = NULL;
	/* What to do on failure and how much to say must not depend on where a bad parameter
	 * stands: take the valid earlymount.onfail= and earlymount.debug first (the last of each
	 * wins, as the full pass below would have it), so an error still honours them. */
	for (unsigned i = 0; i < cl->nargs; i++) {
		const struct cmdline_arg *a = &cl->args[i];
		char scratch[8];
		struct ctx pre = { .p = p, .err = scratch, .errlen = sizeof(scratch), .ro = 1 };
		if (param_eq(a->name, "earlymount.onfail") || param_eq(a->name, "earlymount.debug"))
			(void)our_param(&pre, a); /* an invalid one is reported by the full pass */
	}
	for (unsigned i = 0; i < cl->nargs; i++)
		if (our_param(&c, &cl->args[i]) < 0)
			return -EINVAL;
	(void)rules;
	if (!p->wait_from)
		p->wait_from = "default";
	p->root.wait_s = p->usr.wait_s = p->wait_s;
	for (unsigned i = 0; i < p->nextra; i++)
		p->extra[i].wait_s = p->wait_s;
	p->ninit_args = cl->ninit;
	p->init_args = cl->init_args;

	/* The kernel mounts root read-only unless "rw" is given; rootflags= may say otherwise and,
	 * coming later, wins. /usr follows the root unless mount.usrflags= says. */
	p->root.opts.ro = c.ro;
	if (options_add(&p->root.opts, c.rootflags, sub, sizeof(sub)) < 0) {
		fmt(err, errlen, "rootflags=%s: %s", c.rootflags, sub);
		return -EINVAL;
	}
	if (p->have_usr) {
		p->usr.opts.ro = c.ro;
		if (options_add(&p->usr.opts, c.usrflags, sub, sizeof(sub)) < 0) {
			fmt(err, errlen, "mount.usrflags=%s: %s", c.usrflags, sub);
			return -EINVAL;
		}
	} else if (p->usr.fstypes[0] || c.usrflags) {
		fmt(err, errlen, "mount.usr%s= given without mount.usr=",
		    p->usr.fstypes[0] ? "fstype" : "flags");
		return -EINVAL;
	}
	if (!p->have_root && p->root.fstypes[0]) {
		/* rootfstype= alone is harmless (another tool may use it) */
	}
	return 0;
}
