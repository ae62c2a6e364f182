# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A root without any init: earlymount says so, leaves the initramfs intact and, with busybox in
# the image and earlymount.onfail=shell, starts a rescue shell on the console. The test types
# into it: arithmetic the shell must evaluate (so the echo of the typed line can't pass for the
# answer), a look at the initramfs's /init, whether the shell has the console as its controlling
# terminal (field 7 of /proc/self/stat, tty_nr, is 0 without one: then Ctrl-C never reaches what
# runs in it), and a power-off.
mkroot_noinit "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4 --busybox
QEMU_INPUT='echo RESCUE-$((6*7)); ls -l /init && echo INITRAMFS-INTACT-$((1+1)); awk "{ print \"CTTY-\" (\$7 != 0) }" /proc/self/stat; poweroff -f' \
	QEMU_INPUT_AFTER="$EXPECT_SHELL_READY" \
	boot "root=/dev/vda earlymount.onfail=shell"
assert_log "$EXPECT_NO_INIT"
assert_log "$EXPECT_LEFT_INTACT"
assert_log_re '^RESCUE-42$' "the rescue shell ran the typed commands"
assert_log_re '^INITRAMFS-INTACT-2$' "/init of the initramfs is still there"
assert_log_re '^CTTY-1$' "the rescue shell has the console as its controlling terminal (TIOCSCTTY)"
