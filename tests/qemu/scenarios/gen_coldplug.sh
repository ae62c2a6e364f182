# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A generic image loads what the machine asks for and nothing else (issue 10). The scenario makes
# a small one from a host-only image (the gen_* scenarios boot the real --generic image): the
# virtio and nvme drivers and the ext4 and xfs filesystems, the builder's modules.alias and
# modules.softdep cut down to those modules, and an empty /etc/earlymount/modules (a
# second cpio archive appended to the image: the kernel unpacks them in turn, and a later file
# replaces an earlier one, init/initramfs.c do_name opening with O_TRUNC), so that only matching
# decides. Then, from the booted root's /proc/modules and earlymount.debug's lines:
#   1. virtio-blk disk, earlymount.jobs=1: virtio_pci from the PCI device, virtio_blk from the
#      virtio device virtio_pci made, ext4 from the probed superblock (fs-ext4); no nvme, no xfs;
#      (virtio_pci is a module in Debian's 6.1 and built in from 6.12 on: there the image has
#      neither the module nor its aliases, so nothing matches the PCI device, and the virtio
#      device is there from the start; what the kernel builds in comes from its modules.builtin)
#      a crc32c module bound to a CPU feature (ext4's or jbd2's softdep crypto-crc32c: on amd64
#      crc32c_intel, which QEMU's qemu64 CPU, without SSE4.2, skips; arm64's kernels have none:
#      em_kmods_cpu_bound reads the kernel under test) skipped for the CPU, never tried (no
#      ENODEV line);
#   2. the same with the default jobs (the CPUs);
#   3. an NVMe disk (-device nvme), earlymount.jobs=3 (workers, even on one CPU): nvme, no
#      virtio_blk, no xfs;
#   4. no disk at the start: once earlymount waits, a virtio-blk-pci disk is hot-plugged (as in
#      fault_late_device): its PCI uevent loads virtio_pci (where it is a module), whose virtio
#      device's uevent loads virtio_blk, while earlymount waits (rootwait).
# Boots 2 to 4 have two malformed lines in modules.alias: a warning names the first, the boot
# goes on.
mkroot "$EM_TMP/root"
em_add_check "$EM_TMP/root" modules 'echo "MODULES=,$(while read -r m _; do printf "%s," "$m"; done </proc/modules)"'
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emgen

mkinitrd "$EM_TMP/initrd.first" --preset nvme --fs ext4 --fs xfs
mkdir -p "$EM_TMP/unpacked"
(cd "$EM_TMP/unpacked" && gzip -dc "$EM_TMP/initrd.first" | cpio -id --quiet) || em_die "unpacking $EM_TMP/initrd.first failed"
# the modules the image holds (its modules.dep: the presets' drivers are matched, so they are
# not in the list of those loaded up front), as kernel names
mods=$(sed 's/:.*//; s#.*/##; s/\.ko$//; s/-/_/g' "$EM_TMP/unpacked/lib/modules/$KVER/modules.dep")
[ -n "$mods" ] || em_die "the builder's image holds no modules"
mapfile -t crc_cpu < <(em_kmods_cpu_bound crypto-crc32c)
em_note "crypto-crc32c's modules bound to a CPU feature in $KVER: ${crc_cpu[*]:-none}"
# (a kernel that builds crc32c_intel as a module has it among them: the reading cannot miss it)
[ "$(em_kconfig CRYPTO_CRC32C_INTEL)" != m ] || [[ " ${crc_cpu[*]-} " == *" crc32c_intel "* ]] ||
	em_die "em_kmods_cpu_bound found no crc32c_intel in $KVER, whose config builds it as a module"
# the crypto-crc32c module for any CPU, which the softdep loads where the CPU-bound one skips:
# crc32c_generic, or crc32c_cryptoapi where the crypto API wraps the kernel's CRC library (7.3);
# none where the kernel builds it in
mapfile -t crc_any < <(em_kmods_cpu_free crypto-crc32c)
em_note "crypto-crc32c's modules for any CPU in $KVER: ${crc_any[*]:-none (built in)}"
for m in virtio_blk virtio_pci nvme ext4 xfs ${crc_cpu[@]+"${crc_cpu[@]}"} ${crc_any[@]+"${crc_any[@]}"}; do
	if em_kmod_builtin "$m"; then
		! grep -qx "$m" <<<"$mods" || em_die "the builder's image holds $m, which $KVER builds in"
		continue
	fi
	grep -qx "$m" <<<"$mods" || em_die "the builder's image has no $m (modules: $(tr '\n' ' ' <<<"$mods"))"
