# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A copy of the root's disk attached as well (a cloned disk, dd of the system onto a stick, a VM's
# image attached twice): its partition carries the same PARTUUID, filesystem UUID and label. The
# kernel takes the first partition it finds and udev links the tag to one of them, neither with a
# word; earlymount boots the first it finds and says that both match, naming both (dev_find_twin).
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/p1.img" "$EM_TMP/root" -L emroot
pu=$(em_uuid)
mkdisk_partitioned "$EM_TMP/root.img" gpt "$(em_uuid)" "$EM_TMP/p1.img|type=$EM_GPT_LINUX, name=em-root, uuid=$pu"
cp "$EM_TMP/root.img" "$EM_TMP/copy.img"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=PARTUUID=$pu ro" "$EM_TMP/root.img" "$EM_TMP/copy.img"
assert_booted
assert_log_re "earlymount: (\[[0-9.]+\] )?root device PARTUUID=$pu: both /dev/vd[ab]1 and /dev/vd[ab]1 match it \(a copy\?\); using /dev/vd[ab]1, the first found, but another boot may find the other first: give the copy a new UUID and label \(tune2fs -U/-L, xfs_admin -U/-L, btrfstune -u, sgdisk -G\) or detach it" \
	"the warning that names both partitions"
# the partition used is the first named, the other the second, and that is the one mounted
used=$(sed -nE 's/.*\(a copy\?\); using (\/dev\/vd[ab]1),.*/\1/p' "$EM_LOG" | head -n 1)
other=/dev/vdb1
[ "$used" != /dev/vdb1 ] || other=/dev/vda1
grep -qaF "both $used and $other match it" "$EM_LOG" || em_fail "the warning does not name $used first and $other second"
assert_mount / ext4 "source:$used" ro
