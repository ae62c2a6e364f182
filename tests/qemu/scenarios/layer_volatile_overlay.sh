# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# earlymount.volatile=overlay on an ext4 root: / is an overlay of the root device (read-only, on
# /run/earlymount/lower) and a tmpfs upper layer, so the root is writable; a file written in one
# boot is gone in the next, and the disk stays byte-identical (boot checks every disk of a boot
# without rw). The first boot with earlymount.debug: the lower layer goes to overlayfs as
# lowerdir+ from Linux 6.8 on (6.12), as the joined lowerdir before (6.1), and the log says which.
mkroot "$EM_TMP/root"
em_add_check "$EM_TMP/root" volatile '
if [ -e /em-marker ]; then echo "MARKER_BEFORE=present"; else echo "MARKER_BEFORE=absent"; fi
if echo written >/em-marker 2>/dev/null; then echo "WRITE_MARKER=ok"; else echo "WRITE_MARKER=fail"; fi
if [ -e /run/earlymount/lower/em-marker ]; then echo "MARKER_IN_LOWER=present"; else echo "MARKER_IN_LOWER=absent"; fi
if [ -e /run/earlymount/overlay/upper/em-marker ]; then echo "MARKER_IN_UPPER=present"; else echo "MARKER_IN_UPPER=absent"; fi'
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4 --fs overlay
for n in 1 2; do
	debug=
	[ "$n" = 2 ] || debug=earlymount.debug
	boot "root=/dev/vda earlymount.volatile=overlay $debug"
	assert_booted
	assert_mount / overlay rw
	assert_mount /run/earlymount/lower ext4 ro super:ro source:/dev/vda
	assert_mount /run/earlymount/overlay tmpfs rw super:mode=755
	assert_report WRITE_ROOT ok
	assert_report WRITE_MARKER ok
	assert_report MARKER_BEFORE absent # boot 2: what boot 1 wrote is gone
	assert_report MARKER_IN_UPPER present
	assert_report MARKER_IN_LOWER absent
	assert_handover /sbin/init
	[ -z "$debug" ] || assert_log "$EXPECT_OVERLAY_LOWER_FORM"
	em_note "boot $n: / is an overlay, writable, and starts without the marker"
done
