# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# mount.usr=LABEL= on a second disk: mounted on /usr before init runs (read-only, like the root
# without "rw"), with the content of that disk.
token=usr-$(em_uuid)
mkroot "$EM_TMP/root"
mkdir -p "$EM_TMP/usr/lib"
em_os_release >"$EM_TMP/usr/lib/os-release"
echo "$token" >"$EM_TMP/usr/lib/em-usr-marker"
DISK_SIZE=8M mkdisk_ext4 "$EM_TMP/usr.img" "$EM_TMP/usr" -L emusr
em_add_check "$EM_TMP/root" usr 'echo "USR_MARKER=$(cat /usr/lib/em-usr-marker 2>/dev/null)"'
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=/dev/vda mount.usr=LABEL=emusr" "$EM_TMP/root.img" "$EM_TMP/usr.img"
assert_booted
assert_mount / ext4 source:/dev/vda
assert_mount /usr ext4 source:/dev/vdb ro
assert_report USR_MARKER "$token"
