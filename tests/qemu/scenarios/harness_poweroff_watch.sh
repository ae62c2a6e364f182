# SPDX-License-Identifier: MIT
# arch: amd64 -- a test of the harness (em_poweroff_watch), which is the same on every architecture
# The harness's own test: a guest that finishes its report and then never powers off is ended
# EM_POWEROFF_GRACE seconds later, not at QEMU_TIMEOUT, and the boot exits EM_RC_POWEROFF_HUNG
# (which tests/qemu/run answers with one more boot), with its report complete.
mkroot "$EM_TMP/root"
: >"$EM_TMP/root/etc/em-test-no-poweroff"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
mkinitrd "$EM_TMP/initrd" --fs ext4
rc=0
(EM_POWEROFF_GRACE=2 boot "root=LABEL=emroot") >"$EM_TMP/boot.out" 2>&1 || rc=$?
cat "$EM_TMP/boot.out"
[ "$rc" = "$EM_RC_POWEROFF_HUNG" ] || em_fail "the boot's exit was $rc, not $EM_RC_POWEROFF_HUNG (a hang after the report)"
EM_LOG=$EM_TMP/console.log
[ -f "$EM_LOG.hung" ] || em_fail "no $EM_LOG.hung"
grep -q "^FAIL: the guest printed its report's end and had not powered off 2s later" "$EM_TMP/boot.out" ||
	em_fail "the boot did not say why it failed"
[ -f "$EM_WORK/tmp/$EM_NAME.poweroff-hung.log" ] || em_fail "the hung boot's console was not kept"
rm -f "$EM_WORK/tmp/$EM_NAME.poweroff-hung.log"
assert_booted
assert_log "earlymount-test: synced, powering off"
refute_log "$EXPECT_KERNEL_POWER_DOWN"
secs=$(sed -n 's/^qemu-test: boot took \([0-9]*\)s.*/\1/p' "$EM_TMP/boot.out")
[ -n "$secs" ] && [ "$secs" -lt $((QEMU_TIMEOUT / 2)) ] ||
	em_fail "the hung boot took ${secs:-?}s: it was not ended soon after its report"
