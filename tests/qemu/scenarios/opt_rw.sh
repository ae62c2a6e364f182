# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# "rw": the root is writable, the mount and the superblock both rw.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=/dev/vda rw"
assert_booted
assert_mount / ext4 rw '!ro' super:rw
assert_report WRITE_ROOT ok
