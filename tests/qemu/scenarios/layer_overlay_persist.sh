# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# earlymount.overlay=LABEL=...: a persistent writable layer on a second disk over an erofs root.
# Boot 1 finds an empty ext4 disk, makes upper/ and work/ on it and writes a file; boot 2 sees the
# file. The erofs disk is byte-identical after both boots; only the upper disk changes.
mkroot "$EM_TMP/root"
em_add_marker_check "$EM_TMP/root"
mkfs.erofs --quiet "$EM_TMP/root.img" "$EM_TMP/root" >/dev/null || em_die "mkfs.erofs failed"
mkdir -p "$EM_TMP/empty"
mkdisk_ext4 "$EM_TMP/upper.img" "$EM_TMP/empty" -L emupper
mkinitrd "$EM_TMP/initrd" --fs erofs --fs ext4 --fs overlay
sum=$(sha256sum <"$EM_TMP/root.img")
for n in 1 2; do
	qemu_boot "$EM_TMP/console.log" "$EM_TMP/initrd" "root=/dev/vda earlymount.overlay=LABEL=emupper" \
		"$EM_TMP/root.img" "$EM_TMP/upper.img"
	assert_booted
	assert_mount / overlay rw
	assert_mount /run/earlymount/lower erofs ro source:/dev/vda
	assert_mount /run/earlymount/overlay ext4 rw source:/dev/vdb
	assert_marker "$n"
	[ "$(sha256sum <"$EM_TMP/root.img")" = "$sum" ] || em_fail "the erofs root disk changed in boot $n"
	assert_handover /sbin/init
done
em_note "the file written in boot 1 was there in boot 2; the erofs disk is unchanged"
