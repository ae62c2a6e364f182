# SPDX-License-Identifier: MIT
# The flow's own switch that skips the filesystem check (the shell init's rd.skipfsck, systemd-fsck's
# fsck.mode=skip): no check, although the filesystem is due for one.
# flows: shell systemd
mkroot_dracut "$EM_TMP/root"
mkdisk_ext4_due "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
before=$(e2_mount_count "$EM_TMP/root.img")
case $EM_FLOW in
shell) skip=rd.skipfsck ;;
systemd) skip=fsck.mode=skip ;;
esac
dboot "$EM_FLOW" "root=LABEL=emroot rw $skip"
assert_booted
assert_earlymount_mounted /dev/vda ext4
case $EM_FLOW in
shell)
	assert_log "earlymount: no filesystem check"
	refute_log "issuing e2fsck"
	;;
systemd)
	# (systemd's check ran, and was told to skip: not left out by earlymount's generator)
	assert_log "Finished systemd-fsck-root.service"
	;;
esac
refute_log "without being checked"
after=$(e2_mount_count "$EM_TMP/root.img")
[ "$after" = $((before + 1)) ] || em_fail "mount count: expected $((before + 1)) (not checked, mounted once), got $after"
