# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# earlymount.mount= for a bind mount made read-only, nosuid and private in one step:
#   earlymount.mount=/srv/data:/mnt/ro:bind:ro,nosuid,private
# checked from inside the booted root: ro and nosuid on the mount, no "shared:" tag, the content
# of /srv/data, writes refused there while the root itself is writable.
# "private" only means something when the bind would otherwise be shared, so the root is made
# shared (rootflags=shared), and a control bind without "private" must come out shared.
token=data-$(em_uuid)
mkroot "$EM_TMP/root"
mkdir -p "$EM_TMP/root/srv/data" "$EM_TMP/root/mnt/ro" "$EM_TMP/root/mnt/ctl"
echo "$token" >"$EM_TMP/root/srv/data/token"
em_add_check "$EM_TMP/root" bind '
echo "RO_TOKEN=$(cat /mnt/ro/token 2>/dev/null)"
if touch /mnt/ro/new 2>/dev/null; then echo "WRITE_MNT_RO=ok"; else echo "WRITE_MNT_RO=fail"; fi'
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=/dev/vda rw rootflags=shared earlymount.mount=/srv/data:/mnt/ro:bind:ro,nosuid,private earlymount.mount=/srv/data:/mnt/ctl:bind:nodev"
assert_booted
assert_mount / ext4 rw
assert_report WRITE_ROOT ok
assert_mount /mnt/ro ext4 root:/srv/data ro nosuid '!tag:shared'
assert_report RO_TOKEN "$token"
assert_report WRITE_MNT_RO fail
# The controls: without them the '!tag:shared' above could not fail.
EM_WHY="rootflags=shared did not survive the switch, so the check that 'private' keeps /mnt/ro out of the root's peer group proves nothing" \
	assert_mount / ext4 tag:shared
EM_WHY="a bind of a shared mount without 'private' must join its peer group" \
	assert_mount /mnt/ctl ext4 root:/srv/data nodev tag:shared
