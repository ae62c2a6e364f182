# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A disk whose superblock sector cannot be read: every read that touches sector 2 (bytes
# 1024-1535, the start of the ext4 superblock) fails with EIO, through QEMU's blkdebug driver
# (em_blkdebug_drive: raw on blkdebug on the file; QEMU 7.2's raw driver announces read_aio to
# blkdebug, so no qcow2 copy and no qemu-img are needed, and "sector" is the guest's sector).
# The kernel's own partition scan already trips on it. earlymount must name the device and the
# I/O error and end as earlymount.onfail says (poweroff), never hang:
#   1. root=/dev/vda: earlymount's own probe of the superblock fails;
#   2. root=/dev/vda rootfstype=ext4: no probe, the kernel's mount fails reading the superblock;
#   3. root=LABEL=: the probe cannot match; after the timeout the device list says "unreadable".
# Nothing is written (boot() is not used: the disk goes in through blkdebug; checked here).
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emioerr
mkinitrd "$EM_TMP/initrd" --fs ext4
printf '%s\n' '[inject-error]' 'event = "read_aio"' 'errno = "5"' 'sector = "2"' >"$EM_TMP/blkdebug.conf"
mapfile -t drive < <(em_blkdebug_drive "$EM_TMP/root.img" "$EM_TMP/blkdebug.conf")
sum=$(sha256sum <"$EM_TMP/root.img")

ioboot() { # APPEND
	qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" "$1 earlymount.onfail=poweroff" "${drive[@]}"
	[ "$(sha256sum <"$EM_TMP/root.img")" = "$sum" ] || em_fail "the disk changed during a boot without rw ($1)"
	# The injection worked (else the rest proves nothing): the kernel saw the error itself.
	assert_log_re "$EXPECT_KERNEL_IO_ERROR_RE" "the kernel's own I/O error on vda (blkdebug injected it)"
	[ ! -s "$EM_LOG.report" ] || em_fail "the test root's init ran although its superblock is unreadable"
	assert_powered_off
}

# 1. earlymount probes the type itself
ioboot "root=/dev/vda"
assert_log_re "$(printf "$EXPECT_IOERR_LINE_RE" /dev/vda)" "earlymount names /dev/vda and the I/O error"
cp "$EM_LOG" "$EM_TMP/console-probe.log"
# The advice to name the type (rootfstype=) cannot help a device that cannot be read.
assert_log "$(printf "$EXPECT_SB_UNREADABLE" /dev/vda "$EXPECT_EIO")"
if grep -aE "$(printf "$EXPECT_IOERR_LINE_RE" /dev/vda)" "$EM_LOG" | grep -F 'name the type with rootfstype=' >/dev/null; then
	em_fail "earlymount's I/O-error line advises rootfstype=, which cannot help"
fi

# 2. the kernel reads the superblock (rootfstype= given: no probe)
ioboot "root=/dev/vda rootfstype=ext4"
assert_log "$EXPECT_EXT4_SB_UNREADABLE"
assert_log "$(printf "$EXPECT_MOUNT_FAILED" /dev/vda ext4 "$EXPECT_EIO")"

# 3. a tag that needs the probe: no match, the device is listed as unreadable
ioboot "root=LABEL=emioerr earlymount.timeout=3"
assert_log "$(printf "$EXPECT_TIMEOUT" 3 LABEL=emioerr)"
assert_log "$EXPECT_DEVICES_FOUND"
assert_log "$(printf "$EXPECT_DEVICE_UNREADABLE" /dev/vda "$EXPECT_EIO")"
