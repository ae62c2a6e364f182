# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# earlymount.rootimage= from a --generic image: a squashfs root image file on an ext4 disk. Nothing
# names loop or squashfs up front (no list, no rootfstype=): the image loads loop when the image is
# attached (alias devname:loop-control) and squashfs when the loop device's superblock names it.
# The booted root sees the squashfs on /dev/loop0 as /, the ext4 disk read-only on live/, and the
# disk is byte-identical after the boot (boot checks it: no rw).
# Boot 2: the same image with an /etc/modprobe.d file appended (what a host-only image carries):
# its options line reaches loop (/sys/module/loop/parameters/max_part), and the command line's
# loop.max_part= given after it wins, as modprobe passes both (files first, the command line last).
mkroot "$EM_TMP/root"
em_add_modules_report "$EM_TMP/root"
em_add_check "$EM_TMP/root" loopparam '
echo "MAX_PART=$(cat /sys/module/loop/parameters/max_part 2>/dev/null || echo none)"'
mkdir -p "$EM_TMP/carrier/live" "$EM_TMP/carrier/other"
mksquashfs "$EM_TMP/root" "$EM_TMP/carrier/live/root.squashfs" -quiet -noappend -all-root >/dev/null ||
	em_die "mksquashfs failed"
echo "not part of the image" >"$EM_TMP/carrier/other/file"
DISK_SIZE=64M mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/carrier" -L emcarrier
em_generic_initrd "$EM_TMP/initrd"
boot "root=LABEL=emcarrier earlymount.rootimage=/live/root.squashfs earlymount.debug"
assert_booted
assert_mount / squashfs ro source:/dev/loop0
assert_mount /run/earlymount/live ext4 ro source:/dev/vda
assert_log "match: devname:loop-control (earlymount.rootimage) -> loop via devname:loop-control"
assert_log_re "match: fs-squashfs \\(/dev/loop0\\) -> squashfs via fs-squashfs"
EM_WHY="the generic image loads them on demand" assert_modules_loaded loop squashfs ext4
assert_report MAX_PART 0
assert_handover /sbin/init

# The same image, and a second cpio archive after it (the kernel unpacks each in turn) with a
# modprobe.d file: options for loop; a blacklist line for a module a device of the machine
# matches and the boot does not need (lib.sh EM_UNNEEDED_MATCH: ata_piix for the pc machine's PIIX
# IDE controller, virtio_mmio for virt's transports; the match is skipped, said with
# earlymount.debug); a softdep that loads
# isofs before loop, which nothing else here asks for (a post: softdep is queued after loop, and
# like modules.softdep's it is left to the new root when the mounts do not wait for it). The values
# are of the form 2^n - 1: loop rounds max_part up to one (drivers/block/loop.c loop_init), so
# 5 would read back as 7.
# A copy first: the initrd is a hard link to the generic image the gen_* scenarios share.
cp "$EM_TMP/initrd" "$EM_TMP/initrd.new" && mv "$EM_TMP/initrd.new" "$EM_TMP/initrd" || em_die "copying the initrd failed"
mkdir -p "$EM_TMP/conf/etc/modprobe.d"
printf '# a comment\noptions loop max_part=3\nblacklist %s\nsoftdep loop pre: isofs\n' "$EM_UNNEEDED_MATCH" >"$EM_TMP/conf/etc/modprobe.d/em-test.conf"
(cd "$EM_TMP/conf" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) >>"$EM_TMP/initrd" ||
	em_die "appending the modprobe.d archive failed"
boot "root=LABEL=emcarrier earlymount.rootimage=/live/root.squashfs earlymount.debug"
assert_booted
assert_mount / squashfs ro source:/dev/loop0
assert_log "$(printf "$EXPECT_MODULE_PARAMS_CONF" loop 'max_part=3')"
assert_report MAX_PART 3
assert_log "skip: module $EM_UNNEEDED_MATCH: blacklisted (modprobe.d)"
EM_WHY="modprobe.d's blacklist" refute_modules_loaded "$EM_UNNEEDED_MATCH"
EM_WHY="modprobe.d's softdep loop pre: isofs" assert_modules_loaded isofs
boot "root=LABEL=emcarrier earlymount.rootimage=/live/root.squashfs loop.max_part=15"
assert_booted
assert_log "$(printf "$EXPECT_MODULE_PARAMS_CONF" loop 'max_part=3 max_part=15')"
assert_report MAX_PART 15
assert_handover /sbin/init
