#!/bin/bash
# SPDX-License-Identifier: MIT
# The /init build (earlymount-init) against the full one: it refuses `plan`, `check`, `resolve` and
# `--rules systemd` with a message that names the full binary, leaves them out of its usage, keeps
# init and mount; the full binary keeps them; earlymount-mkinitramfs puts earlymount-init into an
# image when no --binary is given.
#   tests/size/boot_build.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=${1:?build dir} src=${2:?source dir}
init=$build/earlymount-init full=$build/earlymount
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -x "$init" ] && [ -x "$full" ] || fail "build both targets first (earlymount, earlymount-init)"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT

for c in plan check resolve; do
	rc=0
	"$init" "$c" --cmdline root=/dev/vda >"$W/out" 2>&1 || rc=$?
	[ "$rc" = 64 ] || fail "earlymount-init $c exited $rc, expected 64 (usage)"
	grep -qF "earlymount: $c is not in this build (earlymount-init, the /init build): run the full earlymount" "$W/out" ||
		fail "earlymount-init $c said: $(cat "$W/out")"
done
"$init" --help >"$W/help"
for c in plan check resolve; do
	! grep -q "earlymount $c" "$W/help" || fail "earlymount-init --help lists $c"
done
for c in 'earlymount mount --sysroot' 'earlymount init'; do
	grep -qF "$c" "$W/help" || fail "earlymount-init --help lacks '$c'"
done
# Only the kernel's rules in the /init build: systemd's are refused, not read as the kernel's.
rc=0
"$init" mount --sysroot "$W" --rules systemd --cmdline root=/dev/vda >"$W/out" 2>&1 || rc=$?
[ "$rc" = 64 ] || fail "earlymount-init mount --rules systemd exited $rc, expected 64 (usage)"
grep -qF 'earlymount: --rules systemd is not in this build (earlymount-init, the /init build)' "$W/out" ||
	fail "earlymount-init mount --rules systemd said: $(cat "$W/out")"
# resolve is the full build's (dracut's hooks run it): a device that cannot exist, no wait, exit 1.
rc=0
"$full" resolve --cmdline root=/dev/nonexistent-em --wait 0 >"$W/res" 2>&1 || rc=$?
[ "$rc" = 1 ] || fail "earlymount resolve exited $rc, expected 1: $(head -c 300 "$W/res")"
grep -qF 'waiting for root device /dev/nonexistent-em' "$W/res" || fail "resolve said: $(head -c 300 "$W/res")"
"$full" plan --cmdline root=/dev/vda >"$W/plan" || fail "earlymount plan failed"
grep -qF 'source: /dev/vda (block device)' "$W/plan" || fail "earlymount plan said: $(cat "$W/plan")"

# earlymount-mkinitramfs without --binary, run from this source tree: it packs BUILD's
# earlymount-init only when BUILD is the tree's build/ (the default it looks for). No early
# microcode archive (a host with intel-microcode would get one): cpio -i reads the first archive.
if [ "$(realpath "$build")" = "$(realpath "$src/build")" ]; then
	mkdir -p "$W/m/lib/modules/9.9"
	: >"$W/m/lib/modules/9.9/modules.dep"
	: >"$W/m/lib/modules/9.9/modules.builtin"
	"$src/initramfs/earlymount-mkinitramfs" -o "$W/i.cpio" --kver 9.9 --moddir "$W/m/lib/modules/9.9" \
		--compress none --no-microcode >/dev/null
	mkdir "$W/x"
	(cd "$W/x" && cpio -id --quiet <"$W/i.cpio")
	cmp -s "$W/x/init" "$init" || fail "earlymount-mkinitramfs did not pack earlymount-init as /init"
else
	echo "boot_build: $build is not $src/build: the builder's default is not checked"
fi
echo "PASS: boot_build"
