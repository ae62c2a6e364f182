# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# resume= that finds no image to resume (src/resume.c): every boot comes up with the root mounted
# read-only, and only the warning (or earlymount.debug's line) says why it did not resume:
#   plain     swap without an image, by LABEL=: handed to the kernel all the same
#             (/sys/power/resume holds it, as initramfs-tools leaves it), which finds no image; a
#             debug line
#   absent    resume=UUID= of no disk, earlymount.timeout=2: the wait ends, a warning
#   root      resume=/dev/vda, the ext4 root itself: not swap, named ext4; the root is not touched
#   invalid   resume=foo: no device the kernel could name either (early_lookup_bdev); a warning
#   offset    resume=/dev/vdb resume_offset=N, an ext4 disk holding a swap file whose first block
#             is block N (debugfs bmap, the physical block; blocks the size of the kernel's pages,
#             resume_offset='s unit): its swap header found there (the debug line); with N+1,
#             the file's random data: not swap, no known signature
#   refused   a hibernation signature whose header leads to no image (S1SUSPEND over a plain swap
#             header, its image sector 0): earlymount resumes, the kernel refuses the image
#             (kernel/power/swap.c get_swap_reader) and returns, earlymount warns and boots; the
#             kernel has put the swap signature back (swsusp_check), so the disk is swap again.
[ "$(em_kconfig HIBERNATION)" = y ] || em_skip "$KVER has no CONFIG_HIBERNATION: no /sys/power/resume to resume by"
mkroot "$EM_TMP/root"
em_add_check "$EM_TMP/root" resume '
echo "RESUME_DEV=$(cat /sys/power/resume)"
echo "RESUME_OFFSET=$(cat /sys/power/resume_offset)"
echo "VDB_DEV=$(cat /sys/class/block/vdb/dev 2>/dev/null)"'
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4
page=$(em_page_size) # resume_offset='s unit

# resume_boot NAME APPEND DISK...: boots with the ext4 root first; afterwards, the root is the
# ext4 read-only (boot checks that no disk changed) and the console is in console-NAME.log.
resume_boot() {
	local name=$1 append=$2
	shift 2
	boot "root=/dev/vda $append" "$EM_TMP/root.img" "$@"
	cp "$EM_LOG" "$EM_TMP/console-$name.log"
	assert_booted
	assert_mount / ext4 ro source:/dev/vda
	refute_log '): resuming from it'
	em_note "$name: booted in ${EM_BOOT_SECONDS}s"
}

# plain: a whole disk of swap, no image, by its LABEL (resume_hibernate's by UUID).
swap_uuid=$(em_uuid)
em_file "$EM_TMP/swap.img" 16M
mkswap -q -p "$page" -U "$swap_uuid" -L emswap "$EM_TMP/swap.img" >/dev/null || em_die "mkswap on $EM_TMP/swap.img failed"
resume_boot plain "resume=LABEL=emswap earlymount.debug" "$EM_TMP/swap.img"
assert_log "$(printf "$EXPECT_RESUME_PLAIN_SWAP" /dev/vdb "LABEL=emswap")"
assert_report RESUME_DEV "$(report_get VDB_DEV)"

# absent: no disk has the UUID.
absent=$(em_uuid)
resume_boot absent "resume=UUID=$absent earlymount.timeout=2" "$EM_TMP/swap.img"
assert_log "$(printf "$EXPECT_RESUME_NO_DEVICE" "UUID=$absent" 2)"
assert_report RESUME_DEV 0:0

# root: the ext4 root as resume=.
resume_boot root "resume=/dev/vda"
assert_log "$(printf "$EXPECT_RESUME_NOT_SWAP" /dev/vda /dev/vda ext4)"
assert_report RESUME_DEV 0:0

# invalid: resume=foo.
resume_boot invalid "resume=foo"
assert_log_re "$(printf "$EXPECT_RESUME_BAD_VALUE_RE" foo)" "the command-line warning for resume=foo"
# (no RESUME_DEV check: 6.12's own try at late_initcall leaves 0:15 there, the "f" of "foo" read
# as a hexadecimal device number before the rest is refused: block/early-lookup.c devt_from_devnum)

