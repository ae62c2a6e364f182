# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# The --generic image boots the ext4 root on a SATA disk on q35's built-in AHCI controller (-M q35,
# ide-hd on bus ide.0): ahci and sd_mod load, no virtio, NVMe or USB driver (lib.sh
# em_gen_bus_scenario).
em_gen_bus_scenario ahci ahci sd_mod
