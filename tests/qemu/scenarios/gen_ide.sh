# SPDX-License-Identifier: MIT
# arch: amd64 -- the PIIX3 IDE controller is the pc machine's own: qemu-system-aarch64 has no piix3-ide (an ATA disk on arm64 is gen_ahci's, on an AHCI controller)
# The --generic image boots the ext4 root on an IDE disk of the PIIX3 controller of QEMU's default
# pc machine (the disk old hypervisors' defaults give): ata_piix and sd_mod load, no AHCI, virtio,
# NVMe or USB driver (lib.sh em_gen_bus_scenario).
em_gen_bus_scenario ide ata_piix sd_mod
