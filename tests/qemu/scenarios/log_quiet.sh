# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# `quiet` (the kernel's console level 4, Debian's default line): earlymount's information lines
# ("mounted ...", "switching to ...") stay in the kernel's log and off the console, as the kernel's
# own information, dracut's info() and systemd's status lines do under quiet; a warning still
# reaches the console, and earlymount.debug shows every line again.
mkroot "$EM_TMP/root"
cat >"$EM_TMP/root/etc/em-test.d/kmsg.sh" <<'EOT'
echo "KMSG_MOUNTED=$(dmesg | grep -c 'earlymount: .*mounted /dev/vda on /sysroot (ext4)')"
echo "KMSG_SWITCHING=$(dmesg | grep -c 'earlymount: .*switching to /sbin/init')"
EOT
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emquiet
mkinitrd "$EM_TMP/initrd" --fs ext4
warning="earlymount: rootfstype without '=' is not rootfstype=; ignored, as the kernel and systemd do"

# 1. quiet: the information is in dmesg only; the warning is on the console
boot "root=LABEL=emquiet quiet rootfstype"
assert_booted
assert_report KMSG_MOUNTED 1
assert_report KMSG_SWITCHING 1
refute_log "$(printf "$EXPECT_MOUNTED" /dev/vda ext4)"
refute_log 'earlymount: switching to /sbin/init'
assert_log "$warning"

# 2. quiet with earlymount.debug: every line on the console again
boot "root=LABEL=emquiet quiet rootfstype earlymount.debug"
assert_booted
assert_log "$(printf "$EXPECT_MOUNTED" /dev/vda ext4)"
assert_log 'earlymount: switching to /sbin/init'
assert_log "$warning"
