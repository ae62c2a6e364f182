#!/bin/sh
# SPDX-License-Identifier: MIT
# earlymount's mount hook for dracut's shell init, installed as mount/90-earlymount-mount.sh: before
# rootfs-block's mount/99-mount-root.sh, which stays. init sources the mount hooks in name order and
# stops at the first that leaves a usable $NEWROOT (99base/init.sh). When earlymount cannot mount
# the root dracut waited for, this hook says why once and mounts nothing: mount-root.sh then mounts
# as it does without earlymount. Sourced by init: names are prefixed, variables local.

type getarg >/dev/null 2>&1 || . /lib/dracut-lib.sh
type fsck_single >/dev/null 2>&1 || . /lib/fs-lib.sh

# earlymount_aside WHY: mount-root.sh mounts; init's mount loop (up to 20 rounds) does not bring
# earlymount back.
earlymount_aside() {
	_earlymount_aside=1
	warn "earlymount: $1; dracut's mount-root.sh mounts the root instead"
}

# dracut's fsck (fs-lib) of the devices earlymount resolved, with the switches mount-root.sh and
# systemd-fsck honour: rd.skipfsck, fsck.mode=, fastboot, forcefsck.
earlymount_fsck() {
	local _mode _opt=''
	_mode=$(getarg fsck.mode=)
	if getargbool 0 rd.skipfsck || getargbool 0 fastboot || [ "$_mode" = skip ]; then
		info "earlymount: no filesystem check (rd.skipfsck, fsck.mode=skip or fastboot)"
		return 0
	fi
	if getargbool 0 forcefsck || [ "$_mode" = force ]; then
		_opt=-f
	fi
	fsck_single "$ROOT_DEVICE" "$ROOT_FSTYPE" "$(getarg rootflags=)" "$_opt"
	if [ -n "$USR_DEVICE" ]; then
		fsck_single "$USR_DEVICE" "$USR_FSTYPE" "$(getarg mount.usrflags=)" "$_opt"
	fi
}

earlymount_mount_root() {
	local _cmdline _devs ROOT_DEVICE='' ROOT_FSTYPE='' USR_DEVICE='' USR_FSTYPE='' LAYERED=''
	# dracut's command line (/etc/cmdline.d of host-only images, then /proc/cmdline). The
	# initqueue has waited for the root device already (rd.timeout): rootwait=0, last, so that
	# earlymount does not wait again for a device it cannot recognise (a label on a filesystem it
	# does not probe).
	_cmdline="$(getcmdline) rootwait=0"
	# ROOT_DEVICE=, ROOT_FSTYPE=, USR_DEVICE=, USR_FSTYPE= (shell assignments, quoted)
	if ! _devs=$(earlymount resolve --cmdline "$_cmdline"); then
		earlymount_aside "cannot resolve the devices to mount (its message above says why)"
		return 0
	fi
	eval "$_devs"
	# A layered root (earlymount.volatile=, overlay=, rootimage=, a share): dracut's own
	# modules build it; LAYERED says which option.
	if [ -n "$LAYERED" ]; then
		earlymount_aside "$LAYERED"
		return 0
	fi
	# Never another device than the one dracut waited for (two disks with one label: udev's link
	# and earlymount's scan could pick different ones).
	if ! [ "$ROOT_DEVICE" -ef "${root#block:}" ]; then
		earlymount_aside "it found $ROOT_DEVICE for root=, not ${root#block:} that dracut waited for"
		return 0
	fi
	earlymount_fsck
	earlymount mount --sysroot "$NEWROOT" --cmdline "$_cmdline" && return 0
	# Checked already: mount-root.sh skips its own check when $fastboot is set (it only ever
	# sets it, never clears it).
	# shellcheck disable=SC2034 # read by rootfs-block's mount-root.sh, sourced after this hook
	fastboot=yes
	earlymount_aside "mounting failed (its message above says why)"
}

# The roots mount-root.sh mounts: root= of a block device (rootfs-block's parse-block.sh). Other
# modules' roots (nfs, iscsi, live, zfs, virtfs, ...) are theirs.
if [ -z "${_earlymount_aside:-}" ]; then
	if [ -n "$root" ] && [ -z "${root%%block:*}" ]; then
		earlymount_mount_root
	else
		_earlymount_aside=1
		_earlymount_why=$(earlymount plan --cmdline "$(getcmdline)" 2>&1 >/dev/null)
		info "earlymount: dracut's root '$root' is not a block device: left to its module${_earlymount_why:+ ($_earlymount_why)}"
	fi
fi
