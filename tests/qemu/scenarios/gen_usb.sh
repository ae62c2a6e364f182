# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# The --generic image boots the ext4 root on a USB stick (usb-storage, bulk-only) on a qemu-xhci
# controller: xhci_pci, usb_storage and sd_mod load; the stick enumerates only once the
# controller's driver is loaded, so it is found through a hot-plug event. uas loads too, as with
# kmod and udev: its alias usb:v*p*d*dc*dsc*dp*ic08isc06ip50in* matches every bulk-only interface
# (a UAS device shows one at alternate setting 0), and uas_probe declines the ones that have no
# UAS setting (drivers/usb/storage/uas-detect.h). No EHCI/OHCI/UHCI driver, nothing for virtio,
# NVMe or AHCI (lib.sh em_gen_bus_scenario).
em_gen_bus_scenario usb xhci_pci usb_storage uas sd_mod
