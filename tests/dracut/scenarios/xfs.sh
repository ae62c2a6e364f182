# SPDX-License-Identifier: MIT
# root=LABEL= on xfs (its module is one of the tests' --add-drivers; dracut's kernel-modules adds
# no filesystems to these images): earlymount probes the type and mounts it.
# flows: shell systemd
mkroot_dracut "$EM_TMP/root"
mkdisk_xfs "$EM_TMP/root.img" "$EM_TMP/root" -L emxfs
dboot "$EM_FLOW" "root=LABEL=emxfs rw"
assert_booted
assert_mount / xfs source:/dev/vda rw
assert_earlymount_mounted /dev/vda xfs
