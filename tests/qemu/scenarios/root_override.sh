# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A later root= overrides earlier ones, as in the kernel (init/do_mounts.c root_dev_setup keeps the
# last; the earlier ones are never parsed): an invalid, an empty and a kernel-only root= before
# the good one do no harm. The initramfs's stored fragment (earlymount-mkinitramfs --cmdline) is
# read first, so the kernel's line overrides it: its invalid root= and its rootfstype=xfs lose to
# the kernel's, while its rootflags=, which the kernel's line does not repeat, still count (proof
# that the fragment was read at all). Then the other way round: a bad root= last is the one used.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
mkinitrd "$EM_TMP/initrd" --fs ext4 --cmdline "root=UUID=not-a-uuid! rootfstype=xfs rootflags=noatime,nodev"
boot "root=/dev/ram0 root= root=UUID=bogus! root=LABEL=emroot rootfstype=ext4"
assert_booted
assert_mount / ext4 source:/dev/vda ro noatime nodev

# The last root= is the one looked at: a good one before it does not save a bad one.
boot "root=LABEL=emroot root=nfs:10.0.2.2:/srv/root earlymount.onfail=poweroff"
assert_log "$(printf "$EXPECT_INVALID_CMDLINE" "root=nfs:10.0.2.2:/srv/root is a network root (NFS); dracut's nfs module mounts it")"
[ ! -s "$EM_LOG.report" ] || em_fail "the test root's init ran although the last root= was not one earlymount mounts"
assert_powered_off
