#!/bin/bash
# SPDX-License-Identifier: MIT
# The generator's unit names (src/sdunit.c) against what they replace: dracut's own
# label_uuid_to_dev (the host's dracut-lib.sh) and systemd's own systemd-escape --path, on root=
# values of every form, with spaces, slashes, dashes, dots, backslashes and non-ASCII bytes.
# Exits 77 (skipped, with the reason) without dracut or systemd-escape on the host.
#   tests/unit/sdunit_diff.sh TEST_SDUNIT
set -euo pipefail
bin=${1:?usage: sdunit_diff.sh TEST_SDUNIT}
lib=''
for d in /usr/lib/dracut/modules.d/99base /usr/lib/dracut/modules.d/99base-lib; do
	[ -f "$d/dracut-lib.sh" ] && lib=$d/dracut-lib.sh && break
done
[ -n "$lib" ] || { echo "SKIPPED: no dracut-lib.sh (Debian package: dracut-core)"; exit 77; }
command -v systemd-escape >/dev/null || { echo "SKIPPED: no systemd-escape (Debian package: systemd)"; exit 77; }
roots=(
	LABEL=root 'LABEL=my root' 'LABEL=a/b' 'LABEL=x-y.z' 'LABEL=.dot' 'LABEL=back\slash' 'LABEL=Wurzel-ä'
	'PARTLABEL=EFI System' PARTLABEL=em-root UUID=0a1b2c3d-4e5f-6789-abcd-ef0123456789 UUID=1234-ABCD
	PARTUUID=0011aabb-01 PARTUUID=6f8b0c2e-1a2b-4c3d-8e9f-0a1b2c3d4e5f block:UUID=1234-ABCD
	/dev/vda /dev/vda1 /dev/nvme0n1p2 /dev/mapper/vg-root /dev/disk/by-path/pci-0000:00:03.0 252:1
)
fail=0 n=0
while IFS=$'\t' read -r root dev esc; do
	# dracut's function, in a shell of its own (sourcing dracut-lib.sh sets traps and variables)
	want_dev=$(bash -c '. "$1" >/dev/null 2>&1; label_uuid_to_dev "$2"' sh "$lib" "$root")
	want_esc=$(systemd-escape -p -- "$want_dev" 2>/dev/null)
	n=$((n + 1))
	if [ "$dev" != "$want_dev" ]; then
		echo "FAIL: root=$root: device '$dev', dracut's label_uuid_to_dev says '$want_dev'"
		fail=1
	fi
	if [ "$esc" != "$want_esc" ]; then
		echo "FAIL: root=$root: unit name '$esc', systemd-escape -p says '$want_esc'"
		fail=1
	fi
done < <("$bin" "${roots[@]}")
[ "$n" = "${#roots[@]}" ] || { echo "FAIL: $bin printed $n lines for ${#roots[@]} values"; exit 1; }
[ "$fail" = 0 ] && echo "PASS: $n root= values: the same device path as dracut-lib.sh ($lib) and unit name as systemd-escape -p"
exit "$fail"
