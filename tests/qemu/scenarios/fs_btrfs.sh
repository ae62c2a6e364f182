# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A btrfs root (mkfs.btrfs --rootdir), its top level, found by label; a btrfs option from
# rootflags= (commit=, which btrfs shows only when it is not the default 30) reaches the
# filesystem. Subvolumes: see fs_btrfs_subvol.
mkroot "$EM_TMP/root"
mkdisk_btrfs "$EM_TMP/root.img" "$EM_TMP/root" -L embtrfs
mkinitrd "$EM_TMP/initrd" --fs btrfs
boot "root=LABEL=embtrfs rw rootflags=commit=17"
assert_booted
assert_mount / btrfs source:/dev/vda rw super:commit=17 super:subvol=/
assert_report WRITE_ROOT ok
