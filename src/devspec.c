/* SPDX-License-Identifier: MIT */
/* The device-spec parser: the forms root=, mount.usr=, earlymount.overlay= and earlymount.mount='s
 * WHAT take, read as the kernel (block/early-lookup.c, init/do_mounts.c), udev and systemd
 * (tag_to_udev_node) read them, and the roots that someone else mounts. Pure: no syscalls. */
#include "devspec.h"
#include "util.h"

#include <errno.h>
#include <string.h>

static const char *const kind_names[] = {
	[DEV_NONE] = "source",
	[DEV_PATH] = "path",
	[DEV_UUID] = "UUID",
	[DEV_LABEL] = "LABEL",
	[DEV_PARTUUID] = "PARTUUID",
	[DEV_PARTLABEL] = "PARTLABEL",
	[DEV_DEVNUM] = "device number",
	[DEV_BIND] = "bind source",
};

const char *devspec_kind_name(enum devkind k)
{
	return kind_names[k];
}

/* A hex digit's value, 16 or more for any other byte. */
static unsigned hexval(char c)
{
	unsigned d = (unsigned)(c - '0');
	if (d < 10)
		return d;
	d = (unsigned)((c | 0x20) - 'a');
	return d < 6 ? d + 10 : 16;
}

static int is_hex(char c)
{
	return hexval(c) < 16;
}

static size_t hex_run(const char *s)
{
	size_t n = 0;
	while (is_hex(s[n]))
		n++;
	return n;
}

/* A path may not climb out with "..": every mount lands inside the new root, and a /dev path that
 * leaves /dev is not a device. */
int path_has_dotdot(const char *p)
{
	for (const char *s = p; (s = strstr(s, "..")) != NULL; s += 2)
		if ((s == p || s[-1] == '/') && (s[2] == '/' || s[2] == '\0'))
			return 1;
	return 0;
}

/* Writes the message into err: -EINVAL, for "return efail(err, errlen, ...)". */
#define efail(...) (fmt(__VA_ARGS__), -EINVAL)

/* Copies the n bytes of a tag's value at in (NUL-terminated after them or later) into out. It
 * stops at cap - 1 bytes: out is one byte longer than a value may be, so set_value refuses a value
 * that does not fit with its "longer than" message. udev escapes characters of labels in
 * /dev/disk/by-label names as \xNN (udev_util_encode_string); no udev made those links here, so
 * with udev set the name is decoded and matched like LABEL=. */
static void copy_tag(const char *in, size_t n, char *out, size_t cap, int udev)
{
	const char *end = in + n;
	size_t o = 0;
	while (in < end && o + 1 < cap) {
		char c = *in++;
		if (udev && c == '\\' && in[0] == 'x' && hex_run(in + 1) >= 2) {
			c = (char)(hexval(in[1]) << 4 | hexval(in[2]));
			in += 3;
		}
		out[o++] = c;
	}
	out[o] = '\0';
}

static int set_value(struct devspec *d, const char *v, char *err, size_t errlen)
{
	if (!*v)
		return efail(err, errlen, "the %s is empty", devspec_kind_name(d->kind));
	if (strlen(v) >= sizeof(d->value))
		return efail(err, errlen, "the %s is longer than %zu bytes", devspec_kind_name(d->kind),
		             sizeof(d->value) - 1);
	em_strlcpy(d->value, v, sizeof(d->value));
	return 0;
}

static int check_uuid(const struct devspec *d, char *err, size_t errlen)
{
	for (const char *s = d->value; *s; s++)
		if (!is_hex(*s) && *s != '-')
			return efail(err, errlen, "'%s' is not a UUID: only hex digits and '-' are allowed", d->value);
	return 0;
}

/* GPT: a GUID, 8-4-4-4-12 hex digits. MBR: the kernel's "SSSSSSSS-PP" (disk signature and
 * partition number in hex, block/partitions/msdos.c). The kernel compares only the length given
 * (match_dev_by_uuid: strncasecmp over it), so the start of either is a PARTUUID too. 0 when s is
 * a whole one, 1 when it is the start of one, -EINVAL when it is neither. */
