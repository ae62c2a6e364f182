/* SPDX-License-Identifier: MIT */
/* The types a mount of a device tries, decided once for the boot (mountentry.c) and for
 * `earlymount check`, so that check's verdict is the boot's: from the entry's type list, else the
 * probed type, else the kernel's list; and which name of a list takes a probed filesystem (a
 * driver serves more than its own name). Pure: no system calls. */
#include "fstypes.h"
#include "util.h"

#include <errno.h>
#include <string.h>

enum fst_how fst_decide(const char *list, int r, const struct fs_info *fi)
{
	/* Two filesystem signatures, one of them stale: mounted only as a type named, as mount(8)
	 * refuses it without -t (libmount: "more filesystems detected"). */
	if (r == 0 && fi->also[0])
		return list[0] ? FST_LIST : FST_AMBIVALENT;
	/* Never a member, whatever type was named: a RAID 1 member with its superblock at the end
	 * (md 0.90, 1.0) shows the array's filesystem at offset 0. An ext journal device is the
	 * kernel's to refuse when a type is named. */
	if (r == 0 && !probe_mountable(fi) && !str_eq(fi->type, "jbd"))
		return FST_MEMBER;
	if (list[0])
		return FST_LIST;
	if (r == -ENOENT)
		return FST_KERNEL;
	if (r < 0)
		return FST_UNREADABLE;
	return str_eq(fi->type, "jbd") ? FST_JOURNAL : FST_PROBED;
}

int fst_next(const char **cur, char *out, size_t cap)
{
	const char *s = *cur;
	while (*s == ',')
		s++;
	if (!*s) {
		*cur = s;
		return 0;
	}
	size_t l = strcspn(s, ",");
	fmt(out, cap, "%.*s", (int)l, s);
	*cur = s + l;
	return 1;
}

int fst_serves(const char *type, const char *fs)
{
	/* Names that mount a filesystem the probers (and libblkid) call by another name. */
	static const struct {
		const char *type, *fs;
	} also[] = {
		/* fs/ext4/super.c: ext4_fill_super mounts an ext2 or ext3 filesystem as ext4 (the
		 * features of both are a subset of ext4's). The "ext3" name (ext3_fs_type) wants a
		 * journal and no ext4-only feature (ext3_feature_set_ok), and "ext2"
		 * (ext2_feature_set_ok, or fs/ext2 itself) is kept to ext2: an ext3 mounted as ext2
		 * skips its journal, and a dirty one is refused (the recover flag). */
		{ "ext4", "ext2" },
		{ "ext4", "ext3" },
		/* fs/fat/namei_msdos.c mounts any FAT filesystem, which the probers call vfat. */
		{ "msdos", "vfat" },
		/* fs/ntfs3 registers ntfs3 (and since 6.9 ntfs too); libblkid calls the type ntfs. */
		{ "ntfs3", "ntfs" },
	};
	if (str_eq(type, fs))
		return 1;
	for (size_t i = 0; i < ARRAY_SIZE(also); i++)
		if (str_eq(type, also[i].type) && str_eq(fs, also[i].fs))
			return 1;
	return 0;
}

int fst_pick(const char *list, const char *fs, char *out, size_t cap)
{
	while (fst_next(&list, out, cap))
		if (fst_serves(out, fs))
			return 1;
	if (cap)
		out[0] = '\0';
	return 0;
}
