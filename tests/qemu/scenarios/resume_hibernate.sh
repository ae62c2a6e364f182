# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# Resume from hibernation, real round trips (src/resume.c). The test root has a swap partition
# (GPT, vdb1, a known UUID and PARTUUID). Boot 1 (resume=UUID= on the command line, as a
# hibernating system has it at every boot) finds plain swap: earlymount hands it to the kernel
# anyway (/sys/power/resume holds vdb1, as initramfs-tools leaves it). The root's check then
# turns the swap on, keeps two things only memory holds (the kernel's boot_id and a random value
# in a tmpfs) and hibernates: the kernel writes the image to vdb1 and powers off (on the host,
# blkid -p sees TYPE swsuspend there). Boot 2, the same kernel, initramfs, memory and disks,
# resume=UUID=: earlymount says it resumes before anything is mounted (neither its "mounted" line
# nor ext4's comes before), the kernel loads the image, and the check goes on where it stopped:
# the same boot_id and tmpfs value, the root still the one boot 1 mounted; the kernel has put the
# swap signature back (TYPE swap). Boot 3 resumes from a copy of the image by
# resume=UUID=<absent> resume=PARTUUID=: the last resume= wins, as in the kernel's resume_setup;
# hibernate=nocompress there leaves resume on (hibernate_setup: it only says how to write).
# Boot 4, another copy, resume=PARTUUID= noresume: earlymount leaves the image alone (its debug
# line), the system boots fresh; the image stays on the disk, byte for byte: the kernel refuses it
# as swap (sys_swapon finds no SWAPSPACE2 signature: busybox's swapon fails) until something
# rewrites the signature (util-linux's swapon does, discarding the image; so does mkswap).
# Boots 5 and 6: the same round trip through a swap file in an ext4 on vdb, by resume=UUID= of that
# ext4 and resume_offset=N (N: the file's first block, debugfs bmap, in pages), as systemd, dracut
# and initramfs-tools are told of a swap file: boot 5 hibernates into the file only if the kernel
# was handed that device at that offset (kernel/power/swap.c swsusp_swap_check: swap_type_of).
# Boot 6 has both in its initramfs's stored line (earlymount-mkinitramfs --resume,
# --resume-offset), none on the kernel's: it resumes only if earlymount hands the kernel the
# offset too (/sys/power/resume_offset, read by swsusp_check), the ext4 still mounted read-write
# as boot 5 left it, never mounted before.
# The root is mounted read-only at every boot and is byte-identical at the end. Two CPUs and two
# disks: which of them the kernel names vda may change from boot to boot (em_disk_name), so the
# command lines name the disks by LABEL, UUID and PARTUUID, the check finds the swap disk as the
# one that is not the root, and the assertions take each boot's names from its console.
[ "$(em_kconfig HIBERNATION)" = y ] || em_skip "$KVER has no CONFIG_HIBERNATION: it cannot hibernate nor resume"
# Every boot with the same memory: x86's image records the firmware's memory map and the kernel
# refuses an image from another (arch/x86/power/hibernate.c). The kernel needs room for a copy of
# every page it cannot free beside the pages themselves (kernel/power/snapshot.c,
# hibernate_preallocate_memory): with 256 MiB, arm64 6.12 with two CPUs came 114 pages short
# ("Image allocation is ... pages short", and the write to /sys/power/state failed ENOMEM) on one
# run of three; 512 MiB leaves it half the memory spare, and image_size=0 keeps the image small.
# shellcheck disable=SC2034 # lib.sh's qemu_boot reads it
QEMU_MEM=512
# Two CPUs: the module loads run in workers beside the device wait, so a disk's node can be met
# before the kernel has added the disk (devices.c is_live_blk), and the kernel must freeze those
# workers before it restores the image.
# shellcheck disable=SC2034 # lib.sh's qemu_boot reads it
EM_QEMU_SMP=2
swap_uuid=$(em_uuid) swap_puuid=$(em_uuid) page=$(em_page_size)
mkroot "$EM_TMP/root"
# The check: on a boot whose command line has emtest.hibernate=part (vdb1) or =file (the swap file
# in the ext4 on vdb) it hibernates; when that image is resumed it goes on from the write to
# /sys/power/state and starts the resumed system's report (a BEGIN marker of its own: the first
# went out on the hibernating boot's console). /sys/power/disk=shutdown: the kernel powers off
# after writing the image (not ACPI S4, which the pc machine would offer), and image_size=0
# makes it as small as the kernel can (kernel/power/snapshot.c). The console shows the kernel's
# messages while it hibernates and resumes.
em_add_check "$EM_TMP/root" hibernate '
echo "BOOT_ID=$(cat /proc/sys/kernel/random/boot_id)"
echo "RESUME_DEV=$(cat /sys/power/resume)"
# the swap disk: the virtio disk that is not the root
root=$(while read -r d m _; do [ "$m" != / ] || echo "$d"; done </proc/mounts | tail -n 1)
other=vdb
[ "$root" != /dev/vdb ] || other=vda
echo "OTHER=$other"
echo "DEV_DISK=$(cat /sys/class/block/$other/dev 2>/dev/null)"
echo "DEV_PART=$(cat /sys/class/block/${other}1/dev 2>/dev/null)"
swap=
case " $(cat /proc/cmdline) " in
*" emtest.swapon "*)
	if swapon /dev/${other}1 2>/dev/null; then echo "SWAPON=ok"; else echo "SWAPON=fail"; fi
	;;
