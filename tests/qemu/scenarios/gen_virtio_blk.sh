# SPDX-License-Identifier: MIT
# One --generic image (no preset, no list: drivers found by matching the devices' modaliases)
# boots the ext4 root on a virtio-blk disk: virtio_pci and virtio_blk load, nothing for NVMe, AHCI,
# USB or virtio-scsi, and no filesystem but ext4 (lib.sh em_gen_bus_scenario).
em_gen_bus_scenario virtio-blk virtio_pci virtio_blk
