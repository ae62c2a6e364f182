# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# nofail mounts never hold the boot, rootwait or not: a device that never appears is waited for
# up to x-systemd.device-timeout= (systemd-fstab-generator's JobRunningTimeoutSec= of its device
# unit), else earlymount.timeout= (rootwait's "forever" is the root's only), and the boot goes on
# with a warning that names the mount and the device. The mounts are absent from the booted root.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=/dev/vda rootwait earlymount.timeout=3 earlymount.mount=LABEL=em-never1:/srv:ext4:nofail,x-systemd.device-timeout=2s earlymount.mount=LABEL=em-never2:/mnt:ext4:nofail"
assert_booted
assert_mount / ext4 source:/dev/vda ro
refute_mount /srv
refute_mount /mnt
assert_log "$(printf "$EXPECT_NOFAIL_GONE" earlymount.mount LABEL=em-never1 /sysroot/srv 2 x-systemd.device-timeout)"
assert_log "$(printf "$EXPECT_NOFAIL_GONE" earlymount.mount LABEL=em-never2 /sysroot/mnt 3 earlymount.timeout)"
refute_log 'earlymount: block devices found:'
