# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# root=PARTUUID= on the second partition of a GPT disk. The first partition holds an ext4 too
# (a decoy with its own label and init), so mounting the wrong one shows. Read-only: the mount and
# init's write say so, and boot() checks that the disk is byte for byte the same afterwards.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/p2.img" "$EM_TMP/root" -L emroot
mkdisk_decoy "$EM_TMP/p1.img" -L emdecoy
pu1=$(em_uuid) pu2=$(em_uuid)
mkdisk_partitioned "$EM_TMP/root.img" gpt "$(em_uuid)" \
	"$EM_TMP/p1.img|type=$EM_GPT_LINUX, name=em-decoy, uuid=$pu1" \
	"$EM_TMP/p2.img|type=$EM_GPT_LINUX, name=em-root, uuid=$pu2"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=PARTUUID=$pu2 ro"
assert_booted
assert_mount / ext4 source:/dev/vda2 ro
assert_report WRITE_ROOT fail
! report_get DECOY >/dev/null || em_fail "the decoy on partition 1 was mounted as root"
