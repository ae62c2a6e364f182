# SPDX-License-Identifier: MIT
# A virtiofs share as the root (rootfstype=virtiofs root=TAG). It needs virtiofsd on the host, which
# Debian 12 does not package (its qemu-system-x86 7.2 dropped the C virtiofsd, the Rust one came to
# Debian later): skipped here with that reason. The plan (tests/plan/cases/layer-share-virtiofs)
# and the unit tests (test_layers) cover the parsing; layer_9p covers the wait for a share's tag.
vfsd=$(command -v virtiofsd || ls /usr/libexec/virtiofsd /usr/lib/qemu/virtiofsd 2>/dev/null | head -n 1 || true)
[ -n "$vfsd" ] || em_skip "virtiofsd is not installed (Debian 12 does not package it); virtiofs roots are covered by the plan and unit tests only"
mkroot "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs virtiofs
"$vfsd" --socket-path="$EM_TMP/vfsd.sock" --shared-dir="$EM_TMP/root" --sandbox=none >"$EM_TMP/vfsd.log" 2>&1 &
vpid=$!
trap 'kill $vpid 2>/dev/null || true' EXIT
for _ in $(seq 50); do [ -S "$EM_TMP/vfsd.sock" ] && break; sleep 0.1; done
[ -S "$EM_TMP/vfsd.sock" ] || em_die "virtiofsd did not start: $(cat "$EM_TMP/vfsd.log")"
qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" "rootfstype=virtiofs root=emroot" \
	-object "memory-backend-memfd,id=mem,size=${QEMU_MEM}M,share=on" -numa node,memdev=mem \
	-chardev "socket,id=vfs,path=$EM_TMP/vfsd.sock" -device vhost-user-fs-pci,chardev=vfs,tag=emroot
assert_booted
assert_mount / virtiofs ro source:emroot
assert_handover /sbin/init
