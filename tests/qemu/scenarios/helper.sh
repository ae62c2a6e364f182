# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# earlymount as a helper of a busybox /init (--busybox --init-script): the script runs
# "earlymount mount --api-fs --sysroot /sysroot" and then busybox's switch_root; the new root's
# init gets the same hand-over as from earlymount itself.
cat >"$EM_TMP/init-script" <<'SCRIPT'
#!/bin/sh
export PATH=/bin:/sbin
echo "earlymount-test: busybox /init calls earlymount as a helper"
if ! /bin/earlymount mount --api-fs --sysroot /sysroot; then
	echo "earlymount-test: earlymount mount failed (exit $?)"
	poweroff -f
fi
exec switch_root -c /dev/console /sysroot /sbin/init
SCRIPT
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
mkinitrd "$EM_TMP/initrd" --fs ext4 --fs overlay --busybox --init-script "$EM_TMP/init-script"
boot "root=LABEL=emroot rw"
assert_log "earlymount-test: busybox /init calls earlymount as a helper"
refute_log "earlymount-test: earlymount mount failed"
assert_booted
assert_mount / ext4 source:/dev/vda rw
assert_report WRITE_ROOT ok
assert_handover /sbin/init

# The helper builds the same layered root: earlymount.volatile=overlay, its layers under
# /run/earlymount, which the helper moves into the new root with /run. A fresh disk: the rw boot
# above ended with poweroff -f, and ext4 replays a dirty journal even on a read-only mount
# (ro_dirty_journal), which would write the lower layer.
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
boot "root=LABEL=emroot earlymount.volatile=overlay"
refute_log "earlymount-test: earlymount mount failed"
assert_booted
assert_mount / overlay rw
assert_mount /run/earlymount/lower ext4 ro source:/dev/vda
assert_report WRITE_ROOT ok
assert_handover /sbin/init
