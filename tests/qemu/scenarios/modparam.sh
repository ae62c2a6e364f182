# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# Module parameters on the kernel command line reach the loadable modules, as modprobe passes
# them (kmod reads MODULE.PARAM=VALUE from /proc/cmdline; kernel-parameters.rst): usb-storage
# (named with '-', stored as usb_storage) gets quirks= and delay_use=, a quoted value with a
# blank reaches it whole, and modprobe.blacklist= keeps a module of the initramfs's list out.
# /sys/module/*/parameters in the booted root shows what the kernel took.
mkroot "$EM_TMP/root"
em_add_check "$EM_TMP/root" modparam '
echo "QUIRKS=$(cat /sys/module/usb_storage/parameters/quirks)"
echo "DELAY_USE=$(cat /sys/module/usb_storage/parameters/delay_use)"
if [ -d /sys/module/loop ]; then echo "LOOP=loaded"; else echo "LOOP=absent"; fi'
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4 --module usb-storage --module loop
boot 'root=/dev/vda usb-storage.quirks=0781:5580:u,abcd:1234:i usb_storage.delay_use=3 modprobe.blacklist=loop'
assert_log "$(printf "$EXPECT_MODULE_PARAMS" usb_storage 'quirks=0781:5580:u,abcd:1234:i delay_use=3')"
assert_log "$(printf "$EXPECT_MODULE_BLACKLISTED" loop)"
assert_booted
assert_report QUIRKS 0781:5580:u,abcd:1234:i
assert_report DELAY_USE 3
assert_report LOOP absent
