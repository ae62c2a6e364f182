# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# rootfstype=xfs,ext4 on an ext4 disk: the types are tried in order (both modules in the image)
# and the root ends up ext4.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs xfs --fs ext4
boot "root=/dev/vda rootfstype=xfs,ext4"
assert_booted
assert_mount / ext4 source:/dev/vda
