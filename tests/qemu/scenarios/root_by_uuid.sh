# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# root=/dev/disk/by-uuid/UUID: the udev path form, without udev in the initramfs.
uuid=$(em_uuid)
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -U "$uuid"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=/dev/disk/by-uuid/$uuid"
assert_booted
assert_mount / ext4 source:/dev/vda
