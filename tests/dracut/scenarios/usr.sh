# SPDX-License-Identifier: MIT
# mount.usr=: earlymount mounts /usr on /sysroot/usr after the flow's own check of both devices that
# earlymount resolved, once. Shell init: fs-lib checks them (plain dracut's shell init ignores
# mount.usr=). systemd in the initrd: systemd-fsck-root.service and systemd-fsck-usr.service, from
# systemd-fstab-generator; the generator's drop-ins skip systemd's own sysusr-usr.mount (systemd
# 250+ mounts the device on /sysusr/usr first) and sysroot-usr.mount (its bind to /sysroot/usr) once
# earlymount mounted.
# flows: shell systemd
mkroot_dracut "$EM_TMP/root"
mkdir -p "$EM_TMP/usr"
cp -a "$EM_TMP/root/usr/." "$EM_TMP/usr/"
echo "the /usr disk" >"$EM_TMP/usr/em-usr-marker"
em_add_check "$EM_TMP/root" usr '[ -f /usr/em-usr-marker ] && echo "USR_MARKER=ok" || echo "USR_MARKER=missing"'
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
mkdisk_ext4_due "$EM_TMP/usr.img" "$EM_TMP/usr" -L emusr
dboot "$EM_FLOW" "root=LABEL=emroot mount.usr=LABEL=emusr rw" "$EM_TMP/root.img" "$EM_TMP/usr.img"
assert_booted
assert_earlymount_mounted /dev/vda ext4
assert_mount /usr ext4 source:/dev/vdb rw
assert_report USR_MARKER ok
assert_log "earlymount: mounted /dev/vdb on /sysroot/usr (ext4)"
case $EM_FLOW in
shell)
	assert_log "dracut: Checking ext4: /dev/vdb"
	assert_log "dracut: emusr has been mounted 5 times without being checked, check forced."
	;;
systemd)
	refute_log "Mounting sysroot-usr.mount"
	refute_log "Mounting sysusr-usr.mount"
	assert_log_re "systemd-fsck\[[0-9]+\]: emusr has been mounted 5 times without being checked, check forced."
	assert_log "Finished systemd-fsck-usr.service"
	# systemd's own wait for the /usr device (its device timeout), not earlymount's: earlymount
	# only runs once the device is there.
	assert_log 'Found device dev-disk-by\x2dlabel-emusr.device'
	[ "$(log_line_no 'Found device dev-disk-by\x2dlabel-emusr.device')" -lt "$(log_line_no 'Starting earlymount-sysroot.service')" ] ||
		em_fail "earlymount-sysroot.service started before systemd found the /usr device"
	;;
esac
[ "$(log_line_no 'emusr has been mounted')" -lt "$(log_line_no 'earlymount: mounted /dev/vdb on /sysroot/usr')" ] ||
	em_fail "the check of /usr came after its mount"
n=$(report_mountinfo | awk '$5 == "/usr"' | wc -l)
[ "$n" = 1 ] || em_fail "expected one mount on /usr, found $n"
