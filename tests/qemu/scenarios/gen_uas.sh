# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# The --generic image boots the ext4 root on a USB Attached SCSI disk (usb-uas) on a qemu-xhci
# controller: xhci_pci, uas and sd_mod load (usb_storage too: uas depends on it), no EHCI/OHCI/UHCI
# driver, nothing for virtio, NVMe or AHCI (lib.sh em_gen_bus_scenario).
em_gen_bus_scenario uas xhci_pci uas usb_storage sd_mod
