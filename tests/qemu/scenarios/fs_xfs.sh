# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# An xfs root, found by its UUID (no rootfstype=: earlymount probes the type). The image is made
# with mkfs.xfs -p (a prototype file written from the tree): xfsprogs 6.1 has no -d/--rootdir.
uuid=$(em_uuid)
mkroot "$EM_TMP/root"
mkdisk_xfs "$EM_TMP/root.img" "$EM_TMP/root" -m uuid="$uuid" -L emxfs
mkinitrd "$EM_TMP/initrd" --fs xfs
boot "root=UUID=$uuid rw"
assert_booted
assert_mount / xfs source:/dev/vda rw
assert_report WRITE_ROOT ok
