# SPDX-License-Identifier: MIT
# A host-only image with earlymount carries what this host's root needs and nothing more: built
# with --drivers loop (which keeps dracut's kernel-modules from adding the host's drivers and
# filesystems), the image with earlymount has the filesystem of / and the modules of the drivers
# of /'s block device and of what it sits on (with their dependencies), and no other module than
# the image without earlymount. Shell flow only (the flow does not change installkernel); no boot.
# The root: dracut 059's is this host's own /; dracut 106 runs chrooted into the Debian 13 root,
# here a copy of it on a loop device (em_block_root), so its / has a block device too.
em_images
em_block_root
# root_probe: "DEVICE FSTYPE LINK", then the driver of each device from /'s block device up to the root
# of /sys, as dracut 106 finds the root (dracut's hostonly loop over "/" ...: find_block_device,
# dracut-functions.sh, which reads findmnt --target /) and its drivers (get_blockdev_drv_through_sys:
# each level's driver/module; get_dev_module: udevadm's DRIVERS== of the same walk). A driver built
# into the running kernel has no module link: its own name (the image's kernel may build it as a
# module). A virtual device (a loop device: /sys/devices/virtual/block) has no driver at any level.
# LINK: whether udev's /dev/block/MAJ:MIN is there, without which dracut looks at none of the
# device's drivers (check_block_and_slaves_all returns at once: "Not a block device?").
root_probe() {
	local dev fs majmin d
	read -r dev fs < <(findmnt -no SOURCE,FSTYPE /) || true
	[ -b "$dev" ] || { echo "${dev:-none} ${fs:-none} no"; return 0; }
	majmin=$(printf '%d:%d' "0x$(stat -L -c %t "$dev")" "0x$(stat -L -c %T "$dev")")
	if [ -b "/dev/block/$majmin" ]; then echo "$dev $fs yes"; else echo "$dev $fs no"; fi
	d=$(readlink -f "/sys/dev/block/$majmin")
	while [ -n "$d" ] && [ "$d" != /sys ] && [ "$d" != / ]; do
		if [ -e "$d/driver/module" ]; then
			basename "$(readlink -f "$d/driver/module")"
		elif [ -e "$d/driver" ]; then
			basename "$(readlink -f "$d/driver")"
		fi
		d=${d%/*}
	done
}
probe=$(em_on_root bash -c "$(declare -f root_probe); root_probe") || em_die "probing the root failed: $probe"
read -r rootdev rootfs link <<<"$(head -n 1 <<<"$probe")"
if [ ! -b "$rootdev" ]; then
	[ "$EM_DRACUT_GEN" != 059 ] || em_skip "this host's / is not on a block device ($rootfs $rootdev): no host-only root"
	em_die "the Debian 13 root on a loop device ($EM_ROOT_IMG) has no block device as /: $probe"
fi
drivers=$(tail -n +2 <<<"$probe" | tr - _ | tr '\n' ' ')
drivers=${drivers% }
# The modules the root may need: its filesystem and those drivers, in the image's kernel's names.
needed=" $rootfs $drivers"
# ... with their dependencies and softdeps, as dracut-install adds them (kmod): modules.dep, and
# modules.softdep's pre:/post: names through modules.alias (ext4's "pre: crypto-crc32c" is
# crc32c_generic and crc32c_intel)
closure=$(awk -v want="$needed" '
	BEGIN { n = split(want, w, " "); for (i = 1; i <= n; i++) q[w[i]] = 1 }
	function base(p) { sub(/.*\//, "", p); sub(/\.ko(\.(xz|zst|gz))?$/, "", p); gsub(/-/, "_", p); return p }
	FILENAME ~ /modules\.alias$/ { if ($1 == "alias") al[$2] = al[$2] " " $3; next }
	FILENAME ~ /modules\.softdep$/ {
		if ($1 == "softdep") for (i = 3; i <= NF; i++) if ($i != "pre:" && $i != "post:") soft[$2] = soft[$2] " " $i
		next
	}
	{ sub(/:$/, "", $1); m = base($1); deps[m] = deps[m] ""; for (i = 2; i <= NF; i++) deps[m] = deps[m] " " base($i) }
	END {
		for (m in soft) {
			k = split(soft[m], s, " ")
			for (i = 1; i <= k; i++) {
				t = s[i]; gsub(/-/, "_", t)
				if (t in deps) deps[m] = deps[m] " " t
				else if (s[i] in al) deps[m] = deps[m] al[s[i]]
			}
		}
		changed = 1
		while (changed) {
			changed = 0
			for (m in q) { k = split(deps[m], d, " "); for (i = 1; i <= k; i++) if (!(d[i] in q)) { q[d[i]] = 1; changed = 1 } }
		}
		for (m in q) if (m in deps) print m
	}' "$MODDIR/modules.alias" "$MODDIR/modules.softdep" "$MODDIR/modules.dep" | sort)
[ -n "$closure" ] || em_skip "neither $rootfs nor the drivers of $rootdev (${drivers:-none}) are modules of $KVER"
hostonly_image() { # OUT [dracut args...]
	local out=$1
	shift
	em_run_dracut --force --hostonly --kver "$KVER" \
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
# The drivers too, those the image's kernel has as modules, where dracut can see them.
if [ -z "$drivers" ]; then
	seen="none, a virtual device"
elif [ "$link" = yes ]; then
	for m in $drivers; do
		grep -qx "$m" <<<"$closure" || continue
		grep -qx "$m" "$EM_TMP/em.img.kmods" || em_fail "the image with earlymount has no $m module for the driver of $rootdev"
	done
	seen=$drivers
else
	seen="$drivers, not looked at: no /dev/block link of $rootdev (no udev here), without which dracut looks at none"
fi
em_note "host-only: / is $rootfs on $rootdev (drivers: $seen); earlymount added: $(echo $extra) (needed: $(echo $closure))"
