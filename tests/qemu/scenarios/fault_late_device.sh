# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A root disk that appears late: QEMU starts with no disk at all (the image is only a -blockdev
# node), earlymount waits, and once it has said so ("waiting for root device ...", after 5 s) the
# harness hot-plugs a virtio-blk-pci device through QEMU's monitor (device_add; ACPI PCI hot-plug
# on the default i440fx "pc" machine, PCIe native hot-plug into a root port on arm64's virt: lib.sh
# em_boot_hotplug). earlymount must notice (uevent, or its 250 ms rescan),
# mount it and boot:
#   1. root=LABEL= with a bare rootwait (no limit): found by probing;
#   2. root=/dev/vda with earlymount.timeout=60: found by its node.
# Checked from the kernel's timestamps: the disk came after earlymount started waiting, and was
# mounted soon after it came. The node is read-only for QEMU, and the root is mounted ro.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emlate
mkinitrd "$EM_TMP/initrd" --fs ext4
sum=$(sha256sum <"$EM_TMP/root.img")

lateboot() { # APPEND
	em_boot_hotplug "$EM_TMP/initrd" "$1 earlymount.onfail=poweroff" "$EM_TMP/root.img"
	[ "$(sha256sum <"$EM_TMP/root.img")" = "$sum" ] || em_fail "the disk changed ($1)"
	assert_booted
	assert_mount / ext4 source:/dev/vda ro
	local twait tdisk tmount
	twait=$(log_time "$EXPECT_WAITING_ROOT") || em_fail "no timestamped 'waiting for root device' line"
	tdisk=$(log_time 'virtio_blk virtio[0-9]+: \[vda\]') || em_fail "the kernel never reported the disk vda"
	tmount=$(log_time "$(printf "$EXPECT_MOUNTED" /dev/vda ext4 | sed 's/[][().*^$]/\\&/g')") || em_fail "no timestamped 'mounted /dev/vda' line"
	awk -v a="$twait" -v b="$tdisk" 'BEGIN { exit !(b > a) }' ||
		em_fail "vda appeared at ${tdisk}s, before earlymount said it was waiting (${twait}s): not a late device"
	awk -v a="$tdisk" -v b="$tmount" 'BEGIN { exit !(b - a < 3) }' ||
		em_fail "vda appeared at ${tdisk}s but was mounted only at ${tmount}s"
	em_note "waiting at ${twait}s, disk at ${tdisk}s, mounted at ${tmount}s (guest time)"
}

lateboot "root=LABEL=emlate rootwait"
assert_log_re "$(printf "$EXPECT_WAITING_NOLIMIT_RE" LABEL=emlate)" "the waiting line says rootwait has no limit"
lateboot "root=/dev/vda earlymount.timeout=60"
assert_log_re "$(printf "$EXPECT_WAITING_LIMIT_RE" /dev/vda 60)" "the waiting line names the 60 s limit"
