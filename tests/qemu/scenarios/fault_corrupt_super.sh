# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A damaged ext4 superblock (bytes overwritten in the image; metadata_csum is on, mke2fs's default):
#   1. the magic (0xEF53 at 0x438) zeroed, root=/dev/vda rootfstype=ext4: the mount fails with
#      EINVAL; ext4 says why only through printk ("VFS: Can't find ext4 filesystem" on the
#      console), so earlymount's line has no "kernel: " part;
#   2. one byte of the superblock checksum (s_checksum, 0x7FC) flipped, same command line: the
#      kernel refuses it with EFSBADCRC (= EBADMSG, "Bad message") and its printk line;
#   3. the same bad checksum with root=LABEL=: the label is still readable in the superblock,
#      but earlymount's prober checks the crc32c as the kernel does, so nothing matches; after
#      the timeout the device list names /dev/vda without claiming that label.
# No crash, no hang: every boot powers off (earlymount.onfail=poweroff); boot() checks that no
# boot wrote to the disk.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emcorrupt -O metadata_csum
cp "$EM_TMP/root.img" "$EM_TMP/good.img"
dumpe2fs -h "$EM_TMP/good.img" 2>/dev/null | grep '^Filesystem features:.*metadata_csum' >/dev/null ||
	em_die "mkfs.ext4 made no metadata_csum filesystem"
mkinitrd "$EM_TMP/initrd" --fs ext4

# poke IMG OFFSET HEXBYTES: overwrite bytes in place
poke() {
	printf "$(sed 's/\(..\)/\\x\1/g' <<<"$3")" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none ||
		em_die "writing into $1 at $2 failed"
}

# 1. no magic
cp "$EM_TMP/good.img" "$EM_TMP/root.img"
poke "$EM_TMP/root.img" $((0x438)) 0000
boot "root=/dev/vda rootfstype=ext4 earlymount.onfail=poweroff"
assert_log "$EXPECT_EXT4_NO_FS"
assert_log "$(printf "$EXPECT_MOUNT_FAILED" /dev/vda ext4 "Invalid argument")"
[ ! -s "$EM_LOG.report" ] || em_fail "the test root's init ran although its superblock has no magic"
assert_powered_off

# 2. bad checksum
cp "$EM_TMP/good.img" "$EM_TMP/root.img"
b=$(od -An -tx1 -j $((0x7FC)) -N1 "$EM_TMP/root.img" | tr -d ' \n')
poke "$EM_TMP/root.img" $((0x7FC)) "$(printf '%02x' $((0x$b ^ 0xff)))"
cp "$EM_TMP/root.img" "$EM_TMP/badcsum.img"
boot "root=/dev/vda rootfstype=ext4 earlymount.onfail=poweroff"
assert_log "$EXPECT_EXT4_BAD_CSUM"
assert_log "$(printf "$EXPECT_MOUNT_FAILED" /dev/vda ext4 "$EXPECT_EBADMSG")"
[ ! -s "$EM_LOG.report" ] || em_fail "the test root's init ran although its superblock checksum is wrong"
assert_powered_off

# 3. bad checksum, root=LABEL=
boot "root=LABEL=emcorrupt earlymount.timeout=3 earlymount.onfail=poweroff"
assert_log "$(printf "$EXPECT_TIMEOUT" 3 LABEL=emcorrupt)"
assert_log "$EXPECT_DEVICES_FOUND"
line=$(grep -aE 'earlymount: +/dev/vda:' "$EM_LOG" | head -n 1) ||
	em_fail "the device list has no line for /dev/vda"
case $line in
*emcorrupt*) em_fail "the device list claims the label of a superblock that did not match: $line" ;;
esac
em_note "device list: ${line#*earlymount: }"
[ ! -s "$EM_LOG.report" ] || em_fail "the test root's init ran although its superblock checksum is wrong"
assert_powered_off
