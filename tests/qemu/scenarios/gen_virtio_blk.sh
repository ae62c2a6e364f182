# SPDX-License-Identifier: MIT
# One --generic image (no preset, no list: drivers found by matching the devices' modaliases)
# boots the ext4 root on a virtio-blk disk: virtio_pci and virtio_blk load, nothing for NVMe, AHCI,
# USB or virtio-scsi, and no filesystem but ext4 (lib.sh em_gen_bus_scenario).
em_gen_bus_scenario virtio-blk virtio_pci virtio_blk
# The root comes first (modload.c): QEMU's pc machine also has a PIIX IDE controller with a CD
# drive, which the first walk matches too (ata_piix, ata_generic, then sr_mod), but the virtio
# disk's chain comes first in the walk (/sys/bus/pci/devices lists 0000:00:03.0 before
# 0000:00:01.1 here), the root is mounted as soon as /dev/vda comes, and the IDE chain, not yet
# started, is left to the new root. Before, it loaded before the search (560 ms under TCG).
EM_WHY="the root did not need them: left to the new root's udev" refute_modules_loaded ata_piix sr_mod
