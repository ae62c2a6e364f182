# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A virtiofs share as the root (rootfstype=virtiofs root=TAG): QEMU's vhost-user-fs device served
# by Debian 13's virtiofsd (the Rust one, 1.13: --shared-dir=, --sandbox=), run from the Debian 13
# root of scripts/fetch-trixie-root through scripts/trixie-chroot (it needs trixie's glibc). The
# guest's memory must be shared with it (memory-backend-memfd,share=on, one NUMA node on it).
# Read-only (no rw): the shared directory stays as it was. Then the same share with
# earlymount.volatile=overlay: the share read-only on /run/earlymount/lower, a tmpfs upper layer,
# overlayfs on /; a write lands in the tmpfs and the shared directory stays as it was (names,
# modes, times and every file's bytes). Then a tag nobody offers: virtiofs answers EINVAL at
# CMD_CREATE (virtio_fs_get_tree), earlymount waits for it, then gives up, naming the tags the
# kernel lists (QEMU's emroot from Linux 6.9 on, none before: expect.sh).
[ "$(id -u)" = 0 ] || em_skip "virtiofsd runs chrooted into the Debian 13 root: that needs root"
rc=0
troot=$(EM_KERNEL_OFFLINE=1 "$EM_SRC/scripts/fetch-trixie-root" 2>"$EM_TMP/trixie.err") || rc=$?
[ "$rc" != 77 ] || em_skip "no Debian 13 root for its virtiofsd: $(cat "$EM_TMP/trixie.err")"
[ "$rc" = 0 ] || em_die "scripts/fetch-trixie-root failed: $(cat "$EM_TMP/trixie.err")"
troot=$(sed -n 's/^ROOT=//p' <<<"$troot")
[ -x "$troot/usr/libexec/virtiofsd" ] || em_die "$troot has no /usr/libexec/virtiofsd (package virtiofsd)"
mkroot "$EM_TMP/root"
em_add_check "$EM_TMP/root" volatile '
if echo written >/em-marker 2>/dev/null; then echo "WRITE_MARKER=ok"; else echo "WRITE_MARKER=fail"; fi
if [ -e /run/earlymount/lower/em-marker ]; then echo "MARKER_IN_LOWER=present"; else echo "MARKER_IN_LOWER=absent"; fi
if [ -e /run/earlymount/overlay/upper/em-marker ]; then echo "MARKER_IN_UPPER=present"; else echo "MARKER_IN_UPPER=absent"; fi'
mkinitrd "$EM_TMP/initrd" --fs virtiofs --fs overlay
# The shared directory's state: every name with its size, mode and time, and every file's bytes.
tree_sum() {
	(cd "$1" && { find . -printf '%p %s %m %T@\n' | sort; find . -type f -print0 | sort -z | xargs -0 sha256sum; }) | sha256sum
}
before=$(tree_sum "$EM_TMP/root")
# vfsd_start: one virtiofsd for one boot (it ends when the guest goes); stopped with the
# scenario's own cleanup too. trixie-chroot execs its way to virtiofsd, so $! is virtiofsd. The
# cached root is seen through an overlay (the bind's mount point is made in its upper layer).
vpid=
trap 'em_rc=$?; [ -z "$vpid" ] || kill "$vpid" 2>/dev/null || true; (exit "$em_rc"); em_cleanup' EXIT
vfsd_start() {
	rm -f "$EM_TMP/vfsd.sock"
	"$EM_SRC/scripts/trixie-chroot" --overlay "$EM_TMP/chroot" --bind "$EM_TMP" "$troot" \
		/usr/libexec/virtiofsd --socket-path="$EM_TMP/vfsd.sock" --shared-dir="$EM_TMP/root" \
		--sandbox=chroot --cache=auto >"$EM_TMP/vfsd.log" 2>&1 &
	vpid=$!
	for _ in $(seq 100); do [ -S "$EM_TMP/vfsd.sock" ] && break; sleep 0.1; done
	[ -S "$EM_TMP/vfsd.sock" ] || em_die "virtiofsd did not start: $(cat "$EM_TMP/vfsd.log")"
}
vfsd_stop() {
	kill "$vpid" 2>/dev/null || true
	wait "$vpid" 2>/dev/null || true
	vpid=
}
vfs_qemu=(-object "memory-backend-memfd,id=mem,size=${QEMU_MEM}M,share=on" -numa node,memdev=mem
	-chardev "socket,id=vfs,path=$EM_TMP/vfsd.sock" -device vhost-user-fs-pci,chardev=vfs,tag=emroot)
assert_share_unchanged() {
	local after
	after=$(tree_sum "$EM_TMP/root")
	[ "$before" = "$after" ] || em_fail "the shared directory changed during a boot that may not write it ($1)"
}

vfsd_start
qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" "rootfstype=virtiofs root=emroot" "${vfs_qemu[@]}"
assert_booted
assert_mount / virtiofs ro source:emroot
assert_report WRITE_ROOT fail
assert_handover /sbin/init
vfsd_stop
assert_share_unchanged "read-only root"

# The share with earlymount.volatile=overlay: the share, read-only, is the overlay's lower layer
# (src/layers.c, mount_lower), a tmpfs the upper one. The booted system writes its root; the file
# is in the tmpfs's upper/, not in the share, and the shared directory is as it was.
vfsd_start
qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" \
	"rootfstype=virtiofs root=emroot earlymount.volatile=overlay" "${vfs_qemu[@]}"
assert_share_volatile virtiofs
vfsd_stop
assert_share_unchanged "earlymount.volatile=overlay"
[ ! -e "$EM_TMP/root/em-marker" ] || em_fail "the booted system's write reached the shared directory"

vfsd_start
qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" \
	"rootfstype=virtiofs root=nosuchtag earlymount.timeout=3 earlymount.onfail=poweroff" "${vfs_qemu[@]}"
assert_log "$(printf "$EXPECT_SHARE_TIMEOUT" 3 virtiofs nosuchtag)"
assert_log "$(printf "$EXPECT_VIRTIOFS_TAGS_OFFERED" emroot)"
[ ! -s "$EM_LOG.report" ] || em_fail "the root's init ran although the share never appeared"
vfsd_stop
