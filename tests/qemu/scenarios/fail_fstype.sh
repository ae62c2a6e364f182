# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# rootfstype=xfs on an ext4 disk, with the xfs module in the image: the mount fails, earlymount
# names the device, the type and the reason, and the kernel's own reason is on the console.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4 --fs xfs
boot "root=/dev/vda rootfstype=xfs earlymount.onfail=$EXPECT_ONFAIL_FSTYPE"
assert_log "$(printf "$EXPECT_MOUNT_FAILED" /dev/vda xfs "Invalid argument")"
assert_log "$EXPECT_XFS_REASON"
[ ! -s "$EM_LOG.report" ] || em_fail "the test root's init ran although its mount must fail"
