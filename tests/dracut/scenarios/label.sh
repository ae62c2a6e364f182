# SPDX-License-Identifier: MIT
# root=LABEL= ext4 rw: earlymount mounts the root after the flow's own filesystem check ran on the
# device earlymount resolved. Shell init: the mount hook in place of mount-root.sh, after dracut's
# fsck (fs-lib); dracut switches root; earlymount's lines are in dmesg. systemd in the initrd:
# earlymount-sysroot.service, after systemd's own systemd-fsck-root.service checked the device (the
# one earlymount resolved, checked by the service); systemd's sysroot.mount only records the mount;
# earlymount's lines are in the journal, and only there (not in dmesg: journald reads the kernel's
# log too, and would keep each line twice).
# flows: shell systemd
mkroot_dracut "$EM_TMP/root"
mkdisk_ext4_due "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
before=$(e2_mount_count "$EM_TMP/root.img")
dboot "$EM_FLOW" "root=LABEL=emroot rw"
assert_booted
assert_mount / ext4 source:/dev/vda rw
assert_earlymount_mounted /dev/vda ext4
case $EM_FLOW in
shell)
	# The check: fs-lib's lines, e2fsck's own (a check forced by the mount count), before the mount.
	assert_log "dracut: Checking ext4: /dev/vda"
	assert_log "dracut: issuing e2fsck -a /dev/vda"
	# e2fsck names the filesystem by its label
	assert_log "dracut: emroot has been mounted $before times without being checked, check forced."
	[ "$(log_line_no 'issuing e2fsck -a /dev/vda')" -lt "$(log_line_no 'earlymount: mounted /dev/vda on /sysroot')" ] ||
		em_fail "the check came after the mount"
	;;
systemd)
	assert_log "Finished earlymount-sysroot.service"
	# The check: systemd-fsck's e2fsck, forced by the mount count, before the mount.
	assert_log "emroot has been mounted $before times without being checked, check forced."
	[ "$(log_line_no 'times without being checked, check forced')" -lt "$(log_line_no 'earlymount: mounted /dev/vda on /sysroot')" ] ||
		em_fail "the check came after the mount"
	;;
esac
after=$(e2_mount_count "$EM_TMP/root.img")
[ "$after" = 1 ] || em_fail "mount count after the boot: expected 1 (checked, then mounted once), got $after (before: $before)"
# (systemd: in the journal only, assert_earlymount_mounted)
[ "$EM_FLOW" = systemd ] || grep -q '^DMESG: .*earlymount: mounted /dev/vda on /sysroot (ext4)' "$EM_LOG.report" ||
	em_fail "dmesg in the new root has no earlymount line"
