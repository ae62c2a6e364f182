# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A live-style boot: an ISO 9660 disk (xorriso) holding the root as a squashfs image file.
# earlymount.rootimage= attaches the image to a read-only loop device, earlymount.volatile=overlay
# puts a tmpfs over it. Then the image alone as the root (read-only squashfs on the loop device).
# The ISO is byte-identical after every boot (boot checks it: no rw).
mkroot "$EM_TMP/root"
mkdir -p "$EM_TMP/iso/live"
mksquashfs "$EM_TMP/root" "$EM_TMP/iso/live/root.squashfs" -quiet -noappend -all-root >/dev/null ||
	em_die "mksquashfs failed"
xorriso -as mkisofs -quiet -V EMLIVE -o "$EM_TMP/root.img" "$EM_TMP/iso" 2>/dev/null || em_die "xorriso failed"
mkinitrd "$EM_TMP/initrd" --fs iso9660 --fs squashfs --fs overlay --module loop
boot "root=LABEL=EMLIVE earlymount.rootimage=/live/root.squashfs earlymount.volatile=overlay"
assert_booted
assert_mount / overlay rw
assert_mount /run/earlymount/live iso9660 ro source:/dev/vda
assert_mount /run/earlymount/lower squashfs ro source:/dev/loop0
assert_report WRITE_ROOT ok
assert_handover /sbin/init

boot "root=LABEL=EMLIVE earlymount.rootimage=live/root.squashfs"
assert_booted
assert_mount / squashfs ro source:/dev/loop0
assert_mount /run/earlymount/live iso9660 ro source:/dev/vda
assert_report WRITE_ROOT fail
assert_handover /sbin/init
