# SPDX-License-Identifier: MIT
# A virtiofs share as the root (rootfstype=virtiofs root=TAG): QEMU's vhost-user-fs device served
# by Debian 13's virtiofsd (the Rust one, 1.13: --shared-dir=, --sandbox=), run from the Debian 13
# root of scripts/fetch-trixie-root through scripts/trixie-chroot (it needs trixie's glibc). The
# guest's memory must be shared with it (memory-backend-memfd,share=on, one NUMA node on it).
# Read-only (no rw): the shared directory stays as it was. Then the same share with
# earlymount.volatile=overlay, which earlymount refuses for a share. Then a tag nobody offers: virtiofs
# answers EINVAL at CMD_CREATE (virtio_fs_get_tree), earlymount waits for it, then gives up,
# naming the tags the kernel lists (QEMU's emroot from Linux 6.9 on, none before: expect.sh).
[ "$(id -u)" = 0 ] || em_skip "virtiofsd runs chrooted into the Debian 13 root: that needs root"
rc=0
troot=$(EM_KERNEL_OFFLINE=1 "$EM_SRC/scripts/fetch-trixie-root" 2>"$EM_TMP/trixie.err") || rc=$?
[ "$rc" != 77 ] || em_skip "no Debian 13 root for its virtiofsd: $(cat "$EM_TMP/trixie.err")"
[ "$rc" = 0 ] || em_die "scripts/fetch-trixie-root failed: $(cat "$EM_TMP/trixie.err")"
troot=$(sed -n 's/^ROOT=//p' <<<"$troot")
[ -x "$troot/usr/libexec/virtiofsd" ] || em_die "$troot has no /usr/libexec/virtiofsd (package virtiofsd)"
mkroot "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs virtiofs
before=$(cd "$EM_TMP/root" && find . -printf '%p %s %T@\n' | sort | sha256sum)
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
	after=$(cd "$EM_TMP/root" && find . -printf '%p %s %T@\n' | sort | sha256sum)
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

# The share with earlymount.volatile=overlay: refused before anything is mounted, as a root
# that is a share takes no layer (src/layerspec.c, refuse_conflicts), with the message that says
# so; the share is untouched. (The overlay's two forms are asserted on a device root:
# layer_volatile_overlay.)
vfsd_start
qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" \
	"rootfstype=virtiofs root=emroot earlymount.volatile=overlay earlymount.onfail=poweroff" "${vfs_qemu[@]}"
assert_log "$(printf "$EXPECT_INVALID_CMDLINE" "root=emroot is a virtiofs share; earlymount.volatile= works on a root device, not a share")"
[ ! -s "$EM_LOG.report" ] || em_fail "the root's init ran although volatile= on a share is refused"
assert_powered_off
vfsd_stop
assert_share_unchanged "earlymount.volatile=overlay, refused"

vfsd_start
qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" \
	"rootfstype=virtiofs root=nosuchtag earlymount.timeout=3 earlymount.onfail=poweroff" "${vfs_qemu[@]}"
assert_log "$(printf "$EXPECT_SHARE_TIMEOUT" 3 virtiofs nosuchtag)"
assert_log "$(printf "$EXPECT_VIRTIOFS_TAGS_OFFERED" emroot)"
[ ! -s "$EM_LOG.report" ] || em_fail "the root's init ran although the share never appeared"
vfsd_stop