# offset: a swap file in an ext4 (blocks of the page size, so its block number is the page).
mkdir -p "$EM_TMP/swapfs"
head -c $((64 * page)) /dev/urandom >"$EM_TMP/swapfs/swapfile"
chmod 600 "$EM_TMP/swapfs/swapfile"
mkswap -q -p "$page" "$EM_TMP/swapfs/swapfile" >/dev/null || em_die "mkswap on the swap file failed"
DISK_SIZE=16M mkdisk_ext4 "$EM_TMP/swapfs.img" "$EM_TMP/swapfs" -b "$page"
n=$(debugfs -R "bmap /swapfile 0" "$EM_TMP/swapfs.img" 2>/dev/null | tail -n 1)
case $n in '' | *[!0-9]*) em_die "debugfs bmap /swapfile 0 on $EM_TMP/swapfs.img gave no block: '$n'" ;; esac
[ "$(blkid -p -O $((n * page)) -s TYPE -o value "$EM_TMP/swapfs.img")" = swap ] ||
	em_die "no swap header at block $n of $EM_TMP/swapfs.img (blkid -p -O $((n * page)))"
[ "$(blkid -p -s TYPE -o value "$EM_TMP/swapfs.img")" = ext4 ] || em_die "$EM_TMP/swapfs.img is not ext4 (blkid -p)"
resume_boot offset "resume=/dev/vdb resume_offset=$n earlymount.debug" "$EM_TMP/swapfs.img"
assert_log "$(printf "$EXPECT_RESUME_PLAIN_SWAP" /dev/vdb /dev/vdb)"
assert_report RESUME_DEV "$(report_get VDB_DEV)"
assert_report RESUME_OFFSET "$n"
resume_boot offset-wrong "resume=/dev/vdb resume_offset=$((n + 1)) earlymount.debug" "$EM_TMP/swapfs.img"
assert_log "$(printf "$EXPECT_RESUME_NOT_SWAP" /dev/vdb /dev/vdb "$EXPECT_RESUME_NO_SIGNATURE")"
refute_log 'is swap space without a hibernation image'
assert_report RESUME_DEV 0:0

# refused: the kernel's hibernation signature (kernel/power/swap.c struct swsusp_header, at the
# end of the swap header's page: orig_sig, then sig) over a plain swap header, no image behind it.
em_file "$EM_TMP/fake.img" 16M
mkswap -q -p "$page" -U "$swap_uuid" "$EM_TMP/fake.img" >/dev/null || em_die "mkswap on $EM_TMP/fake.img failed"
printf 'SWAPSPACE2S1SUSPEND\0' | dd of="$EM_TMP/fake.img" bs=1 seek=$((page - 20)) conv=notrunc status=none
[ "$(blkid -p -s TYPE -o value "$EM_TMP/fake.img")" = swsuspend ] || em_die "blkid -p does not see the made-up image as swsuspend"
root_sum=$(sha256sum <"$EM_TMP/root.img")
qemu_boot "$EM_TMP/console-refused.log" "$EM_TMP/initrd" "root=/dev/vda resume=UUID=$swap_uuid" \
	"$EM_TMP/root.img" "$EM_TMP/fake.img"
assert_log "$(printf "$EXPECT_RESUME_FROM" /dev/vdb "UUID=$swap_uuid")"
assert_log "$EXPECT_KERNEL_RESUME_START"
assert_log "$EXPECT_KERNEL_RESUME_FAILED"
assert_log "$(printf "$EXPECT_RESUME_NOT_RESUMED" /dev/vdb)"
assert_booted
assert_mount / ext4 ro source:/dev/vda
[ "$(sha256sum <"$EM_TMP/root.img")" = "$root_sum" ] || em_fail "the root disk changed during the refused resume"
[ "$(blkid -p -s TYPE -o value "$EM_TMP/fake.img")" = swap ] ||
	em_fail "after the refused resume the disk is '$(blkid -p -s TYPE -o value "$EM_TMP/fake.img")', not swap (the kernel puts the swap signature back)"
em_note "refused: booted in ${EM_BOOT_SECONDS}s"
