# SPDX-License-Identifier: MIT
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
# Ends within the timeout: from the kernel starting /init to the last kernel line (the power-off)
# takes the 5 s wait plus a little, not a hang until QEMU's own limit.
t0=$(log_time 'Run /init as init process') || em_fail "no 'Run /init as init process' line"
t1=$(log_last_time) || em_fail "no kernel timestamps on the console"
elapsed=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%d", b - a }')
[ "$elapsed" -ge 4 ] || em_fail "gave up after ${elapsed}s of guest time, before the 5 s timeout"
[ "$elapsed" -le 25 ] || em_fail "took ${elapsed}s of guest time to give up after a 5 s timeout"
