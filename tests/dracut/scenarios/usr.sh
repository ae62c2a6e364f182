# SPDX-License-Identifier: MIT
# dracut's shell init with mount.usr= (which plain dracut's shell init ignores): earlymount mounts
# /usr on /sysroot/usr after fs-lib checked both devices that earlymount resolved.
mkroot_dracut "$EM_TMP/root"
mkdir -p "$EM_TMP/usr"
cp -a "$EM_TMP/root/usr/." "$EM_TMP/usr/"
echo "the /usr disk" >"$EM_TMP/usr/em-usr-marker"
em_add_check "$EM_TMP/root" usr '[ -f /usr/em-usr-marker ] && echo "USR_MARKER=ok" || echo "USR_MARKER=missing"'
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
mkdisk_ext4_due "$EM_TMP/usr.img" "$EM_TMP/usr" -L emusr
dboot shell "root=LABEL=emroot mount.usr=LABEL=emusr rw" "$EM_TMP/root.img" "$EM_TMP/usr.img"
assert_booted
assert_earlymount_mounted /dev/vda ext4
assert_mount /usr ext4 source:/dev/vdb rw
assert_report USR_MARKER ok
assert_log "earlymount: mounted /dev/vdb on /sysroot/usr (ext4)"
assert_log "dracut: Checking ext4: /dev/vdb"
assert_log "dracut: emusr has been mounted 5 times without being checked, check forced."
[ "$(log_line_no 'emusr has been mounted')" -lt "$(log_line_no 'earlymount: mounted /dev/vdb on /sysroot/usr')" ] ||
	em_fail "the check of /usr came after its mount"
