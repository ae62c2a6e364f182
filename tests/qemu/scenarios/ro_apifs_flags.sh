# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# The API filesystems as earlymount mounts them (src/apifs.c), seen from inside the booted root
# after they were moved there: /dev nosuid,noexec (device nodes live there, so not nodev);
# /proc and /sys nosuid,nodev,noexec; /run nosuid,nodev with mode=0755, and exec-able (initrd
# tools run helpers from /run). Each checked both ways, so a flag added or dropped shows.
# The limits are systemd's (src/shared/mount-util.h): /dev size=4m (TMPFS_LIMITS_DEV; 6.1 and
# 6.12 apply it to the one devtmpfs superblock), /run size=20%,nr_inodes=800k
# (TMPFS_LIMITS_RUN), shown by the kernel in KiB of pages and in inodes.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=/dev/vda"
assert_booted
assert_mount /dev devtmpfs nosuid noexec '!nodev' rw super:size=4096k
assert_mount /proc proc nosuid nodev noexec rw
assert_mount /sys sysfs nosuid nodev noexec rw
mem=$(report_get MEM_MemTotal) || em_fail "no MemTotal in the report"
# shmem_parse_one: size=N% is N% of totalram_pages in bytes, rounded up to whole pages
# (DIV_ROUND_UP); mountinfo shows it in KiB.
runsize=$((((mem / 4) * 20 + 99) / 100 * 4))k
assert_mount /run tmpfs nosuid nodev '!noexec' rw super:mode=755 super:size=$runsize super:nr_inodes=819200
# exactly one mount each: moved, not mounted a second time in the new root
for mp in /dev /proc /sys /run; do
	n=$(report_mountinfo | awk -v mp="$mp" '$5 == mp' | wc -l)
	[ "$n" = 1 ] || em_fail "$n mounts on $mp in the booted root (expected the one earlymount moved there)"
done
