# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A dirty ext4 journal and the read-only root.
#   1. Boot with rw: the root's init writes a file, fsyncs it (a journal commit: the new inode and
#      directory entry are in the journal, not yet in place; a global sync would also write them
#      in place) and crashes the kernel (sysrq c; panic=-1 and -no-reboot end QEMU). Checked on
#      the image: needs_recovery is set and the file is not in the filesystem proper (debugfs
#      does not replay), so the next boots show what the journal does.
#   2. Boot without rw: ext4 replays the journal even on a read-only mount when the device is
#      writable ("recovery required on readonly filesystem ... write access will be enabled
#      during recovery"), so the file is there, and the disk CHANGES during this ro boot: that is
#      expected here, so boot()'s byte-identical check is replaced by the opposite one (the image
#      changed, needs_recovery is cleared, e2fsck finds it clean).
#   3. A fresh copy of the dirty image with rootflags=norecovery (ro): ext4 mounts it without
#      loading the journal ("mounted filesystem [UUID ro] without journal": the UUID and ro from
#      Linux 6.2 on, expect.sh): no replay, the file is
#      missing, nothing is written (boot()'s check), needs_recovery stays set.
#   4. The dirty image on a read-only device (QEMU readonly=on), no norecovery: ext4 cannot
#      replay and refuses the mount; earlymount reports it and powers off; nothing is written.
token=dirty-$(em_uuid)
mkroot "$EM_TMP/root"
em_add_check "$EM_TMP/root" dirty '
case " $(cat /proc/cmdline) " in
*" emtest.crash "*)
	echo "'"$token"'" >/em-dirty
	sync /em-dirty
	echo "DIRTY_WRITTEN=yes"
	echo c >/proc/sysrq-trigger
	;;
esac
echo "DIRTY_FILE=$(cat /em-dirty 2>/dev/null || echo missing)"'
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4

needs_recovery() { dumpe2fs -h "$1" 2>/dev/null | grep '^Filesystem features:.*needs_recovery' >/dev/null; }

# 1. write, fsync, crash
boot "root=/dev/vda rw emtest.crash"
assert_report DIRTY_WRITTEN yes
assert_log "$EXPECT_SYSRQ_CRASH"
! grep -qx -- "$EM_END" "$EM_LOG.report" || em_fail "the root's init finished its report: it did not crash"
needs_recovery "$EM_TMP/root.img" || em_fail "after the crash the image has no needs_recovery flag: the journal is not dirty"
! debugfs -R "stat /em-dirty" "$EM_TMP/root.img" 2>/dev/null | grep '^Inode:' >/dev/null ||
	em_fail "the file is already in the filesystem proper after the crash: the replay would prove nothing"
cp "$EM_TMP/root.img" "$EM_TMP/dirty.img"

# 2. read-only boot on a writable device: replayed
qemu_boot "$EM_TMP/console.log" "$EM_TMP/initrd" "root=/dev/vda" "$EM_TMP/root.img"
assert_log "$EXPECT_EXT4_RECOVERY_RO"
assert_log "$EXPECT_EXT4_RECOVERY_WRITE"
assert_log "$EXPECT_EXT4_RECOVERY_DONE"
assert_booted
assert_mount / ext4 source:/dev/vda ro
assert_report WRITE_ROOT fail
assert_report DIRTY_FILE "$token"
! cmp -s "$EM_TMP/root.img" "$EM_TMP/dirty.img" || em_fail "the replay did not write to the disk"
! needs_recovery "$EM_TMP/root.img" || em_fail "needs_recovery is still set after the replay"
e2fsck -fn "$EM_TMP/root.img" >"$EM_TMP/e2fsck.out" 2>&1 || em_fail "e2fsck -fn after the replay: $(tail -n 5 "$EM_TMP/e2fsck.out")"

# 3. norecovery on a fresh dirty copy: mounted without the journal, the file is missing
cp "$EM_TMP/dirty.img" "$EM_TMP/root.img"
boot "root=/dev/vda rootflags=norecovery"
uuid=$(dumpe2fs -h "$EM_TMP/root.img" 2>/dev/null | sed -n 's/^Filesystem UUID: *//p')
[ -n "$uuid" ] || em_die "dumpe2fs: no UUID in $EM_TMP/root.img"
assert_log "$(printf "$EXPECT_EXT4_NO_JOURNAL" "$uuid")"
refute_log "$EXPECT_EXT4_RECOVERY_DONE"
assert_booted
assert_mount / ext4 source:/dev/vda ro super:norecovery
assert_report DIRTY_FILE missing
needs_recovery "$EM_TMP/root.img" || em_fail "needs_recovery was cleared by a norecovery mount"

# 4. the dirty image on a read-only device
cp "$EM_TMP/dirty.img" "$EM_TMP/root.img"
qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" "root=/dev/vda earlymount.onfail=poweroff" \
	-drive "file=$EM_TMP/root.img,format=raw,if=virtio,readonly=on"
cmp -s "$EM_TMP/root.img" "$EM_TMP/dirty.img" || em_fail "the read-only device changed"
assert_log "$EXPECT_EXT4_RECOVERY_NO_WRITE"
assert_log_re "$(printf "$EXPECT_MOUNT_FAILED" /dev/vda ext4 '' | sed 's/[][().*^$]/\\&/g').+" "earlymount's line about the refused mount"
[ ! -s "$EM_LOG.report" ] || em_fail "the test root's init ran although the mount must fail"
assert_powered_off
em_note "on the read-only device: $(grep -a -m 1 -F "$(printf "$EXPECT_MOUNT_FAILED" /dev/vda ext4 '')" "$EM_LOG")"
