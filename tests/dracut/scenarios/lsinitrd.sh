# SPDX-License-Identifier: MIT
# lsinitrd on both images: the module is in, with the static binary and its hooks; in the shell
# image earlymount's hook comes before rootfs-block's mount-root.sh, which is there too; the
# filesystems the scenarios mount are there (the tests' --add-drivers: the images are built with
# --drivers virtio_blk, which keeps dracut's kernel-modules from adding any).
list() { # IMG: lsinitrd's listing, names only
	lsinitrd "$1" >"$EM_TMP/$2.list" 2>&1 || { cat "$EM_TMP/$2.list"; em_fail "lsinitrd $1 failed"; }
	awk 'NF >= 9 { print $9 }' "$EM_TMP/$2.list" | sed 's|^\./||' >"$EM_TMP/$2.names"
}
has() { # FLOW PATH
	grep -qx -- "$2" "$EM_TMP/$1.names" || em_fail "$1 image: lsinitrd does not list $2"
}
hasnt() { # FLOW PATH
	! grep -qx -- "$2" "$EM_TMP/$1.names" || em_fail "$1 image: lsinitrd lists $2"
}
content() { # FLOW PATH TEXT: the file in the image contains TEXT
	# grep reads to the end (no -q): under pipefail, grep -q leaving early can kill lsinitrd with
	# SIGPIPE and fail the pipeline although the text is there.
	lsinitrd "$EM_WORK/$1.img" -f "$2" | grep -F -- "$3" >/dev/null || em_fail "$1 image: $2 does not contain '$3'"
}
for flow in $EM_FLOWS; do
	em_image "$flow"
	list "$EM_IMG" "$flow"
	grep -qx earlymount "$EM_TMP/$flow.list" || em_fail "$flow image: lsinitrd's module list has no earlymount"
	has "$flow" usr/sbin/earlymount
	cmp -s "$(em_image_binary)" <(lsinitrd "$EM_IMG" -f usr/sbin/earlymount) ||
		em_fail "$flow image: usr/sbin/earlymount is not $(em_image_binary)"
	for m in ext4 xfs romfs; do
		grep -q "/kernel/fs/$m/$m\.ko" "$EM_TMP/$flow.names" || em_fail "$flow image: no $m module"
	done
done
has shell $EM_HOOKDIR/mount/90-earlymount-mount.sh
content shell $EM_HOOKDIR/mount/90-earlymount-mount.sh 'earlymount mount --sysroot "$NEWROOT"'
# dracut's own, unchanged: it mounts whenever earlymount steps aside
has shell $EM_HOOKDIR/mount/99-mount-root.sh
cmp -s "$EM_DRACUT/modules.d/95rootfs-block/mount-root.sh" <(lsinitrd "$EM_WORK/shell.img" -f $EM_HOOKDIR/mount/99-mount-root.sh) ||
	em_fail "shell image: mount/99-mount-root.sh is not rootfs-block's mount-root.sh"
hasnt shell usr/lib/systemd/system/earlymount-sysroot.service
has systemd usr/lib/systemd/system-generators/earlymount-generator
has systemd usr/lib/systemd/system/earlymount-sysroot.service
has systemd usr/lib/earlymount/mount-sysroot
hasnt systemd usr/lib/systemd/system/earlymount-fsck.service
hasnt systemd $EM_HOOKDIR/mount/90-earlymount-mount.sh
