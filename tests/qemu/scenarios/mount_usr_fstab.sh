# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A separate /usr named by the new root's /etc/fstab, not by mount.usr=: mounted before init is
# looked for, as initramfs-tools (read_fstab_entry), dracut (98usrmount) and systemd
# (initrd-parse-etc) do, since a merged-/usr root's init lives there: /sbin/init here is a link to
# ../usr/sbin/init, which only the /usr disk holds. The line's label has a space (\040, as
# fstab(5) escapes it), its mount point a trailing slash, and its options noatime; a comment and
# the root's own line come before it. /usr is read-only, as the root is without rw.
#   1. The /usr disk there: mounted from its line, init runs from it.
#   2. The fstab names a label no disk has: the wait for the /usr device times out, with the
#      line's spec in the message, and the machine powers off as asked.
token=usrfstab-$(em_uuid)
mkroot "$EM_TMP/root"
mkdir -p "$EM_TMP/usr/lib" "$EM_TMP/usr/sbin"
mv "$EM_TMP/root/sbin/init" "$EM_TMP/usr/sbin/init"
ln -s ../usr/sbin/init "$EM_TMP/root/sbin/init"
echo "$token" >"$EM_TMP/usr/lib/em-usr-marker"
DISK_SIZE=8M mkdisk_ext4 "$EM_TMP/usr.img" "$EM_TMP/usr" -L "em usr"
em_add_check "$EM_TMP/root" usr 'echo "USR_MARKER=$(cat /usr/lib/em-usr-marker 2>/dev/null)"'
fstab() { # the root's fstab, its /usr line's spec $1
	printf '%s\n' "# /etc/fstab of an earlymount test root" "/dev/vda / ext4 defaults 0 1" \
		"$1	/usr/	ext4	defaults,noatime	0	2" >"$EM_TMP/root/etc/fstab"
	mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
}
fstab 'LABEL=em\040usr'
mkinitrd "$EM_TMP/initrd" --fs ext4

boot "root=/dev/vda" "$EM_TMP/root.img" "$EM_TMP/usr.img"
assert_booted
assert_mount / ext4 source:/dev/vda ro
assert_mount /usr ext4 source:/dev/vdb ro noatime
assert_report USR_MARKER "$token"
assert_log "earlymount: /usr from /sysroot/etc/fstab line 3: LABEL=em usr (ext4, defaults,noatime)"
assert_handover /usr/sbin/init # the script busybox keeps open is the link's target

fstab LABEL=em-no-such-usr
boot "root=/dev/vda earlymount.timeout=3 earlymount.onfail=$EXPECT_ONFAIL_TIMEOUT" "$EM_TMP/root.img" "$EM_TMP/usr.img"
assert_log "earlymount: timed out after 3 s waiting for /usr device LABEL=em-no-such-usr"
refute_log "$EM_BEGIN"
