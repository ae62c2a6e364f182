# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A btrfs root in a subvolume, rootflags=subvol=. The top level holds the subvolume and a file
# that must not be the root (mkdisk_btrfs_subvol: mkfs.btrfs --subvol, or a loop mount as root).
mkdir -p "$EM_TMP/top"
mkroot "$EM_TMP/top/emroot"
echo "this is the top level, not the root subvolume" >"$EM_TMP/top/README"
mkdisk_btrfs_subvol "$EM_TMP/root.img" "$EM_TMP/top" emroot -L embtrfs
mkinitrd "$EM_TMP/initrd" --fs btrfs
boot "root=LABEL=embtrfs rw rootflags=subvol=emroot"
assert_booted
assert_mount / btrfs source:/dev/vda root:/emroot super:subvol=/emroot
