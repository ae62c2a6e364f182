# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# earlymount.mount= for a tmpfs with size= and mode=: mounted in the new root with those options.
mkroot "$EM_TMP/root"
mkdir -p "$EM_TMP/root/mnt/scratch"
em_add_check "$EM_TMP/root" scratch '
if echo x >/mnt/scratch/file 2>/dev/null; then echo "WRITE_SCRATCH=ok"; else echo "WRITE_SCRATCH=fail"; fi'
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=/dev/vda earlymount.mount=tmpfs:/mnt/scratch:tmpfs:size=4m,mode=0750,nodev"
assert_booted
assert_mount / ext4 ro
assert_mount /mnt/scratch tmpfs nodev super:size=4096k super:mode=750
assert_report WRITE_SCRATCH ok
