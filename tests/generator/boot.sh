#!/bin/bash
# SPDX-License-Identifier: MIT
# The packages' images boot a real Debian 12 system. A copy of bookworm.sh's cached root (systemd
# as init, udev, dbus), where apt installs the .debs of debs.sh (removing initramfs-tools) and a
# Debian kernel package, whose hooks make /boot/initrd.img-KVER and its .fallback with earlymount.
# The root goes onto an ext4 disk image (mkfs.ext4 -d) and the root's own kernel boots in QEMU
# (TCG, serial console) with each image in turn: systemd must reach multi-user.target with no
# failed unit, on the root found by UUID. Then initramfs-tools is installed again (apt removes
# earlymount-initramfs, earlymount stays), its image must replace earlymount's, and that image
# must boot the same way.
#
# The test's images are built for the VM's hardware (MODE=listed, the virtio preset, ext4): a
# host-only image made in a chroot would describe the build machine, not the VM. The fallback is
# the generic image, as update-earlymount always makes it.
#
# The report: a unit in the root (em-boot-report.service, started by multi-user.target, after it)
# waits for the boot's end (systemctl is-system-running --wait), prints the state, the failed
# units and the root's mount on the console between two markers, and powers off. Nothing is
# masked: every unit this minimal system enables must start, and a unit that fails because of
# the initramfs (a root mounted wrong, a missing /run) fails the test.
# Needs root, debootstrap, qemu-system-x86_64 and mkfs.ext4; the network once, for the cached root.
# Usage: boot.sh SRC DEBS-DIR WORK CACHE VERSION
set -uo pipefail
src=$1 debs=$2 work=$3 cache=$4 version=$5
fail() { echo "FAIL: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "skipped: needs root (chroot, mounts)"; exit 77; }
arch=$(dpkg --print-architecture)
[ "$arch" = amd64 ] || { echo "skipped: boots amd64 only (qemu-system-x86_64), not $arch"; exit 77; }
for t in debootstrap qemu-system-x86_64 mkfs.ext4; do
	command -v "$t" >/dev/null || { echo "skipped: $t not found (scripts/deps)"; exit 77; }
done
main=$debs/earlymount_${version}_$arch.deb gen=$debs/earlymount-initramfs_${version}_all.deb
[ -f "$main" ] && [ -f "$gen" ] || { echo "skipped: no packages in $debs (ctest -R debs builds them)"; exit 77; }
# shellcheck source=bookworm.sh
. "$(dirname "$0")/bookworm.sh"
trap bw_umount EXIT
bw_base "$cache" "$src"
R=$work/root
bw_copy "$R"
kpkg=$BW_KPKG kver=$BW_KVER
QEMU_TIMEOUT=${QEMU_TIMEOUT:-900}
BEGIN='=== EM-BOOT REPORT BEGIN ===' END='=== EM-BOOT REPORT END ==='

# ---- the system: packages, kernel, fstab, the report unit --------------------------------------
bw_mount
cp "$main" "$gen" "$R/tmp/" || fail "cannot copy the packages"
# conf.d, not earlymount.conf: that one is the package's conffile
mkdir -p "$R/etc/earlymount/conf.d" &&
	printf 'MODE=listed\nPRESETS=virtio\nFILESYSTEMS=ext4\n' >"$R/etc/earlymount/conf.d/test.conf" || fail "cannot write conf.d"
apt_in install "/tmp/${main##*/}" "/tmp/${gen##*/}" >"$work/install.log" 2>&1 ||
	{ tail -30 "$work/install.log"; fail "apt-get install of the packages failed (log: $work/install.log)"; }
apt_in install "$kpkg" >"$work/kernel.log" 2>&1 || { tail -30 "$work/kernel.log"; fail "installing $kpkg failed (log: $work/kernel.log)"; }
for f in "initrd.img-$kver" "initrd.img-$kver.fallback"; do
	in_root earlymount-mkinitramfs --list "/boot/$f" >"$work/$f.list" 2>&1 && grep -q ' /etc/earlymount$' "$work/$f.list" ||
		fail "/boot/$f is not an earlymount image ($(ls "$R/boot"))"
done
[ -f "$R/boot/vmlinuz-$kver" ] || fail "no /boot/vmlinuz-$kver in the root"
echo "ok: $kpkg installed, /boot/initrd.img-$kver and its .fallback made by earlymount"

uuid=$(cat /proc/sys/kernel/random/uuid)
# what an installed system has: the root in fstab (systemd-remount-fs makes it writable,
# systemd-fsck-root checks it first), a host name of its own
printf 'UUID=%s / ext4 errors=remount-ro 0 1\n' "$uuid" >"$R/etc/fstab"
echo em-deb-boot >"$R/etc/hostname"
mkdir -p "$R/usr/local/sbin"
cat >"$R/usr/local/sbin/em-boot-report" <<EOF || fail "cannot write the report script"
#!/bin/sh
# the boot's end: the job queue empty (the state is then running, or degraded with a failed unit)
state=\$(systemctl is-system-running --wait 2>&1)
dmesg -n 1 2>/dev/null
# one write() to the console (cat of a small file; the tty layer holds atomic_write_lock for a
# whole write: iterate_tty_write, drivers/tty/tty_io.c): the serial getty's prompt may come before or
# after it, never inside; the blank line first puts the marker at the start of a line
{
	echo
	echo '$BEGIN'
	echo "state: \$state"
	echo "multi-user.target: \$(systemctl is-active multi-user.target)"
	systemctl --failed --no-legend --plain --no-pager | sed 's/^/failed: /'
	echo "root: \$(findmnt -n -r -o SOURCE,FSTYPE,OPTIONS /)"
	echo "pid1: \$(readlink /proc/1/exe)"
	systemd-analyze time --no-pager | sed 's/^/time: /'
	echo '$END'
} >/run/em-boot-report 2>&1
cat /run/em-boot-report >/dev/console
systemctl poweroff --no-block
EOF
chmod 755 "$R/usr/local/sbin/em-boot-report"
# Type=exec: the unit's job ends once the script runs, so the boot can finish while it waits
cat >"$R/etc/systemd/system/em-boot-report.service" <<'EOF' || fail "cannot write the report unit"
[Unit]
Description=earlymount test: the boot's state on the console, then power off
After=multi-user.target

[Service]
Type=exec
ExecStart=/usr/local/sbin/em-boot-report

[Install]
WantedBy=multi-user.target
EOF
in_root systemctl enable em-boot-report.service >/dev/null 2>&1 || fail "systemctl enable em-boot-report.service failed in the root"
bw_umount

# ---- disk and boots ---------------------------------------------------------------------------
img=$work/root.img
# mkdisk: the root folder as an ext4 image with the fstab's UUID (sparse; the root's size and room)
mkdisk() {
	local mb
	mb=$(du -sm "$R" | cut -f1)
	rm -f "$img"
	mkfs.ext4 -q -F -U "$uuid" -L emdebroot -d "$R" "$img" "$((mb * 13 / 10 + 256))M" >"$work/mkfs.log" 2>&1 ||
		{ cat "$work/mkfs.log"; fail "mkfs.ext4 -d $R failed"; }
}

# boot NAME INITRD: the root's kernel and INITRD in QEMU; the report's lines in $work/NAME.report
boot() {
	local name=$1 initrd=$2 log=$work/$1.console rc=0 t0=$SECONDS
	timeout -k 10 "$QEMU_TIMEOUT" qemu-system-x86_64 -accel tcg -nographic -no-reboot -m 1024 -smp 1 -nic none \
		-kernel "$R/boot/vmlinuz-$kver" -initrd "$initrd" \
		-append "console=ttyS0 panic=-1 root=UUID=$uuid ro earlymount.debug" \
		-drive "file=$img,format=raw,if=virtio" </dev/null >"$log.raw" 2>&1 || rc=$?
	sed -e 's/\r//g' -e 's/\x1b\[[0-9;?]*[A-Za-z]//g' -e 's/\x1bc//g' "$log.raw" >"$log"
	sed -n "/^$BEGIN\$/,/^$END\$/p" "$log" >"$work/$name.report"
	echo "$name: the boot took $((SECONDS - t0)) s (QEMU exit $rc); console: $log"
	excerpt() { echo "--- console, last 60 lines ---"; tail -n 60 "$log"; echo "--- end ---"; }
	case $rc in
	0) ;;
	124 | 137) excerpt; fail "$name: the boot did not end within ${QEMU_TIMEOUT}s (QEMU killed)" ;;
	*) excerpt; fail "$name: qemu-system-x86_64 failed (exit $rc)" ;;
	esac
	[ -s "$work/$name.report" ] || { excerpt; fail "$name: no report on the console (systemd never ran em-boot-report)"; }
	grep -qx 'state: running' "$work/$name.report" &&
		grep -qx 'multi-user.target: active' "$work/$name.report" &&
		! grep -q '^failed: ' "$work/$name.report" ||
		{ cat "$work/$name.report"; fail "$name: systemd did not reach multi-user.target with no failed unit"; }
	grep -q "^root: /dev/vda ext4 rw," "$work/$name.report" || { cat "$work/$name.report"; fail "$name: the root is not /dev/vda, ext4, writable"; }
	grep -q '^pid1: /usr/lib/systemd/systemd$' "$work/$name.report" || { cat "$work/$name.report"; fail "$name: PID 1 is not systemd"; }
	sed -n 's/^time: //p' "$work/$name.report"
}

