# SPDX-License-Identifier: MIT
# systemd in the initrd, root=LABEL= ext4 rw: earlymount-sysroot.service mounts /sysroot after
# systemd's own systemd-fsck-root.service checked the device (the one earlymount resolved, checked
# by the service); systemd's sysroot.mount only records the mount; earlymount's lines are in dmesg
# and in the journal.
mkroot_dracut "$EM_TMP/root"
mkdisk_ext4_due "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
before=$(e2_mount_count "$EM_TMP/root.img")
dboot systemd "root=LABEL=emroot rw"
assert_booted
assert_mount / ext4 source:/dev/vda rw
assert_earlymount_mounted /dev/vda ext4
assert_log "Finished earlymount-sysroot.service"
# The check: systemd-fsck's e2fsck, forced by the mount count, before the mount.
assert_log "emroot has been mounted $before times without being checked, check forced."
[ "$(log_line_no 'times without being checked, check forced')" -lt "$(log_line_no 'earlymount: mounted /dev/vda on /sysroot')" ] ||
	em_fail "the check came after the mount"
after=$(e2_mount_count "$EM_TMP/root.img")
[ "$after" = 1 ] || em_fail "mount count after the boot: expected 1 (checked, then mounted once), got $after (before: $before)"
grep -q '^DMESG: .*earlymount: mounted /dev/vda on /sysroot (ext4)' "$EM_LOG.report" ||
	em_fail "dmesg in the new root has no earlymount line"
grep -q '^JOURNAL: MESSAGE=earlymount: mounted /dev/vda on /sysroot (ext4)' "$EM_LOG.report" ||
	em_fail "the initrd's journal (in /run/log/journal) has no earlymount line"
