# SPDX-License-Identifier: MIT
# earlymount.modules= loads a module of dracut's image (romfs, which nothing else loads on an ext4
# root) from the image's /lib/modules (dracut's modules.dep), and earlymount still mounts the ext4
# root, whose module the kernel loads on demand (dracut adds no driver for earlymount).
# flows: shell systemd
mkroot_dracut "$EM_TMP/root"
em_add_check "$EM_TMP/root" romfs 'grep -q "^romfs " /proc/modules && echo "ROMFS=loaded" || echo "ROMFS=absent"'
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
dboot "$EM_FLOW" "root=LABEL=emroot rw earlymount.modules=romfs"
assert_booted
assert_mount / ext4 source:/dev/vda rw
assert_earlymount_mounted /dev/vda ext4
refute_log "load module romfs failed"
assert_report ROMFS loaded
