# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# The --generic image on a machine that has no disk when it boots: no virtio device at all, so the
# coldplug pass loads no storage driver. Once earlymount says it is waiting for the root, the
# harness hot-plugs a virtio-blk-pci disk through QEMU's monitor (ACPI PCI hot-plug on the "pc"
# machine, PCIe native hot-plug into a root port on arm64's virt: lib.sh em_boot_hotplug, as
# fault_late_device.sh): the PCI device's uevent (MODALIAS=pci:v00001AF4...) loads
# virtio_pci (where it is a module: 6.1; 6.12 builds it in, lib.sh assert_modules_loaded), whose
# virtio device (virtio:d00000002v...) loads virtio_blk, and the root mounts.
# Checked: the disk came after the wait began, the drivers were loaded for it (and nothing else),
# the disk is unchanged.
em_gen_root
sum=$(sha256sum <"$EM_TMP/root.img")

em_boot_hotplug "$EM_TMP/initrd" "root=LABEL=emgen rootwait earlymount.onfail=poweroff" "$EM_TMP/root.img"
[ "$(sha256sum <"$EM_TMP/root.img")" = "$sum" ] || em_fail "the disk changed"
assert_booted
assert_mount / ext4 source:/dev/vda ro
em_gen_assert_modules virtio_pci virtio_blk
twait=$(log_time "$EXPECT_WAITING_ROOT") || em_fail "no timestamped 'waiting for root device' line"
tdisk=$(log_time 'virtio_blk virtio[0-9]+: \[vda\]') || em_fail "the kernel never reported the disk vda"
awk -v a="$twait" -v b="$tdisk" 'BEGIN { exit !(b > a) }' ||
	em_fail "vda appeared at ${tdisk}s, before earlymount said it was waiting (${twait}s): not a hot-plug"
em_note "waiting at ${twait}s, disk at ${tdisk}s (guest time); loaded $(report_modules | tr '\n' ' ')"
