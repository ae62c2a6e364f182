#!/bin/bash
# SPDX-License-Identifier: MIT
# Builds and runs the differential libFuzzer target tests/fuzz/fuzz_blkid_diff.c (probe.c against
# libblkid on the same mutated bytes; see that file). Separate from tests/fuzz/run because it
# links libblkid, which the other targets must not need.
#
#   tests/blkid/fuzz.sh [--seconds N | --minutes N] [--build-dir DIR] [--probe-c FILE]
#
# First every file in tests/blkid/regressions/ is replayed (each must pass), then the fuzzer runs
# from the seeds in tests/fuzz/corpus/blkid_diff/, probe_fs/ and probe_parts/ (read-only; new inputs
# go to DIR/work). A disagreement no row of the table of intended differences explains, a crash or
# a sanitizer report fails the run, and the input is copied to tests/blkid/regressions/.
# --probe-c builds against another probe.c (and the probe.h beside it), e.g. a work in progress.
# Exit: 0 clean, 1 a failure, 2 usage or build error, 77 skipped (no clang with libFuzzer, or no
# libblkid-dev).
set -u
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
secs=20
runs=
bdir=$top/build/fuzz-blkid
probe_c=$top/src/probe.c
usage() {
	echo "usage: $0 [--seconds N | --minutes N | --runs N] [--build-dir DIR] [--probe-c FILE]" >&2
	exit 2
}
while [ $# -gt 0 ]; do
	case $1 in
	--seconds) [ $# -ge 2 ] || usage; secs=$2; shift 2 ;;
	--minutes) [ $# -ge 2 ] && [[ $2 =~ ^[0-9]+$ ]] || usage; secs=$(($2 * 60)); shift 2 ;;
	--runs) [ $# -ge 2 ] && [[ $2 =~ ^[0-9]+$ ]] || usage; runs=$2; shift 2 ;;
	--build-dir) [ $# -ge 2 ] || usage; bdir=$2; shift 2 ;;
	--probe-c) [ $# -ge 2 ] || usage; probe_c=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift 2 ;;
	*) usage ;;
	esac
done
[[ $secs =~ ^[0-9]+$ ]] && [ "$secs" -gt 0 ] || usage
CC=${FUZZ_CC:-clang}
if ! command -v "$CC" >/dev/null 2>&1; then
	echo "SKIPPED: $CC not found (scripts/deps installs clang and libclang-rt-14-dev)"
	exit 77
fi
if ! pkg-config --exists blkid 2>/dev/null; then
	echo "SKIPPED: libblkid-dev not found (pkg-config blkid)"
	exit 77
fi
mkdir -p "$bdir" || exit 2
bdir=$(cd "$bdir" && pwd)
exec 9>"$bdir/.lock"
flock 9

read -r -a BLKID_CFLAGS < <(pkg-config --cflags blkid)
read -r -a BLKID_LIBS < <(pkg-config --libs blkid)
# shellcheck disable=SC2054 # the commas belong to -fsanitize=
CFLAGS=(-g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
	-std=gnu11 -Wall -Wextra -I"$(dirname "$probe_c")" -I"$top/tests/blkid" "${BLKID_CFLAGS[@]}")
printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
	'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
	'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }' >"$bdir/check.c"
if ! out=$("$CC" "${CFLAGS[@]}" -o "$bdir/check" "$bdir/check.c" 2>&1); then
	echo "SKIPPED: $CC cannot build a libFuzzer target (scripts/deps installs libclang-rt-14-dev):"
	printf '%s\n' "$out" | head -5
	exit 77
fi
bin=$bdir/fuzz_blkid_diff
"$CC" "${CFLAGS[@]}" -o "$bin" "$top/tests/fuzz/fuzz_blkid_diff.c" "$top/tests/blkid/blkid_cmp.c" "$probe_c" \
	"${BLKID_LIBS[@]}" || { echo "$0: building fuzz_blkid_diff failed" >&2; exit 2; }

# libFuzzer's own exit codes set apart from 77 (a skip for CTest). libblkid keeps a few
# process-wide allocations (its debug and config state): leaks are not what this target looks for.
FLAGS=(-error_exitcode=70 -timeout_exitcode=71 -timeout=10 -rss_limit_mb=2048 -detect_leaks=0)
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:symbolize=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:symbolize=1
reg=$top/tests/blkid/regressions
art=$bdir/artifacts
work=$bdir/work
rm -rf "$art" "$work"
mkdir -p "$art" "$work" "$bdir/logs"
failed=0
replayed=0
for f in "$reg"/*; do
	[ -f "$f" ] || continue
	replayed=$((replayed + 1))
	if ! "$bin" "${FLAGS[@]}" -runs=1 "$f" >"$bdir/logs/replay.log" 2>&1; then
		echo "FAIL: the regression input ${f#$top/} still fails:"
		grep -E 'DIFFERENT|unexpected|ERROR|runtime error' "$bdir/logs/replay.log" | head -20 | sed 's/^/    | /'
		failed=1
	fi
done
seeds=()
for d in blkid_diff probe_fs probe_parts; do
	[ -d "$top/tests/fuzz/corpus/$d" ] && seeds+=("$top/tests/fuzz/corpus/$d")
done
log=$bdir/logs/fuzz.log
# --runs 0 (CTest): the regression inputs and the seed corpus once each, no mutation: the same
# verdict on every run (libFuzzer's exploration is not repeatable across machines, and two-signature
# buffers it makes keep finding new ambiguities); --seconds N explores for as long as it is given.
if [ -n "$runs" ]; then
	LIMIT=(-seed=1 -runs="$runs")
	echo "fuzz_blkid_diff: seed corpus and $runs more inputs, ${#seeds[@]} seed directories, $replayed regression inputs replayed"
else
	LIMIT=(-max_total_time="$secs")
	echo "fuzz_blkid_diff: $secs s, ${#seeds[@]} seed directories, $replayed regression inputs replayed"
fi
"$bin" "${FLAGS[@]}" -max_len=262144 "${LIMIT[@]}" -print_final_stats=1 -artifact_prefix="$art/" \
	"$work" "${seeds[@]}" >"$log" 2>&1
rc=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
found=$(find "$art" -maxdepth 1 -type f | sort)
if [ $rc -ne 0 ] || [ -n "$found" ] || [ -z "$execs" ]; then
	failed=1
	echo "FAIL: fuzz_blkid_diff (exit $rc); the whole log: $log"
	grep -E 'DIFFERENT|intended|unexpected|ERROR|runtime error|SUMMARY' "$log" | head -30 | sed 's/^/    | /'
	for f in $found; do
		if [ -n "$runs" ]; then
			# CTest leaves the source tree alone: the input stays in the build directory.
			echo "  input: $f; replay: $bin $f"
			continue
		fi
		mkdir -p "$reg"
		cp "$f" "$reg/"
		echo "  saved ${reg#$top/}/$(basename "$f"); replay: $bin ${reg#$top/}/$(basename "$f")"
	done
fi
echo "fuzz_blkid_diff: ${execs:-?} executions, $(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1) exec/s"
exit $failed