*" emtest.hibernate=part "*) swap=/dev/${other}1 ;;
*" emtest.hibernate=file "*)
	mount -t ext4 /dev/$other /mnt || echo "SWAPFS_MOUNT=fail"
	swap=/mnt/swapfile
	;;
esac
if [ -n "$swap" ]; then
	swapon "$swap" || echo "SWAPON=fail"
	mkdir -p /run/em && mount -t tmpfs emtmp /run/em
	cat /proc/sys/kernel/random/uuid >/run/em/value
	echo "HIB_VALUE=$(cat /run/em/value)"
	echo shutdown >/sys/power/disk
	echo 0 >/sys/power/image_size
	dmesg -n 7
	if echo disk >/sys/power/state; then
		dmesg -n 1
		echo "=== EARLYMOUNT-TEST BEGIN ==="
		echo "RESUMED_BOOT_ID=$(cat /proc/sys/kernel/random/boot_id)"
		echo "RESUMED_VALUE=$(cat /run/em/value)"
	else
		dmesg -n 1
		echo "HIBERNATE=failed"
	fi
fi'
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emhibroot
em_file "$EM_TMP/swap.part" 128M
mkswap -q -p "$page" -U "$swap_uuid" "$EM_TMP/swap.part" >/dev/null || em_die "mkswap on $EM_TMP/swap.part failed"
mkdisk_partitioned "$EM_TMP/swap.img" gpt "$(em_uuid)" \
	"$EM_TMP/swap.part|type=0657FD6D-A4AB-43C4-84E5-0933C84B4F4F, uuid=$swap_puuid"
rm -f "$EM_TMP/swap.part"
mkinitrd "$EM_TMP/initrd" --fs ext4
root_sum=$(sha256sum <"$EM_TMP/root.img")

# swap_type IMG OFFSET: blkid's TYPE of what is at OFFSET bytes into IMG, probed on the host.
swap_type() { blkid -p -O "$2" -s TYPE -o value "$1" || true; }

# assert_hibernated PART|DISK IMG OFFSET: the boot handed the swap disk's first partition (PART) or
# the disk (DISK) to the kernel (its earlymount found plain swap), then hibernated into IMG, whose
# swap header at OFFSET now says swsuspend; sets hib_boot_id and hib_value, what the resume must
# find, and hib_root and hib_other, the names this boot gave the root disk and the swap disk.
assert_hibernated() {
	refute_log 'HIBERNATE=failed'
	refute_log 'SWAPON=fail'
	refute_log 'SWAPFS_MOUNT=fail'
	refute_log 'earlymount: resume'
	em_disk_name "$EM_TMP/root.img"
	hib_root=$EM_DISK
	em_disk_name "$2"
	hib_other=$EM_DISK
	assert_report OTHER "$hib_other"
	assert_report RESUME_DEV "$(report_get "DEV_$1" || true)"
	hib_boot_id=$(report_get BOOT_ID || true) hib_value=$(report_get HIB_VALUE || true)
	[ -n "$hib_boot_id" ] || em_fail "the hibernating boot reported no boot_id"
	[ -n "$hib_value" ] || em_fail "the hibernating boot reported no tmpfs value"
	assert_log "$EXPECT_KERNEL_IMAGE_SAVED"
	assert_log "$EXPECT_KERNEL_POWER_DOWN"
	! grep -qx -- "$EM_END" "$EM_LOG.report" || em_fail "the report ended: the system did not stop in its hibernation"
	[ "$(swap_type "$2" "$3")" = swsuspend ] ||
		em_fail "after hibernating, $(basename "$2") at $3 is '$(swap_type "$2" "$3")', not swsuspend (blkid -p)"
}

