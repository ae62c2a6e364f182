# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A 9p share as the root, in the kernel's own syntax (rootfstype=9p root=TAG rootflags=...): QEMU
# offers the test root's directory with -virtfs; no disk at all. Read-only (no rw), so the
# directory stays as it was. Then the share with earlymount.volatile=overlay: the share read-only
# on /run/earlymount/lower, a tmpfs upper layer, overlayfs on /; a write lands in the tmpfs, and
# the directory stays as it was (names, modes, times and every file's bytes). Then a tag nobody
# offers: earlymount waits, then lists the tags seen.
mkroot "$EM_TMP/root"
em_add_check "$EM_TMP/root" volatile '
if echo written >/em-marker 2>/dev/null; then echo "WRITE_MARKER=ok"; else echo "WRITE_MARKER=fail"; fi
if [ -e /run/earlymount/lower/em-marker ]; then echo "MARKER_IN_LOWER=present"; else echo "MARKER_IN_LOWER=absent"; fi
if [ -e /run/earlymount/overlay/upper/em-marker ]; then echo "MARKER_IN_UPPER=present"; else echo "MARKER_IN_UPPER=absent"; fi'
mkinitrd "$EM_TMP/initrd" --fs 9p --module 9pnet_virtio --fs overlay
tree_sum() {
	(cd "$1" && { find . -printf '%p %s %m %T@\n' | sort; find . -type f -print0 | sort -z | xargs -0 sha256sum; }) | sha256sum
}
before=$(tree_sum "$EM_TMP/root")
virtfs=(-virtfs "local,path=$EM_TMP/root,mount_tag=emroot,security_model=none,readonly=on")
qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" \
	"rootfstype=9p root=emroot rootflags=trans=virtio,version=9p2000.L,cache=loose" "${virtfs[@]}"
assert_booted
assert_mount / 9p ro source:emroot
assert_report WRITE_ROOT fail
assert_handover /sbin/init
[ "$before" = "$(tree_sum "$EM_TMP/root")" ] || em_fail "the shared directory changed during a read-only boot"

# The share as the overlay's read-only lower layer (src/layers.c, mount_lower), a tmpfs the upper.
qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" \
	"rootfstype=9p root=emroot rootflags=trans=virtio,version=9p2000.L,cache=loose earlymount.volatile=overlay" "${virtfs[@]}"
assert_share_volatile 9p
[ "$before" = "$(tree_sum "$EM_TMP/root")" ] || em_fail "the shared directory changed under earlymount.volatile=overlay"
[ ! -e "$EM_TMP/root/em-marker" ] || em_fail "the booted system's write reached the shared directory"

qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" \
	"rootfstype=9p root=nosuchtag rootflags=trans=virtio earlymount.timeout=3 earlymount.onfail=poweroff" "${virtfs[@]}"
assert_log "$(printf "$EXPECT_SHARE_TIMEOUT" 3 9p nosuchtag)"
assert_log "$(printf "$EXPECT_SHARE_TAGS" "'emroot'")"
[ ! -s "$EM_LOG.report" ] || em_fail "the root's init ran although the share never appeared"