done
for m in virtio_blk nvme; do
	! grep -qx "$m" "$EM_TMP/unpacked/etc/earlymount/modules" ||
		em_die "the builder's image loads $m up front: a --preset driver is matched, not forced"
done
# The builder's cut-down modules.alias and modules.softdep (the image's modules only) are what
# matching reads.
for f in modules.alias modules.softdep; do
	cp "$EM_TMP/unpacked/lib/modules/$KVER/$f" "$EM_TMP/$f" || em_die "the builder's image has no /lib/modules/$KVER/$f"
done
grep -q ' virtio_blk$' "$EM_TMP/modules.alias" || em_die "no virtio_blk alias in the image's modules.alias"
# (ext4's and jbd2's up to 6.12; only jbd2's later, when ext4 calls the CRC library itself)
grep -qE '^softdep (ext4|jbd2) pre:.* crypto-crc32c' "$EM_TMP/modules.softdep" ||
	em_die "no ext4 or jbd2 softdep on crypto-crc32c in the image's modules.softdep"
! grep -qE ' (btrfs|f2fs|usb_storage)$' "$EM_TMP/modules.alias" || em_die "the image's modules.alias names modules it does not hold"
cp "$EM_TMP/initrd.first" "$EM_TMP/initrd"
mkdir -p "$EM_TMP/overlay/etc/earlymount"
: >"$EM_TMP/overlay/etc/earlymount/modules"
(cd "$EM_TMP/overlay" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet | gzip -n) >>"$EM_TMP/initrd" ||
	em_die "appending the empty module list to $EM_TMP/initrd failed"
# The same with a pattern that is not a glob (an unclosed '[') and a line that is no alias line.
cp "$EM_TMP/initrd" "$EM_TMP/initrd.good"
printf '%s\n' 'alias pci:v[0000* broken_mod' 'this is not an alias line' >>"$EM_TMP/modules.alias"
mkdir -p "$EM_TMP/overlay/lib/modules/$KVER"
cp "$EM_TMP/modules.alias" "$EM_TMP/overlay/lib/modules/$KVER/modules.alias"
cp "$EM_TMP/initrd.good" "$EM_TMP/initrd.bad"
(cd "$EM_TMP/overlay" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet | gzip -n) >>"$EM_TMP/initrd.bad" ||
	em_die "appending the bad modules.alias to $EM_TMP/initrd.bad failed"
BAD_ALIAS_WARNING="earlymount: /lib/modules/$KVER/modules.alias: 2 malformed lines (the first: \"alias pci:v[0000* broken_mod\"); they are skipped"

assert_module() { # NAME yes|no (a module the kernel builds in has nothing to load: noted)
	local l
	l=$(report_get MODULES) || em_fail "report has no MODULES= line"
	if em_kmod_builtin "$1"; then
		em_note "$1 is built into $KVER (modules.builtin): nothing to load"
		return 0
	fi
	case $2,$l in
	yes,*",$1,"* | no,*) ;;
	*) em_fail "module $1 is not loaded in the booted root (/proc/modules: $l)" ;;
	esac
	if [ "$2" = no ]; then
		case $l in *",$1,"*) em_fail "module $1 is loaded although this machine has no use for it (/proc/modules: $l)" ;; esac
	fi
}

