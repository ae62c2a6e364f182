/* SPDX-License-Identifier: MIT */
/* The device-spec parser: the forms root=, mount.usr=, earlymount.overlay= and earlymount.mount='s
 * WHAT take, read as the kernel (block/early-lookup.c, init/do_mounts.c), udev and systemd
 * (tag_to_udev_node) read them, and the roots that someone else mounts. Pure: no syscalls. */
#include "devspec.h"
#include "options.h"
#include "util.h"

#include <errno.h>
#include <string.h>

/* The i-th of the strings packed one after the other in s (a packed string takes no table of
 * pointers). */
static const char *nth(const char *s, unsigned i)
{
	while (i--)
		s += strlen(s) + 1;
	return s;
}

const char *devspec_kind_name(enum devkind k)
{
	/* k is one of enum devkind's: every kind is set from its constants */
	return nth("source\0path\0UUID\0LABEL\0PARTUUID\0PARTLABEL\0device number\0bind source", (unsigned)k);
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
 * partition number in hex, block/early-lookup.c). 0 when it is one, 1 for an MBR one with a single
 * digit after the '-' (see devspec_parse), -EINVAL for anything else. */
static int check_partuuid(const char *s)
{
	static const unsigned char groups[] = { 8, 4, 4, 4, 12 };

	if (hex_run(s) == 8 && s[8] == '-') {
		size_t m = hex_run(s + 9);
		if ((m == 1 || m == 2) && s[9 + m] == '\0')
			return m == 1;
	}
	for (size_t g = 0; g < ARRAY_SIZE(groups); g++) {
		size_t n = hex_run(s);
		if (n != groups[g])
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

/* The tag forms, packed one after the other: the i-th is of kind DEV_UUID + i % 4 (UUID, LABEL,
 * PARTUUID, PARTLABEL), the last four are udev's links. */
static const char tag_forms[] = "UUID=\0LABEL=\0PARTUUID=\0PARTLABEL=\0/dev/disk/by-uuid/\0"
                                "/dev/disk/by-label/\0/dev/disk/by-partuuid/\0/dev/disk/by-partlabel/\0";

/* The index of the tag form text starts with, with *v the value after it; -1 when none. */
static int tag_form(const char *text, const char **v)
{
	int i = word_index(tag_forms, text, str_startswith);
	if (i >= 0)
		*v = text + strlen(nth(tag_forms, (unsigned)i));
	return i;
}

/* Roots that earlymount does not mount because someone else does: dracut's modules (their
 * parse-*.sh scripts claim these root= prefixes), systemd's gpt-auto generator, and the roots the
 * kernel mounts itself (init/do_mounts.c: /dev/nfs, /dev/cifs, /dev/ram, mtd*, ubi*). Saying who
 * mounts it beats "not a MAJOR:MINOR device number". One packed string, an entry after another:
 * how the prefix matches and which tail follows its who (FR_PREFIX or FR_EXACT: the tail's digit,
 * after an 'x' for an exact match), the prefix, '\0'; the string's own '\0' ends it. Not a table
 * of structs: two pointers per entry and their padding were 408 B (320 B less in earlymount-init,
 * 83,704 -> 83,384 B). The who and the tail (several share one) are literals in the message of
 * devspec_parse, by the entry's number and the digit, so that msgpack packs them. */
#define FR_PREFIX(tail) #tail /* the text starts with the prefix */
#define FR_EXACT(tail) "x" #tail /* the text is the prefix; the x is skipped */
#define FR(how, prefix) how prefix "\0"
static const char foreign_roots[] =
	FR(FR_PREFIX(1), "nfs:") /* 0 */
	FR(FR_PREFIX(1), "nfs4:") /* 1 */
	FR(FR_EXACT(1), "dhcp") /* 2 */
	FR(FR_EXACT(1), "dhcp6") /* 3 */
	FR(FR_EXACT(1), "/dev/nfs") /* 4 */
	FR(FR_PREFIX(0), "cifs:") /* 5 */
	FR(FR_EXACT(0), "/dev/cifs") /* 6 */
	FR(FR_PREFIX(0), "iscsi:") /* 7 */
	FR(FR_PREFIX(0), "nbd:") /* 8 */
	FR(FR_PREFIX(0), "live:") /* 9 */
	FR(FR_PREFIX(3), "zfs:") /* 10 */
	FR(FR_PREFIX(3), "ZFS=") /* 11 */
	FR(FR_PREFIX(0), "virtiofs:") /* 12 */
	FR(FR_EXACT(0), "gpt-auto") /* 13 */
	FR(FR_PREFIX(0), "/dev/ram") /* 14 */
	FR(FR_PREFIX(2), "mtd") /* 15 */
	FR(FR_PREFIX(2), "ubi"); /* 16 */

int devspec_parse(const char *text, struct devspec *d, char *err, size_t errlen)
{
	unsigned i = 0;
	memset(d, 0, sizeof(*d));
	d->text = text;
	if (!*text)
		return efail(err, errlen, "empty value");
	for (const char *e = foreign_roots; *e; e += strlen(e) + 1, i++) {
		int exact = *e == 'x';
		unsigned tail = (unsigned)(e[exact] - '0');
		const char *prefix = e + exact + 1;
		if (exact ? str_eq(text, prefix) : str_startswith(text, prefix)) {
			fmt(err, errlen, "%s%s",
			      i == 0 ? "a network root (NFS); "
			    : i == 1 ? "a network root (NFSv4); "
			    : i == 2 ? "a network root named by DHCP; "
			    : i == 3 ? "a network root named by DHCPv6; "
			    : i == 4 ? "the kernel's NFS root (nfsroot=); the kernel or "
			    : i == 5 ? "a network root (CIFS); dracut's cifs module mounts it"
			    : i == 6 ? "the kernel's CIFS root (cifsroot=); the kernel mounts it"
			    : i == 7 ? "an iSCSI root; dracut's iscsi module logs in to it"
			    : i == 8 ? "a network block device root; dracut's nbd module connects it"
			    : i == 9 ? "a live image root; dracut's dmsquash-live module mounts it"
			    : i == 10 ? "a ZFS root; "
			    : i == 11 ? "a ZFS root; "
			    : i == 12 ? "a virtiofs root; dracut's virtiofs module mounts it"
			    : i == 13 ? "the root that systemd-gpt-auto-generator finds by its GPT partition type"
			    : i == 14 ? "the kernel's initrd RAM disk; the kernel mounts it itself"
			    : i == 15 ? "an MTD root; "
			    :           "a UBI root; ",
			    tail == 1 ? "dracut's nfs module mounts it"
			    : tail == 2 ? "the kernel mounts it itself (init/do_mounts.c)"
			    : tail == 3 ? "the zfs dracut module (zfs-dracut) mounts it" : "");
			return -EOPNOTSUPP;
		}
	}
	/* dracut's parse-block.sh: root=block:/dev/... is that device path. */
	if (str_startswith(text, "block:"))
		text += 6;
	const char *v;
	int t = tag_form(text, &v);
	if (t >= 0) {
		char buf[SPEC_VALUE_MAX + 1]; /* a value that is too long still shows as one */
		size_t l = strlen(v);
		int udev = t >= 4;
		d->kind = (enum devkind)(DEV_UUID + (t & 3));
		if (udev && strchr(v, '/'))
			return efail(err, errlen, "'%s' has a '/' after the %s", v, devspec_kind_name(d->kind));
		/* systemd's tag_to_udev_node unquotes the value of UUID=, LABEL=, PARTUUID= and
		 * PARTLABEL= (one matching pair of " or ' around it); the kernel keeps the quotes of
		 * root=LABEL="My Root" in the value (lib/cmdline.c next_arg strips only quotes that
		 * open the parameter or its value), so this is done under both rules. */
		if (!udev && l >= 2 && (v[0] == '"' || v[0] == '\'') && v[l - 1] == v[0])
			v++, l -= 2;
		copy_tag(v, l, buf, sizeof(buf), udev);
		if (set_value(d, buf, err, errlen) < 0)
			return -EINVAL;
		if (d->kind == DEV_UUID)
			return check_uuid(d, err, errlen);
		if (d->kind == DEV_PARTUUID) {
			char *off = strchr(d->value, '/');
			int r;
			if (off) {
				if (!str_startswith(off, "/PARTNROFF=") || parse_int(off + 11, &d->partnroff) < 0)
					return efail(err, errlen, "'%s' after the PARTUUID is not /PARTNROFF=<number>", off);
				*off = '\0';
			}
			/* An MBR partition's PARTUUID is "%08x-%02x" (block/partitions/msdos.c, and blkid
			 * alike), and the kernel matches by strncasecmp over the given length
			 * (match_dev_by_uuid): "deadbeef-5" is never equal to "deadbeef-05". */
			r = check_partuuid(d->value);
			if (r > 0)
				return efail(err, errlen, "'%s' never matches: an MBR partition's PARTUUID has two hex "
				             "digits after the '-' (%.*s0%c)", d->value, 9, d->value, d->value[9]);
			if (r < 0)
				return efail(err, errlen, "'%s' is not a PARTUUID: expected a GPT GUID "
				             "(8-4-4-4-12 hex digits) or an MBR SSSSSSSS-PP", d->value);
		}
		return 0;
	}
	if (text[0] == '/') {
		/* /dev/disk/by-id/, by-path/, /dev/mapper/NAME, /dev/mdN: used as they are. Where udev
		 * has run (dracut's helper mode) the link exists; earlymount as PID 1 makes no udev
		 * links, and spec_build says so in a warning. */
		d->kind = DEV_PATH;
		if (!str_startswith(text, "/dev/") || !text[5]) {
			fmt(err, errlen, "'%s' is not a device: expected /dev/NAME, UUID=, LABEL=, PARTUUID=, "
			    "PARTLABEL= or MAJ:MIN%s", text, ""); /* the format of the one at the end */
			return -EINVAL;
		}
		if (path_has_dotdot(text)) {
			fmt(err, errlen, "'%s' contains '..'", text);
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
		/* The kernel's old form: the device number in hex (new_decode_dev of
		 * simple_strtoul(name, &p, 16), which skips a leading "0x"). */
		const char *end;
		size_t n;
		unsigned long dev = kernel_strtoul(text, 16, &end, &n);
		if (!*end && n && n <= 8) {
			d->kind = DEV_DEVNUM;
			d->major = (unsigned)((dev & 0xfff00) >> 8);
			d->minor = (unsigned)((dev & 0xff) | ((dev >> 12) & 0xfff00));
			return set_value(d, text, err, errlen);
		}
	}
	fmt(err, errlen, "'%s' is not a device: expected /dev/NAME, UUID=, LABEL=, PARTUUID=, "
	    "PARTLABEL= or MAJ:MIN%s", text, str_startswith(text, "dev/") ? "" : " (did you mean /dev/...?)");
	return -EINVAL;
}

int devspec_is_device_form(const char *s)
{
	struct devspec d;
	if (str_startswith(s, "/dev/"))
		return 1;
	const char *v;
	return tag_form(s, &v) >= 0 || parse_devnum(s, &d) == 0;
}