# assert_resumed PART|DISK RESUME IMG OFFSET: the boot resumed the image in IMG (at OFFSET) from
# the first partition of IMG's disk (PART) or the disk (DISK), by resume=RESUME.
assert_resumed() {
	local before node
	em_disk_name "$3"
	node=/dev/$EM_DISK
	[ "$1" = DISK ] || node=${node}1
	assert_log "$(printf "$EXPECT_RESUME_FROM" "$node" "$2")"
	assert_log "$EXPECT_KERNEL_RESUME_START"
	assert_log "$EXPECT_KERNEL_IMAGE_LOADED"
	refute_log 'did not resume'
	# Nothing mounted before the resume: neither earlymount's line nor the kernel's.
	before=$(awk '/\): resuming from it/ { exit } /earlymount: (\[[0-9.]+\] )?mounted |\): mounted filesystem/ { print }' "$EM_LOG")
	[ -z "$before" ] || em_fail "mounted before resuming from the image: $before"
	assert_booted
	assert_report RESUMED_BOOT_ID "$hib_boot_id"
	assert_report RESUMED_VALUE "$hib_value"
	# the resumed system's root is the hibernated boot's mount, the tmpfs holding the value too
	assert_mount / ext4 ro "source:/dev/$hib_root"
	assert_mount /run/em tmpfs source:emtmp
	[ "$(swap_type "$3" "$4")" = swap ] ||
		em_fail "after the resume, $(basename "$3") at $4 is '$(swap_type "$3" "$4")', not swap again (the kernel puts its signature back when it reads the image)"
}

# Boot 1: plain swap, handed to the kernel; the check hibernates.
qemu_boot "$EM_TMP/console1.log" "$EM_TMP/initrd" "root=LABEL=emhibroot resume=UUID=$swap_uuid emtest.hibernate=part" \
	"$EM_TMP/root.img" "$EM_TMP/swap.img"
assert_hibernated PART "$EM_TMP/swap.img" 1048576
cp --sparse=always "$EM_TMP/swap.img" "$EM_TMP/image.img"
t1=$EM_BOOT_SECONDS

# Boot 2: resume=UUID=.
qemu_boot "$EM_TMP/console2.log" "$EM_TMP/initrd" "root=LABEL=emhibroot resume=UUID=$swap_uuid" \
	"$EM_TMP/root.img" "$EM_TMP/swap.img"
assert_resumed PART "UUID=$swap_uuid" "$EM_TMP/swap.img" 1048576
t2=$EM_BOOT_SECONDS

# Boot 3: the same image again, by the last of two resume=.
cp --sparse=always "$EM_TMP/image.img" "$EM_TMP/swap.img"
absent=$(em_uuid)
qemu_boot "$EM_TMP/console3.log" "$EM_TMP/initrd" "root=LABEL=emhibroot resume=UUID=$absent hibernate=nocompress resume=PARTUUID=$swap_puuid" \
	"$EM_TMP/root.img" "$EM_TMP/swap.img"
assert_resumed PART "PARTUUID=$swap_puuid" "$EM_TMP/swap.img" 1048576
l=$(grep -a 'earlymount:' "$EM_LOG" | grep -F -- "$absent" || true)
[ -z "$l" ] || em_fail "earlymount looked at the first resume=, which the second overrides: $l"
t3=$EM_BOOT_SECONDS

