#!/bin/bash
# SPDX-License-Identifier: MIT
# Plain musl: no source file of earlymount defines a name that musl's libc.a defines (a static link
# takes a symbol from the first object that has it, so such a definition would silently replace
# libc's), the binaries link musl's own start (crt1's _start_c), and the messages are plain text in
# the binary (strings finds them).
#   tests/size/plain_musl.sh MUSL_GCC SOURCE_DIR BUILD_DIR
set -euo pipefail
cc=${1:?musl-gcc} src=${2:?source dir} build=${3:?build dir}
fail() { echo "FAIL: $*" >&2; exit 1; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
libc=$("$cc" -print-file-name=libc.a)
[ -f "$libc" ] || fail "musl's libc.a not found ($cc -print-file-name=libc.a: $libc)"
nm -g --defined-only "$libc" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u >"$W/libc"
[ "$(wc -l <"$W/libc")" -gt 1000 ] || fail "$libc: too few symbols read ($(wc -l <"$W/libc"))"
for s in "$src"/src/*.c; do
	"$cc" -std=gnu11 -Os -DEM_VERSION='"t"' -I"$src/src" -c "$s" -o "$W/$(basename "$s" .c).o"
	"$cc" -std=gnu11 -Os -DEM_VERSION='"t"' -DEM_BOOT_BUILD -I"$src/src" -c "$s" -o "$W/$(basename "$s" .c).boot.o"
done
nm -g --defined-only "$W"/*.o | awk 'NF == 3 { print $3 }' | sort -u >"$W/ours"
both=$(comm -12 "$W/libc" "$W/ours")
[ -z "$both" ] || fail "src/ defines names that musl's libc.a defines: $(echo $both)"
for b in earlymount earlymount-init; do
	nm "$build/$b.debug" >"$W/$b.nm"
	grep -qw "_start_c" "$W/$b.nm" || fail "$b.debug: no _start_c: not musl's own start (crt1.o)"
done
strings "$build/earlymount-init" >"$W/strings"
n=$(grep -c failed "$W/strings" || true)
[ "$n" -ge 10 ] || fail "strings earlymount-init | grep -c failed: $n: the messages are not plain text"
echo "PASS: plain_musl ($(wc -l <"$W/ours") names defined in src/, none of them libc's; $n messages with 'failed' readable in earlymount-init)"
