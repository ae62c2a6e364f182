# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# root=LABEL=: the ext4 label, found by probing the disk.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=LABEL=emroot"
assert_booted
assert_mount / ext4 source:/dev/vda
