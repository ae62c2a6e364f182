# SPDX-License-Identifier: MIT
# shell: rootflags= with an option ext4 does not know. earlymount's line carries the kernel's
# reason; the hook then steps aside (once), dracut's mount-root.sh fails the same way as without
# earlymount, and the boot ends in dracut's emergency handling (rd.shell=0 rd.emergency=poweroff):
# not in a hang, not in a mount with other options.
mkroot_dracut "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
dboot shell "root=LABEL=emroot rootflags=em_bogus rw"
assert_log_re "earlymount: mount /dev/vda on /sysroot as ext4 failed: Invalid argument; kernel: ext4: Unknown parameter .em_bogus."
assert_log "dracut Warning: earlymount: mounting failed (its message above says why); dracut's mount-root.sh mounts the root instead"
assert_log "dracut Warning: Failed to mount -t ext4 -o em_bogus,rw,ro /dev/disk/by-label/emroot /sysroot"
assert_log "Boot has failed"
[ ! -s "$EM_LOG.report" ] || em_fail "the root's init ran although the root mount must fail"
