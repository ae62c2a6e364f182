# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A stale filesystem signature on the whole disk does not hide its partition table: mkfs.btrfs on
# the disk, then a GPT written over it (sfdisk leaves the btrfs superblock at 64 KiB alone, so
# blkid sees both). The kernel parses the table and makes vda1; root=PARTUUID= of partition 1
# is found.
mkroot "$EM_TMP/root"
DISK_SIZE=32M mkdisk_ext4 "$EM_TMP/p1.img" "$EM_TMP/root"
img=$EM_TMP/root.img
puuid=$(em_uuid)
mkdisk_stale_gpt "$img" "$EM_TMP/p1.img" "$puuid" stale
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=PARTUUID=$puuid"
assert_booted
assert_mount / ext4 source:/dev/vda1

# The report shows the table, and says the whole-disk signature was set aside.
other=$(em_uuid)
boot "root=PARTUUID=$other earlymount.timeout=3 earlymount.onfail=$EXPECT_ONFAIL_TIMEOUT"
assert_log "$(printf "$EXPECT_TIMEOUT" 3 "PARTUUID=$other")"
assert_log_re "$(printf "$EXPECT_STALE_TABLE_LINE_RE" /dev/vda gpt btrfs)" "the table with the stale signature set aside"
assert_log "$(printf "$EXPECT_PART_LINE" /dev/vda1 "$puuid")"
