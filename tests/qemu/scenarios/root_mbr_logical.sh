# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# root=PARTUUID=SSSSSSSS-06 on an MBR logical partition: partition 2 is an extended partition
# whose EBR chain holds logical partitions 5 and 6, numbered from 5 as the kernel's
# parse_extended() numbers them. Partitions 1 and 5 hold decoys; the extended container's own
# 1 KiB node (vda2) is no partition table of its own.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/p6.img" "$EM_TMP/root"
mkdisk_decoy "$EM_TMP/decoy.img"
sig=$(em_mbr_id)
img=$EM_TMP/root.img
em_file "$img" 64M
# p1 at 1 MiB (8 MiB), extended p2 from 9 MiB to 64 MiB, logical p5 at 10 MiB (8 MiB) and p6 at
# 19 MiB (32 MiB); sfdisk writes each EBR in the gap before its logical partition.
sfdisk -q --no-reread --no-tell-kernel "$img" >/dev/null <<SFDISK || em_die "sfdisk on $img failed"
label: dos
label-id: 0x$sig
unit: sectors
start=2048, size=16384, type=83
start=18432, size=112640, type=5
start=20480, size=16384, type=83
start=38912, size=65536, type=83
SFDISK
for p in 2048:decoy 20480:decoy 38912:p6; do
	dd if="$EM_TMP/${p#*:}.img" of="$img" bs=512 seek="${p%%:*}" conv=notrunc,sparse status=none ||
		em_die "copying ${p#*:}.img into $img failed"
done
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=PARTUUID=$sig-06"
assert_booted
assert_mount / ext4 source:/dev/vda6
! report_get DECOY >/dev/null || em_fail "a decoy (partition 1 or 5) was mounted as root"

# The same disk, a PARTUUID that is not there: the report lists the logical partitions by
# number, the extended partition as the container it is, and no table inside vda2.
boot "root=PARTUUID=$sig-07 earlymount.timeout=3 earlymount.onfail=$EXPECT_ONFAIL_TIMEOUT"
assert_log "$(printf "$EXPECT_TIMEOUT" 3 "PARTUUID=$sig-07")"
assert_log "$(printf "$EXPECT_PART_LINE" /dev/vda5 "$sig-05")"
assert_log "$(printf "$EXPECT_PART_LINE" /dev/vda6 "$sig-06")"
assert_log "$(printf "$EXPECT_EXTENDED_LINE" /dev/vda2)"
refute_log "$(printf "$EXPECT_PART_LINE" /dev/vda2 "$sig-02")"
refute_log "earlymount:   /dev/vda2: partition table"
