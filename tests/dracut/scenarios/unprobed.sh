# SPDX-License-Identifier: MIT
# root=LABEL= on romfs, a filesystem earlymount does not probe (so it cannot find the label), boots
# as it does without earlymount: the same source and type on /, the root readable, its init run,
# one mount. earlymount says once why it steps aside, at once (no wait of its own: dracut's
# initqueue or systemd has waited for the device), and the flow mounts.
# flows: shell systemd
mkroot_marked "$EM_TMP/root"
mkdisk_romfs "$EM_TMP/root.img" "$EM_TMP/root" emrom
append="root=LABEL=emrom ro"
disk=(-drive "file=$EM_TMP/root.img,format=raw,if=virtio")
dboot_ex "$EM_FLOW" "$append" "${disk[@]}"
assert_booted
assert_mount / romfs source:/dev/vda ro
assert_mounted_once "$EM_FLOW" /dev/vda
assert_log "earlymount: timed out after 0 s waiting for root device LABEL=emrom"
assert_as_plain "$EM_FLOW" "$append" "${disk[@]}"
