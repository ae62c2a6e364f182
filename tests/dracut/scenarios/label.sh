# SPDX-License-Identifier: MIT
# dracut's shell init, root=LABEL= ext4 rw: earlymount (the mount hook in place of mount-root.sh)
# mounts the root after dracut's fsck (fs-lib) checked the device earlymount resolved; dracut
# switches root; earlymount's lines are in dmesg.
mkroot_dracut "$EM_TMP/root"
mkdisk_ext4_due "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
before=$(e2_mount_count "$EM_TMP/root.img")
dboot shell "root=LABEL=emroot rw"
assert_booted
assert_mount / ext4 source:/dev/vda rw
assert_earlymount_mounted /dev/vda ext4
# The check: fs-lib's lines, e2fsck's own (a check forced by the mount count), before the mount.
assert_log "dracut: Checking ext4: /dev/vda"
assert_log "dracut: issuing e2fsck -a /dev/vda"
# e2fsck names the filesystem by its label
assert_log "dracut: emroot has been mounted $before times without being checked, check forced."
[ "$(log_line_no 'issuing e2fsck -a /dev/vda')" -lt "$(log_line_no 'earlymount: mounted /dev/vda on /sysroot')" ] ||
	em_fail "the check came after the mount"
after=$(e2_mount_count "$EM_TMP/root.img")
[ "$after" = 1 ] || em_fail "mount count after the boot: expected 1 (checked, then mounted once), got $after (before: $before)"
grep -q '^DMESG: .*earlymount: mounted /dev/vda on /sysroot (ext4)' "$EM_LOG.report" ||
	em_fail "dmesg in the new root has no earlymount line"
