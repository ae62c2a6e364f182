# SPDX-License-Identifier: MIT
# root=/dev/disk/by-id/virtio-EMROOT (a udev link, from the virtio disk's serial) boots as it does
# without earlymount: the same source and type on /, the root readable, its init run, one mount.
# earlymount mounts it when it takes such paths; else it says why once and the flow (dracut's
# mount-root.sh, systemd's sysroot.mount) mounts.
# flows: shell systemd
mkroot_marked "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
append="root=/dev/disk/by-id/virtio-EMROOT rw"
disk=(-drive "file=$EM_TMP/root.img,format=raw,if=none,id=emroot" -device "virtio-blk-pci,drive=emroot,serial=EMROOT")
dboot_ex "$EM_FLOW" "$append" "${disk[@]}"
assert_booted
assert_mount / ext4 source:/dev/vda rw
assert_mounted_once "$EM_FLOW" /dev/vda
# earlymount takes a udev link in helper mode and mounts the node it points to, as mount(8) would.
assert_log "earlymount: mounted /dev/vda on /sysroot (ext4)"
assert_as_plain "$EM_FLOW" "$append" "${disk[@]}"
