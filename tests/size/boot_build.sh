#!/bin/bash
# SPDX-License-Identifier: MIT
# The /init build (earlymount-init) against the full one: it refuses `plan` with a message that
# names the full binary, leaves `plan` out of its usage, keeps init/mount/resolve; the full binary
# keeps `plan`; earlymount-mkinitramfs puts earlymount-init into an image when no --binary is given.
#   tests/size/boot_build.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=${1:?build dir} src=${2:?source dir}
init=$build/earlymount-init full=$build/earlymount
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -x "$init" ] && [ -x "$full" ] || fail "build both targets first (earlymount, earlymount-init)"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT

rc=0
"$init" plan --cmdline root=/dev/vda >"$W/out" 2>&1 || rc=$?
[ "$rc" = 64 ] || fail "earlymount-init plan exited $rc, expected 64 (usage)"
grep -qF 'earlymount: plan is not in this build (earlymount-init, the /init build): run the full earlymount' "$W/out" ||
	fail "earlymount-init plan said: $(cat "$W/out")"
"$init" --help >"$W/help"
! grep -q 'earlymount plan' "$W/help" || fail "earlymount-init --help lists plan"
for c in 'earlymount mount --sysroot' 'earlymount resolve' 'earlymount init'; do
	grep -qF "$c" "$W/help" || fail "earlymount-init --help lacks '$c'"
done
# resolve is in the /init build: a device that cannot exist, no wait, exit 1 with its message.
rc=0
"$init" resolve --cmdline root=/dev/nonexistent-em --wait 0 >"$W/res" 2>&1 || rc=$?
[ "$rc" = 1 ] || fail "earlymount-init resolve exited $rc, expected 1: $(head -c 300 "$W/res")"
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
