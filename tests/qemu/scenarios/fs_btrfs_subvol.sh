# SPDX-License-Identifier: MIT
# A btrfs root in a subvolume, rootflags=subvol=. Putting a subvolume into an image without
# mounting it needs mkfs.btrfs --subvol (btrfs-progs 6.9+; Debian 12 has 6.2): skipped without it.
btrfs_has_subvol ||
	em_skip "this btrfs-progs ($(mkfs.btrfs --version 2>&1 | head -n 1)) has no mkfs.btrfs --subvol, and making a subvolume otherwise needs a mounted btrfs (fs_btrfs boots the top level instead)"
mkdir -p "$EM_TMP/top"
mkroot "$EM_TMP/top/emroot"
echo "this is the top level, not the root subvolume" >"$EM_TMP/top/README"
mkdisk_btrfs "$EM_TMP/root.img" "$EM_TMP/top" -L embtrfs --subvol emroot
mkinitrd "$EM_TMP/initrd" --fs btrfs
boot "root=LABEL=embtrfs rw rootflags=subvol=emroot"
assert_booted
assert_mount / btrfs source:/dev/vda root:/emroot super:subvol=/emroot
