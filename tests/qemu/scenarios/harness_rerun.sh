# SPDX-License-Identifier: MIT
# arch: amd64 -- a test of the harness (em_boot_finish, em_run_scenario), which boots nothing
# The harness's own test of the failures it runs once more, on consoles made of the kernel's own
# lines. (1) A console on which the kernel crashed before it ran /init (nothing of earlymount's
# had run) makes the boot exit EM_RC_KERNEL_CRASH, with the crash shown and the console kept: an
# int3 oops in an interrupt (Debian's 6.12 under TCG, seen in a fresh-clone run), an arm64 die()
# line, the panic of a kernel that found no root. A crash after /init ran is earlymount's part
# and the scenario's to judge. (2) A boot killed at QEMU_TIMEOUT whose kernel dump (em_hang_dump)
# shows the same task waiting for block I/O in both SysRq w exits EM_RC_IO_HUNG, naming the task
# and where it waits: the dump of a real hang (6.12 amd64, gen_fs_more: earlymount's reiserfs
# mount in journal_init). One w only, or a task waiting for a lock, is the usual timeout failure.
# (3) em_run_scenario runs a scenario once more after either, and a second one fails the test.
con() { # NAME LINE...: a console in $EM_TMP/NAME.log (as em_boot_finish leaves it: LOG.raw)
	local f=$EM_TMP/$1.log
	shift
	printf '%s\n' "[    0.000000] Linux version 6.12.117+deb13-amd64" "$@" "[    2.100000] ---[ end Kernel panic ]---" >"$f.raw"
}
finish() { # NAME RC: em_boot_finish on that console; its exit status in $EM_TMP/NAME.rc
	local rc=0
	(
		# (as qemu_boot leaves them)
		EM_BOOT_SECONDS=3 EM_LOG=$EM_TMP/$1.log
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

# (2) A hung boot's dump. wblock FRAME...: the kernel's SysRq w with init in D state, its stack's
# frames from the innermost (the lines of the real hang's dump, less the "?" frames but one).
wblock() {
	printf '%s\n' "[  102.633759] $EXPECT_SYSRQ_BLOCKED" \
		"[  102.634090] task:init            state:D stack:0     pid:1     tgid:1     ppid:0      flags:0x00004002" \
		"[  102.634553] Call Trace:" "[  102.634824]  <TASK>"
	local f
	for f; do printf '[  102.635000]  %s\n' "$f"; done
	printf '%s\n' "[  102.649293]  </TASK>"
}
io_frames=(__schedule+0x4ea/0xbe0 "? __pfx_bit_wait_io+0x10/0x10" schedule+0x27/0xc0 io_schedule+0x46/0x70
	bit_wait_io+0x11/0x70 __wait_on_bit_lock+0x71/0x140 out_of_line_wait_on_bit_lock+0x94/0xc0
	bh_uptodate_or_lock+0x7b/0x80 "reiserfs_breada+0xe5/0x200 [reiserfs]" "journal_init+0x91f/0x1840 [reiserfs]"
	"reiserfs_fill_super+0x4df/0xcf0 [reiserfs]" mount_bdev+0xf6/0x140 __do_sys_fsconfig+0x4e3/0x6b0)
lock_frames=(__schedule+0x4ea/0xbe0 schedule+0x27/0xc0 schedule_preempt_disabled+0x15/0x30
	__mutex_lock.constprop.0+0x3a1/0x6a0 "reiserfs_fill_super+0x4df/0xcf0 [reiserfs]" mount_bdev+0xf6/0x140)
hung() { # NAME WBLOCK-ARGS... -- WBLOCK-ARGS...: a boot killed at its timeout after two dumps
	local name=$1 a=() b=()
	shift
	while [ "$1" != -- ]; do a+=("$1"); shift; done
	shift
	b=("$@")
	{
		printf '%s\n' "[    0.000000] Linux version 6.12.117+deb13-amd64" "[    2.997736] $EM_KERNEL_RAN_INIT" \
			"[    3.784575] earlymount: mounted /dev/vdb on /sysroot/mnt/jfs (jfs)"
		wblock ${a[@]+"${a[@]}"}
		printf '%s\n' "[  105.141785] $EXPECT_SYSRQ_CPUS" "[  105.142755] NMI backtrace for cpu 0"
		wblock ${b[@]+"${b[@]}"}
	} >"$EM_TMP/$name.log.raw"
	echo 100 >"$EM_TMP/$name.log.dump"
	finish "$name" 124
}
hung io "${io_frames[@]}" -- "${io_frames[@]}"
[ "$(cat "$EM_TMP/io.rc")" = "$EM_RC_IO_HUNG" ] || em_fail "io: exit $(cat "$EM_TMP/io.rc"), not $EM_RC_IO_HUNG: $(cat "$EM_TMP/io.out")"
grep -qxF "FAIL: the boot did not end within ${QEMU_TIMEOUT}s (QEMU killed): task init (pid 1) in bh_uptodate_or_lock < reiserfs_breada < journal_init waits for block I/O that the kernel never completed" \
	"$EM_TMP/io.out" || em_fail "io: the failure does not name the task and where it waits: $(cat "$EM_TMP/io.out")"
grep -qF "$EXPECT_SYSRQ_CPUS" "$EM_TMP/io.out" || em_fail "io: the dump is not in the output"
cmp -s "$EM_TMP/io.log" "$EM_WORK/tmp/$EM_NAME.io-hung.log" || em_fail "io: the console was not kept"
rm -f "$EM_WORK/tmp/$EM_NAME.io-hung.log"
timeout_fail() { # NAME WHY: the usual timeout failure, with the dump
	[ "$(cat "$EM_TMP/$1.rc")" = 1 ] &&
		grep -qxF "FAIL: the boot did not end within ${QEMU_TIMEOUT}s (QEMU killed); where it hung is in the kernel's dump below" "$EM_TMP/$1.out" ||
		em_fail "$1 ($2): not the timeout's failure: $(cat "$EM_TMP/$1.out")"
}
hung once "${io_frames[@]}" --
timeout_fail once "the I/O completed between the two dumps"
hung lock "${lock_frames[@]}" -- "${lock_frames[@]}"
timeout_fail lock "a task waiting for a lock, not for I/O"

# (3) em_run_scenario: once more after either, and a second one fails the test.
printf '%s\n' 'n=$(cat "$EM_WORK/tmp/stub-count" 2>/dev/null || echo 0); echo $((n + 1)) >"$EM_WORK/tmp/stub-count"' \
	'[ "$n" -ge "$STUB_FAILS" ] || exit "$STUB_RC"' >"$EM_TMP/stub.sh"
for code in "$EM_RC_KERNEL_CRASH" "$EM_RC_IO_HUNG"; do
	case $code in
	"$EM_RC_KERNEL_CRASH") why="the kernel crashed before it ran /init" kept=kernel-crash ;;
	*) why="the boot hung on block I/O that the kernel never completed" kept=io-hung ;;
	esac
	for fails in 1 2; do
		rm -f "$EM_WORK/tmp/stub-count"
		rc=0
		(STUB_FAILS=$fails STUB_RC=$code em_run_scenario "$EM_NAME-stub" "$EM_TMP/stub.sh") >"$EM_TMP/run.out" 2>&1 || rc=$?
		runs=$(cat "$EM_WORK/tmp/stub-count")
		grep -qF "qemu-test: $EM_NAME-stub: $why (console kept: $EM_WORK/tmp/$EM_NAME-stub.$kept.log); running the scenario once more" \
			"$EM_TMP/run.out" || em_fail "exit $code: em_run_scenario did not say why it ran the scenario again: $(cat "$EM_TMP/run.out")"
		case $fails in
		1) [ "$rc" = 0 ] && [ "$runs" = 2 ] && grep -qx "PASS: $EM_NAME-stub" "$EM_TMP/run.out" ||
			em_fail "exit $code once, then a pass: exit $rc after $runs runs, not 0 after 2" ;;
		2) [ "$rc" = 1 ] && [ "$runs" = 2 ] ||
			em_fail "exit $code twice: exit $rc after $runs runs, not 1 after 2" ;;
		esac
	done
done
rm -f "$EM_WORK/tmp/stub-count"
rm -rf "$EM_WORK/tmp/$EM_NAME-stub"
