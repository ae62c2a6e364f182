# SPDX-License-Identifier: MIT
# root=UUID= ext4, read-only, with rootflags= (a per-mount attribute and a superblock option) and
# rootfstype=: earlymount mounts it as asked.
# flows: shell systemd
mkroot_dracut "$EM_TMP/root"
uuid=$(em_uuid)
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -U "$uuid"
dboot "$EM_FLOW" "root=UUID=$uuid rootfstype=ext4 rootflags=noatime,commit=7 ro"
assert_booted
assert_mount / ext4 source:/dev/vda ro noatime super:commit=7
assert_report WRITE_ROOT fail
assert_earlymount_mounted /dev/vda ext4
