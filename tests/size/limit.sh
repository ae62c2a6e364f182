#!/bin/bash
# SPDX-License-Identifier: MIT
# The size budgets, ceilings and not goals (DEVELOPERS.md): the stripped /init build at most
# BIN_LIMIT bytes, and earlymount-mkinitramfs's gzip image without modules at most IMAGE_LIMIT.
#   tests/size/limit.sh BIN BIN_LIMIT IMAGE_LIMIT SOURCE_DIR
set -euo pipefail
bin=${1:?binary} blimit=${2:?binary limit} ilimit=${3:?image limit} src=${4:?source dir}
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -x "$bin" ] || fail "$bin: not built"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
bsz=$(stat -c %s "$bin")
[ "$bsz" -le "$blimit" ] || fail "$bin is $bsz B: $((bsz - blimit)) B over its budget of $blimit B: find what grew"
echo "$bin: $bsz B, $((blimit - bsz)) B under its budget of $blimit B"
# An image without modules: an empty module tree, no early microcode archive.
mkdir -p "$W/m/lib/modules/9.9"
: >"$W/m/lib/modules/9.9/modules.dep"
: >"$W/m/lib/modules/9.9/modules.builtin"
"$src/initramfs/earlymount-mkinitramfs" -o "$W/i.img" --kver 9.9 --moddir "$W/m/lib/modules/9.9" \
	--binary "$bin" --compress gzip --no-microcode >/dev/null
isz=$(stat -c %s "$W/i.img")
[ "$isz" -le "$ilimit" ] || fail "the image without modules is $isz B: $((isz - ilimit)) B over its budget of $ilimit B"
echo "image without modules (gzip): $isz B, $((ilimit - isz)) B under its budget of $ilimit B"
echo "PASS: size_limit"
