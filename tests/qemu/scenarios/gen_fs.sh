# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# The --generic image on an xfs root and on a btrfs root (virtio-blk): the filesystem module comes
# from the superblock earlymount probes (alias fs-xfs, fs-btrfs) with its dependencies, and the
# other filesystems stay unloaded: an xfs root never loads ext4 (issue 10), nor a btrfs one.
# The xfs root is mounted rw: Linux 6.1's xfs writes its log and superblock even on a read-only
# mount of a clean filesystem on a writable disk (4,409 bytes in one boot; the same with busybox's
# `mount -o ro -t xfs`, so the kernel's doing, not earlymount's), which em_boot_bus would report
# for a boot without rw; 6.12's xfs does the same (tried: a ro boot of an xfs made by
# mkdisk_xfs changed the image on both kernels). The btrfs root is read-only, and its disk
# checked unchanged.
em_gen_root # the generic image (the ext4 disk it also makes is not booted here)
for fs in xfs btrfs; do
	mode=ro
	[ "$fs" != xfs ] || mode=rw
	mkroot "$EM_TMP/root-$fs"
	em_add_modules_report "$EM_TMP/root-$fs"
	"mkdisk_$fs" "$EM_TMP/$fs.img" "$EM_TMP/root-$fs" -L "emgen$fs"
	em_boot_bus virtio-blk "$EM_TMP/initrd" "root=LABEL=emgen$fs $mode earlymount.timeout=60 earlymount.onfail=poweroff" \
		"$EM_TMP/$fs.img"
	assert_booted
	assert_mount / "$fs" "$mode" source:/dev/vda
	assert_log_re "$EXPECT_MODULES_SUMMARY_NOFAIL_RE" "the module step's summary, with no failed module"
	EM_WHY="the root's superblock names $fs" assert_modules_loaded "$fs" virtio_blk
	others=()
	for o in ext4 jbd2 xfs btrfs vfat f2fs erofs squashfs isofs jfs reiserfs nilfs2 overlay; do
		[ "$o" = "$fs" ] || others+=("$o")
	done
	EM_WHY="the root is $fs: the other filesystems load only when a superblock names them" \
		refute_modules_loaded "${others[@]}"
	em_note "$fs root: loaded $(report_modules | tr '\n' ' ')"
done
