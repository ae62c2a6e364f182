# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# rootflags= with ext4's own options (data=journal, commit=7): they reach the filesystem, which
# shows them in mountinfo's superblock options.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=/dev/vda rw rootflags=data=journal,commit=7"
assert_booted
assert_mount / ext4 rw super:data=journal super:commit=7
assert_report WRITE_ROOT ok
