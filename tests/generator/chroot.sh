#!/bin/bash
# SPDX-License-Identifier: MIT
# The packages in a real Debian 12 system: a minbase root made by debootstrap (with initramfs-tools,
# the generator the switch replaces), where apt installs the .debs of debs.sh, a Debian kernel
# package is installed and removed, and initramfs-tools comes back. Checks that apt's switch
# removes initramfs-tools, that the kernel's hooks make /boot/initrd.img-KVER and its .fallback
# with earlymount (--list shows /etc/earlymount) and delete both with the kernel, and that
# reinstalling initramfs-tools removes earlymount-initramfs. The chroot's images are generic
# (MODE=generic): a host-only image would describe the build machine, not the chroot.
# Needs root, debootstrap and the network (Debian's mirror, as scripts/deps uses).
# Usage: chroot.sh DEBS-DIR WORK VERSION
set -uo pipefail
debs=$1 work=$2 version=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "skipped: needs root (chroot, mounts)"; exit 77; }
command -v debootstrap >/dev/null || { echo "skipped: debootstrap not found"; exit 77; }
arch=$(dpkg --print-architecture)
main=$debs/earlymount_${version}_$arch.deb gen=$debs/earlymount-initramfs_${version}_all.deb
[ -f "$main" ] && [ -f "$gen" ] || { echo "skipped: no packages in $debs (ctest -R debs builds them)"; exit 77; }
mirror=$(apt-get indextargets --format '$(REPO_URI)' 2>/dev/null | grep -m1 '^http' || true)
[ -n "$mirror" ] || mirror=http://deb.debian.org/debian/

R=$work/root
cleanup() {
	for m in "$R/proc" "$R/sys" "$R/dev"; do
		! mountpoint -q "$m" || umount -l "$m"
	done
}
trap cleanup EXIT
cleanup
# never remove a tree that still has the host's /dev or /sys bound into it
! grep -qF " $R/" /proc/self/mountinfo || fail "$R still has mounts (see /proc/self/mountinfo); not removing it"
rm -rf "$work" && mkdir -p "$work" "$work.cache" || fail "cannot make $work"
# the downloaded packages are kept beside the work directory for the next run (debootstrap --cache-dir)
debootstrap --variant=minbase --include=initramfs-tools --cache-dir="$work.cache" bookworm "$R" "$mirror" >"$work/debootstrap.log" 2>&1 ||
	{ tail -20 "$work/debootstrap.log"; echo "skipped: debootstrap bookworm from $mirror failed (network?); log: $work/debootstrap.log"; exit 77; }
mount -t proc proc "$R/proc" && mount --rbind /sys "$R/sys" && mount --rbind /dev "$R/dev" || fail "cannot mount /proc, /sys, /dev in $R"
in_root() { chroot "$R" env DEBIAN_FRONTEND=noninteractive LC_ALL=C "$@"; }
apt_in() { in_root apt-get -y -o Dpkg::Use-Pty=0 --no-install-recommends "$@"; }

cp "$main" "$gen" "$R/tmp/" || fail "cannot copy the packages"
# conf.d, not earlymount.conf: that one is the package's conffile
mkdir -p "$R/etc/earlymount/conf.d" && printf 'MODE=generic\n' >"$R/etc/earlymount/conf.d/test.conf"
apt_in install "/tmp/${main##*/}" "/tmp/${gen##*/}" >"$work/install.log" 2>&1 ||
	{ tail -30 "$work/install.log"; fail "apt-get install of the packages failed (log: $work/install.log)"; }
in_root dpkg-query -W -f='${Status}' initramfs-tools 2>/dev/null | grep -q 'install ok installed' &&
	fail "initramfs-tools is still installed beside earlymount-initramfs"
echo "ok: apt installed earlymount and earlymount-initramfs, and removed initramfs-tools"

# a kernel: its postinst runs /etc/kernel/postinst.d/earlymount -> update-earlymount -c
kpkg=$(in_root apt-cache depends linux-image-amd64 2>/dev/null | sed -n 's/^ *Depends: \(linux-image-[0-9].*\)$/\1/p' | head -n1)
[ -n "$kpkg" ] || fail "no kernel package behind linux-image-amd64 in the chroot's lists"
kver=${kpkg#linux-image-}
apt_in install "$kpkg" >"$work/kernel.log" 2>&1 || { tail -30 "$work/kernel.log"; fail "installing $kpkg failed (log: $work/kernel.log)"; }
for f in "initrd.img-$kver" "initrd.img-$kver.fallback"; do
	[ -f "$R/boot/$f" ] || fail "/boot/$f was not made ($(ls "$R/boot"); log: $work/kernel.log)"
	in_root earlymount-mkinitramfs --list "/boot/$f" 2>/dev/null | grep -q ' /etc/earlymount$' ||
		fail "/boot/$f is not an earlymount image"
done
grep -q 'update-earlymount: generating /boot/initrd.img-'"$kver" "$work/kernel.log" || fail "the kernel's hook did not say what it built"
echo "ok: installing $kpkg made /boot/initrd.img-$kver and its .fallback with earlymount"

# another package activates the trigger: processed once, at the end
in_root dpkg-trigger --no-await update-initramfs && in_root dpkg --triggers-only --pending >"$work/trigger.log" 2>&1 ||
	{ cat "$work/trigger.log"; fail "the update-initramfs trigger failed"; }
grep -q "update-earlymount: generating /boot/initrd.img-$kver" "$work/trigger.log" ||
	fail "the trigger did not rebuild the newest kernel's image: $(cat "$work/trigger.log")"
echo "ok: the update-initramfs trigger rebuilt /boot/initrd.img-$kver"

apt_in remove "$kpkg" >"$work/remove.log" 2>&1 || { tail -30 "$work/remove.log"; fail "removing $kpkg failed"; }
for f in "initrd.img-$kver" "initrd.img-$kver.fallback"; do
	[ ! -e "$R/boot/$f" ] || fail "/boot/$f is still there after the kernel's removal"
done
echo "ok: removing $kpkg deleted both images"

apt_in install initramfs-tools >"$work/back.log" 2>&1 || { tail -30 "$work/back.log"; fail "installing initramfs-tools again failed"; }
in_root dpkg-query -W -f='${Status}' earlymount-initramfs 2>/dev/null | grep -q 'install ok installed' &&
	fail "earlymount-initramfs is still installed beside initramfs-tools"
in_root dpkg-query -W -f='${Status}' earlymount | grep -q 'install ok installed' || fail "earlymount went with earlymount-initramfs"
echo "ok: installing initramfs-tools removed earlymount-initramfs and kept earlymount"
# the root goes on success (a failure keeps it, and the logs, for a look)
cleanup
! grep -qF " $R/" /proc/self/mountinfo || fail "$R still has mounts; left in place"
rm -rf "$R"
echo "PASS: chroot"
