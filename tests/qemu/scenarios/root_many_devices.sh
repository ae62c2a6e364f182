# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# Hundreds of block device nodes: three disks with 128 GPT partitions each, 387 nodes in /dev
# (think of 1,000 multipath LUNs with their partitions). The root is partition 1 of the first
# disk, whose nodes devtmpfs lists last (newest first): a scan that keeps only the first few
# hundred nodes it reads never sees it.
mkroot "$EM_TMP/root"
em_add_check "$EM_TMP/root" count 'echo "BLOCK_NODES=$(ls /sys/class/block | wc -l)"'
mkdisk_ext4 "$EM_TMP/p1.img" "$EM_TMP/root"
puuid=$(em_uuid)
parts=()
for _ in $(seq 2 128); do parts+=("1|type=linux"); done
mkdisk_partitioned "$EM_TMP/root.img" gpt "$(em_uuid)" "$EM_TMP/p1.img|type=linux, uuid=$puuid" "${parts[@]}"
mkdisk_partitioned "$EM_TMP/b.img" gpt "$(em_uuid)" "${parts[@]}" "1|type=linux"
mkdisk_partitioned "$EM_TMP/c.img" gpt "$(em_uuid)" "${parts[@]}" "1|type=linux"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=PARTUUID=$puuid" "$EM_TMP/root.img" "$EM_TMP/b.img" "$EM_TMP/c.img"
assert_booted
assert_mount / ext4 source:/dev/vda1
n=$(report_get BLOCK_NODES) || em_fail "no BLOCK_NODES in the report"
[ "$n" -ge 387 ] || em_fail "the kernel made only $n block devices; the scenario needs 387"
