# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# earlymount check on Debian's kernel, run by a busybox /init against the VM's disks: the
# devices found with the boot's matching, an ext4 option the kernel refuses (its own message), a
# vfat root (6.1's vfat parses its options only at mount time, the legacy context: not checked; a
# vfat with an fs_context of its own, as 6.12's, has the option checked), a label nothing
# carries, the modules on the way to the disk (--modules: the loadable ones of the kernel under
# test: virtio_pci is built in from 6.12 on); the device check names is
# the one the boot's own resolution finds (earlymount resolve). Nothing is mounted by check (the
# mount table is the same before and after) and no disk is written (boot: no rw).
# Then --hostonly from what check found on this guest: earlymount-mkinitramfs --hostonly, given the
# guest's check (a stand-in that answers with the guest's findings: the builder runs on the host),
# builds an image that boots the guest and holds no storage driver the guest does not use.
cat >"$EM_TMP/init-script" <<'SCRIPT'
#!/bin/sh
export PATH=/bin:/sbin
mount -t proc proc /proc; mount -t sysfs sysfs /sys; mount -t devtmpfs devtmpfs /dev
# The image's modules (virtio, ext4, vfat), loaded the way the boot loads them: mount the root
# once with earlymount itself, then unmount it.
mkdir -p /sysroot
/bin/earlymount mount --sysroot /sysroot --cmdline "root=LABEL=emroot" && umount /sysroot
before=$(cat /proc/mounts)
run() { echo "=== check $*"; /bin/emfull check "$@" 2>&1; echo "CHECK_EXIT=$?"; }
run --cmdline "root=LABEL=emroot rootflags=data=journal,dta=x"
run --cmdline "root=LABEL=EMVFAT rootfstype=vfat rootflags=shortname=mixed"
run --cmdline "root=LABEL=nothere earlymount.timeout=5"
run --modules --cmdline "root=LABEL=emroot"
eval "$(/bin/emfull resolve --wait 0 --cmdline "root=LABEL=emroot")" && echo "RESOLVED=$ROOT_DEVICE"
[ "$before" = "$(cat /proc/mounts)" ] && echo "MOUNTS_UNCHANGED=yes" || echo "MOUNTS_UNCHANGED=no"
poweroff -f
SCRIPT
mkdir -p "$EM_TMP/empty"
mkroot "$EM_TMP/root"
em_add_modules_report "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
em_file "$EM_TMP/vfat.img" 16M
mkfs.vfat -n EMVFAT "$EM_TMP/vfat.img" >/dev/null || em_die "mkfs.vfat failed"
# earlymount mount without --api-fs matches no device to a module (udev's job under dracut), and
# a preset's drivers load only when matched: the disk's driver is named to load up front.
mkinitrd "$EM_TMP/initrd" --fs ext4 --fs vfat --module virtio_pci --module virtio_blk --busybox --init-script "$EM_TMP/init-script" \
	--add "$EM_FULL_BINARY:/bin/emfull"
boot "console=$EM_CONSOLE" "$EM_TMP/root.img" "$EM_TMP/vfat.img"
sect() { sed -n "/^=== check $1/,/^CHECK_EXIT=/p" "$EM_LOG"; }
has() { grep -qF -- "$2" <<<"$(sect "$1")" || em_fail "check $1: expected a line containing: $2"; }
# The modules on the way to the disks: the disk's driver, its controller's, the filesystem's (the
# loadable ones of this kernel: em_kmods_loadable).
chain=(virtio_blk virtio_pci)
mods=$(em_kmods_loadable "${chain[@]}" ext4 | tr '\n' ' ')
mods_vfat=$(em_kmods_loadable "${chain[@]}" vfat | tr '\n' ' ')
# has_modules SECTION EXPECTED: the section's "ok root: modules: " line. A built-in driver (on
# 6.12 virtio_pci) is never named: check reads what the kernel's sysfs says (no initstate in
# /sys/module/NAME, or listed in modules.builtin), as em_kmods_loadable reads the kernel under test.
has_modules() {
	local got
	got=$(sect "$1" | sed -n 's/^ok root: modules: //p' | sed 's/, / /g')
	got="${got:+$got }"
	[ "$got" = "$2" ] || em_fail "check $1: expected 'ok root: modules: $2', got '${got:-no such line}'"
}
has '--cmdline root=LABEL=emroot rootflags' 'ok root=LABEL=emroot: /dev/vda (ext4, UUID='
has '--cmdline root=LABEL=emroot rootflags' "error root: the running kernel's ext4 refuses dta=x: Invalid argument; kernel: ext4: Unknown parameter 'dta'"
has_modules '--cmdline root=LABEL=emroot rootflags' "$mods"
has '--cmdline root=LABEL=emroot rootflags' 'CHECK_EXIT=1'
has '--cmdline root=LABEL=EMVFAT' 'ok root=LABEL=EMVFAT: /dev/vdb (vfat, UUID='
# Whether this kernel's vfat parses options in an fs_context of its own (vfat_init_fs_context in
# its module: from the kernel under test), so that check can hand them to it.
if em_kmod_defines vfat vfat_init_fs_context; then
	has '--cmdline root=LABEL=EMVFAT' "ok root: 1 option accepted by the running kernel's vfat (fsconfig, nothing mounted)"
	! grep -qF 'legacy mount context' <<<"$(sect '--cmdline root=LABEL=EMVFAT')" ||
		em_fail "check --cmdline root=LABEL=EMVFAT: called a vfat with an fs_context of its own legacy"
