# SPDX-License-Identifier: MIT
# rootflags= with an option ext4 does not know. earlymount's line carries the kernel's reason; it
# then steps aside (once: the shell init's hook, or earlymount-sysroot.service), the flow's own
# mount (dracut's mount-root.sh, systemd's sysroot.mount) fails the same way as without earlymount,
# and the boot ends in dracut's emergency handling (rd.shell=0 rd.emergency=poweroff): not in a
# hang, not in a mount with other options.
# flows: shell systemd
mkroot_dracut "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
dboot "$EM_FLOW" "root=LABEL=emroot rootflags=em_bogus rw"
assert_log_re "earlymount: mount /dev/vda on /sysroot as ext4 failed: Invalid argument; kernel: ext4: Unknown parameter .em_bogus."
case $EM_FLOW in
shell)
	assert_log "dracut Warning: earlymount: mounting failed (its message above says why); dracut's mount-root.sh mounts the root instead"
	assert_log "dracut Warning: Failed to mount -t ext4 -o em_bogus,rw,ro /dev/disk/by-label/emroot /sysroot"
	;;
systemd)
	assert_log_re "earlymount\[[0-9]+\]: earlymount: mounting failed \(its message above says why\); systemd's sysroot.mount mounts the root instead"
	assert_log "Finished earlymount-sysroot.service"
	assert_log "Mounting sysroot.mount - /sysroot..."
	assert_log "Failed to mount sysroot.mount - /sysroot."
	;;
esac
assert_log "Boot has failed"
[ ! -s "$EM_LOG.report" ] || em_fail "the root's init ran although the root mount must fail"
