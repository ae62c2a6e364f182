# SPDX-License-Identifier: MIT
# arch: amd64 -- a test of the harness (em_boot_finish, em_run_scenario), which boots nothing
# The harness's own test: a console on which the kernel crashed before it ran /init (nothing of
# earlymount's had run) makes the boot exit EM_RC_KERNEL_CRASH, with the crash shown and the
# console kept, and em_run_scenario runs such a scenario once more; the same crash twice fails.
# A crash after /init ran is earlymount's part and the scenario's to judge. The consoles are the
# kernel's own lines: an int3 oops in an interrupt (Debian's 6.12 under TCG, seen in CI), an arm64
# die() line, and the panic of a kernel that found no root.
con() { # NAME LINE...: a console in $EM_TMP/NAME.log (as em_boot_finish leaves it: LOG.raw)
	local f=$EM_TMP/$1.log
	shift
	printf '%s\n' "[    0.000000] Linux version 6.12.117+deb13-amd64" "$@" "[    2.100000] ---[ end Kernel panic ]---" >"$f.raw"
}
finish() { # NAME RC: em_boot_finish on that console; its exit status in $EM_TMP/NAME.rc
	local rc=0
	(
		EM_BOOT_SECONDS=3
		em_boot_finish "$EM_TMP/$1.log" "$2"
	) >"$EM_TMP/$1.out" 2>&1 || rc=$?
	echo "$rc" >"$EM_TMP/$1.rc"
}
crash_before_init() { # NAME: classified as a kernel crash before /init
	finish "$1" 0
	[ "$(cat "$EM_TMP/$1.rc")" = "$EM_RC_KERNEL_CRASH" ] ||
		em_fail "$1: em_boot_finish exited $(cat "$EM_TMP/$1.rc"), not $EM_RC_KERNEL_CRASH: $(cat "$EM_TMP/$1.out")"
	grep -qF "FAIL: the kernel crashed before it ran /init (no \"$EM_KERNEL_RAN_INIT\" line); the crash:" \
		"$EM_TMP/$1.out" || em_fail "$1: the failure does not say what happened: $(cat "$EM_TMP/$1.out")"
	cmp -s "$EM_TMP/$1.log" "$EM_WORK/tmp/$EM_NAME.kernel-crash.log" || em_fail "$1: the console was not kept"
	rm -f "$EM_WORK/tmp/$EM_NAME.kernel-crash.log"
}

con int3 "[    1.870000] sched_clock: Marking stable (1840000000, 30000000)->(1900000000, -30000000)" \
	"[    1.871000] Oops: int3: 0000 [#1] PREEMPT SMP NOPTI" \
	"[    1.871100] CPU: 1 UID: 0 PID: 0 Comm: swapper/1 Not tainted 6.12.117+deb13-amd64 #1" \
	"[    1.871200] RIP: 0010:sched_clock_idle_wakeup_event+0x5/0x20" \
	"[    1.872000] Kernel panic - not syncing: Fatal exception in interrupt"
crash_before_init int3
grep -qF 'Oops: int3: 0000 [#1] PREEMPT SMP NOPTI' "$EM_TMP/int3.out" || em_fail "int3: the crash was not shown"
con arm64 "[    1.500000] Internal error: Oops: 0000000096000004 [#1] SMP" \
	"[    1.500100] pc : kthread_should_stop+0x10/0x30"
crash_before_init arm64
con noroot "[    1.885000] VFS: Cannot open root device \"LABEL=nothere\" or unknown-block(0,0): error -19" \
	"[    1.889000] Kernel panic - not syncing: VFS: Unable to mount root fs on unknown-block(0,0)"
crash_before_init noroot

# After /init ran: not the harness's to excuse (rc 0: em_boot_finish returns, the report decides).
con after "[    2.900000] $EM_KERNEL_RAN_INIT" "[    3.000000] earlymount: mounted /dev/vda on /sysroot (ext4)" \
	"[    3.100000] Kernel panic - not syncing: Attempted to kill init! exitcode=0x0000000b"
finish after 0
[ "$(cat "$EM_TMP/after.rc")" = 0 ] || em_fail "after: a crash after /init ran was taken for an early one: $(cat "$EM_TMP/after.out")"
# No crash at all, QEMU killed at its timeout: the usual failure.
con hung "[    2.900000] $EM_KERNEL_RAN_INIT" "[    3.000000] earlymount: waiting for LABEL=x"
sed -i '/end Kernel panic/d' "$EM_TMP/hung.log.raw"
finish hung 124
[ "$(cat "$EM_TMP/hung.rc")" = 1 ] && grep -q "^FAIL: the boot did not end within" "$EM_TMP/hung.out" ||
	em_fail "hung: not the timeout's failure: $(cat "$EM_TMP/hung.out")"

# em_run_scenario: once more after a crash before /init, and a second crash fails the test.
printf '%s\n' 'n=$(cat "$EM_WORK/tmp/stub-count" 2>/dev/null || echo 0); echo $((n + 1)) >"$EM_WORK/tmp/stub-count"' \
	'[ "$n" -ge "$STUB_CRASHES" ] || exit "$EM_RC_KERNEL_CRASH"' >"$EM_TMP/stub.sh"
for crashes in 1 2; do
	rm -f "$EM_WORK/tmp/stub-count"
	rc=0
	(STUB_CRASHES=$crashes em_run_scenario "$EM_NAME-stub" "$EM_TMP/stub.sh") >"$EM_TMP/run$crashes.out" 2>&1 || rc=$?
	runs=$(cat "$EM_WORK/tmp/stub-count")
	grep -qF "qemu-test: $EM_NAME-stub: the kernel crashed before it ran /init (console kept: $EM_WORK/tmp/$EM_NAME-stub.kernel-crash.log); running the scenario once more" \
		"$EM_TMP/run$crashes.out" || em_fail "em_run_scenario did not say why it ran the scenario again: $(cat "$EM_TMP/run$crashes.out")"
	case $crashes in
	1) [ "$rc" = 0 ] && [ "$runs" = 2 ] && grep -qx "PASS: $EM_NAME-stub" "$EM_TMP/run1.out" ||
		em_fail "one crash, then a pass: exit $rc after $runs runs, not 0 after 2" ;;
	2) [ "$rc" = 1 ] && [ "$runs" = 2 ] ||
		em_fail "two crashes: exit $rc after $runs runs, not 1 after 2" ;;
	esac
done
rm -f "$EM_WORK/tmp/stub-count" "$EM_WORK/tmp/$EM_NAME-stub.kernel-crash.log"
rm -rf "$EM_WORK/tmp/$EM_NAME-stub"