else
	has '--cmdline root=LABEL=EMVFAT' 'warning root: options not checked by this kernel: vfat takes them only at mount time (legacy mount context)'
fi
has_modules '--cmdline root=LABEL=EMVFAT' "$mods_vfat"
has '--cmdline root=LABEL=EMVFAT' 'CHECK_EXIT=0'
has '--cmdline root=LABEL=nothere' 'error root=LABEL=nothere: no block device on this machine matches it; the boot would wait 5 s and fail'
has '--cmdline root=LABEL=nothere' 'CHECK_EXIT=1'
got=$(sect '--modules' | sed '1d;$d' | tr '\n' ' ')
[ "$got" = "$mods" ] || em_fail "check --modules: expected '$mods', got '$got'"
has '--modules' 'CHECK_EXIT=0'
grep -qx 'MOUNTS_UNCHANGED=yes' "$EM_LOG" || em_fail "earlymount check changed the mount table"
grep -qx 'RESOLVED=/dev/vda' "$EM_LOG" || em_fail "earlymount resolve did not find /dev/vda for root=LABEL=emroot"
has '--cmdline root=LABEL=emroot rootflags' "ok root=LABEL=emroot: $(sed -n 's/^RESOLVED=//p' "$EM_LOG") ("

# --hostonly with the guest's findings
findings=$(sect '--cmdline root=LABEL=emroot rootflags' | grep -E '^(ok|warning|error) ' | grep -v refuses)
sect '--modules' | sed '1d;$d' >"$EM_TMP/guest-modules"
cat >"$EM_TMP/guest-check" <<STUB
#!/bin/sh
# earlymount check as the guest answered it (check_guest.sh)
[ "\$1" = check ] || exit 64
case " \$* " in
*" --modules "*) cat "$EM_TMP/guest-modules" ;;
*) cat <<'EOT'
$findings
EOT
;;
esac
STUB
chmod +x "$EM_TMP/guest-check"
"$EM_MKINITRAMFS" --force -o "$EM_TMP/hostonly.img" --kver "$KVER" --moddir "$MODDIR" --binary "$EM_BINARY" \
	--hostonly --check-binary "$EM_TMP/guest-check" --check-cmdline "root=LABEL=emroot" >"$EM_TMP/hostonly.log" 2>&1 ||
	{ cat "$EM_TMP/hostonly.log"; em_fail "earlymount-mkinitramfs --hostonly failed"; }
"$EM_MKINITRAMFS" --list "$EM_TMP/hostonly.img" >"$EM_TMP/hostonly.list" || em_fail "--list of the host-only image failed"
for m in ahci libahci ata_piix nvme virtio_scsi sd_mod sr_mod usb_storage uas mptsas xhci_pci; do
	! grep -qE "/${m//_/[-_]}\.ko" "$EM_TMP/hostonly.list" || em_fail "the host-only image holds $m, which the guest does not use"
done
cp "$EM_TMP/hostonly.img" "$EM_TMP/initrd"
boot "root=LABEL=emroot" "$EM_TMP/root.img" "$EM_TMP/vfat.img"
assert_booted
assert_mount / ext4 ro source:/dev/vda
assert_modules_loaded "${chain[@]}" ext4
assert_handover /sbin/init
em_note "the --hostonly image built from the guest's check ($(tr '\n' ' ' <"$EM_TMP/guest-modules")) boots it"
