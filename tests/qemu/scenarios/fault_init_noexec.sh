# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A root whose /sbin/init is a regular file without execute permission, and no /etc/init,
# /bin/init or /bin/sh (the root's busybox runs the init script through "#!/bin/busybox sh").
# earlymount must say which init and why ("/sbin/init: not executable, ..."), leave the
# initramfs intact and start the rescue shell (--busybox, earlymount.onfail=shell). The test
# then takes the rescue path as an administrator would: looks at the initramfs (ls /init
# /etc/earlymount: still there), mounts the root read-write, makes init executable, leaves the
# shell; earlymount tries again and now boots that root.
# The repair writes to the disk during a boot without "rw", so boot()'s byte-identical check does
# not apply: qemu_boot is used, and the repair is checked on the image afterwards.
mkroot "$EM_TMP/root"
rm -f "$EM_TMP/root/bin/sh"
sed -i '1s|.*|#!/bin/busybox sh|' "$EM_TMP/root/sbin/init"
chmod 644 "$EM_TMP/root/sbin/init"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4 --busybox
QEMU_INPUT='ls /init /etc/earlymount | sed "s/^/LS: /"; mkdir -p /tmp/r && mount -t ext4 /dev/vda /tmp/r && chmod 755 /tmp/r/sbin/init && umount /tmp/r && echo REPAIRED-$((40+2)); exit' \
	QEMU_INPUT_AFTER="$EXPECT_SHELL_READY" \
	qemu_boot "$EM_TMP/console.log" "$EM_TMP/initrd" "root=/dev/vda earlymount.onfail=shell" "$EM_TMP/root.img"
assert_log "$(printf "$EXPECT_NO_INIT_WHY" "/sbin/init: not executable, /etc/init: No such file or directory, /bin/init: No such file or directory, /bin/sh: No such file or directory; $EXPECT_LEFT_INTACT")"
# the initramfs, from the rescue shell
assert_rescue_kept_initramfs
# the second attempt
assert_booted
assert_report ARG0 /sbin/init
assert_mount / ext4 source:/dev/vda ro
mode=$(debugfs -R "stat /sbin/init" "$EM_TMP/root.img" 2>/dev/null | sed -n 's/.*Mode: *\([0-7]*\).*/\1/p' | head -n 1)
[ "$mode" = 0755 ] || em_fail "after the repair /sbin/init on the disk has mode '$mode', not 0755"
