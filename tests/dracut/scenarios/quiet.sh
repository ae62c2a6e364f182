# SPDX-License-Identifier: MIT
# `quiet`: earlymount's information lines stay off the console, as dracut's own info() lines do
# (the shell flow's hooks write to /dev/console, where earlymount follows the kernel's console
# level; the systemd flow's service writes to the journal), and are in the kernel's log.
# flows: shell systemd
mkroot_dracut "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
dboot "$EM_FLOW" "root=LABEL=emroot quiet"
assert_booted
assert_mount / ext4 source:/dev/vda ro
n=$(console_count "earlymount: mounted /dev/vda on /sysroot (ext4)")
[ "$n" = 0 ] || em_fail "console: earlymount's 'mounted' line is there $n times under quiet"
refute_log "dracut: Mounting /dev/vda"
refute_log "Mounting sysroot.mount"
grep -q '^DMESG: .*earlymount: mounted /dev/vda on /sysroot (ext4)' "$EM_LOG.report" ||
	em_fail "dmesg in the new root has no earlymount line"
