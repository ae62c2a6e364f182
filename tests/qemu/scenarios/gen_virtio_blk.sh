# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# One --generic image (no preset, no list: drivers found by matching the devices' modaliases)
# boots the ext4 root on a virtio-blk disk: virtio_pci (a module on 6.1, built in on 6.12) and
# virtio_blk load, nothing for NVMe, AHCI,
# USB or virtio-scsi, and no filesystem but ext4 (lib.sh em_gen_bus_scenario).
em_gen_bus_scenario virtio-blk virtio_pci virtio_blk
# The root comes first (modload.c): QEMU's pc machine also has a PIIX IDE controller with a CD
# drive, which the first walk matches too (ata_piix, ata_generic, then sr_mod), but the virtio
# disk's chain comes first in the walk (/sys/bus/pci/devices lists 0000:00:03.0 before
# 0000:00:01.1 here), the root is mounted as soon as /dev/vda comes, and the IDE chain, not yet
# started, is left to the new root. Before, it loaded before the search (560 ms under TCG).
# That holds where virtio_pci is a module (6.1): the first walk sees only PCI devices. Where the
# kernel builds it in (6.12), the virtio disk is on the virtio bus from the start, which the walk
# of /sys/bus reaches after the pci bus, so the IDE chain is queued first and loads before
# virtio_blk (1.1 s under TCG; nothing in the walk ranks a disk's driver first: reported, not
# asserted either way here). On arm64's virt the unneeded match is its empty virtio-mmio
# transports' virtio_mmio instead of the IDE chain (lib.sh EM_UNNEEDED_MATCH).
if em_kmod_builtin virtio_pci; then
	em_note "virtio_pci is built into $KVER: the walk matched the IDE controller before the virtio disk; loaded: $(report_modules | tr '\n' ' ')"
else
	EM_WHY="the root did not need them: left to the new root's udev" refute_modules_loaded "$EM_UNNEEDED_MATCH" sr_mod
fi
