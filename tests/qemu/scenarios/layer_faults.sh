# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# Layered roots given bad input: each boot fails with its message, earlymount.onfail=poweroff ends
# it, the root's init never runs, and no disk is written (boot checks: no rw).
#  1. earlymount.rootimage= naming a file the root device does not hold
#  2. an image file that holds no filesystem
#  3. earlymount.overlay= naming a device that never appears
#  4. earlymount.overlay= on a write-protected disk
#  5. earlymount.volatile=yes on a root without /usr
#  6. an image without the overlay module (--fs overlay left out)
#  7. earlymount.overlay= naming the root device itself, with no image on it
mkroot "$EM_TMP/root"
mkdir -p "$EM_TMP/iso/live"
mksquashfs "$EM_TMP/root" "$EM_TMP/iso/live/root.squashfs" -quiet -noappend -all-root >/dev/null ||
	em_die "mksquashfs failed"
head -c 1048576 /dev/zero >"$EM_TMP/iso/live/zero.img"
xorriso -as mkisofs -quiet -V EMLIVE -o "$EM_TMP/root.img" "$EM_TMP/iso" 2>/dev/null || em_die "xorriso failed"
mkinitrd "$EM_TMP/initrd" --fs iso9660 --fs squashfs --fs ext4 --fs overlay --module loop
off="earlymount.onfail=poweroff"
no_init() { [ ! -s "$EM_LOG.report" ] || em_fail "the root's init ran although the boot should have failed ($1)"; }

boot "root=LABEL=EMLIVE earlymount.rootimage=/live/nope.squashfs $off"
assert_log "$(printf "$EXPECT_ROOTIMAGE_MISSING" /live/nope.squashfs /dev/vda)"
assert_log "$EXPECT_ONFAIL_POWEROFF"
no_init "image missing"

boot "root=LABEL=EMLIVE earlymount.rootimage=/live/zero.img $off"
assert_log "$(printf "$EXPECT_ROOTIMAGE_NO_FS" /live/zero.img /dev/vda)"
assert_log "$(printf "$EXPECT_ROOTIMAGE_FAILED" /live/zero.img /dev/vda /dev/loop0)"
no_init "image without a filesystem"

boot "root=LABEL=EMLIVE earlymount.rootimage=/live/root.squashfs earlymount.overlay=LABEL=nothere earlymount.timeout=3 $off"
assert_log "$(printf "$EXPECT_OVERLAY_DEV_TIMEOUT" 3 LABEL=nothere)"
no_init "overlay device missing"

mkdir -p "$EM_TMP/empty"
mkdisk_ext4 "$EM_TMP/upper.img" "$EM_TMP/empty" -L emupper
sum=$(sha256sum <"$EM_TMP/upper.img")
qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" \
	"root=LABEL=EMLIVE earlymount.rootimage=/live/root.squashfs earlymount.overlay=LABEL=emupper $off" \
	-drive "file=$EM_TMP/root.img,format=raw,if=virtio,readonly=on" \
	-drive "file=$EM_TMP/upper.img,format=raw,if=virtio,readonly=on"
assert_log "$(printf "$EXPECT_OVERLAY_NOT_WRITABLE" LABEL=emupper)"
no_init "overlay device write-protected"
[ "$(sha256sum <"$EM_TMP/upper.img")" = "$sum" ] || em_fail "the write-protected upper disk changed"

mkdir -p "$EM_TMP/nousr/etc"
mkdisk_ext4 "$EM_TMP/nousr.img" "$EM_TMP/nousr"
boot "root=/dev/vda earlymount.volatile=yes $off" "$EM_TMP/nousr.img"
assert_log "$EXPECT_VOLATILE_NO_USR"
no_init "volatile=yes without /usr"

mkdisk_ext4 "$EM_TMP/same.img" "$EM_TMP/root" -L emsame
boot "root=LABEL=emsame earlymount.overlay=LABEL=emsame $off" "$EM_TMP/same.img"
assert_log "$(printf "$EXPECT_OVERLAY_NOT_WRITABLE" LABEL=emsame)"
assert_log "$(printf "$EXPECT_OVERLAY_IS_ROOT" LABEL=emsame)"
no_init "overlay on the root device"

mkinitrd "$EM_TMP/initrd" --fs iso9660 --fs squashfs --module loop
boot "root=LABEL=EMLIVE earlymount.rootimage=/live/root.squashfs earlymount.volatile=overlay $off"
assert_log "$EXPECT_NO_OVERLAY_MODULE"
no_init "no overlay module"
