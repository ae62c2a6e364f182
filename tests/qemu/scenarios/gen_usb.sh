# SPDX-License-Identifier: MIT
# The --generic image boots the ext4 root on a USB stick (usb-storage, bulk-only) on a qemu-xhci
# controller: xhci_pci, usb_storage and sd_mod load; the disk enumerates after the controller's
# driver loaded, so it is found through a hot-plug event; no EHCI/OHCI/UHCI driver, no uas (the
# stick is not UAS) (lib.sh em_gen_bus_scenario).
em_gen_bus_scenario usb xhci_pci usb_storage sd_mod
