#!/bin/sh
# SPDX-License-Identifier: MIT
# earlymount's mount hook for dracut's shell init (installed as mount/99-mount-root.sh, in place of
# rootfs-block's): dracut's fsck (fs-lib) of the devices earlymount resolves, then earlymount
# mounts root= (and mount.usr=, earlymount.mount=) on $NEWROOT. Sourced by init: names are
# prefixed, variables local.

type getarg >/dev/null 2>&1 || . /lib/dracut-lib.sh
type fsck_single >/dev/null 2>&1 || . /lib/fs-lib.sh

# The switches mount-root.sh and systemd-fsck honour: rd.skipfsck, fsck.mode=, fastboot, forcefsck.
earlymount_fsck() {
	local _mode _opt='' ROOT_DEVICE='' ROOT_FSTYPE='' USR_DEVICE='' USR_FSTYPE='' _devs
	_mode=$(getarg fsck.mode=)
	if getargbool 0 rd.skipfsck || getargbool 0 fastboot || [ "$_mode" = skip ]; then
		info "earlymount: no filesystem check (rd.skipfsck, fsck.mode=skip or fastboot)"
		return 0
	fi
	if getargbool 0 forcefsck || [ "$_mode" = force ]; then
		_opt=-f
	fi
	# ROOT_DEVICE=, ROOT_FSTYPE=, USR_DEVICE=, USR_FSTYPE= (shell assignments, quoted)
	_devs=$(earlymount resolve --cmdline "$1") || return 1
	eval "$_devs"
	fsck_single "$ROOT_DEVICE" "$ROOT_FSTYPE" "$(getarg rootflags=)" "$_opt"
	if [ -n "$USR_DEVICE" ]; then
		fsck_single "$USR_DEVICE" "$USR_FSTYPE" "$(getarg mount.usrflags=)" "$_opt"
	fi
	return 0
}

earlymount_mount_root() {
	local _cmdline
	# dracut's command line: /etc/cmdline.d (host-only images) and /proc/cmdline.
	_cmdline=$(getcmdline)
	if earlymount_fsck "$_cmdline" && earlymount mount --sysroot "$NEWROOT" --cmdline "$_cmdline"; then
		return 0
	fi
	# As mount-root.sh when the root does not mount: dracut's emergency handling (a shell with
	# rd.shell, else rd.emergency=, halt by default); init's mount loop then tries again.
	emergency_shell -n earlymount "earlymount could not mount the root filesystem on $NEWROOT (its messages above say why)"
}

# The roots mount-root.sh would mount: root= of a block device (rootfs-block's parse-block.sh).
if [ -n "$root" ] && [ -z "${root%%block:*}" ]; then
	earlymount_mount_root
fi
