# SPDX-License-Identifier: MIT
# The --generic image boots the ext4 root on an IDE disk of the PIIX3 controller of QEMU's default
# pc machine (the disk old hypervisors' defaults give): ata_piix and sd_mod load, no AHCI, virtio,
# NVMe or USB driver (lib.sh em_gen_bus_scenario).
em_gen_bus_scenario ide ata_piix sd_mod