# Boot 4: noresume.
cp --sparse=always "$EM_TMP/image.img" "$EM_TMP/swap.img"
image_sum=$(sha256sum <"$EM_TMP/swap.img")
qemu_boot "$EM_TMP/console4.log" "$EM_TMP/initrd" "root=LABEL=emhibroot resume=PARTUUID=$swap_puuid noresume earlymount.debug emtest.swapon" \
	"$EM_TMP/root.img" "$EM_TMP/swap.img"
assert_log "$(printf "$EXPECT_RESUME_NORESUME" "PARTUUID=$swap_puuid")"
refute_log '): resuming from it'
refute_log "$EXPECT_KERNEL_IMAGE_LOADED"
assert_booted
em_disk_name "$EM_TMP/root.img"
assert_mount / ext4 ro "source:/dev/$EM_DISK"
assert_report RESUME_DEV 0:0
assert_report SWAPON fail
[ "$(report_get BOOT_ID)" != "$hib_boot_id" ] || em_fail "boot 4 has boot 1's boot_id: it resumed despite noresume"
[ "$(sha256sum <"$EM_TMP/swap.img")" = "$image_sum" ] || em_fail "the swap disk holding the image changed during the noresume boot"
t4=$EM_BOOT_SECONDS
rm -f "$EM_TMP/image.img"

# Boots 5 and 6: a swap file in an ext4 whose blocks are pages, so its first block is the
# resume_offset=. Random contents: mkfs.ext4 -d leaves a hole for a block of zeros, and the kernel
# refuses a swap file with holes; 64 MiB holds the compressed image (about 20 MB).
mkdir -p "$EM_TMP/swapfs"
head -c 64M /dev/urandom >"$EM_TMP/swapfs/swapfile"
chmod 600 "$EM_TMP/swapfs/swapfile"
mkswap -q -p "$page" "$EM_TMP/swapfs/swapfile" >/dev/null || em_die "mkswap on the swap file failed"
swapfs_uuid=$(em_uuid)
DISK_SIZE=80M mkdisk_ext4 "$EM_TMP/swapfs.img" "$EM_TMP/swapfs" -b "$page" -U "$swapfs_uuid"
rm -f "$EM_TMP/swapfs/swapfile"
n=$(debugfs -R "bmap /swapfile 0" "$EM_TMP/swapfs.img" 2>/dev/null | tail -n 1)
case $n in '' | *[!0-9]*) em_die "debugfs bmap /swapfile 0 on $EM_TMP/swapfs.img gave no block: '$n'" ;; esac
[ "$(swap_type "$EM_TMP/swapfs.img" $((n * page)))" = swap ] || em_die "no swap header at block $n of $EM_TMP/swapfs.img"
qemu_boot "$EM_TMP/console5.log" "$EM_TMP/initrd" "root=LABEL=emhibroot resume=UUID=$swapfs_uuid resume_offset=$n emtest.hibernate=file" \
	"$EM_TMP/root.img" "$EM_TMP/swapfs.img"
assert_hibernated DISK "$EM_TMP/swapfs.img" $((n * page))
t5=$EM_BOOT_SECONDS
# (boot 6's initramfs holds resume= and resume_offset= in its stored line, the kernel's has none:
# the kernel knows the offset only from earlymount's write to /sys/power/resume_offset)
mkinitrd "$EM_TMP/initrd-stored" --fs ext4 --resume "UUID=$swapfs_uuid" --resume-offset "$n"
qemu_boot "$EM_TMP/console6.log" "$EM_TMP/initrd-stored" "root=LABEL=emhibroot" "$EM_TMP/root.img" "$EM_TMP/swapfs.img"
assert_resumed DISK "UUID=$swapfs_uuid" "$EM_TMP/swapfs.img" $((n * page))
# (mounted by boot 5's check, with boot 5's name of the disk)
assert_mount /mnt ext4 rw "source:/dev/$hib_other"
t6=$EM_BOOT_SECONDS

[ "$(sha256sum <"$EM_TMP/root.img")" = "$root_sum" ] || em_fail "the root disk changed (every boot mounted it read-only)"
em_note "swap partition: hibernated in ${t1}s, resumed in ${t2}s (UUID=) and ${t3}s (PARTUUID=), noresume boot ${t4}s; swap file at page $n: hibernated in ${t5}s, resumed in ${t6}s"
