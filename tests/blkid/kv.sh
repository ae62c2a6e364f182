# SPDX-License-Identifier: MIT
# Sourced by the probe tests that compare with blkid (tests/test_probe.sh, tests/blkid/run.sh,
# tests/blkid/members.sh).

# parse_kv ARRAY [raw|esc]: KEY=value lines (the first occurrence of each key) into the
# associative array named ARRAY. With esc the values are blkid's export format, which escapes
# blanks and shell characters with '\': read without -r undoes exactly that.
parse_kv() {
	local -n into=$1
	local line
	# shellcheck disable=SC2162 # without -r on purpose: blkid's escapes undone
	while if [ "${2:-raw}" == esc ]; then IFS= read line; else IFS= read -r line; fi; do
		case $line in
		*=*) [ -n "${into[${line%%=*}]+x}" ] || into[${line%%=*}]=${line#*=} ;;
		esac
	done
}
