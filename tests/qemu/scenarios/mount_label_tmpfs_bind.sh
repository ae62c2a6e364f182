# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# root=LABEL= with two earlymount.mount= entries at once, a tmpfs and a read-only bind of a path of
# the new root: both are in place, with their own options, when init runs. The root is rw, so
# the bind's refused write is the bind's own ro. (One of the arm64 set's boots: qemu.cmake.)
token=data-$(em_uuid)
mkroot "$EM_TMP/root"
mkdir -p "$EM_TMP/root/srv/data" "$EM_TMP/root/mnt/scratch" "$EM_TMP/root/mnt/data"
echo "$token" >"$EM_TMP/root/srv/data/token"
em_add_check "$EM_TMP/root" mounts '
echo "DATA_TOKEN=$(cat /mnt/data/token 2>/dev/null)"
if touch /mnt/data/new 2>/dev/null; then echo "WRITE_DATA=ok"; else echo "WRITE_DATA=fail"; fi
if echo x >/mnt/scratch/file 2>/dev/null; then echo "WRITE_SCRATCH=ok"; else echo "WRITE_SCRATCH=fail"; fi'
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emlabel
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=LABEL=emlabel rw earlymount.mount=tmpfs:/mnt/scratch:tmpfs:size=4m,mode=0750,nosuid earlymount.mount=/srv/data:/mnt/data:bind:ro,nodev"
assert_booted
assert_mount / ext4 rw source:/dev/vda
assert_report WRITE_ROOT ok
assert_mount /mnt/scratch tmpfs nosuid super:size=4096k super:mode=750
assert_report WRITE_SCRATCH ok
assert_mount /mnt/data ext4 root:/srv/data ro nodev source:/dev/vda
assert_report DATA_TOKEN "$token"
assert_report WRITE_DATA fail
assert_handover /sbin/init
