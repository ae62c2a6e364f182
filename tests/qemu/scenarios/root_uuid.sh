# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# root=UUID=: the ext4 UUID (random for each run), in upper case to check it is compared the
# way blkid and udev do (case-insensitively).
uuid=$(em_uuid)
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -U "$uuid"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=UUID=${uuid^^}"
assert_booted
assert_mount / ext4 source:/dev/vda
