# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# The --generic image boots the ext4 root on an SD card in an SD host controller on PCI
# (sdhci-pci): sdhci_pci and mmc_block (matched by the card's mmc:block modalias once the
# controller's driver has found it, a hot-plug event) load, no SCSI disk, virtio, NVMe, AHCI or USB
# driver (lib.sh em_gen_bus_scenario).
em_gen_bus_scenario sdhci sdhci_pci mmc_block