static int check_partuuid(const char *s)
{
	static const char *const forms[] = { "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", "xxxxxxxx-xx" };
	int r = -EINVAL;

	for (size_t f = 0; f < ARRAY_SIZE(forms); f++) {
		const char *form = forms[f];
		size_t i = 0;
		while (s[i] && form[i] && (form[i] == '-' ? s[i] == '-' : is_hex(s[i])))
			i++;
		if (!s[i]) {
			if (!form[i])
				return 0;
			r = 1;
		}
	}
	return r;
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

/* simple_strtoul(s, &end, base) (lib/vsprintf.c with _parse_integer_fixup_radix) for base 0, 10
 * or 16: with base 0, "0x" followed by a hex digit means hex, another leading "0" octal, else
 * decimal; base 16 skips that "0x" too (the kernel skips a "0x" before anything; with no hex digit
 * after it, the text is refused here either way). It stops at the first byte that is not a digit
 * of the base and says how many digits it read. Saturates instead of wrapping. */
unsigned long kernel_strtoul(const char *s, unsigned base, const char **end, size_t *ndigits)
{
	unsigned long v = 0;
	size_t n = 0;

	if (base != 10 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && is_hex(s[2]))
		base = 16, s += 2;
	else if (!base)
		base = s[0] == '0' ? 8 : 10;
	for (;; s++, n++) {
		unsigned d = hexval(*s); /* 16 or more when not a digit of any base */
		if (d >= base)
			break;
		v = v > (~0ul - d) / base ? ~0ul : v * base + d;
	}
	*end = s;
	*ndigits = n;
	return v;
}

/* The kernel's "%u" in sscanf: decimal digits only, no sign. NULL when there is no digit. */
static const char *scan_dec(const char *s, unsigned long *v)
{
	const char *end;
	size_t n;
	*v = kernel_strtoul(s, 10, &end, &n);
	return n ? end : NULL;
}

/* MAJ:MIN and MAJ:MIN:OFFSET as the kernel reads them (init/do_mounts.c name_to_dev_t in 6.1,
 * block/early-lookup.c devt_from_devnum since 6.5): sscanf(name, "%u:%u%c") == 2, or
 * sscanf(name, "%u:%u:%u:%c") == 3. OFFSET is read and thrown away; the second pattern also takes a
 * ':' right at the end, or any other byte after OFFSET (the literal ':' does not match, sscanf stops
 * at 3). MKDEV must round-trip: 12 bits of major, 20 of minor. */
static int parse_devnum(const char *s, struct devspec *d)
{
	unsigned long a, b, off;
	const char *p = scan_dec(s, &a);

	if (!p || *p != ':' || !(p = scan_dec(p + 1, &b)))
		return -EINVAL;
	/* d->devnum_offset is 0: devspec_parse cleared d (devspec_is_device_form reads nothing of it) */
	if (*p == ':') {
		const char *q = scan_dec(p + 1, &off);
		if (!q || (q[0] == ':' && q[1] != '\0'))
			return -EINVAL;
		d->devnum_offset = 1;
	} else if (*p) {
		return -EINVAL;
	}
	if (a > 4095 || b > 1048575)
		return -EINVAL;
	d->major = (unsigned)a;
	d->minor = (unsigned)b;
	return 0;
}

/* The tag forms: systemd's and dracut's NAME=VALUE, and udev's /dev/disk/by-* links to the same. */
static const struct tag_form {
	const char *prefix;
	enum devkind kind;
	int udev; /* a link's name: no '/' in the value, udev's \xNN escapes, no quotes to remove */
} tag_forms[] = {
	{ "UUID=", DEV_UUID, 0 },
	{ "LABEL=", DEV_LABEL, 0 },
	{ "PARTUUID=", DEV_PARTUUID, 0 },
	{ "PARTLABEL=", DEV_PARTLABEL, 0 },
	{ "/dev/disk/by-uuid/", DEV_UUID, 1 },
	{ "/dev/disk/by-label/", DEV_LABEL, 1 },
	{ "/dev/disk/by-partuuid/", DEV_PARTUUID, 1 },
	{ "/dev/disk/by-partlabel/", DEV_PARTLABEL, 1 },
};

/* The tag form text starts with; NULL when none. */
static const struct tag_form *tag_form(const char *text)
{
	for (size_t i = 0; i < ARRAY_SIZE(tag_forms); i++)
		if (str_startswith(text, tag_forms[i].prefix))
			return &tag_forms[i];
	return NULL;
}

/* Roots that earlymount does not mount because someone else does: dracut's modules (their
 * parse-*.sh scripts claim these root= prefixes) and systemd's gpt-auto generator; and the roots the
 * kernel mounts itself, but only when it boots without an initramfs: kernel_init_freeable calls
 * prepare_namespace (init/do_mounts.c: /dev/nfs, /dev/cifs, /dev/ram, mtd*, ubi*) only when the
 * initramfs has no /init, so with earlymount as /init nothing mounts those. Saying who mounts it,
 * or what to do instead, beats "not a MAJOR:MINOR device number". */
static const struct foreign_root {
	const char *prefix;
	int exact;        /* the text is the prefix, not only starts with it */
	int kernel;       /* the kernel's own: mounted only without an initramfs */
	const char *what; /* the kind of root */
	const char *who;  /* who mounts it, or for the kernel's what to do instead; NULL when what says it */
} foreign_roots[] = {
	{ "nfs:", 0, 0, "a network root (NFS)", "dracut's nfs module mounts it" },
	{ "nfs4:", 0, 0, "a network root (NFSv4)", "dracut's nfs module mounts it" },
	{ "dhcp", 1, 0, "a network root named by DHCP", "dracut's nfs module mounts it" },
	{ "dhcp6", 1, 0, "a network root named by DHCPv6", "dracut's nfs module mounts it" },
	/* dracut's parse-nfsroot.sh takes root=/dev/nfs with nfsroot= as its legacy form */
	{ "/dev/nfs", 1, 1, "the kernel's NFS root (nfsroot=)",
	  "build the image with dracut's nfs module (it reads root=/dev/nfs and nfsroot=), or boot without one" },
	{ "cifs:", 0, 0, "a network root (CIFS)", "dracut's cifs module mounts it" },
	{ "/dev/cifs", 1, 1, "the kernel's CIFS root (cifsroot=)",
	  "build the image with dracut's cifs module (root=cifs://...), or boot without one" },
	{ "iscsi:", 0, 0, "an iSCSI root", "dracut's iscsi module logs in to it" },
	{ "nbd:", 0, 0, "a network block device root", "dracut's nbd module connects it" },
	{ "live:", 0, 0, "a live image root", "dracut's dmsquash-live module mounts it" },
	{ "zfs:", 0, 0, "a ZFS root", "the zfs dracut module (zfs-dracut) mounts it" },
	{ "ZFS=", 0, 0, "a ZFS root", "the zfs dracut module (zfs-dracut) mounts it" },
	{ "virtiofs:", 0, 0, "a virtiofs root", "dracut's virtiofs module mounts it" },
	{ "gpt-auto", 1, 0, "the root that systemd-gpt-auto-generator finds by its GPT partition type", NULL },
	/* initrd_load: an initrd that is a filesystem image, not a cpio archive, is copied into
	 * /dev/ram0 (init/do_mounts_rd.c rd_load_image); /dev/ramN is otherwise an empty RAM disk */
	{ "/dev/ram", 0, 1, "the kernel's RAM disk, which it fills from an initrd image (not a cpio archive)",
	  "boot that image as the initrd without an initramfs, or put it on a disk" },
	/* prepare_namespace hands mtd* and ubi* to the types of rootfstype= as the source */
	{ "mtd", 0, 1, "an MTD root", "boot without one, with its filesystem (jffs2, ...) built into the kernel" },
	{ "ubi", 0, 1, "a UBI root", "boot without one, with UBI and ubifs built into the kernel" },
};

/* The foreign root text names, NULL when none. */
static const struct foreign_root *foreign_root(const char *text)
{
	for (size_t i = 0; i < ARRAY_SIZE(foreign_roots); i++) {
		const struct foreign_root *f = &foreign_roots[i];
		if (f->exact ? str_eq(text, f->prefix) : str_startswith(text, f->prefix))
			return f;
	}
	return NULL;
}

/* The PARTUUID in d->value, with the /PARTNROFF=N after it taken off into d->partnroff. */
static int check_partuuid_value(struct devspec *d, char *err, size_t errlen)
{
	char *off = strchr(d->value, '/');
	int r;
	if (off) {
		if (!str_startswith(off, "/PARTNROFF=") || parse_int(off + 11, &d->partnroff) < 0)
			return efail(err, errlen, "'%s' after the PARTUUID is not /PARTNROFF=<number>", off);
		*off = '\0';
	}
	/* devt_from_partuuid: the length compared ends at the '/'; none left is invalid (the
	 * value is not empty: set_value refused that, and "/PARTNROFF=" alone is caught here). */
	if (!d->value[0])
		return efail(err, errlen, "no PARTUUID before '/PARTNROFF='");
	r = check_partuuid(d->value);
	d->prefix = r > 0;
	if (r < 0)
		return efail(err, errlen, "'%s' is not a PARTUUID: expected a GPT GUID "
		             "(8-4-4-4-12 hex digits) or an MBR SSSSSSSS-PP, or the start of one", d->value);
	return 0;
}

/* A tag form t, with v the text after its prefix. */
static int parse_tag(const struct tag_form *t, const char *v, struct devspec *d, char *err, size_t errlen)
{
	char buf[SPEC_VALUE_MAX + 1]; /* a value that is too long still shows as one */
	size_t l = strlen(v);

	d->kind = t->kind;
	if (t->udev && strchr(v, '/'))
		return efail(err, errlen, "'%s' has a '/' after the %s", v, devspec_kind_name(d->kind));
	/* systemd's tag_to_udev_node unquotes the value of UUID=, LABEL=, PARTUUID= and
	 * PARTLABEL= (one matching pair of " or ' around it); the kernel keeps the quotes of
	 * root=LABEL="My Root" in the value (lib/cmdline.c next_arg strips only quotes that
	 * open the parameter or its value), so this is done under both rules. */
	if (!t->udev && l >= 2 && (v[0] == '"' || v[0] == '\'') && v[l - 1] == v[0])
		v++, l -= 2;
	copy_tag(v, l, buf, sizeof(buf), t->udev);
	if (set_value(d, buf, err, errlen) < 0)
		return -EINVAL;
	if (d->kind == DEV_UUID)
		return check_uuid(d, err, errlen);
	if (d->kind == DEV_PARTUUID) {
		if (check_partuuid_value(d, err, errlen) < 0)
			return -EINVAL;
		/* udev names the link after the whole PARTUUID: the start of one names no link */
		if (t->udev && d->prefix)
			return efail(err, errlen, "'%s' is not a whole PARTUUID, and udev names its links after "
			             "whole ones", d->value);
	}
	return 0;
}

/* A path: /dev/disk/by-id/, by-path/, /dev/mapper/NAME, /dev/mdN are used as they are. Where udev
 * has run (dracut's helper mode) the link exists; earlymount as PID 1 makes no udev links, and
 * spec_build says so in a warning. */
static int parse_path(const char *text, struct devspec *d, char *err, size_t errlen)
{
	d->kind = DEV_PATH;
	if (!str_startswith(text, "/dev/") || !text[5])
		return efail(err, errlen, "'%s' is not a device: expected /dev/NAME, UUID=, LABEL=, PARTUUID=, "
		             "PARTLABEL= or MAJ:MIN", text);
	if (path_has_dotdot(text))
		return efail(err, errlen, "'%s' contains '..'", text);
	return set_value(d, text, err, errlen);
}

/* The kernel's old form: the device number in hex (new_decode_dev of simple_strtoul(name, &p, 16),
 * which skips a leading "0x"). 0 when text is one. */
static int parse_hex_devnum(const char *text, struct devspec *d)
{
	const char *end;
	size_t n;
	unsigned long dev = kernel_strtoul(text, 16, &end, &n);
	if (*end || !n || n > 8)
		return -EINVAL;
	d->kind = DEV_DEVNUM;
	d->major = (unsigned)((dev & 0xfff00) >> 8);
	d->minor = (unsigned)((dev & 0xff) | ((dev >> 12) & 0xfff00));
	return 0;
}

int devspec_parse(const char *text, struct devspec *d, char *err, size_t errlen)
{
	const struct foreign_root *f;
	const struct tag_form *t;

	memset(d, 0, sizeof(*d));
	d->text = text;
	if (!*text)
		return efail(err, errlen, "empty value");
	f = foreign_root(text);
	if (f) {
		if (f->kernel)
			fmt(err, errlen, "%s: the kernel mounts it only when it boots without an initramfs, and "
			    "not with earlymount as /init; %s", f->what, f->who);
		else if (f->who)
			fmt(err, errlen, "%s; %s", f->what, f->who);
		else
			fmt(err, errlen, "%s", f->what);
		return -EOPNOTSUPP;
	}
	/* dracut's parse-block.sh: root=block:/dev/... is that device path. */
	if (str_startswith(text, "block:"))
		text += 6;
	t = tag_form(text);
	if (t)
		return parse_tag(t, text + strlen(t->prefix), d, err, errlen);
	if (text[0] == '/')
		return parse_path(text, d, err, errlen);
	if (strchr(text, ':')) {
		d->kind = DEV_DEVNUM;
		if (parse_devnum(text, d) < 0)
			return efail(err, errlen, "'%s' is not a MAJOR:MINOR device number", text);
		return set_value(d, text, err, errlen);
	}
	if (parse_hex_devnum(text, d) == 0)
		return set_value(d, text, err, errlen);
	return efail(err, errlen, "'%s' is not a device: expected /dev/NAME, UUID=, LABEL=, PARTUUID=, "
	             "PARTLABEL= or MAJ:MIN%s", text, str_startswith(text, "dev/") ? "" : " (did you mean /dev/...?)");
}

/* The device-mapper and md names, which exist only once something sets the device up: dm's
 * /dev/dm-N node (devtmpfs) once a table is loaded (dmsetup, lvm, cryptsetup, multipathd, or the
 * kernel's own dm-mod.create=, drivers/md/dm-init.c), /dev/mapper/NAME only from udev or dmsetup's
 * mknodes (dm makes no such node itself); md's /dev/mdN once the array is assembled (mdadm: the
 * kernel's autodetection, md_run_setup, runs only without an initramfs), /dev/md/NAME from udev or
 * mdadm; udev's /dev/disk/by-id/dm-* and md-* links for them. */
#define DM_WHO "dracut's lvm, crypt or multipath module"
#define MD_WHO "dracut's mdraid module"
static const struct {
	const char *prefix;
	struct devspec_stack say;
} stacked_names[] = {
	{ "/dev/mapper/", { "a device-mapper device (LVM, LUKS, multipath)", DM_WHO } },
	{ "/dev/dm-", { "a device-mapper device (LVM, LUKS, multipath)", DM_WHO ", or the kernel's dm-mod.create=," } },
	{ "/dev/disk/by-id/dm-", { "a device-mapper device (LVM, LUKS, multipath)", DM_WHO } },
	{ "/dev/md/", { "an MD RAID array", MD_WHO } },
	{ "/dev/md", { "an MD RAID array", MD_WHO } },
	{ "/dev/disk/by-id/md-", { "an MD RAID array", MD_WHO } },
};

const struct devspec_stack *devspec_stacked(const struct devspec *d)
{
	if (d->kind != DEV_PATH)
		return NULL;
	for (size_t i = 0; i < ARRAY_SIZE(stacked_names); i++)
		if (str_startswith(d->value, stacked_names[i].prefix))
			return &stacked_names[i].say;
	return NULL;
}

int devspec_is_device_form(const char *s)
{
	struct devspec d;
	if (str_startswith(s, "/dev/"))
		return 1;
	return tag_form(s) != NULL || parse_devnum(s, &d) == 0;
}
