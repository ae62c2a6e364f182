# SPDX-License-Identifier: MIT
# shellcheck shell=bash
# Sourced by tests/generator/chroot.sh and boot.sh (bash): a Debian 12 (bookworm) system in a
# folder, made once and copied for each run, and the chroot around it.
#
# The base root, cached in CACHE/base (bw_base): `debootstrap --variant=minbase bookworm` with
# initramfs-tools (the generator the packages replace), then inside it what a system that boots
# with systemd needs (BW_PACKAGES), and the .debs of a Debian kernel and of initramfs-tools left in
# /var/cache/apt/archives (apt-get --download-only): the tests install the kernel and switch back
# to initramfs-tools from there, with no network. The mirror is the host's, read from its apt
# sources at run time (scripts/debian-mirror.sh), or $EM_DEBIAN_MIRROR. A stamp, written last,
# marks a complete base; a changed package list makes a new one. Needs root and the network once.

# systemd as PID 1 (systemd-sysv: /sbin/init), udev for /dev, dbus for systemd-logind (started by
# multi-user.target, it fails without the system bus), e2fsprogs for systemd-fsck-root and the
# kernel package's own dependencies (linux-base, kmod).
BW_PACKAGES="systemd systemd-sysv udev dbus e2fsprogs kmod linux-base"

# bw_fail MESSAGE: as the tests' fail()
bw_fail() { echo "FAIL: $*" >&2; exit 1; }

# bw_base CACHE SRC: makes CACHE/base once (locked: tests running side by side share it) and sets
# BW_BASE (its root), BW_KPKG (the kernel package, linux-image-KVER) and BW_KVER. Exits 77 where
# the root cannot be made for want of the network.
bw_base() {
	local cache=$1 src=$2 key dir m uri sb host_codename
	key=$(printf 'bookworm minbase %s\n' "$BW_PACKAGES" | sha256sum | cut -c1-12)
	dir=$cache/base-$key
	mkdir -p "$cache" || bw_fail "cannot make $cache"
	exec 8>>"$cache/.lock"
	flock 8 || bw_fail "$cache/.lock: cannot lock"
	if [ ! -s "$dir/stamp" ]; then
		# shellcheck disable=SC1091,SC2034 # the host's file; host_codename is read by host_mirror
		host_codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}") || host_codename=''
		# shellcheck source=../../scripts/debian-mirror.sh
		. "$src/scripts/debian-mirror.sh"
		if [ -n "${EM_DEBIAN_MIRROR:-}" ]; then
			uri=$EM_DEBIAN_MIRROR sb=''
		else
			m=$(host_mirror)
			uri=$(sed -n 1p <<<"$m") sb=$(sed -n 2p <<<"$m")
			[ -n "$uri" ] || { echo "skipped: no Debian mirror in the host's apt sources (set EM_DEBIAN_MIRROR)"; exit 77; }
		fi
		rm -rf "$dir" && mkdir -p "$dir" || bw_fail "cannot make $dir"
		echo "bookworm root: debootstrap from $uri into $dir (once)"
		debootstrap --variant=minbase --include=initramfs-tools ${sb:+--keyring="$sb"} bookworm \
			"$dir/root" "$uri" >"$dir/debootstrap.log" 2>&1 || {
			tail -20 "$dir/debootstrap.log"
			echo "skipped: debootstrap bookworm from $uri failed (network?); log: $dir/debootstrap.log"
			exit 77
		}
		# the kernel behind linux-image-amd64 (linux-image-6.1.0-N-amd64), downloaded, not installed
		# shellcheck disable=SC2016 # $1: awk's
		if ! BW_ROOT=$dir/root bw_mounted sh -c "
			set -e
			apt-get install -y -o Dpkg::Use-Pty=0 --no-install-recommends $BW_PACKAGES
			k=\$(apt-cache depends linux-image-$(dpkg --print-architecture) | sed -n 's/^ *Depends: \(linux-image-[0-9].*\)\$/\1/p' | head -n1)
			[ -n \"\$k\" ]
			apt-get install -y -o Dpkg::Use-Pty=0 --no-install-recommends --download-only \"\$k\"
			apt-get install -y -o Dpkg::Use-Pty=0 --no-install-recommends --download-only --reinstall initramfs-tools initramfs-tools-core
			echo \"\$k\" >/var/lib/em-kernel-package" >"$dir/install.log" 2>&1; then
			tail -20 "$dir/install.log"
			bw_fail "apt-get in the bookworm root failed (log: $dir/install.log)"
		fi
		chroot "$dir/root" dpkg-query -W >"$dir/stamp.tmp" && mv "$dir/stamp.tmp" "$dir/stamp" || bw_fail "cannot write $dir/stamp"
	fi
	exec 8>&-
	BW_BASE=$dir/root
	BW_KPKG=$(cat "$BW_BASE/var/lib/em-kernel-package") || bw_fail "$BW_BASE: no kernel package named"
	# shellcheck disable=SC2034 # the callers'
	BW_KVER=${BW_KPKG#linux-image-}
}

# bw_copy DEST: a fresh copy of the base root in DEST (after bw_base); BW_ROOT=DEST
bw_copy() {
	BW_ROOT=$1
	bw_umount
	# never remove a tree that still has the host's /dev or /sys bound into it
	! grep -qF " $BW_ROOT/" /proc/self/mountinfo || bw_fail "$BW_ROOT still has mounts (see /proc/self/mountinfo); not removing it"
	rm -rf "$BW_ROOT" && mkdir -p "$(dirname "$BW_ROOT")" && cp -a "$BW_BASE" "$BW_ROOT" || bw_fail "cannot copy $BW_BASE to $BW_ROOT"
}

# bw_mount / bw_umount: /proc, /sys and /dev of BW_ROOT (the callers trap bw_umount on EXIT)
bw_mount() {
	mount -t proc proc "$BW_ROOT/proc" && mount --rbind /sys "$BW_ROOT/sys" && mount --make-rslave "$BW_ROOT/sys" &&
		mount --rbind /dev "$BW_ROOT/dev" && mount --make-rslave "$BW_ROOT/dev" ||
		bw_fail "cannot mount /proc, /sys, /dev in $BW_ROOT"
}
bw_umount() {
	local m
	[ -n "${BW_ROOT:-}" ] || return 0
	for m in "$BW_ROOT/proc" "$BW_ROOT/sys" "$BW_ROOT/dev"; do
		! mountpoint -q "$m" 2>/dev/null || umount -l "$m"
	done
}
# bw_mounted CMD...: CMD in the chroot with /proc, /sys and /dev mounted for it alone
bw_mounted() {
	local rc=0
	bw_mount
	chroot "$BW_ROOT" env DEBIAN_FRONTEND=noninteractive LC_ALL=C "$@" || rc=$?
	bw_umount
	return "$rc"
}

# in_root CMD...: CMD in the chroot (mounted by the caller); apt_in ARGS: apt-get there
in_root() { chroot "$BW_ROOT" env DEBIAN_FRONTEND=noninteractive LC_ALL=C "$@"; }
apt_in() { in_root apt-get -y -o Dpkg::Use-Pty=0 --no-install-recommends "$@"; }
# installed PKG: dpkg says "install ok installed"
installed() { in_root dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
