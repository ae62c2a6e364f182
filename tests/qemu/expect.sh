# SPDX-License-Identifier: MIT
# Every text the QEMU scenarios expect earlymount to print, in one place, so the messages and the
# tests are aligned here and nowhere else. Sourced by lib.sh. Fixed strings (grep -F) unless the
# name ends in _RE (grep -E). "%s" parts are filled in with printf by the scenario.
#
# The console shows earlymount's lines with the prefix "earlymount: ", possibly after the
# kernel's "[    1.234567] " timestamp when they came through /dev/kmsg, so nothing here is
# anchored at the start of a line.
# shellcheck disable=SC2034 # used by the scenarios

# fail_timeout: root=UUID=<nothing> earlymount.timeout=5
#   earlymount: timed out after 5 s waiting for root device UUID=...
#   earlymount: block devices found:
#   earlymount:   /dev/vda: ext4 UUID=... LABEL=...
EXPECT_TIMEOUT='earlymount: timed out after %s s waiting for root device %s'   # seconds, root= value
EXPECT_DEVICES_FOUND='earlymount: block devices found:'
EXPECT_DEVICE_LINE_RE='earlymount: +%s: %s .*UUID=%s'                        # device, fstype, UUID

# fail_fstype: rootfstype=xfs on an ext4 disk (the xfs module is in the image). XFS says why only
# through printk, so there is no "kernel: ..." part here; the console shows the kernel's own line.
EXPECT_MOUNT_FAILED='earlymount: mount %s on /sysroot as %s failed: %s'       # device, fstype, strerror
EXPECT_XFS_REASON='XFS (vda): Invalid superblock magic number'                # the kernel's, on the console

# fail_badflag: rootflags=<unknown ext4 option>: the reason comes from the filesystem context,
# which earlymount prints after "kernel: " on the same line as the failure.
EXPECT_KERNEL_REASON_RE='earlymount: .*/dev/vda.*kernel: ext4: Unknown parameter .%s.'   # the option

# fail_noinit_shell: a root without any init; the initramfs stays, earlymount.onfail=shell.
EXPECT_NO_INIT='earlymount: no init found in /sysroot'
EXPECT_LEFT_INTACT='initramfs left intact'
# What the scenario waits for before typing into the rescue shell (a fixed string).
EXPECT_SHELL_READY='earlymount rescue# '   # the rescue shell's prompt: it reads input now

# How the failure scenarios end the VM: onfail= values the lead's spec.c accepts (shell, reboot,
# poweroff, halt, panic). Each of reboot/poweroff/panic ends QEMU (-no-reboot, panic=-1).
EXPECT_ONFAIL_TIMEOUT=poweroff
EXPECT_ONFAIL_FSTYPE=reboot
EXPECT_ONFAIL_BADFLAG=panic
