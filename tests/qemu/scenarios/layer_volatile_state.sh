# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# earlymount.volatile=state: the root as given (read-only: no rw) and a tmpfs on /var, with the
# options of earlymount.tmpfsflags=; then volatile=yes on the same kind of disk, made usr-merged:
# a tmpfs root (writable) with /usr bound read-only from the root device, the usr-merge links
# made on the tmpfs so /sbin/init is found; and volatile=yes on a root that is not usr-merged
# (mkroot's /bin and /sbin are directories): refused with its message, the disk unchanged.
mkroot "$EM_TMP/root"
em_add_check "$EM_TMP/root" var '
if echo x >/var/em-file 2>/dev/null; then echo "WRITE_VAR=ok"; else echo "WRITE_VAR=fail"; fi
if echo x >/usr/em-file 2>/dev/null; then echo "WRITE_USR=ok"; else echo "WRITE_USR=fail"; fi'
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4 --busybox
boot "root=/dev/vda earlymount.volatile=state earlymount.tmpfsflags=size=8m,nosuid"
assert_booted
assert_mount / ext4 ro source:/dev/vda
assert_mount /var tmpfs rw nosuid super:size=8192k super:mode=755
assert_report WRITE_ROOT fail
assert_report WRITE_VAR ok
assert_handover /sbin/init

# volatile=yes: the same tree, usr-merged (bin, sbin -> usr/bin, usr/sbin).
merged=$EM_TMP/merged
cp -a "$EM_TMP/root" "$merged"
mv "$merged/bin" "$merged/usr/bin"
mv "$merged/sbin" "$merged/usr/sbin"
ln -s usr/bin "$merged/bin"
ln -s usr/sbin "$merged/sbin"
# The checks and os-release stay reachable on the tmpfs root only through /usr.
mkdisk_ext4 "$EM_TMP/merged.img" "$merged"
boot "root=/dev/vda earlymount.volatile=yes" "$EM_TMP/merged.img"
assert_booted
assert_mount / tmpfs rw super:mode=755
assert_mount /usr ext4 ro source:/dev/vda root:/usr
assert_mount /run/earlymount/lower ext4 ro source:/dev/vda
assert_report WRITE_ROOT ok
# (the shell keeps its script open by the path the link led to)
assert_handover /usr/sbin/init
em_note "volatile=yes: tmpfs root, /usr read-only from the disk, init found through the sbin link"

boot "root=/dev/vda earlymount.volatile=yes earlymount.onfail=poweroff"
assert_log "$EXPECT_VOLATILE_NOT_MERGED"
assert_log "$EXPECT_ONFAIL_POWEROFF"
[ ! -s "$EM_LOG.report" ] || em_fail "the root's init ran although volatile=yes was refused"
