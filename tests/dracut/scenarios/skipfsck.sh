# SPDX-License-Identifier: MIT
# dracut's shell init with rd.skipfsck: no check, although the filesystem is due for one.
mkroot_dracut "$EM_TMP/root"
mkdisk_ext4_due "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
before=$(e2_mount_count "$EM_TMP/root.img")
dboot shell "root=LABEL=emroot rw rd.skipfsck"
assert_booted
assert_earlymount_mounted /dev/vda ext4
assert_log "earlymount: no filesystem check"
refute_log "issuing e2fsck"
refute_log "without being checked"
after=$(e2_mount_count "$EM_TMP/root.img")
[ "$after" = $((before + 1)) ] || em_fail "mount count: expected $((before + 1)) (not checked, mounted once), got $after"
