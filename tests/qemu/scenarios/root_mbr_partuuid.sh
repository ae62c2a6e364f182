# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# root=PARTUUID=SSSSSSSS-02 on an MBR disk: the disk signature (random, lowercase hex) and the
# partition number, the kernel's own form. The first partition holds a decoy.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/p2.img" "$EM_TMP/root"
mkdisk_decoy "$EM_TMP/p1.img"
sig=$(em_mbr_id)
mkdisk_partitioned "$EM_TMP/root.img" dos "0x$sig" "$EM_TMP/p1.img|type=83" "$EM_TMP/p2.img|type=83"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=PARTUUID=$sig-02"
assert_booted
assert_mount / ext4 source:/dev/vda2
! report_get DECOY >/dev/null || em_fail "the decoy on partition 1 was mounted as root"
