# SPDX-License-Identifier: MIT
# A host-only image with earlymount carries what this host's root needs and nothing more: built
# with --drivers loop (which keeps dracut's kernel-modules from adding the host's drivers and
# filesystems), the image with earlymount has the filesystem of / and the modules of the drivers
# of /'s block device and of what it sits on (with their dependencies), and no other module than
# the image without earlymount. Shell flow only (the flow does not change installkernel); no boot.
rootdev=$(findmnt -no SOURCE / 2>/dev/null) || true
rootfs=$(findmnt -no FSTYPE / 2>/dev/null) || true
[ -b "$rootdev" ] || em_skip "this host's / is not on a block device ($rootfs ${rootdev:-none}): no host-only root"
majmin=$(printf '%d:%d' "0x$(stat -L -c %t "$rootdev")" "0x$(stat -L -c %T "$rootdev")")
em_images
# The modules the root may need: its filesystem, and the module of each driver from the block
# device up to the root of /sys (as dracut's get_blockdev_drv_through_sys and get_dev_module find
# them), in the image's kernel's names.
needed=" $rootfs "
d=$(readlink -f "/sys/dev/block/$majmin")
while [ -n "$d" ] && [ "$d" != /sys ] && [ "$d" != / ]; do
	if [ -e "$d/driver" ]; then
		m=$(basename "$(readlink -f "$d/driver/module" 2>/dev/null || readlink -f "$d/driver")")
		needed="$needed${m//-/_} "
	fi
	d=${d%/*}
done
# ... with their dependencies (modules.dep of the image's kernel)
closure=$(awk -v want="$needed" '
	BEGIN { n = split(want, w, " "); for (i = 1; i <= n; i++) q[w[i]] = 1 }
	function base(p) { sub(/.*\//, "", p); sub(/\.ko(\.(xz|zst|gz))?$/, "", p); gsub(/-/, "_", p); return p }
	{ sub(/:$/, "", $1); m = base($1); deps[m] = ""; for (i = 2; i <= NF; i++) deps[m] = deps[m] " " base($i) }
	END {
		changed = 1
		while (changed) {
			changed = 0
			for (m in q) { k = split(deps[m], d, " "); for (i = 1; i <= k; i++) if (!(d[i] in q)) { q[d[i]] = 1; changed = 1 } }
		}
		for (m in q) if (m in deps) print m
	}' "$MODDIR/modules.dep" | sort)
[ -n "$closure" ] || em_skip "neither $rootfs nor the drivers of $rootdev ($needed) are modules of $KVER"
hostonly_image() { # OUT [dracut args...]
	local out=$1
	shift
	dracutbasedir=$EM_WORK/base TMPDIR=$EM_TMP dracut --force --hostonly --kver "$KVER" --kmoddir "$MODDIR" \
		--conf "$EM_WORK/dracut.conf" --confdir "$EM_WORK/dracut.conf.d" -m "base rootfs-block kernel-modules" \
		--drivers loop --no-early-microcode --no-compress "$@" "$out" >"$out.log" 2>&1 ||
		{ tail -n 30 "$out.log"; em_fail "dracut --hostonly $* failed; log: $out.log"; }
	lsinitrd "$out" | awk 'NF >= 9 && $9 ~ /\.ko(\.(xz|zst|gz))?$/ { n = $9; sub(/.*\//, "", n); sub(/\.ko.*/, "", n); gsub(/-/, "_", n); print n }' |
		sort -u >"$out.kmods"
}
hostonly_image "$EM_TMP/plain.img" --omit earlymount
hostonly_image "$EM_TMP/em.img" --add earlymount
extra=$(comm -23 "$EM_TMP/em.img.kmods" "$EM_TMP/plain.img.kmods")
missing=$(comm -13 "$EM_TMP/em.img.kmods" "$EM_TMP/plain.img.kmods" | tr '\n' ' ')
[ -z "$missing" ] || em_fail "the image with earlymount lacks modules of the one without: $missing"
unneeded=$(comm -23 <(printf '%s\n' "$extra" | grep .) <(printf '%s\n' "$closure") | tr '\n' ' ') || true
[ -z "$unneeded" ] || em_fail "earlymount added modules this host's root ($rootfs on $rootdev) does not need: $unneeded(needed: $(echo $closure))"
if grep -qx "$rootfs" <<<"$closure"; then
	grep -qx "$rootfs" "$EM_TMP/em.img.kmods" || em_fail "the image with earlymount has no $rootfs module for the host's root"
fi
em_note "host-only: / is $rootfs on $rootdev; earlymount added: $(echo $extra) (needed: $(echo $closure))"
