# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# The --generic image boots the ext4 root on a scsi-hd behind a virtio-scsi adapter: virtio_scsi
# and the SCSI disk driver load (sd_mod, matched by the LUN's scsi:t-0x00 modalias), not virtio_blk
# nor the drivers of absent hardware (lib.sh em_gen_bus_scenario).
em_gen_bus_scenario virtio-scsi virtio_pci virtio_scsi sd_mod
