# SPDX-License-Identifier: MIT
# `quiet`: earlymount's information lines stay off the console, as dracut's own info() lines do.
# The shell flow's hooks write to /dev/console, where earlymount follows the kernel's console level,
# and the lines are in the kernel's log. The systemd flow's service keeps them in the journal only
# (StandardOutput=journal, quiet or not). The boot's journal is not forwarded to the console here,
# so the console is what a user sees.
# flows: shell systemd
mkroot_dracut "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
EM_JOURNAL_CONSOLE=0 dboot "$EM_FLOW" "root=LABEL=emroot quiet"
assert_booted
assert_mount / ext4 source:/dev/vda ro
line="mounted /dev/vda on /sysroot (ext4)"
n=$(console_count "earlymount: $line")
[ "$n" = 0 ] || em_fail "console: earlymount's 'mounted' line is there $n times under quiet"
n=$(forwarded_count "$line")
[ "$n" = 0 ] || em_fail "console: journald's copy of earlymount's 'mounted' line is there $n times under quiet"
refute_log "dracut: Mounting /dev/vda"
refute_log "Mounting sysroot.mount"
case $EM_FLOW in
shell)
	grep -q "^DMESG: .*earlymount: $line" "$EM_LOG.report" ||
		em_fail "dmesg in the new root has no earlymount line"
	;;
systemd)
	assert_journal "$line"
	refute_dmesg_earlymount
	;;
esac
