# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A btrfs root over two disks (data and metadata raid1) with one disk left off QEMU's command line,
# and rootwait: the kernel waits for the root's node only, then mounts (init/do_mounts.c), so
# earlymount waits for the other member up to earlymount.timeout= (not forever), then mounts
# what is there when rootflags= says degraded, and otherwise refuses with the missing devid, as
# the kernel would (fs/btrfs/volumes.c read_one_dev: no mount with a device missing without
# -o degraded). Both boots are read-only: every disk is byte-identical afterwards (boot checks).
#
# btrfs-progs 6.2 (Debian 12) fills only a single-device btrfs (--rootdir), so a first boot fills
# the two-disk one: its ext4 root mounts it read-write on /mnt and copies itself there.
mkroot "$EM_TMP/root"
em_add_check "$EM_TMP/root" fill 'cp -a /bin /sbin /etc /usr /mnt/ && rm /mnt/etc/em-test.d/fill.sh &&
mkdir -p /mnt/proc /mnt/sys /mnt/dev /mnt/run /mnt/tmp /mnt/mnt && sync && echo FILL=ok'
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
u=$(em_uuid)
em_file "$EM_TMP/m1.img" 160M
em_file "$EM_TMP/m2.img" 160M
mkfs.btrfs -q -f -d raid1 -m raid1 -U "$u" "$EM_TMP/m1.img" "$EM_TMP/m2.img" >/dev/null ||
	em_die "mkfs.btrfs over m1.img and m2.img failed"
mkinitrd "$EM_TMP/initrd" --fs ext4 --fs btrfs
boot "root=/dev/vda rw earlymount.mount=UUID=$u:/mnt:btrfs:rw" "$EM_TMP/root.img" "$EM_TMP/m1.img" "$EM_TMP/m2.img"
assert_booted
assert_report FILL ok

# 1. devid 2 left off, rootflags=degraded: mounted from devid 1 after the timeout, read-only.
boot "root=UUID=$u rootflags=degraded ro rootwait earlymount.timeout=3" "$EM_TMP/m1.img"
assert_booted
assert_mount / btrfs source:/dev/vda ro super:degraded
assert_log "$(printf "$EXPECT_BTRFS_DEGRADED" "$u" "devid 2" 3 1 2 "/dev/vda (devid 1)")"

# 2. devid 1 left off, no degraded: refused before any mount, naming the missing devid and the fix.
boot "root=UUID=$u ro rootwait earlymount.timeout=3 earlymount.onfail=$EXPECT_ONFAIL_TIMEOUT" "$EM_TMP/m2.img"
assert_log "$(printf "$EXPECT_BTRFS_REFUSED" /dev/vda /sysroot "$u" "devid 1" 3 1 2 "/dev/vda (devid 2)" rootflags=degraded)"
assert_log "$EXPECT_ONFAIL_POWEROFF"
refute_log 'earlymount: mounted /dev/vda'
