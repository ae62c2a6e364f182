# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# init=/sbin/other-init with arguments after "--": that init runs (not /sbin/init), as PID 1, with
# exactly those arguments, fds 0-2 only, and /proc, /sys, /dev, /run mounted in the new root.
mkroot "$EM_TMP/root"
em_init_script >"$EM_TMP/root/sbin/other-init"
chmod 755 "$EM_TMP/root/sbin/other-init"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=/dev/vda init=/sbin/other-init -- alpha beta=1 --gamma"
assert_booted
assert_report ARG0 /sbin/other-init
assert_report ARGC 3
assert_report ARG1 alpha
assert_report ARG2 beta=1
assert_report ARG3 --gamma
assert_handover /sbin/other-init
