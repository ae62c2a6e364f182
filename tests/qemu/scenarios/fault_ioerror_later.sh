# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# Read errors past the superblock (QEMU blkdebug, see fault_ioerror_super): the root mounts, then
#   1. the first block of /sbin/init's data is unreadable: earlymount reads the first bytes of
#      init before anything is deleted, so it says "no init found in /sysroot: /sbin/init:
#      unreadable (I/O error)", leaves the initramfs intact and ends per onfail (poweroff), never
#      reaching an execve() that would fail after the initramfs is gone. Nothing is written.
#   2. the block of the /sbin directory is unreadable: the lookup of /sbin/init fails, the kernel
#      reports an EXT4-fs error, earlymount says "no init found in /sysroot: /sbin/init: I/O
#      error, ..." and leaves the initramfs intact, then powers off.
#      ext4 records the error in its superblock even on a read-only mount when the device is
#      writable (fs/ext4/super.c ext4_handle_error -> ext4_commit_super), so this "ro" boot
#      changes the disk: asserted to be that and only that (bytes of the primary superblock,
#      1024-2047, and an error count in it), instead of boot()'s byte-identical check.
# The root has no /bin/sh (its init runs busybox directly), so no fallback init hides the error.
mkroot "$EM_TMP/root"
rm -f "$EM_TMP/root/bin/sh"
sed -i '1s|.*|#!/bin/busybox sh|' "$EM_TMP/root/sbin/init"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4
cp "$EM_TMP/root.img" "$EM_TMP/orig.img"
s_init=$(em_ext4_sector "$EM_TMP/root.img" /sbin/init)
s_sbin=$(em_ext4_sector "$EM_TMP/root.img" /sbin)
em_note "/sbin/init's first block starts at sector $s_init, the /sbin directory's at $s_sbin"

errboot() { # SECTOR
	printf '%s\n' '[inject-error]' 'event = "read_aio"' 'errno = "5"' "sector = \"$1\"" >"$EM_TMP/blkdebug.conf"
	mapfile -t drive < <(em_blkdebug_drive "$EM_TMP/root.img" "$EM_TMP/blkdebug.conf")
	qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" "root=/dev/vda earlymount.onfail=poweroff" "${drive[@]}"
	assert_log_re "$(printf "$EXPECT_KERNEL_IO_ERROR_SECTOR_RE" "$1")" "the kernel's I/O error at sector $1 (blkdebug injected it)"
	[ ! -s "$EM_LOG.report" ] || em_fail "the test root's init ran although it cannot be read"
	assert_powered_off
}

# 1. init's data
errboot "$s_init"
assert_log "$(printf "$EXPECT_MOUNTED" /dev/vda ext4)"
assert_log "$(printf "$EXPECT_NO_INIT_WHY" "$(printf "$EXPECT_INIT_UNREADABLE" "$EXPECT_EIO")")"
assert_log "$EXPECT_LEFT_INTACT"
refute_log "$EXPECT_SWITCH_FAILED"
cmp -s "$EM_TMP/root.img" "$EM_TMP/orig.img" || em_fail "the disk changed although nothing but a data block read failed"

# 2. the directory holding init
errboot "$s_sbin"
assert_log_re "$EXPECT_EXT4_DIR_ERROR_RE" "the kernel's EXT4-fs error about the directory block"
assert_log "$(printf "$EXPECT_NO_INIT_WHY" "/sbin/init: $EXPECT_EIO")"
assert_log "$EXPECT_LEFT_INTACT"
refute_log "$EXPECT_SWITCH_FAILED"
changed=$(em_diff_offsets "$EM_TMP/root.img" "$EM_TMP/orig.img")
outside=$(awk '$1 < 1024 || $1 >= 2048' <<<"$changed" | head -n 5)
[ -z "$outside" ] || em_fail "a read-only boot wrote outside the primary superblock (first offsets: $(tr '\n' ' ' <<<"$outside"))"
errors=$(dumpe2fs -h "$EM_TMP/root.img" 2>/dev/null | sed -n 's/^FS Error count: *//p')
if [ -n "$changed" ]; then
	[ "${errors:-0}" -ge 1 ] || em_fail "the superblock changed but records no error (dumpe2fs: FS Error count '${errors}')"
	em_note "as expected of ext4 on a writable device: the ro boot recorded the error in the superblock ($(wc -l <<<"$changed") bytes, FS Error count $errors)"
else
	em_note "the superblock was not written (FS Error count ${errors:-none})"
fi