# The debug lines that show why: the matches, the CPU skip, no ENODEV try, the summary. The PCI
# device's driver is matched where it is a module; a built-in one (virtio_pci from 6.12 on) has
# no alias in the image, so nothing may name it.
assert_generic_log() { # DEVICE-DRIVER
	if em_kmod_builtin "$1"; then
		refute_log " -> $1 via "
	else
		assert_log_re "earlymount: match: pci:v[0-9A-F]+d[0-9A-F]+.* \($EM_PCI_ROOT_RE/[^)]*\) -> $1 via pci:"
	fi
	assert_log_re 'earlymount: match: fs-ext4 \(/dev/[a-z0-9]+\) -> ext4 via fs-ext4'
	local m
	for m in ${crc_cpu[@]+"${crc_cpu[@]}"}; do
		assert_log "earlymount: skip: module $m: cpu feature absent"
		refute_log "$m: no device for it here"
	done
	refute_log 'load module'
	assert_log_re 'earlymount: modules: [0-9]+ loaded \([1-9][0-9]* matched from [1-9][0-9]* devices\), [0-9]+ skipped, 0 failed, [0-9]+ ms'
}

boot "root=LABEL=emgen earlymount.debug earlymount.jobs=1"
em_log_unstamp
assert_booted
assert_mount / ext4 source:/dev/vda ro
assert_module virtio_pci yes
assert_module virtio_blk yes
assert_module ext4 yes
for m in ${crc_any[@]+"${crc_any[@]}"}; do assert_module "$m" yes; done
assert_module nvme no
assert_module xfs no
for m in ${crc_cpu[@]+"${crc_cpu[@]}"}; do assert_module "$m" no; done
assert_generic_log virtio_pci
assert_log_re "earlymount: match: virtio:d00000002v00001AF4 \\($EM_PCI_ROOT_RE/[^)]*/virtio[0-9]+\\) -> virtio_blk via virtio:d00000002v\\*"

refute_log 'malformed lines'

cp "$EM_TMP/initrd.bad" "$EM_TMP/initrd"
boot "root=LABEL=emgen earlymount.debug"
em_log_unstamp
assert_log "$BAD_ALIAS_WARNING"
assert_booted
assert_mount / ext4 source:/dev/vda ro
assert_module virtio_blk yes
assert_module ext4 yes
assert_module nvme no
assert_module xfs no
assert_generic_log virtio_pci

# NVMe: no virtio disk at all.
qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" "root=LABEL=emgen earlymount.debug earlymount.jobs=3" \
	-drive "file=$EM_TMP/root.img,format=raw,if=none,id=nv0,read-only=on" -device nvme,serial=em1,drive=nv0
em_log_unstamp
assert_log "$BAD_ALIAS_WARNING"
assert_booted
assert_mount / ext4 source:/dev/nvme0n1 ro
assert_module nvme yes
assert_module ext4 yes
assert_module virtio_blk no
assert_module virtio_pci no
assert_module xfs no
for m in ${crc_cpu[@]+"${crc_cpu[@]}"}; do assert_module "$m" no; done
assert_generic_log nvme

# Hot-plug: nothing to match at the start, the disk's drivers come with its uevents.
em_boot_hotplug "$EM_TMP/initrd" "root=LABEL=emgen rootwait earlymount.debug earlymount.onfail=poweroff" "$EM_TMP/root.img"
em_log_unstamp
assert_booted
assert_mount / ext4 source:/dev/vda ro
assert_module virtio_pci yes
assert_module virtio_blk yes
assert_module nvme no
assert_module xfs no
# The matches came after the wait began: from the uevents, not the coldplug walk (the PCI
# device's only where virtio_pci is a module; its device ID: lib.sh EM_HOTPLUG_BLK_ID). grep reads
# to the end, not -q: its early exit can kill sed with SIGPIPE mid-log, which pipefail turns into a
# failure (seen with -smp 2, where the workers' debug lines follow the match).
if ! em_kmod_builtin virtio_pci; then
	sed -n "/$EXPECT_WAITING_ROOT/,\$p" "$EM_LOG" | grep -aE "earlymount: match: pci:v00001AF4d0000$EM_HOTPLUG_BLK_ID.* -> virtio_pci via " >/dev/null ||
		em_fail "no match of the hot-plugged PCI device to virtio_pci after earlymount began to wait"
fi
sed -n "/$EXPECT_WAITING_ROOT/,\$p" "$EM_LOG" | grep -aE 'earlymount: match: virtio:d00000002v00001AF4 \(/devices/[^)]*\) -> virtio_blk via ' >/dev/null ||
	em_fail "no match of the hot-plugged virtio device to virtio_blk after earlymount began to wait"
