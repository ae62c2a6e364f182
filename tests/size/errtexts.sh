#!/bin/bash
# SPDX-License-Identifier: MIT
# Builds tests/size/test_errtexts.c with the packed /init build's util.c and msgdict.c (its
# msgpack directory) against musl and runs it: errstr gives musl's strerror text for every errno.
#   tests/size/errtexts.sh MUSL_GCC SOURCE_DIR MSGPACK_DIR
set -euo pipefail
cc=${1:?musl-gcc} src=${2:?source dir} dir=${3:?msgpack dir}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
if ! grep -q em_errtext "$dir/msgdict.c"; then
	echo "$dir/msgdict.c has no error texts (a cross build?)" >&2
	exit 1
fi
"$cc" -static -std=gnu11 -Wall -Wextra -Wno-format-security -I"$src/src" "$src/tests/size/test_errtexts.c" \
	"$dir/util.i" "$dir/msgdict.c" -o "$W/t"
"$W/t"
