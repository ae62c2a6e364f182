/* SPDX-License-Identifier: MIT */
/* A device spec as root=, mount.usr=, earlymount.overlay= and earlymount.mount='s WHAT write it:
 * /dev/NAME, the tags (UUID=, LABEL=, PARTUUID=, PARTLABEL=, and udev's /dev/disk/by-* links),
 * MAJ:MIN and the kernel's hex device number, read as the kernel and systemd read them. Pure: no
 * syscalls. */
#ifndef EM_DEVSPEC_H
#define EM_DEVSPEC_H
#include <stddef.h>

enum devkind {
	DEV_NONE,      /* not a device: a literal source ("tmpfs", "none", "host:/export") */
	DEV_PATH,      /* /dev/NAME, or a udev link (/dev/disk/by-id/..., by-path/...) used as it is */
	DEV_UUID,      /* UUID= or /dev/disk/by-uuid/ */
	DEV_LABEL,     /* LABEL= or /dev/disk/by-label/ */
	DEV_PARTUUID,  /* PARTUUID= or /dev/disk/by-partuuid/, with optional /PARTNROFF=N */
	DEV_PARTLABEL, /* PARTLABEL= or /dev/disk/by-partlabel/ */
	DEV_DEVNUM,    /* MAJ:MIN or the kernel's hex form */
	DEV_BIND,      /* a path inside the new root (bind mounts) */
};

#define SPEC_VALUE_MAX 256
/* devspec_parse's longest message (a root the kernel mounts only without an initramfs, with what
 * to do instead), for the buffer its caller gives it. */
#define DEVSPEC_ERR_MAX 384

struct devspec {
	enum devkind kind;
	const char *text;           /* as given, for messages */
	int partnroff;              /* PARTUUID=.../PARTNROFF=N */
	int prefix;                 /* PARTUUID= is the start of one: the kernel compares its length only */
	unsigned major, minor;      /* DEV_DEVNUM */
	int devnum_offset;          /* MAJ:MIN:OFFSET was given: the kernel reads and ignores OFFSET */
	int swap;                   /* resume=: a UUID= or LABEL= names swap space too (or the filesystem of a swap file) */
	char value[SPEC_VALUE_MAX]; /* the path, UUID, label, ... (by-label's \xNN escapes decoded) */
};

/* Parses one device spec (root= forms); 0 or -EINVAL with a message (without the parameter name),
 * or -EOPNOTSUPP for a root that another dracut module or the kernel itself mounts (nfs:, live:,
 * /dev/nfs, ...), with a message that names who does ("a network root; dracut's nfs module mounts it"). */
int devspec_parse(const char *text, struct devspec *d, char *err, size_t errlen);
/* 1 when s is written as a device (/dev/..., a tag, MAJ:MIN), whether or not it is a valid one:
 * earlymount.mount='s WHAT is then parsed as a device, else taken as a literal source. */
int devspec_is_device_form(const char *s);
const char *devspec_kind_name(enum devkind k);
/* A /dev path that names a device-mapper device or an MD RAID array, which earlymount never sets
 * up: what it is ("a device-mapper device (LVM, LUKS, multipath)") and who sets it up instead. */
struct devspec_stack {
	const char *what;
	const char *who;
};
/* d's, or NULL for any other spec. */
const struct devspec_stack *devspec_stacked(const struct devspec *d);

/* Shared with spec.c, which reads other parameters by the same rules. */

/* 1 when the path climbs with a ".." component. */
int path_has_dotdot(const char *p);
/* The kernel's simple_strtoul(s, &end, base) for base 0, 10 or 16; *ndigits is how many digits it
 * read (see devspec.c). */
unsigned long kernel_strtoul(const char *s, unsigned base, const char **end, size_t *ndigits);

#endif
