# SPDX-License-Identifier: MIT
# Sourced by the check tests (tests/check/run, tests/check/stack, tests/ns/check): the counters,
# expect, and what earlymount check is to say of the block devices it cannot read.
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
expect() { # WHAT STATUS WANT-STATUS OUTPUT FIXED-STRING...
	local what=$1 st=$2 want=$3 out=$4 s
	shift 4
	[ "$st" = "$want" ] && ok || bad "$what: exit $st, expected $want; output: $out"
	for s; do
		grep -qF -- "$s" <<<"$out" && ok || bad "$what: no line containing '$s'; output: $out"
	done
}
# unreadable [COMMAND...]: the block devices at the top of /dev that COMMAND dd cannot open for
# reading with EACCES or EPERM, as check lists them ("N cannot be read (ERROR: /dev/a, /dev/b)"),
# sorted as check sorts them (strcmp); "" when every one opens. check skips the nodes udev never
# reads (floppies, eMMC boot and RPMB areas): so does this.
unreadable() {
	local d e err='' list=() IFS
	while IFS= read -r d; do
		case ${d#/dev/} in fd[0-9]* | mmcblk*boot* | mmcblk*rpmb*) continue ;; esac
		e=$("$@" dd if="$d" of=/dev/null bs=512 count=0 iflag=nonblock 2>&1 >/dev/null) && continue
		case $e in
		*'Permission denied'*) [ -n "$err" ] || err='Permission denied' ;;
		*'Operation not permitted'*) [ -n "$err" ] || err='Operation not permitted' ;;
		*) continue ;;
		esac
		list+=("$d")
	done < <(find /dev -maxdepth 1 -type b | LC_ALL=C sort)
	[ ${#list[@]} -gt 0 ] || return 0
	IFS=,
	local joined="${list[*]}"
	echo "${#list[@]} cannot be read ($err: ${joined//,/, })"
}
# no_match SPEC [COMMAND...]: the start of check's error for a tag that no readable device
# carries, check run through COMMAND (setpriv ...)
no_match() {
	local spec=$1 u
	shift
	u=$(unreadable "$@")
	if [ -z "$u" ]; then
		echo "error root=$spec: no block device on this machine matches it; the boot would wait"
	elif [ "$("$@" id -u)" = 0 ]; then
		echo "error root=$spec: no readable block device matches it, and $u: whether one of them carries it is not known (denied even to root: a device cgroup or a security module?)"
	else
		echo "error root=$spec: no readable block device matches it, and $u: whether one of them carries it is not known (run earlymount check as root)"
	fi
}
