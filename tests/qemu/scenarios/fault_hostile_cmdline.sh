# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# Hostile kernel command lines: a clear error or a sane plan, never a crash, never a mount outside
# the new root, and the machine ends as earlymount.onfail says.
#
# x86's COMMAND_LINE_SIZE is 2048 (the bzImage header's cmdline_size says 2047), and arm64's
# is 2048 too (arch/arm64/include/uapi/asm/setup.h). A longer
# -append does not even reach the kernel's truncation here: with QEMU 7.2 and Debian's 6.1
# kernel, a command line of 2048 bytes or more leaves the guest hanging before the kernel prints
# anything (after SeaBIOS's "Probing EDD"; tried: 2047 boots, 2048, 2100, 3000, 4000 hang). So
# the boots use at most 2047 bytes, and the long forms (4 KiB and 30 KiB of garbage, 400 and
# 1,000 earlymount.mount= entries) go through "earlymount plan --cmdline" on the host, which has
# no such limit (its own is 16383 bytes and 2048 parameters; the arm64 build under QEMU's user
# mode, em_guest_run).
#
# Boots (each with earlymount.onfail=poweroff):
#   1. 2047 bytes in all: printable garbage after root=/dev/vda, with an unterminated quote in
#      the middle (checked: /proc/cmdline in the booted root is all of it); the garbage belongs
#      to others (dotted names: the kernel ignores them as unknown module parameters, so none
#      reach init), the unterminated quote swallows the rest as one parameter, as the kernel's
#      parser does; the root boots with nothing but the usual mounts.
#   2. root=/dev/../dev/vda: refused ("contains '..'"), powers off.
#   3. as many earlymount.mount= entries as fit (more than its limit of 32): refused by name.
#   4. root= (empty) with earlymount.onfail=poweroff AFTER it: the error is reported, and the
#      machine must still power off as asked (the kernel reads every parameter; so must the
#      choice of what to do on failure).
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4

# ---- on the host: earlymount plan --------------------------------------------------------------
# garbage N SEED: N bytes (about) of space-separated tokens "emK.<printable ASCII, no quote>"
garbage() {
	awk -v n="$1" -v seed="$2" 'BEGIN {
		srand(seed)
		chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~'"'"'\\"
		out = ""; k = 0
		while (length(out) < n) {
			t = "em" k++ "."
			len = 8 + int(rand() * 40)
			for (i = 0; i < len; i++) t = t substr(chars, 1 + int(rand() * length(chars)), 1)
			out = out t " "
		}
		printf "%s", substr(out, 1, n)
	}'
}
plan_out=$EM_TMP/plan.out
# plan_check RC TEXT CMDLINE: "earlymount plan --cmdline CMDLINE" exits RC and prints TEXT
# (stdout or stderr, a fixed string)
plan_check() {
	local want=$1 text=$2 rc=0
	em_guest_run "$EM_FULL_BINARY" plan --cmdline "$3" >"$plan_out" 2>&1 || rc=$?
	case $rc in 0 | 2) ;; *) em_fail "earlymount plan crashed or failed oddly (exit $rc) on: ${3:0:200}..." ;; esac
	[ "$rc" = "$want" ] || em_fail "earlymount plan exited $rc, expected $want, on: ${3:0:200}; it said: $(head -c 600 "$plan_out")"
	grep -qaF -- "$text" "$plan_out" || em_fail "earlymount plan did not say '$text' on: ${3:0:200}; it said: $(head -c 600 "$plan_out")"
}
g4k=$(garbage 4096 7)
plan_check 0 'source: /dev/vda (block device)' "root=/dev/vda $g4k"
! grep -qa 'mount 2:' "$plan_out" || em_fail "4 KiB of garbage produced more mounts than the root: $(head -c 600 "$plan_out")"
plan_check 2 'longer than 16383 bytes' "root=/dev/vda $(garbage 30000 8)"
many400='' many1000=''
for i in $(seq 1 1000); do
	e=" earlymount.mount=tmpfs:/m$i:tmpfs"
	[ "$i" -gt 400 ] || many400+=$e
	many1000+=$e
