# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A squashfs root: read-only by nature (no ro/rw given), found by its /dev path.
mkroot "$EM_TMP/root"
mkdisk_squashfs "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs squashfs
boot "root=/dev/vda"
assert_booted
assert_mount / squashfs source:/dev/vda ro
assert_report WRITE_ROOT fail
assert_handover /sbin/init
