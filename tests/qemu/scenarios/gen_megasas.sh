# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# The --generic image boots the ext4 root on a disk behind a RAID HBA (QEMU's megasas, an LSI
# MegaRAID SAS 1078, whose driver sits in drivers/scsi/megaraid): megaraid_sas and sd_mod load, no
# virtio, NVMe, AHCI or USB driver (lib.sh em_gen_bus_scenario).
em_gen_bus_scenario megasas megaraid_sas sd_mod
