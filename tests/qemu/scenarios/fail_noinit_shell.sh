# SPDX-License-Identifier: MIT
# A root without any init: earlymount says so, leaves the initramfs intact and, with busybox in
# the image and earlymount.onfail=shell, starts a rescue shell on the console. The test types
# into it: arithmetic the shell must evaluate (so the echo of the typed line can't pass for the
# answer), a look at the initramfs's /init, and a power-off.
mkroot_noinit "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4 --busybox
QEMU_INPUT='echo RESCUE-$((6*7)); ls -l /init && echo INITRAMFS-INTACT-$((1+1)); poweroff -f' \
	QEMU_INPUT_AFTER="$EXPECT_SHELL_READY" \
	boot "root=/dev/vda earlymount.onfail=shell"
assert_log "$EXPECT_NO_INIT"
assert_log "$EXPECT_LEFT_INTACT"
assert_log_re '^RESCUE-42$' "the rescue shell ran the typed commands"
assert_log_re '^INITRAMFS-INTACT-2$' "/init of the initramfs is still there"
