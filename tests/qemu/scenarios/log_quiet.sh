# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# `quiet` (the kernel's console level 4, Debian's default line): earlymount's information lines
# ("mounted ...", "switching to ...") stay in the kernel's log and off the console, as the kernel's
# own information, dracut's info() and systemd's status lines do under quiet; a warning still
# reaches the console, and earlymount.debug shows every line again. With ignore_loglevel the kernel
# echoes every line itself, and earlymount writes none a second time. Every line reaches dmesg, also
# the last ones, written while switch_root moves /dev (/dev/kmsg is opened again every few lines).
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
assert_report KMSG_MOUNTED 1
assert_report KMSG_SWITCHING 1
assert_log "$(printf "$EXPECT_MOUNTED" /dev/vda ext4)"
assert_log 'earlymount: switching to /sbin/init'
assert_log "$warning"

# 3. ignore_loglevel: the kernel prints every level, so each line is there once, with its time stamp
boot "root=LABEL=emquiet quiet rootfstype ignore_loglevel earlymount.debug"
assert_booted
assert_report KMSG_SWITCHING 1
for line in "$(printf "$EXPECT_MOUNTED" /dev/vda ext4)" 'earlymount: switching to /sbin/init' "$warning"; do
	n=$(console_count "$line" kernel)
	[ "$n" = 1 ] || em_fail "console: expected the kernel's echo once, found it $n times: $line"
	n=$(console_count "$line" own)
	[ "$n" = 0 ] || em_fail "console: earlymount wrote the line itself too ($n times): $line"
done
