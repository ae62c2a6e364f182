# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# "rw" with a write-protected disk (QEMU -drive ...,readonly=on): the rw mount fails (EACCES:
# the device cannot be opened for writing), and earlymount mounts it read-only with a warning,
# as the kernel's own root mount (init/do_mounts.c: all types again with SB_RDONLY) and mount(8)
# ("write-protected, mounted read-only") do, and boots. The disk is unchanged.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4
sum=$(sha256sum <"$EM_TMP/root.img")
qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" "root=/dev/vda rw" \
	-drive "file=$EM_TMP/root.img,format=raw,if=virtio,readonly=on"
assert_log "$(printf "$EXPECT_WRITE_PROTECTED" /dev/vda /sysroot)"
assert_log "$(printf "$EXPECT_MOUNTED" /dev/vda ext4)"
assert_booted
assert_mount / ext4 source:/dev/vda ro super:ro
assert_report WRITE_ROOT fail
assert_handover /sbin/init
[ "$(sha256sum <"$EM_TMP/root.img")" = "$sum" ] || em_fail "the write-protected disk changed"
