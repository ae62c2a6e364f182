# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# Never mount a member, never trust a stale signature (issue 27, items 1 and 2); every disk is
# byte-identical after each boot (boot() checks it for every boot without rw).
#   1. An md 0.90 RAID 1 member: its superblock sits at the end, so the array's ext4 shows at
#      offset 0 (blkid -p says linux_raid_member; udev links it by no UUID). root=UUID= of that
#      ext4 matches nothing: the wait times out and the report lists the disk as the member;
#      root=/dev/md0, the array, times out too, and says that only mdadm (dracut's mdraid
#      module) makes it.
#   2. The same disk named by its path with rootfstype=ext4: the mount is refused with what the
#      member needs, whatever the type says.
#   3. A whole disk with a partition table and a stale btrfs signature at offset 0: root=LABEL= of
#      the stale btrfs matches nothing (the kernel parsed a table there); the partition still boots.
mkroot "$EM_TMP/root"
fsuuid=$(em_uuid)
mkdisk_ext4 "$EM_TMP/member.img" "$EM_TMP/root" -U "$fsuuid" -L emmember
[ "$(blkid -p -s TYPE -o value "$EM_TMP/member.img")" = ext4 ] || em_die "the ext4 image is not ext4 to blkid"
# md 0.90 superblock, little-endian, at (size rounded down to 64 KiB) - 64 KiB (libblkid
# linux_raid.c, the kernel's MD_NEW_SIZE_SECTORS): magic a92b4efc, minor 90, the array UUID's
# four words at 20, 52, 56, 60, the array's size in KiB at 32.
size=$(stat -c %s "$EM_TMP/member.img")
off=$(( (size & ~65535) - 65536 ))
le32() { printf "\\x$(printf %02x $(($1 & 255)))\\x$(printf %02x $(($1 >> 8 & 255)))\\x$(printf %02x $(($1 >> 16 & 255)))\\x$(printf %02x $(($1 >> 24 & 255)))"; }
{
	le32 $((0xa92b4efc)); le32 0; le32 90; le32 0; le32 0; le32 $((0x11223344)); le32 0; le32 1
	le32 $(( (size >> 10) - 128 )); le32 2; le32 2; le32 0; le32 0
	le32 $((0x55667788)); le32 $((0x99aabbcc)); le32 $((0xddeeff00))
} | dd of="$EM_TMP/member.img" bs=1 seek="$off" conv=notrunc status=none || em_die "writing the md superblock failed"
md_uuid=11223344-5566-7788-99aa-bbccddeeff00
[ "$(blkid -p -s TYPE -o value "$EM_TMP/member.img")" = linux_raid_member ] ||
	em_die "blkid -p does not see the md member: $(blkid -p "$EM_TMP/member.img")"
[ "$(blkid -p -s UUID -o value "$EM_TMP/member.img")" = "$md_uuid" ] ||
	em_die "blkid -p gives the member another UUID: $(blkid -p "$EM_TMP/member.img")"
mkinitrd "$EM_TMP/initrd" --fs ext4

# 1. by the ext4's UUID: not found, listed as a member
boot "root=UUID=$fsuuid earlymount.timeout=3 earlymount.onfail=poweroff" "$EM_TMP/member.img"
assert_powered_off
assert_log "$(printf "$EXPECT_TIMEOUT" 3 "UUID=$fsuuid")"
assert_log "$(printf "$EXPECT_MEMBER_LINE" /dev/vda linux_raid_member "$md_uuid")"
refute_log 'mounted /dev/vda'

# 1b. the array's own name, which only mdadm makes: the timeout says that nothing here assembles it
boot "root=/dev/md0 earlymount.timeout=2 earlymount.onfail=poweroff" "$EM_TMP/member.img"
assert_powered_off
assert_log "$(printf "$EXPECT_TIMEOUT" 2 /dev/md0)"
assert_log "$(printf "$EXPECT_MEMBER_LINE" /dev/vda linux_raid_member "$md_uuid")"
assert_log "$(printf "$EXPECT_STACKED_NAME" /dev/md0 "an MD RAID array" "dracut's mdraid module")"

# 2. by its path, the type named: refused before any mount
boot "root=/dev/vda rootfstype=ext4 earlymount.onfail=poweroff" "$EM_TMP/member.img"
assert_powered_off
assert_log "$(printf "$EXPECT_MEMBER_REFUSED" /dev/vda /dev/vda "$EXPECT_MD_MEMBER_WHY" linux_raid_member)"
refute_log 'mounted /dev/vda'

# 3. a stale whole-disk signature under a partition table
DISK_SIZE=32M mkdisk_ext4 "$EM_TMP/p1.img" "$EM_TMP/root" -L emp1
img=$EM_TMP/stale.img
mkdisk_stale_gpt "$img" "$EM_TMP/p1.img" "$(em_uuid)" emstale
boot "root=LABEL=emstale earlymount.timeout=3 earlymount.onfail=poweroff" "$img"
assert_powered_off
assert_log "$(printf "$EXPECT_TIMEOUT" 3 "LABEL=emstale")"
assert_log_re "$(printf "$EXPECT_STALE_TABLE_LINE_RE" /dev/vda gpt btrfs)" "the table with the stale signature set aside"
refute_log 'mounted /dev/vda'
boot "root=LABEL=emp1" "$img"
assert_booted
assert_mount / ext4 source:/dev/vda1
