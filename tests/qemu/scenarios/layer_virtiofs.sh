# SPDX-License-Identifier: MIT
# A virtiofs share as the root (rootfstype=virtiofs root=TAG): QEMU's vhost-user-fs device served
# by virtiofsd, Debian 12's C one from qemu-system-common (/usr/lib/qemu/virtiofsd, QEMU 7.2's
# tools/virtiofsd: -o source=, -o sandbox=) or the Rust one (--shared-dir=, --sandbox=) where that
# is installed. The guest's memory must be shared with it (memory-backend-memfd,share=on). Read-only
# (no rw): the shared directory stays as it was. Then a tag nobody offers: virtiofs answers EINVAL
# at CMD_CREATE (virtio_fs_get_tree), earlymount waits for it, then gives up, naming the tags the
# kernel lists (QEMU's emroot from Linux 6.9 on, none before: expect.sh).
vfsd=$(command -v virtiofsd || ls /usr/libexec/virtiofsd /usr/lib/qemu/virtiofsd 2>/dev/null | head -n 1 || true)
[ -n "$vfsd" ] || em_skip "virtiofsd is not installed (Debian 12: package qemu-system-common, /usr/lib/qemu/virtiofsd)"
[ "$(id -u)" = 0 ] || em_skip "virtiofsd needs root (it sandboxes itself with namespaces or chroot)"
mkroot "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs virtiofs
before=$(cd "$EM_TMP/root" && find . -printf '%p %s %T@\n' | sort | sha256sum)
if "$vfsd" --help 2>&1 | grep -q -- '--shared-dir'; then
	vargs=(--socket-path="$EM_TMP/vfsd.sock" --shared-dir="$EM_TMP/root" --sandbox=none)
else
	vargs=(--socket-path="$EM_TMP/vfsd.sock" -o source="$EM_TMP/root" -o sandbox=chroot -o cache=auto)
fi
# vfsd_start: one virtiofsd for one boot (it ends when the guest goes); stopped with the
# scenario's own cleanup too.
vpid=
trap 'em_rc=$?; [ -z "$vpid" ] || kill "$vpid" 2>/dev/null || true; (exit "$em_rc"); em_cleanup' EXIT
vfsd_start() {
	rm -f "$EM_TMP/vfsd.sock"
	"$vfsd" "${vargs[@]}" >"$EM_TMP/vfsd.log" 2>&1 &
	vpid=$!
	for _ in $(seq 50); do [ -S "$EM_TMP/vfsd.sock" ] && break; sleep 0.1; done
	[ -S "$EM_TMP/vfsd.sock" ] || em_die "virtiofsd did not start: $(cat "$EM_TMP/vfsd.log")"
}
vfs_qemu=(-object "memory-backend-memfd,id=mem,size=${QEMU_MEM}M,share=on" -numa node,memdev=mem
	-chardev "socket,id=vfs,path=$EM_TMP/vfsd.sock" -device vhost-user-fs-pci,chardev=vfs,tag=emroot)
vfsd_start
qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" "rootfstype=virtiofs root=emroot" "${vfs_qemu[@]}"
assert_booted
assert_mount / virtiofs ro source:emroot
assert_report WRITE_ROOT fail
assert_handover /sbin/init
after=$(cd "$EM_TMP/root" && find . -printf '%p %s %T@\n' | sort | sha256sum)
[ "$before" = "$after" ] || em_fail "the shared directory changed during a read-only boot"
kill "$vpid" 2>/dev/null || true
wait "$vpid" 2>/dev/null || true

vfsd_start
qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" \
	"rootfstype=virtiofs root=nosuchtag earlymount.timeout=3 earlymount.onfail=poweroff" "${vfs_qemu[@]}"
assert_log "$(printf "$EXPECT_SHARE_TIMEOUT" 3 virtiofs nosuchtag)"
assert_log "$(printf "$EXPECT_VIRTIOFS_TAGS_OFFERED" emroot)"
[ ! -s "$EM_LOG.report" ] || em_fail "the root's init ran although the share never appeared"
