# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A root whose /sbin/init is a dangling symbolic link, and no /etc/init, /bin/init or /bin/sh.
# The link points to /init: that name exists in the initramfs (earlymount itself) but not in the
# new root, so a check that followed it from the initramfs would pass, delete the initramfs and
# fail at execve. Resolved inside the new root, it leads nowhere: earlymount must say
# "/sbin/init: a dangling symbolic link, ...", leave the initramfs intact and start the rescue
# shell (--busybox, earlymount.onfail=shell). The test looks at the initramfs there (ls /init
# /etc/earlymount), repairs the link on the disk (mounted read-write from the shell), leaves the
# shell; earlymount tries again and boots.
# The repair writes to the disk during a boot without "rw": qemu_boot, not boot(), and the repair
# is checked on the image afterwards.
mkroot "$EM_TMP/root"
rm -f "$EM_TMP/root/bin/sh"
sed -i '1s|.*|#!/bin/busybox sh|' "$EM_TMP/root/sbin/init"
mv "$EM_TMP/root/sbin/init" "$EM_TMP/root/sbin/init.real"
ln -s /init "$EM_TMP/root/sbin/init"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4 --busybox
QEMU_INPUT='ls /init /etc/earlymount | sed "s/^/LS: /"; mkdir -p /tmp/r && mount -t ext4 /dev/vda /tmp/r && ln -sfn init.real /tmp/r/sbin/init && umount /tmp/r && echo REPAIRED-$((40+2)); exit' \
	QEMU_INPUT_AFTER="$EXPECT_SHELL_READY" \
	qemu_boot "$EM_TMP/console.log" "$EM_TMP/initrd" "root=/dev/vda earlymount.onfail=shell" "$EM_TMP/root.img"
assert_log "$(printf "$EXPECT_NO_INIT_WHY" "/sbin/init: a dangling symbolic link, /etc/init: No such file or directory, /bin/init: No such file or directory, /bin/sh: No such file or directory; $EXPECT_LEFT_INTACT")"
refute_log "$EXPECT_SWITCH_FAILED"
# the initramfs, from the rescue shell
assert_rescue_kept_initramfs
# the second attempt: init is the repaired link (argv[0] is the name earlymount chose)
assert_booted
assert_report ARG0 /sbin/init
assert_mount / ext4 source:/dev/vda ro
target=$(debugfs -R "stat /sbin/init" "$EM_TMP/root.img" 2>/dev/null | sed -n 's/^Fast link dest: "\(.*\)"$/\1/p')
[ "$target" = init.real ] || em_fail "after the repair /sbin/init on the disk points to '$target', not init.real"
