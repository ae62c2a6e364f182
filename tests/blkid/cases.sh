# SPDX-License-Identifier: MIT
# Sourced by the blkid comparisons that count failures by case (tests/blkid/run.sh,
# tests/blkid/members.sh), with parse_kv.
. "$(dirname "${BASH_SOURCE[0]}")/kv.sh"

# bad MESSAGE [DETAIL...]: counts a failure of case $CASE (in fail, and its name in FAILED).
bad() {
	fail=$((fail + 1))
	FAILED+=("$CASE")
	printf 'FAIL: %s: %s\n' "$CASE" "$1"
	shift
	for l in "$@"; do printf '      %s\n' "$l"; done
}
