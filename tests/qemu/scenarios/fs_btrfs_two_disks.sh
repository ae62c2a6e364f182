# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A btrfs over two disks (data raid0, metadata raid1): the kernel assembles it only from members
# it was told about, which udev's 64-btrfs.rules does for dracut (BTRFS_IOC_SCAN_DEV) and
# earlymount does itself, waiting (within the device timeout) until the superblock's num_devices
# members are there.
#
# btrfs-progs 6.2 (Debian 12) refuses --rootdir with more than one device ("the option -r is
# limited to a single device") and nothing else fills a btrfs without mounting it on the host, so
# the two-disk btrfs is empty: it is an extra mount (earlymount.mount=UUID=...) of an ext4 root
# with an init, and as the root itself it is mounted and then found to have no init.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
u=$(em_uuid)
em_file "$EM_TMP/m1.img" 128M
em_file "$EM_TMP/m2.img" 128M
mkfs.btrfs -q -f -d raid0 -m raid1 -L emmulti -U "$u" "$EM_TMP/m1.img" "$EM_TMP/m2.img" >/dev/null ||
	em_die "mkfs.btrfs over m1.img and m2.img failed"
mkinitrd "$EM_TMP/initrd" --fs ext4 --fs btrfs

# 1. An extra mount: both members registered, the filesystem mounted from the first one found.
boot "root=/dev/vda earlymount.mount=UUID=$u:/mnt:btrfs:ro" \
	"$EM_TMP/root.img" "$EM_TMP/m1.img" "$EM_TMP/m2.img"
assert_booted
assert_mount / ext4 source:/dev/vda
assert_mount /mnt btrfs source:/dev/vdb ro
assert_log "$(printf "$EXPECT_BTRFS_ALL_MEMBERS" "$u" 2 "/dev/vdb (devid 1), /dev/vdc (devid 2)")"
# both members carry the UUID, each with its own devid: not taken for a copy (dev_find_twin)
refute_log "(a copy?)"

# 2. As the root: mounted over both disks (then it has no init: the empty filesystem).
boot "root=UUID=$u earlymount.timeout=10 earlymount.onfail=$EXPECT_ONFAIL_TIMEOUT" "$EM_TMP/m1.img" "$EM_TMP/m2.img"
assert_log "$(printf "$EXPECT_BTRFS_ALL_MEMBERS" "$u" 2 "/dev/vda (devid 1), /dev/vdb (devid 2)")"
assert_log "$(printf "$EXPECT_MOUNTED" /dev/vda btrfs)"
assert_log "$EXPECT_NO_INIT"

# 3. One member missing: earlymount waits for it up to the timeout, then refuses the mount as the
# kernel would without -o degraded, naming the missing devid, which were found and the fix
# (fs_btrfs_degraded has the degraded mount). The member it has is registered with the kernel
# once, not again on each of the rescans while it waits.
boot "root=UUID=$u earlymount.timeout=4 earlymount.debug earlymount.onfail=$EXPECT_ONFAIL_TIMEOUT" "$EM_TMP/m2.img"
n=$(grep -acF "registered btrfs member /dev/vda (UUID=$u devid 2)" "$EM_LOG" || true)
[ "$n" = 1 ] || em_fail "btrfs member /dev/vda registered $n times, expected once"
assert_log "$(printf "$EXPECT_BTRFS_WAITING" "$u" 2 1 "/dev/vda (devid 2)")"
assert_log "$(printf "$EXPECT_BTRFS_REFUSED" /dev/vda /sysroot "$u" "devid 1" 4 1 2 "/dev/vda (devid 2)" rootflags=degraded)"
