# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# root=UUID= that matches nothing, earlymount.timeout=5: earlymount gives up after about 5 s,
# says so, and lists the block devices it found, with their real identities.
real=$(em_uuid) wanted=$(em_uuid)
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -U "$real" -L emreal
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=UUID=$wanted earlymount.timeout=5 earlymount.onfail=$EXPECT_ONFAIL_TIMEOUT"
assert_log "$(printf "$EXPECT_TIMEOUT" 5 "UUID=$wanted")"
assert_log "$EXPECT_DEVICES_FOUND"
assert_log_re "$(printf "$EXPECT_DEVICE_LINE_RE" /dev/vda ext4 "$real")" "the disk with its real UUID"
[ ! -s "$EM_LOG.report" ] || em_fail "the test root's init ran although the root was never found"
# Ends within the timeout, by the kernel's timestamps: from the kernel starting /init to the last
# line (the power-off) at least the 5 s; from the disk's appearance (after the modules loaded,
# which is slow under a loaded TCG host) to the end, the rest of the 5 s plus a little, not a hang
# until QEMU's own limit.
t0=$(log_time 'Run /init as init process') || em_fail "no 'Run /init as init process' line"
tdisk=$(log_time 'virtio_blk virtio[0-9]+: \[vda\]') || em_fail "the kernel never reported the disk vda"
t1=$(log_last_time) || em_fail "no kernel timestamps on the console"
waited=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
after_disk=$(awk -v a="$tdisk" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
awk -v w="$waited" 'BEGIN { exit !(w >= 5) }' ||
	em_fail "gave up ${waited}s (guest time) after /init started, before the 5 s timeout"
awk -v w="$after_disk" 'BEGIN { exit !(w <= 20) }' ||
	em_fail "ended ${after_disk}s (guest time) after the disk appeared, with a 5 s timeout"
em_note "gave up ${waited}s after /init started, ${after_disk}s after the disk appeared"
