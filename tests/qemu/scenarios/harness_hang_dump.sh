# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# The harness's own test: a boot that is still running EM_HANG_DUMP_LEAD seconds before
# QEMU_TIMEOUT ends it is asked, through its serial console, where it hangs (em_hang_dump: a
# break and SysRq w, then l, then w again), and the failure shows the kernel's answer. Both
# architectures: the break reaches the kernel through a different UART (8250, PL011). The boot
# waits for a root that never comes (rootwait: no limit), so it hangs in earlymount's wait, with
# no task blocked in D state: the usual timeout failure, not one that is run again.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
mkinitrd "$EM_TMP/initrd" --fs ext4
rc=0
(QEMU_TIMEOUT=40 EM_HANG_DUMP_LEAD=15 boot "root=LABEL=emnothere rootwait") >"$EM_TMP/boot.out" 2>&1 || rc=$?
cat "$EM_TMP/boot.out"
[ "$rc" = 1 ] || em_fail "the hung boot's exit was $rc, not 1 (a failure)"
EM_LOG=$EM_TMP/console.log
grep -q "^FAIL: the boot did not end within 40s (QEMU killed); where it hung is in the kernel's dump below" \
	"$EM_TMP/boot.out" || em_fail "the failure did not say that the kernel's dump follows"
at=$(cat "$EM_LOG.dump" 2>/dev/null) || em_fail "no $EM_LOG.dump: the harness did not ask for the dump"
[ "$at" -ge 25 ] && [ "$at" -le 30 ] || em_fail "the dump was asked for at ${at}s, not 25-30s (QEMU_TIMEOUT 40 - 15)"
assert_log_re "$(printf "$EXPECT_WAITING_NOLIMIT_RE" LABEL=emnothere)" "earlymount waits for the root without a limit"
n=$(grep -acF "$EXPECT_SYSRQ_BLOCKED" "$EM_LOG")
[ "$n" = 2 ] || em_fail "the console has $n of the kernel's answers to SysRq w ('$EXPECT_SYSRQ_BLOCKED'), not 2"
assert_log "$EXPECT_SYSRQ_CPUS"
assert_log_re "$EXPECT_SYSRQ_CPU_RE" "the CPU's backtrace"
# (the excerpt carries the dump into the test's output, which is what CI shows)
grep -q "^--- console: the kernel's dump of blocked tasks and CPUs, asked for at ${at}s ---" "$EM_TMP/boot.out" ||
	em_fail "the failure's excerpt does not show the dump"
grep -qF "$EXPECT_SYSRQ_CPUS" "$EM_TMP/boot.out" || em_fail "the excerpt's dump lacks the CPUs' backtraces"
