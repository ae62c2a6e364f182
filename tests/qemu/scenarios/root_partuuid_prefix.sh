# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# root=PARTUUID= given as the start of one: the kernel compares only the length given, in any case
# (block/early-lookup.c match_dev_by_uuid, strncasecmp), and takes the first partition that
# matches; /PARTNROFF=N counts from it (devt_from_partuuid). A GPT disk whose first partition is a
# decoy: the start of the second's PARTUUID in capitals boots the second, and the start of the
# first's with /PARTNROFF=1 boots the second too. Read-only: boot() checks the disk is unchanged.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/p2.img" "$EM_TMP/root" -L emroot
mkdisk_decoy "$EM_TMP/p1.img" -L emdecoy
pu1=$(em_uuid) pu2=$(em_uuid)
[ "${pu1:0:13}" != "${pu2:0:13}" ] || em_die "two random PARTUUIDs share 13 characters; run again"
mkdisk_partitioned "$EM_TMP/root.img" gpt "$(em_uuid)" \
	"$EM_TMP/p1.img|type=$EM_GPT_LINUX, name=em-decoy, uuid=$pu1" \
	"$EM_TMP/p2.img|type=$EM_GPT_LINUX, name=em-root, uuid=$pu2"
mkinitrd "$EM_TMP/initrd" --fs ext4
p2=$(printf '%s' "${pu2:0:13}" | tr a-f A-F)
boot "root=PARTUUID=$p2 ro"
assert_booted
assert_log "root=PARTUUID=$p2: the start of a PARTUUID: the first partition whose PARTUUID begins so"
assert_mount / ext4 source:/dev/vda2 ro
! report_get DECOY >/dev/null || em_fail "the decoy on partition 1 was mounted as root"
boot "root=PARTUUID=${pu1:0:8}/PARTNROFF=1 ro"
assert_booted
assert_mount / ext4 source:/dev/vda2 ro
! report_get DECOY >/dev/null || em_fail "the decoy on partition 1 was mounted as root (PARTNROFF=1 from it)"
