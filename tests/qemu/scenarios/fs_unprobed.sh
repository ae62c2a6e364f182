# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A root on a filesystem no prober of earlymount knows (romfs, made with genromfs: Debian's kernel
# has no cramfs) and no rootfstype=: as the kernel does, every filesystem of /proc/filesystems
# that is not "nodev" is tried in its order (read after the modules loaded, so romfs is there),
# and the first that takes the device wins.
em_need_tools genromfs
mkroot "$EM_TMP/root"
rm -f "$EM_TMP/root.img"
genromfs -f "$EM_TMP/root.img" -d "$EM_TMP/root" -V emromfs || em_die "genromfs failed"
mkinitrd "$EM_TMP/initrd" --fs ext4 --module romfs
boot "root=/dev/vda"
assert_log "$(printf "$EXPECT_MOUNTED_ANY" /dev/vda romfs)"
assert_booted
assert_mount / romfs source:/dev/vda ro
assert_handover /sbin/init
