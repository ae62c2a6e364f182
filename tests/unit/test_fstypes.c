/* SPDX-License-Identifier: MIT */
/* The decision the boot and `earlymount check` share (fstypes.c): which types a mount tries, and
 * which name of a type list takes a probed filesystem, one row per kernel behaviour. */
#include "../t.h"
#include "fstypes.h"

static struct fs_info fs(const char *type, enum probe_usage usage)
{
	struct fs_info fi;
	memset(&fi, 0, sizeof(fi));
	snprintf(fi.type, sizeof(fi.type), "%s", type);
	fi.usage = usage;
	return fi;
}

static const char *pick(const char *list, const char *probed)
{
	static char out[64];
	return fst_pick(list, probed, out, sizeof(out)) ? out : "(none)";
}

int main(void)
{
	struct fs_info ext3 = fs("ext3", PROBE_USAGE_FS), raid = fs("linux_raid_member", PROBE_USAGE_RAID),
		       jbd = fs("jbd", PROBE_USAGE_OTHER);

	/* mountentry.c mount_device's order: a member is refused whatever type was named */
	CHECK_INT(fst_decide("ext4", 0, &raid), FST_MEMBER);
	CHECK_INT(fst_decide("", 0, &raid), FST_MEMBER);
	CHECK_INT(fst_decide("ext4", 0, &ext3), FST_LIST);
	CHECK_INT(fst_decide("", 0, &ext3), FST_PROBED);
	CHECK_INT(fst_decide("", -ENOENT, &ext3), FST_KERNEL);
	CHECK_INT(fst_decide("ext4", -ENOENT, &ext3), FST_LIST);
	CHECK_INT(fst_decide("", -EACCES, &ext3), FST_UNREADABLE);
	CHECK_INT(fst_decide("", 0, &jbd), FST_JOURNAL);
	CHECK_INT(fst_decide("ext4", 0, &jbd), FST_LIST); /* the kernel's ext4 refuses it */
	/* two filesystem signatures (libblkid: ambivalent): only a type named mounts it, as mount(8)
	 * needs -t for it */
	struct fs_info two = fs("nilfs2", PROBE_USAGE_NONE);
	snprintf(two.also, sizeof(two.also), "vfat");
	CHECK_INT(fst_decide("", 0, &two), FST_AMBIVALENT);
	CHECK_INT(fst_decide("vfat", 0, &two), FST_LIST);
	CHECK(!probe_mountable(&two));

	/* fs/ext4/super.c: ext4 mounts ext2 and ext3; ext3_fs_type wants a journal and no ext4-only
	 * feature (ext3_feature_set_ok); ext2 is kept to ext2 */
	CHECK_STR(pick("ext4", "ext3"), "ext4");
	CHECK_STR(pick("ext4", "ext2"), "ext4");
	CHECK_STR(pick("ext3", "ext4"), "(none)");
	CHECK_STR(pick("ext2", "ext3"), "(none)");
	CHECK_STR(pick("ext3", "ext3"), "ext3");
	/* the kernel tries the list in order (init/do_mounts.c mount_root_generic): the first that
	 * takes it wins, xfs refuses an ext4 superblock */
	CHECK_STR(pick("xfs,ext4", "ext4"), "ext4");
	CHECK_STR(pick("ext3,ext4", "ext3"), "ext3");
	CHECK_STR(pick("btrfs,xfs", "ext4"), "(none)");
	CHECK_STR(pick("msdos", "vfat"), "msdos");
	CHECK_STR(pick("ntfs3", "ntfs"), "ntfs3");
	CHECK_STR(pick("vfat", "msdos"), "(none)");
	/* empty names are skipped, as the kernel skips them */
	CHECK_STR(pick(",ext4", "ext4"), "ext4");
	CHECK_STR(pick("xfs,,ext4,", "ext4"), "ext4");
	CHECK_STR(pick("", "ext4"), "(none)");

	const char *cur = ",,xfs,ext4";
	char t[8];
	CHECK_INT(fst_next(&cur, t, sizeof(t)), 1);
	CHECK_STR(t, "xfs");
	CHECK_INT(fst_next(&cur, t, sizeof(t)), 1);
	CHECK_STR(t, "ext4");
	CHECK_INT(fst_next(&cur, t, sizeof(t)), 0);
	return t_done();
}
