# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# root=/dev/vda (ext4, read-only by default like the kernel's own root=), and the hand-over:
# init is PID 1 with fds 0-2 only, the API filesystems are in the new root, and the initramfs's
# files are gone.
#
# "Gone" is checked by what it costs: the initramfs carries a 32 MiB ballast file. Its pages stay
# in the kernel's rootfs (ramfs: Unevictable; tmpfs: Shmem in /proc/meminfo) unless earlymount
# deletes the initramfs's files before switching, and nothing inside the new root can see the old
# rootfs any other way (it is out of reach of the new root and of mountinfo).
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
head -c 32M /dev/zero >"$EM_TMP/ballast"
mkinitrd "$EM_TMP/initrd" --fs ext4 --compress gzip --add "$EM_TMP/ballast:/em-ballast"
boot "root=/dev/vda"
assert_booted
assert_mount / ext4 source:/dev/vda ro
assert_report WRITE_ROOT fail
assert_handover /sbin/init
assert_report SYSROOT_DIR absent
assert_report INIT_FILE absent
shmem=$(report_get MEM_Shmem) || em_fail "report has no MEM_Shmem"
unevictable=$(report_get MEM_Unevictable) || em_fail "report has no MEM_Unevictable"
[ $((shmem + unevictable)) -lt 16384 ] ||
	em_fail "the initramfs's 32 MiB ballast is still in memory (Shmem ${shmem} kB + Unevictable ${unevictable} kB >= 16 MiB): were its files deleted before the switch?"
