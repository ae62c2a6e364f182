#!/bin/bash
# SPDX-License-Identifier: MIT
# The packages in a real Debian 12 system: a copy of bookworm.sh's cached minbase root (with
# initramfs-tools, the generator the switch replaces, and systemd), where apt installs the .debs of debs.sh, a Debian kernel
# package is installed and removed, and initramfs-tools comes back. Checks that apt's switch
# removes initramfs-tools, that the kernel's hooks make /boot/initrd.img-KVER and its .fallback
# with earlymount (--list shows /etc/earlymount) and delete both with the kernel, and that
# reinstalling initramfs-tools removes earlymount-initramfs. The chroot's images are generic
# (MODE=generic): a host-only image would describe the build machine, not the chroot. The
# system's resume device is the one its installer wrote into initramfs-tools' configuration
# (conf.d/resume, which outlives initramfs-tools' removal): a swap loop device on the host with
# that UUID, which the chroot sees through its /dev.
# Needs root, debootstrap, and the network once, for the cached root (the host's Debian mirror).
# Usage: chroot.sh SRC DEBS-DIR WORK CACHE VERSION
set -uo pipefail
src=$1 debs=$2 work=$3 cache=$4 version=$5
fail() { echo "FAIL: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "skipped: needs root (chroot, mounts)"; exit 77; }
command -v debootstrap >/dev/null || { echo "skipped: debootstrap not found"; exit 77; }
arch=$(dpkg --print-architecture)
main=$debs/earlymount_${version}_$arch.deb gen=$debs/earlymount-initramfs_${version}_all.deb
[ -f "$main" ] && [ -f "$gen" ] || { echo "skipped: no packages in $debs (ctest -R debs builds them)"; exit 77; }
# shellcheck source=bookworm.sh
. "$(dirname "$0")/bookworm.sh"
swl=''
trap 'bw_umount; [ -z "$swl" ] || losetup -d "$swl"' EXIT
bw_base "$cache" "$src"
R=$work/root
bw_copy "$R"
bw_mount
kpkg=$BW_KPKG kver=$BW_KVER
swu=5ca1ab1e-0000-4000-8000-0000000c4007
rm -f "$work/swap.img" && truncate -s 8M "$work/swap.img" && mkswap -q -U "$swu" "$work/swap.img" >/dev/null &&
	swl=$(losetup -f --show -r "$work/swap.img") || fail "cannot make the swap loop device"
mkdir -p "$R/etc/initramfs-tools/conf.d" &&
	printf '# written by the installer\nRESUME=UUID=%s\n' "$swu" >"$R/etc/initramfs-tools/conf.d/resume" ||
	fail "cannot write $R/etc/initramfs-tools/conf.d/resume"

cp "$main" "$gen" "$R/tmp/" || fail "cannot copy the packages"
# conf.d, not earlymount.conf: that one is the package's conffile
mkdir -p "$R/etc/earlymount/conf.d" && printf 'MODE=generic\n' >"$R/etc/earlymount/conf.d/test.conf"
apt_in install "/tmp/${main##*/}" "/tmp/${gen##*/}" >"$work/install.log" 2>&1 ||
	{ tail -30 "$work/install.log"; fail "apt-get install of the packages failed (log: $work/install.log)"; }
installed initramfs-tools &&
	fail "initramfs-tools is still installed beside earlymount-initramfs"
echo "ok: apt installed earlymount and earlymount-initramfs, and removed initramfs-tools"

# a kernel (its .deb is in the base root's apt cache): its postinst runs
# /etc/kernel/postinst.d/zz-earlymount -> update-earlymount -c
apt_in install "$kpkg" >"$work/kernel.log" 2>&1 || { tail -30 "$work/kernel.log"; fail "installing $kpkg failed (log: $work/kernel.log)"; }
for f in "initrd.img-$kver" "initrd.img-$kver.fallback"; do
	[ -f "$R/boot/$f" ] || fail "/boot/$f was not made ($(ls "$R/boot"); log: $work/kernel.log)"
	in_root earlymount-mkinitramfs --list "/boot/$f" 2>/dev/null | grep -q ' /etc/earlymount$' ||
		fail "/boot/$f is not an earlymount image"
done
grep -q 'update-earlymount: generating /boot/initrd.img-'"$kver" "$work/kernel.log" || fail "the kernel's hook did not say what it built"
echo "ok: installing $kpkg made /boot/initrd.img-$kver and its .fallback with earlymount"
# both images resume from initramfs-tools' RESUME, as update-initramfs's would
grep -qxF "update-earlymount: resume=UUID=$swu (initramfs-tools' RESUME, /etc/initramfs-tools/conf.d/resume:2)" "$work/kernel.log" ||
	fail "update-earlymount did not take initramfs-tools' RESUME (log: $work/kernel.log)"
for f in "initrd.img-$kver" "initrd.img-$kver.fallback"; do
	stored=$(in_root earlymount-mkinitramfs --list "/boot/$f" 2>&1 | grep '^Command line')
	[ "$stored" = "Command line (/etc/earlymount/cmdline): resume=UUID=$swu" ] ||
		fail "/boot/$f does not store resume=UUID=$swu: $stored"
done
echo "ok: both images resume from initramfs-tools' RESUME=UUID=$swu"

# another package activates the trigger: processed once, at the end. No RESUME anywhere now:
# update-earlymount asks for --resume auto for both images (as update-initramfs resumes with
# RESUME=auto), and the builder says what it made of it: nothing in a chroot when it can tell (PID
# 1's root readable), else what the swap table shows, as initramfs-tools' ischroot would leave it
rm "$R/etc/initramfs-tools/conf.d/resume"
in_root dpkg-trigger --no-await update-initramfs && in_root dpkg --triggers-only --pending >"$work/trigger.log" 2>&1 ||
	{ cat "$work/trigger.log"; fail "the update-initramfs trigger failed"; }
grep -q "update-earlymount: generating /boot/initrd.img-$kver" "$work/trigger.log" ||
	fail "the trigger did not rebuild the newest kernel's image: $(cat "$work/trigger.log")"
[ "$(grep -c '^earlymount-mkinitramfs: --resume auto: ' "$work/trigger.log")" -ge 2 ] ||
	fail "the trigger did not build both images with --resume auto (log: $work/trigger.log)"
echo "ok: the update-initramfs trigger rebuilt /boot/initrd.img-$kver, resuming as RESUME=auto"

apt_in remove "$kpkg" >"$work/remove.log" 2>&1 || { tail -30 "$work/remove.log"; fail "removing $kpkg failed"; }
for f in "initrd.img-$kver" "initrd.img-$kver.fallback"; do
	[ ! -e "$R/boot/$f" ] || fail "/boot/$f is still there after the kernel's removal"
done
echo "ok: removing $kpkg deleted both images"

apt_in install initramfs-tools >"$work/back.log" 2>&1 || { tail -30 "$work/back.log"; fail "installing initramfs-tools again failed"; }
installed earlymount-initramfs &&
	fail "earlymount-initramfs is still installed beside initramfs-tools"
installed earlymount || fail "earlymount went with earlymount-initramfs"
echo "ok: installing initramfs-tools removed earlymount-initramfs and kept earlymount"
# the root goes on success (a failure keeps it, and the logs, for a look)
bw_umount
! grep -qF " $R/" /proc/self/mountinfo || fail "$R still has mounts; left in place"
rm -rf "$R"
echo "PASS: chroot"
