# SPDX-License-Identifier: MIT
# A 9p share as the root, in the kernel's own syntax (rootfstype=9p root=TAG rootflags=...): QEMU
# offers the test root's directory with -virtfs; no disk at all. Read-only (no rw), so the
# directory stays as it was. Then a tag nobody offers: earlymount waits, then lists the tags seen.
mkroot "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs 9p --module 9pnet_virtio
before=$(cd "$EM_TMP/root" && find . -printf '%p %s %T@\n' | sort | sha256sum)
virtfs=(-virtfs "local,path=$EM_TMP/root,mount_tag=emroot,security_model=none,readonly=on")
qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" \
	"rootfstype=9p root=emroot rootflags=trans=virtio,version=9p2000.L,cache=loose" "${virtfs[@]}"
assert_booted
assert_mount / 9p ro source:emroot
assert_report WRITE_ROOT fail
assert_handover /sbin/init
after=$(cd "$EM_TMP/root" && find . -printf '%p %s %T@\n' | sort | sha256sum)
[ "$before" = "$after" ] || em_fail "the shared directory changed during a read-only boot"

qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" \
	"rootfstype=9p root=nosuchtag rootflags=trans=virtio earlymount.timeout=3 earlymount.onfail=poweroff" "${virtfs[@]}"
assert_log "$(printf "$EXPECT_SHARE_TIMEOUT" 3 9p nosuchtag)"
assert_log "$(printf "$EXPECT_SHARE_TAGS" "'emroot'")"
[ ! -s "$EM_LOG.report" ] || em_fail "the root's init ran although the share never appeared"
