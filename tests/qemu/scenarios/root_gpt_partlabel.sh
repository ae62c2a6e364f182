# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# root=PARTLABEL= (the GPT partition name) on the second partition; the first holds a decoy.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/p2.img" "$EM_TMP/root"
mkdisk_decoy "$EM_TMP/p1.img"
mkdisk_partitioned "$EM_TMP/root.img" gpt "$(em_uuid)" \
	"$EM_TMP/p1.img|type=$EM_GPT_LINUX, name=em-decoy, uuid=$(em_uuid)" \
	"$EM_TMP/p2.img|type=$EM_GPT_LINUX, name=em-root, uuid=$(em_uuid)"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=PARTLABEL=em-root"
assert_booted
assert_mount / ext4 source:/dev/vda2
! report_get DECOY >/dev/null || em_fail "the decoy on partition 1 was mounted as root"
