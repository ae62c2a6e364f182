# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A disk with 4096-byte logical sectors (4Kn: virtio-blk logical_block_size=4096), its GPT header
# at byte 4096 (LBA 1) and its partition's start counted in 4 KiB sectors, as the kernel reads it
# (block/partitions/efi.c uses bdev_logical_block_size). root=PARTUUID= and root=PARTLABEL= find
# the partition, root=LABEL= its ext4; a reader that assumed 512-byte sectors would find no GPT
# at byte 512 or mount the wrong offset. The GPT is written by sfdisk through a loop device with
# 4 KiB sectors (sfdisk on a plain file always uses 512): root only.
[ "$(id -u)" = 0 ] || em_skip "writing a GPT with 4096-byte sectors needs a loop device with 4 KiB sectors (losetup -b 4096): root only"
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/p1.img" "$EM_TMP/root" -L em4kn -b 4096
pu=$(em_uuid)
img=$EM_TMP/root.img
em_file "$img" 40M
loop=$(losetup -f --show -b 4096 "$img") || em_die "losetup -b 4096 $img failed"
rc=0
printf 'label: gpt\nunit: sectors\nstart=256, size=8192, type=%s, name=em-4kn, uuid=%s\n' "$EM_GPT_LINUX" "$pu" |
	sfdisk -q --no-reread --no-tell-kernel "$loop" >"$EM_TMP/sfdisk.log" 2>&1 || rc=$?
losetup -d "$loop"
[ "$rc" = 0 ] || em_die "sfdisk on $loop (4 KiB sectors) failed: $(cat "$EM_TMP/sfdisk.log")"
# the partition starts at 4 KiB sector 256 = byte 1 MiB
dd if="$EM_TMP/p1.img" of="$img" bs=1M seek=1 conv=notrunc,sparse status=none || em_die "copying p1.img failed"
[ "$(dd if="$img" bs=4096 skip=1 count=1 status=none | head -c 8)" = "EFI PART" ] ||
	em_die "$img: no GPT header at byte 4096"
mkinitrd "$EM_TMP/initrd" --fs ext4
for r in "PARTUUID=$pu" PARTLABEL=em-4kn LABEL=em4kn; do
	sum=$(sha256sum <"$img")
	qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" "root=$r ro earlymount.timeout=30 earlymount.onfail=poweroff" \
		-drive "file=$img,format=raw,if=none,id=d0" \
		-device virtio-blk-pci,drive=d0,logical_block_size=4096,physical_block_size=4096
	assert_booted
	assert_mount / ext4 source:/dev/vda1 ro
	assert_report WRITE_ROOT fail
	[ "$(sha256sum <"$img")" = "$sum" ] || em_fail "root=$r: the disk changed during a read-only boot"
done
