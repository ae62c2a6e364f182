# SPDX-License-Identifier: MIT
# Both flows: a layered root (earlymount.volatile=overlay) is left to dracut, whose own options
# build one (systemd.volatile=overlay, rootovl): earlymount says so once, naming them, and dracut
# mounts the root as it does without earlymount (ext4, read-only, once); the disk is unchanged.
mkroot_marked "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
for flow in $EM_FLOWS; do
	dboot "$flow" "root=LABEL=emroot ro earlymount.volatile=overlay"
	assert_booted
	assert_report ROOT_MARKER ok
	assert_mount / ext4 source:/dev/vda ro
	assert_mounted_once "$flow" /dev/vda
	assert_log "$EXPECT_DRACUT_LAYERED"
	em_note "$flow: earlymount stepped aside for the layered root, dracut mounted it"
done
