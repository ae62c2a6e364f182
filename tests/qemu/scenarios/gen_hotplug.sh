# SPDX-License-Identifier: MIT
# The --generic image on a machine that has no disk when it boots: no virtio device at all, so the
# coldplug pass loads no storage driver. Once earlymount says it is waiting for the root, the
# harness hot-plugs a virtio-blk-pci disk through QEMU's monitor (ACPI PCI hot-plug on the "pc"
# machine, as fault_late_device.sh): the PCI device's uevent (MODALIAS=pci:v00001AF4...) loads
# virtio_pci, whose virtio device (virtio:d00000002v...) loads virtio_blk, and the root mounts.
# Checked: the disk came after the wait began, the drivers were loaded for it (and nothing else),
# the disk is unchanged.
em_gen_root
sum=$(sha256sum <"$EM_TMP/root.img")

gen_plug_when_waiting() { # LOG (an EM_QEMU_DURING function)
	em_wait_console "$1" "$EXPECT_WAITING_ROOT" 100 || {
		echo "earlymount never said it was waiting for the root device"
		return 1
	}
	em_monitor "$1" "device_add virtio-blk-pci,drive=late0,id=latedisk"
	echo "device_add sent"
}

EM_QEMU_MONITOR=1 EM_QEMU_DURING=gen_plug_when_waiting qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" \
	"root=LABEL=emgen rootwait earlymount.onfail=poweroff" \
	-blockdev "driver=file,filename=$EM_TMP/root.img,node-name=late0-file,read-only=on" \
	-blockdev "driver=raw,file=late0-file,node-name=late0,read-only=on"
[ "$(cat "$EM_LOG.during.rc" 2>/dev/null)" = 0 ] ||
	em_fail "the hot-plug did not happen: $(cat "$EM_LOG.during" 2>/dev/null)"
! grep -qa 'Error' "$EM_LOG.monitor" ||
	em_fail "QEMU's monitor refused the hot-plug: $(grep -a 'Error' "$EM_LOG.monitor" | head -n 3)"
[ "$(sha256sum <"$EM_TMP/root.img")" = "$sum" ] || em_fail "the disk changed"
assert_booted
assert_mount / ext4 source:/dev/vda ro
em_gen_assert_modules virtio_pci virtio_blk
twait=$(log_time "$EXPECT_WAITING_ROOT") || em_fail "no timestamped 'waiting for root device' line"
tdisk=$(log_time 'virtio_blk virtio[0-9]+: \[vda\]') || em_fail "the kernel never reported the disk vda"
awk -v a="$twait" -v b="$tdisk" 'BEGIN { exit !(b > a) }' ||
	em_fail "vda appeared at ${tdisk}s, before earlymount said it was waiting (${twait}s): not a hot-plug"
em_note "waiting at ${twait}s, disk at ${tdisk}s (guest time); loaded $(report_modules | tr '\n' ' ')"