done
plan_check 2 'earlymount.mount=tmpfs:/m33:tmpfs: too many earlymount.mount= entries (at most 32)' "root=/dev/vda$many400"
plan_check 2 'longer than 16383 bytes' "root=/dev/vda$many1000"
plan_check 2 "root=/dev/../dev/vda: '/dev/../dev/vda' contains '..'" 'root=/dev/../dev/vda'
plan_check 2 "'/dev/..' contains '..'" 'root=/dev/..'
plan_check 2 "'../../dev/vda' is not a device" 'root=../../dev/vda'
plan_check 2 "'/dev/../vdb' contains '..'" 'root=/dev/vda mount.usr=/dev/../vdb'
plan_check 2 'root=: empty value' 'root='
plan_check 2 'root=: empty value' 'root=""'
plan_check 2 "the mount point '/../etc' contains '..'" 'root=/dev/vda earlymount.mount=tmpfs:/../etc:tmpfs'
plan_check 2 "the mount point '/mnt/x/..' contains '..'" 'root=/dev/vda earlymount.mount=tmpfs:/mnt/x/..:tmpfs'
plan_check 2 "the bind source '/etc/../..' contains '..'" 'root=/dev/vda earlymount.mount=/etc/../..:/mnt:bind'
plan_check 2 'the mount point is the root itself' 'root=/dev/vda earlymount.mount=tmpfs:///:tmpfs'
plan_check 2 'init=../../bin/sh: not an absolute path' 'root=/dev/vda init=../../bin/sh'
# Unterminated quotes: grouped to the end of the line, exactly as the kernel's next_arg does.
plan_check 0 'mount 2: earlymount.mount on /sysroot/mnt' 'root=/dev/vda "earlymount.mount=tmpfs:/mnt:tmpfs'
plan_check 0 'source: /dev/vda earlymount.debug (block device)' 'root="/dev/vda earlymount.debug'

# ---- in the VM ------------------------------------------------------------------------------------
# 1. garbage, truncated by the kernel, with an unterminated quote
append="root=/dev/vda earlymount.onfail=poweroff $(garbage 1000 9)\"em.quote=unterminated $(garbage 4000 10)"
# (what qemu_boot puts in front: EM_CMDLINE_PRE)
pre="$EM_CMDLINE_PRE "
full="$pre$append"
full=${full:0:2047}
append=${full#"$pre"}
# (a cut that leaves a trailing space would be dropped by the kernel's parser; keep the end a token)
full=${full% } append=${append% }
boot "$append"
assert_booted
assert_mount / ext4 source:/dev/vda ro
got=$(report_get CMDLINE) || em_fail "the report has no CMDLINE"
em_note "the kernel was given ${#full} bytes of command line; /proc/cmdline has ${#got}"
[ "$got" = "$full" ] || em_fail "/proc/cmdline (${#got} bytes) is not the ${#full} bytes given"
extra=$(report_mountinfo | awk '$5 != "/" && $5 != "/dev" && $5 != "/proc" && $5 != "/sys" && $5 != "/run"')
[ -z "$extra" ] || em_fail "mounts besides the root and the API filesystems: $extra"
assert_report ARGC 0

# 2. a root= that climbs out of /dev
boot "earlymount.onfail=poweroff root=/dev/../dev/vda"
assert_log "$(printf "$EXPECT_INVALID_CMDLINE" "root=/dev/../dev/vda: '/dev/../dev/vda' contains '..'")"
[ ! -s "$EM_LOG.report" ] || em_fail "the test root's init ran with an invalid root="
assert_powered_off

# 3. more earlymount.mount= entries than allowed, as many as fit in 2047 bytes
append="earlymount.onfail=poweroff root=/dev/vda"
n=0
while :; do
	e=" earlymount.mount=tmpfs:/mnt/m$((n + 1)):tmpfs"
	[ $((${#pre} + ${#append} + ${#e})) -le 2047 ] || break
	append+=$e
	n=$((n + 1))
done
[ "$n" -gt 32 ] || em_die "only $n entries fit"
em_note "$n earlymount.mount= entries fit in the kernel's 2047 bytes"
boot "$append"
assert_log "$(printf "$EXPECT_INVALID_CMDLINE" "earlymount.mount=tmpfs:/mnt/m33:tmpfs: too many earlymount.mount= entries (at most 32)")"
[ ! -s "$EM_LOG.report" ] || em_fail "the test root's init ran with too many earlymount.mount="
assert_powered_off

# 4. an empty root=, and the onfail= choice after it
boot "root= earlymount.onfail=poweroff"
assert_log "$(printf "$EXPECT_INVALID_CMDLINE" "root=: empty value")"
[ ! -s "$EM_LOG.report" ] || em_fail "the test root's init ran with an empty root="
grep -qaF -- "$EXPECT_ONFAIL_POWEROFF" "$EM_LOG" ||
	em_fail "earlymount.onfail=poweroff was not honoured: it came after the invalid root= on the command line, and what to do on a failure must not depend on that order (the kernel reads every parameter)"
assert_powered_off
