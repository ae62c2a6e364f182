# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# The generic image's other probed filesystems: a jfs (a root the Debian installer offers, found by
# the UUID its grub line names), a reiserfs 3.6 by LABEL and a nilfs2 by UUID, each an extra mount
# with no type (earlymount.mount=WHAT:WHERE::ro), on an ext4 root. Each superblock names its
# module (alias fs-jfs, fs-reiserfs, fs-nilfs2), which loads then and not before.
#
# Read-only mounts of jfs and nilfs2 leave their disks unchanged. reiserfs's does not, on any
# read-only mount of a writable device: its journal_read (fs/reiserfs/journal.c) rewrites the
# journal header unless bdev_read_only(), and the superblock's journal fields with it (seen here:
# 64 KiB + 28..31 and 120, and the header block). So the line says rw (the ext4 root is writable)
# and the scenario checks the jfs and nilfs2 disks itself.
#
# A fifth disk holds a vfat made over a nilfs2 (mkfs.vfat leaves nilfs2's superblock copy at the
# end): libblkid answers "ambivalent", and earlymount mounts it only as the type named (vfat
# here), refusing the same mount without a type with the reason (nofail: the boot goes on).
#
# A kernel built without reiserfs (CONFIG_REISERFS_FS unset: it left Linux in 6.13) can mount none:
# there the reiserfs mount is nofail, and earlymount names the missing filesystem and goes on.
#
# jfsutils, reiserfsprogs and nilfs-tools fill no filesystem from a tree (no -d/--rootdir), and
# disks are never loop-mounted on the host, so the three are empty and none is the root itself.
# The root's mount goes through the same steps (resolve by probing, load fs-TYPE, mount).
em_need_tools mkfs.jfs mkreiserfs mkfs.nilfs2 blkid
em_gen_root /mnt/jfs /mnt/reiser /mnt/nilfs /mnt/two /mnt/twovfat
em_file "$EM_TMP/jfs.img" 64M
mkfs.jfs -q -L emjfs "$EM_TMP/jfs.img" >/dev/null || em_die "mkfs.jfs failed"
em_file "$EM_TMP/reiser.img" 64M
ur=$(em_uuid)
mkreiserfs -q -ff -u "$ur" -l emreiser "$EM_TMP/reiser.img" >/dev/null 2>&1 || em_die "mkreiserfs failed"
em_file "$EM_TMP/nilfs.img" 160M
mkfs.nilfs2 -q -f -L emnilfs "$EM_TMP/nilfs.img" >/dev/null || em_die "mkfs.nilfs2 failed"
em_file "$EM_TMP/two.img" 256M
mkfs.nilfs2 -q -f -L emstale "$EM_TMP/two.img" >/dev/null && mkfs.vfat -n EMTWO "$EM_TMP/two.img" >/dev/null ||
	em_die "mkfs.nilfs2, then mkfs.vfat on two.img failed"
uj=$(blkid -p -o value -s UUID "$EM_TMP/jfs.img")
un=$(blkid -p -o value -s UUID "$EM_TMP/nilfs.img")
[ -n "$uj" ] && [ -n "$un" ] || em_die "blkid -p found no UUID on jfs.img ('$uj') or nilfs.img ('$un')"

reiser_opts=ro reiser_mod=reiserfs
if [ "$(em_kconfig REISERFS_FS)" = n ]; then
	reiser_opts=ro,nofail reiser_mod=
	em_note "$KVER has no reiserfs: its mount is nofail, and must fail with earlymount's reason"
fi
sj=$(sha256sum <"$EM_TMP/jfs.img")
sn=$(sha256sum <"$EM_TMP/nilfs.img")
st=$(sha256sum <"$EM_TMP/two.img")
boot "root=LABEL=emgen rw earlymount.timeout=60 earlymount.onfail=poweroff earlymount.mount=UUID=$uj:/mnt/jfs::ro earlymount.mount=LABEL=emreiser:/mnt/reiser::$reiser_opts earlymount.mount=UUID=$un:/mnt/nilfs::ro earlymount.mount=/dev/vde:/mnt/two::ro,nofail earlymount.mount=/dev/vde:/mnt/twovfat:vfat:ro" \
	"$EM_TMP/root.img" "$EM_TMP/jfs.img" "$EM_TMP/reiser.img" "$EM_TMP/nilfs.img" "$EM_TMP/two.img"
assert_booted
assert_mount / ext4 rw source:/dev/vda
assert_mount /mnt/jfs jfs ro source:/dev/vdb
if [ -n "$reiser_mod" ]; then
	assert_mount /mnt/reiser reiserfs ro source:/dev/vdc
else
	assert_log "$(printf "$EXPECT_NO_FS_MODULE" /dev/vdc /sysroot/mnt/reiser reiserfs reiserfs reiserfs reiserfs)"
	assert_log "$(printf "$EXPECT_NOFAIL_GOING_ON" LABEL=emreiser /mnt/reiser)"
fi
assert_mount /mnt/nilfs nilfs2 ro source:/dev/vdd
assert_log "$(printf "$EXPECT_AMBIVALENT_REFUSED" /dev/vde /sysroot/mnt/two /dev/vde nilfs2 vfat WHAT:WHERE:FSTYPE)"
assert_mount /mnt/twovfat vfat ro source:/dev/vde
assert_log_re "$EXPECT_MODULES_SUMMARY_NOFAIL_RE" "the module step's summary, with no failed module"
EM_WHY="a superblock names each (alias fs-TYPE)" assert_modules_loaded jfs ${reiser_mod:+"$reiser_mod"} nilfs2 ext4 virtio_blk
EM_WHY="no superblock names them" refute_modules_loaded xfs btrfs f2fs erofs squashfs isofs
[ "$(sha256sum <"$EM_TMP/jfs.img")" = "$sj" ] || em_fail "the read-only jfs (jfs.img) changed during the boot"
[ "$(sha256sum <"$EM_TMP/nilfs.img")" = "$sn" ] || em_fail "the read-only nilfs2 (nilfs.img) changed during the boot"
[ "$(sha256sum <"$EM_TMP/two.img")" = "$st" ] || em_fail "the disk with two signatures (two.img) changed during the boot"
em_note "loaded $(report_modules | tr '\n' ' ')"
