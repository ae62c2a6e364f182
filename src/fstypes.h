/* SPDX-License-Identifier: MIT */
/* Which types a mount of a device tries, and which of them takes a probed filesystem: the one
 * decision the boot (mountentry.c) and `earlymount check` (check.c) share. Pure. */
#ifndef EM_FSTYPES_H
#define EM_FSTYPES_H
#include "probe.h"

#include <stddef.h>

/* What a mount of a device does, from its type list and its probe (dev_probe's result r and fi). */
enum fst_how {
	FST_MEMBER,     /* a RAID/volume member or other non-filesystem: refused, never mounted */
	FST_LIST,       /* the entry's type list, tried in turn */
	FST_PROBED,     /* the type the superblock names */
	FST_KERNEL,     /* nothing probed: the kernel's block filesystems in turn */
	FST_UNREADABLE, /* the device could not be read */
	FST_JOURNAL,    /* an ext journal device without a type list */
	FST_AMBIVALENT, /* two filesystem signatures (fs_info.also) and no type list: refused */
};
enum fst_how fst_decide(const char *list, int r, const struct fs_info *fi);

/* The next type of a comma list at *cur into out: 1, or 0 at the end (*cur then at its NUL). Empty
 * names are skipped, as the kernel skips them in rootfstype= (init/do_mounts.c split_fs_names). A
 * name longer than out is cut. */
int fst_next(const char **cur, char *out, size_t cap);

/* Does a mount as type (a name of the list) take a filesystem the probers call fs? The kernel's
 * drivers serve more than their own name: ext4's serves ext2 and ext3 too. */
int fst_serves(const char *type, const char *fs);

/* The first type of list that takes a filesystem the probers call fs, the one the boot's mount
 * ends with, into out: 1, or 0 when none does (out then ""). */
int fst_pick(const char *list, const char *fs, char *out, size_t cap);

#endif
