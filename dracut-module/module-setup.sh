#!/bin/bash
# SPDX-License-Identifier: MIT
# dracut module "earlymount": earlymount, not mount(8), mounts the root on /sysroot, in dracut's
# shell init and in a systemd initrd alike. It only installs: the work is earlymount's (C).
#
# The binary: $earlymount_binary (a dracut.conf.d setting), else `earlymount` in dracut's PATH,
# else the path the install put it at (written below by `cmake --install`).

# shellcheck disable=SC2034 # set by cmake --install (configure_file); left as is in the sources
_earlymount_installed=@EM_DRACUT_BINARY@

earlymount_find_binary() {
	local _b
	for _b in "${earlymount_binary:-}" "$(find_binary earlymount 2>/dev/null)" "$_earlymount_installed"; do
		case $_b in '' | *@*) continue ;; esac
		[[ -x $_b ]] && printf '%s\n' "$_b" && return 0
		# An explicit setting that does not exist is an error, not a reason to look elsewhere.
		[[ $_b == "${earlymount_binary:-}" ]] && return 1
	done
	return 1
}

# called by dracut
check() {
	if ! earlymount_find_binary >/dev/null; then
		derror "earlymount: no executable earlymount binary (looked at: earlymount_binary=${earlymount_binary:-unset}," \
			"PATH, $_earlymount_installed): install it (cmake --install), or name it with" \
			"earlymount_binary=/path/to/earlymount in a dracut.conf.d file"
		return 1
	fi
	# Only when asked for (dracut --add earlymount, add_dracutmodules+=" earlymount ").
	return 255
}

# called by dracut
depends() {
	# rootfs-block: root= in dracut's terms (the device wait), and its mount-root.sh, which mounts
	# when earlymount steps aside; fs-lib: the filesystem check.
	echo base fs-lib rootfs-block
	return 0
}

# Records the kernel modules of a block device (MAJ:MIN) and of what it sits on (as 90kernel-modules
# does for host-only images).
earlymount_block_drivers() {
	local _m
	for _m in $(get_dev_module "/dev/block/$1") $(get_blockdev_drv_through_sys "/sys/dev/block/$1"); do
		_earlymount_mods+=("$_m")
	done
	return 0
}

# called by dracut
installkernel() {
	local _fs _root
	local -a _earlymount_mods=()
	if [[ $hostonly ]]; then
		# The host's root (and a separate /usr): its filesystem and its block drivers.
		for _fs in $(find_mp_fstype /) $(find_mp_fstype /usr); do
			_earlymount_mods+=("$_fs")
		done
		_root=$(find_root_block_device)
		[[ $_root ]] && check_block_and_slaves_all earlymount_block_drivers "$_root"
	else
		# The usual root filesystems, and the disk drivers of PCs and virtual machines.
		_earlymount_mods=(ext4 xfs btrfs f2fs vfat squashfs erofs iso9660 overlay
			virtio_blk virtio_scsi virtio_pci nvme ahci ata_piix sd_mod sr_mod usb_storage
			uas mmc_block sdhci_pci)
	fi
	((${#_earlymount_mods[@]})) && hostonly='' instmods "${_earlymount_mods[@]}"
	return 0
}

# called by dracut
install() {
	local _bin
	_bin=$(earlymount_find_binary) || return 1
	inst_binary "$_bin" /usr/sbin/earlymount
	if dracut_module_included "systemd"; then
		# earlymount-generator puts earlymount-sysroot.service before systemd's own sysroot.mount:
		# see earlymount-generator.sh.
		inst_script "$moddir/earlymount-generator.sh" "$systemdutildir/system-generators/earlymount-generator"
		inst_script "$moddir/earlymount-sysroot.sh" /usr/lib/earlymount/mount-sysroot
		inst_simple "$moddir/earlymount-sysroot.service" "$systemdsystemunitdir/earlymount-sysroot.service"
	else
		# Before rootfs-block's mount/99-mount-root.sh, which mounts when earlymount steps aside.
		inst_hook mount 90 "$moddir/earlymount-mount.sh"
	fi
}
