# SPDX-License-Identifier: MIT
# mount.usr= names a device that never comes. systemd's own wait for it runs, with its
# default device timeout (DefaultDeviceTimeoutSec=), as without earlymount; earlymount does not
# wait for it on its own (its default is 30 s, with a "waiting" line every 5 s), and the boot fails
# as without the module: systemd's device job times out, and initrd-usr-fs.target's failure ends
# in emergency handling. The timeout is 15 s here, not systemd's 90 s: a drop-in in
# system.conf.d, in a second cpio archive after dracut's image (the kernel unpacks every archive
# it is given, one after the other: init/initramfs.c), so the check waits minutes less and also
# shows that the wait is systemd's own setting.
# systemd only: what it checks is systemd's own wait for the /usr device; dracut's shell init has
# none (it ignores mount.usr= without earlymount), and usr.sh covers /usr in both flows.
# flows: systemd
mkroot_dracut "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
em_image "$EM_FLOW"
mkdir -p "$EM_TMP/conf/etc/systemd/system.conf.d"
printf '[Manager]\nDefaultDeviceTimeoutSec=15s\n' >"$EM_TMP/conf/etc/systemd/system.conf.d/50-em-test.conf"
(cd "$EM_TMP/conf" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) >"$EM_TMP/conf.cpio" ||
	em_die "cpio of $EM_TMP/conf failed"
cat "$EM_IMG" "$EM_TMP/conf.cpio" >"$EM_TMP/initrd"
qemu_boot "$EM_TMP/console.log" "$EM_TMP/initrd" "$EM_DRACUT_APPEND root=LABEL=emroot mount.usr=LABEL=emnousr rw" \
	"$EM_TMP/root.img"
dev='dev-disk-by\x2dlabel-emnousr.device'
assert_log "Timed out waiting for device $dev"
refute_log "earlymount: waiting for /usr device"
refute_log "earlymount: mounted /dev/vda on /sysroot"
[ ! -s "$EM_LOG.report" ] || em_fail "the root's init ran although /usr never came"
# The wait lasted systemd's device timeout as set (timestamps of the kernel log, TCG's pace).
t0=$(grep -aF "Expecting device $dev" "$EM_LOG" | sed -n 's/^\[ *\([0-9]*\)\..*/\1/p' | head -n 1)
t1=$(grep -aF "Timed out waiting for device $dev" "$EM_LOG" | sed -n 's/^\[ *\([0-9]*\)\..*/\1/p' | head -n 1)
[ -n "$t0" ] && [ -n "$t1" ] || em_fail "no kernel-log timestamps for systemd's wait for $dev"
[ $((t1 - t0)) -ge 14 ] && [ $((t1 - t0)) -le 22 ] ||
	em_fail "systemd waited $((t1 - t0)) s for the /usr device, not its device timeout as set (15 s)"
