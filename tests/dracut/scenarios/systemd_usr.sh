# SPDX-License-Identifier: MIT
# systemd in the initrd with mount.usr=: earlymount mounts /usr too, after earlymount-fsck.service
# checked both devices; the generator's sysroot-usr.mount and sysusr-usr.mount keep systemd from
# checking and mounting the /usr device itself (systemd 250+ mounts it on /sysusr/usr first):
# /sysusr/usr is a bind of earlymount's /sysroot/usr.
mkroot_dracut "$EM_TMP/root"
mkdir -p "$EM_TMP/usr"
cp -a "$EM_TMP/root/usr/." "$EM_TMP/usr/"
echo "the /usr disk" >"$EM_TMP/usr/em-usr-marker"
em_add_check "$EM_TMP/root" usr '[ -f /usr/em-usr-marker ] && echo "USR_MARKER=ok" || echo "USR_MARKER=missing"'
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
mkdisk_ext4_due "$EM_TMP/usr.img" "$EM_TMP/usr" -L emusr
dboot systemd "root=LABEL=emroot mount.usr=LABEL=emusr rw" "$EM_TMP/root.img" "$EM_TMP/usr.img"
assert_booted
assert_earlymount_mounted /dev/vda ext4
assert_mount /usr ext4 source:/dev/vdb rw
assert_report USR_MARKER ok
assert_log "earlymount: mounted /dev/vdb on /sysroot/usr (ext4)"
refute_log "Mounting sysroot-usr.mount"
assert_log_re "earlymount-fsck\[[0-9]+\]: emusr has been mounted 5 times without being checked, check forced."
refute_log "systemd-fsck-usr.service"
refute_log "Mounting sysusr-usr.mount - /sysusr/usr..."
n=$(report_mountinfo | awk '$5 == "/usr"' | wc -l)
[ "$n" = 1 ] || em_fail "expected one mount on /usr, found $n"
