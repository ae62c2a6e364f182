# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# "ro": the root is read-only (the mount and the write from init both say so).
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=/dev/vda ro"
assert_booted
assert_mount / ext4 ro
assert_report WRITE_ROOT fail
