# SPDX-License-Identifier: MIT
# shell: root=LABEL= on romfs, a filesystem earlymount does not probe (so it cannot find the
# label), boots as it does without earlymount: the same source and type on /, the root readable,
# its init run, one mount. earlymount says once why it steps aside, at once (no wait of its own:
# dracut has waited for the device), and dracut mounts.
mkroot_marked "$EM_TMP/root"
mkdisk_romfs "$EM_TMP/root.img" "$EM_TMP/root" emrom
append="root=LABEL=emrom ro"
disk=(-drive "file=$EM_TMP/root.img,format=raw,if=virtio")
dboot_ex shell "$append" "${disk[@]}"
assert_booted
assert_mount / romfs source:/dev/vda ro
assert_mounted_once shell /dev/vda
assert_log "earlymount: timed out after 0 s waiting for root device LABEL=emrom"
assert_as_plain shell "$append" "${disk[@]}"
