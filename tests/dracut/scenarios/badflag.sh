# SPDX-License-Identifier: MIT
# rootflags= with an option ext4 does not know. earlymount's line carries the kernel's reason; it
# then steps aside (once: the shell init's hook, or earlymount-sysroot.service), the flow's own
# mount (dracut's mount-root.sh, systemd's sysroot.mount) fails the same way as without earlymount,
# and the boot ends in dracut's emergency handling (rd.shell=0 rd.emergency=poweroff): not in a
# hang, not in a mount with other options. The error and the step aside reach the console on their
# own: the boot's journal is not forwarded to the console here (systemd: the service's stderr is,
# StandardError=journal+console, as journald's "earlymount[PID]: " lines).
# flows: shell systemd
mkroot_dracut "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
EM_JOURNAL_CONSOLE=0 dboot "$EM_FLOW" "root=LABEL=emroot rootflags=em_bogus rw"
case $EM_FLOW in
shell)
	assert_log_re "earlymount: mount /dev/vda on /sysroot as ext4 failed: Invalid argument; kernel: ext4: Unknown parameter .em_bogus."
	assert_log "dracut Warning: earlymount: mounting failed (its message above says why); dracut's mount-root.sh mounts the root instead"
	assert_log "dracut Warning: Failed to mount -t ext4 -o em_bogus,rw,ro /dev/disk/by-label/emroot /sysroot"
	;;
systemd)
	for line in "mount /dev/vda on /sysroot as ext4 failed: Invalid argument; kernel: ext4: Unknown parameter 'em_bogus'" \
		"mounting failed (its message above says why); systemd's sysroot.mount mounts the root instead"; do
		n=$(forwarded_count "$line")
		[ "$n" = 1 ] || em_fail "console: journald's copy of earlymount's line (its stderr) is there $n times, not once: $line"
	done
	# not in the kernel's log: the kernel would have echoed an error line to the console
	n=$(console_count "earlymount: mount /dev/vda on /sysroot as ext4 failed: Invalid argument; kernel: ext4: Unknown parameter 'em_bogus'")
	[ "$n" = 0 ] || em_fail "console: earlymount's error line came through the kernel's log (or its own write) $n times"
	# (systemd's status line, shortened to the console's width: "Finished earlymount-sysroo…")
	assert_log_re "Finished earlymount-sysroo"
	assert_log "Mounting sysroot.mount - /sysroot..."
	assert_log "Failed to mount sysroot.mount - /sysroot."
	;;
esac
assert_log "Boot has failed"
[ ! -s "$EM_LOG.report" ] || em_fail "the root's init ran although the root mount must fail"
