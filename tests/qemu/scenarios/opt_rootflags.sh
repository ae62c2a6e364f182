# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# rootflags= with per-mount attributes (noatime, nodev, nosuid): they show in the mount's options.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=/dev/vda rw rootflags=noatime,nodev,nosuid"
assert_booted
assert_mount / ext4 rw noatime nodev nosuid '!relatime'
assert_report WRITE_ROOT ok
