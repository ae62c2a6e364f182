# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A btrfs root in a subvolume at a path of 312 bytes: fsconfig() takes no value over 255 bytes
# (fs/fsopen.c), the kernel's own root mount hands rootflags= to mount(2) as a page of data
# (init/do_mounts.c do_mount_root), and so does earlymount for such a mount (mountapi.c mnt_new),
# saying so with earlymount.debug; noatime rides along as MS_NOATIME. The top level holds a
# file that must not be the root.
seg=dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd
sub="$seg/$seg/$seg/$seg/emroot-$seg"
mkdir -p "$EM_TMP/top"
mkroot "$EM_TMP/top/$sub"
echo "this is the top level, not the root subvolume" >"$EM_TMP/top/README"
mkdisk_btrfs_subvol "$EM_TMP/root.img" "$EM_TMP/top" "$sub" -L emlong
mkinitrd "$EM_TMP/initrd" --fs btrfs
boot "root=LABEL=emlong rw rootflags=subvol=/$sub,noatime earlymount.debug"
assert_booted
assert_log "earlymount: mounting btrfs on /sysroot with mount(2): option 'subvol' is longer than the 255 bytes fsconfig takes"
assert_mount / btrfs noatime source:/dev/vda "root:/$sub" "super:subvol=/$sub"