mkdisk
boot earlymount "$R/boot/initrd.img-$kver"
grep -q '^earlymount: .*switching root' "$work/earlymount.console" ||
	fail "earlymount: the console has no 'earlymount: switching root' line (earlymount.debug): was it the image's /init?"
echo "ok: earlymount's image: systemd reached multi-user.target, no failed unit"
mkdisk
boot fallback "$R/boot/initrd.img-$kver.fallback"
grep -q '^earlymount: .*switching root' "$work/fallback.console" || fail "fallback: no 'earlymount: switching root' line on the console"
echo "ok: earlymount's generic .fallback: systemd reached multi-user.target, no failed unit"

# ---- back to initramfs-tools --------------------------------------------------------------------
bw_mount
apt_in install initramfs-tools >"$work/back.log" 2>&1 || { tail -30 "$work/back.log"; fail "installing initramfs-tools again failed"; }
! installed earlymount-initramfs || fail "earlymount-initramfs is still installed beside initramfs-tools"
installed earlymount || fail "earlymount went with earlymount-initramfs"
# cleanly: no package left unpacked, half-configured or awaiting a trigger
audit=$(in_root dpkg --audit 2>&1) && [ -z "$audit" ] || fail "dpkg --audit after the switch back: $audit"
in_root lsinitramfs "/boot/initrd.img-$kver" >"$work/back.list" 2>&1 || fail "lsinitramfs /boot/initrd.img-$kver failed: $(head -5 "$work/back.list")"
grep -qx 'conf/initramfs.conf' "$work/back.list" && grep -q '^scripts/' "$work/back.list" ||
	fail "/boot/initrd.img-$kver is not initramfs-tools' image (no conf/initramfs.conf, scripts/): $(head -20 "$work/back.list")"
echo "ok: installing initramfs-tools removed earlymount-initramfs, kept earlymount, and made /boot/initrd.img-$kver"
# earlymount-initramfs's prerm deleted its generic .fallback: nothing would rebuild or remove it
[ ! -e "$R/boot/initrd.img-$kver.fallback" ] ||
	fail "/boot/initrd.img-$kver.fallback is still there after earlymount-initramfs was removed"
grep -q "earlymount-initramfs: deleted /boot/initrd.img-$kver.fallback" "$work/back.log" ||
	fail "the removal did not say it deleted /boot/initrd.img-$kver.fallback: $(tail -20 "$work/back.log")"
echo "after the switch back, /boot holds: $(cd "$R/boot" && echo *)"
bw_umount
mkdisk
boot initramfs-tools "$R/boot/initrd.img-$kver"
! grep -q '^earlymount: ' "$work/initramfs-tools.console" || fail "initramfs-tools: earlymount's lines on the console of initramfs-tools' image"
echo "ok: initramfs-tools' image: systemd reached multi-user.target, no failed unit"

rm -rf "$R" "$img"
echo "PASS: deb_boot"
