# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A persistent live USB (dracut's rd.live.overlay on the live medium itself): the squashfs root
# image and the writable layer on one ext4 disk. earlymount mounts the disk once, read-write on
# overlay/ as earlymount.overlay= asks, binds it read-only on live/ for the image, and the overlay's
# upper/ and work/ are on the disk. Boot 1 writes a file, boot 2 sees it. The disk's other content
# is not written: the image file and another file read back byte-identical after both boots, and
# the image's access time is unchanged (it is read through the read-only bind), and nothing but
# upper/ and work/ is added to the disk's root directory.
mkroot "$EM_TMP/root"
em_add_marker_check "$EM_TMP/root" \
	'if touch /run/earlymount/live/em-write 2>/dev/null; then echo "LIVE_WRITE=ok"; else echo "LIVE_WRITE=fail"; fi'
mkdir -p "$EM_TMP/carrier/live" "$EM_TMP/carrier/other"
mksquashfs "$EM_TMP/root" "$EM_TMP/carrier/live/root.squashfs" -quiet -noappend -all-root >/dev/null ||
	em_die "mksquashfs failed"
echo "not part of the image" >"$EM_TMP/carrier/other/file"
DISK_SIZE=64M mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/carrier" -L emlive
mkinitrd "$EM_TMP/initrd" --fs ext4 --fs squashfs --fs overlay --module loop

command -v debugfs >/dev/null || em_die "debugfs (e2fsprogs) not found"
# the disk as earlymount must leave it: a file's bytes (debugfs cat), the image's access time
carrier_state() {
	local f
	for f in /live/root.squashfs /other/file; do
		printf '%s %s\n' "$f" "$(debugfs -R "cat $f" "$EM_TMP/root.img" 2>/dev/null | sha256sum | cut -c1-64)"
	done
	debugfs -R "stat /live/root.squashfs" "$EM_TMP/root.img" 2>/dev/null | grep -E '^ *(atime|mtime|ctime):'
}
root_entries() {
	debugfs -R "ls -p /" "$EM_TMP/root.img" 2>/dev/null | awk -F/ 'NF > 5 && $6 != "." && $6 != ".." { print $6 }' | sort | tr '\n' ' '
}
before=$(carrier_state)
entries_before=$(root_entries)
[ "$entries_before" = "live lost+found other " ] || em_die "unexpected carrier root: $entries_before"
for n in 1 2; do
	qemu_boot "$EM_TMP/console.log" "$EM_TMP/initrd" \
		"root=LABEL=emlive earlymount.rootimage=/live/root.squashfs earlymount.overlay=LABEL=emlive" "$EM_TMP/root.img"
	assert_booted
	assert_log "$(printf "$EXPECT_IMAGE_BESIDE_OVERLAY" /dev/vda)"
	assert_mount / overlay rw
	assert_mount /run/earlymount/overlay ext4 rw source:/dev/vda
	assert_mount /run/earlymount/live ext4 ro source:/dev/vda
	assert_mount /run/earlymount/lower squashfs ro source:/dev/loop0
	assert_report LIVE_WRITE fail
	assert_marker "$n"
	assert_handover /sbin/init
	[ "$(carrier_state)" = "$before" ] ||
		em_fail "boot $n changed the carrier's content outside upper/ and work/: before: $before; after: $(carrier_state)"
	[ "$(root_entries)" = "live lost+found other upper work " ] ||
		em_fail "boot $n: the carrier's root directory holds $(root_entries), not live lost+found other upper work"
done
em_note "one mount of the carrier: the overlay persisted across boots, the image and the other file unchanged"
