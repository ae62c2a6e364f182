# SPDX-License-Identifier: MIT
# A generic (--no-hostonly) image with earlymount carries the same kernel modules as the same image
# without it, in both flows: earlymount's installkernel adds none (dracut's kernel-modules, or the
# builder's --drivers, decide; see module-setup.sh). Before, it added a hand list of filesystems
# and disk drivers (btrfs, nvme, usb_storage, ... and their dependencies). The filesystems the
# scenarios mount are in both (the tests' --add-drivers).
kmods() { # IMG OUT: the kernel modules (file names) in the image, sorted
	lsinitrd "$1" >"$2.list" 2>&1 || { cat "$2.list"; em_fail "lsinitrd $1 failed"; }
	awk 'NF >= 9 && $9 ~ /\.ko(\.(xz|zst|gz))?$/ { n = $9; sub(/.*\//, "", n); print n }' "$2.list" | sort -u >"$2"
}
for flow in $EM_FLOWS; do
	em_image "$flow"
	kmods "$EM_IMG" "$EM_TMP/$flow.kmods"
	em_image "$flow-plain"
	kmods "$EM_IMG" "$EM_TMP/$flow-plain.kmods"
	[ -s "$EM_TMP/$flow-plain.kmods" ] || em_fail "$flow-plain image: lsinitrd lists no kernel module"
	# (Debian 13's kernel ships its modules xz-compressed, and dracut keeps them so: ext4.ko.xz)
	for m in ext4 xfs romfs virtio_blk; do
		grep -qxE "$m\.ko(\.(xz|zst|gz))?" "$EM_TMP/$flow.kmods" || em_fail "$flow image: no $m.ko"
	done
	extra=$(comm -23 "$EM_TMP/$flow.kmods" "$EM_TMP/$flow-plain.kmods" | tr '\n' ' ')
	missing=$(comm -13 "$EM_TMP/$flow.kmods" "$EM_TMP/$flow-plain.kmods" | tr '\n' ' ')
	[ -z "$extra$missing" ] ||
		em_fail "$flow image: earlymount changed the kernel modules of a --no-hostonly image: added ${extra:-none}; left out ${missing:-none}"
	em_note "$flow: $(wc -l <"$EM_TMP/$flow.kmods") kernel modules with earlymount and without it"
done
