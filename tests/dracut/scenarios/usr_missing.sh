# SPDX-License-Identifier: MIT
# mount.usr= names a device that never comes. systemd's own wait for it runs, with its
# default device timeout (DefaultDeviceTimeoutSec=, 90 s), as without earlymount; earlymount does
# not wait for it on its own (its default is 30 s), and the boot fails as without the module:
# systemd's device job times out, and initrd-usr-fs.target's failure ends in emergency handling.
# systemd only: what it checks is systemd's own wait for the /usr device; dracut's shell init has
# none (it ignores mount.usr= without earlymount), and usr.sh covers /usr in both flows.
# flows: systemd
mkroot_dracut "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
QEMU_TIMEOUT=400
dboot "$EM_FLOW" "root=LABEL=emroot mount.usr=LABEL=emnousr rw"
dev='dev-disk-by\x2dlabel-emnousr.device'
assert_log "Timed out waiting for device $dev"
refute_log "earlymount: waiting for /usr device"
refute_log "earlymount: mounted /dev/vda on /sysroot"
[ ! -s "$EM_LOG.report" ] || em_fail "the root's init ran although /usr never came"
# The wait lasted systemd's device timeout (timestamps of the kernel log, +-10 s for TCG's pace).
t0=$(grep -aF "Expecting device $dev" "$EM_LOG" | sed -n 's/^\[ *\([0-9]*\)\..*/\1/p' | head -n 1)
t1=$(grep -aF "Timed out waiting for device $dev" "$EM_LOG" | sed -n 's/^\[ *\([0-9]*\)\..*/\1/p' | head -n 1)
[ -n "$t0" ] && [ -n "$t1" ] || em_fail "no kernel-log timestamps for systemd's wait for $dev"
[ $((t1 - t0)) -ge 85 ] && [ $((t1 - t0)) -le 100 ] ||
	em_fail "systemd waited $((t1 - t0)) s for the /usr device, not its default device timeout (90 s)"
