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
	# The /init build (earlymount-init) has no `resolve` and no `plan`, which the hooks run: with it
	# every boot would fall back to dracut's mount-root.sh. Its text is the only one that says so
	# (run.c, not_in_this_build); looked for in the file, not by running it, which works for a
	# binary of another architecture too.
	local _b
	_b=$(earlymount_find_binary)
	if grep -qF 'the /init build): run the full' "$_b"; then
		derror "earlymount: $_b is the /init build (earlymount-init), which lacks the resolve and plan" \
			"subcommands this module's hooks run: name the full earlymount with earlymount_binary= in a" \
			"dracut.conf.d file"
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
#
# earlymount mounts with the modules dracut's image already carries: inside dracut it runs after
# udev has loaded the drivers of the devices it found (shell flow: a mount hook, after the
# initqueue waited for root=; systemd flow: after the root's device unit), and a filesystem type
# that is not registered yet is loaded by the kernel itself (get_fs_type()'s
# request_module("fs-TYPE"), which runs the image's modprobe), or by earlymount from the image's
# modules.dep for earlymount.modules=. So this adds no driver that dracut would not add:
# - host-only: the filesystem of the host's / (and of a separate /usr) and the drivers of the block
#   devices under / (found as 90kernel-modules finds them). dracut 059's 90kernel-modules adds the
#   same (record_block_dev_drv for the host's devices, host_fs_types), so this only counts when that
#   module is left out or told not to (--drivers): the root earlymount is asked to mount is then
#   still in the image, and nothing else is;
# - generic (--no-hostonly): nothing. With no --drivers list, dracut 059's 90kernel-modules
#   (installkernel) already adds every block driver (install_block_modules: =drivers/usb/storage,
#   =ide, nvme, vmd, virtio_blk, virtio_scsi, and every module under drivers/ that calls one of
#   its _blockfuncs such as scsi_add_host, blk_mq_alloc_disk, register_virtio_device,
#   mmc_add_host; plus sd_mod, sr_mod, ata_piix), the USB host controllers, virtio_pci, and every
#   filesystem under fs/ but nfs (dracut_instmods '=fs'). With --drivers (or --filesystems) the
#   builder chose the image's modules, and dracut's own mount could not do more with them either.
#   A hand list here used to add 24 modules and 2.3 MiB compressed (other filesystems, NVMe,
#   SCSI, USB and MMC drivers) to such images (README.md has the sizes), which boot slower for it.
installkernel() {
	local _fs _root
	local -a _earlymount_mods=()
	[[ $hostonly ]] || return 0
	for _fs in $(find_mp_fstype /) $(find_mp_fstype /usr); do
		_earlymount_mods+=("$_fs")
	done
	_root=$(find_root_block_device)
	[[ $_root ]] && check_block_and_slaves_all earlymount_block_drivers "$_root"
	# hostonly='': with -H, dracut-install skips a module the host has not loaded (its
	# modules_loaded check, from /proc/modules); the host's kernel may have these built in, the
	# image's kernel as modules.
	((${#_earlymount_mods[@]})) && hostonly='' instmods "${_earlymount_mods[@]}"
	return 0
}

# called by dracut
install() {
	local _bin
	_bin=$(earlymount_find_binary) || return 1
	inst_binary "$_bin" /usr/sbin/earlymount
	# A host-only image is for this host: whether its command line's mounts would work here is
	# earlymount check's to say, into dracut's log, never failing the build (its exit status is
	# ignored). /etc/kernel/cmdline, else /proc/cmdline: the line the next boot uses.
	if [[ $hostonly ]]; then
		local _line
		while IFS= read -r _line; do
			case $_line in
			error* | warning*) dwarn "earlymount check: $_line" ;;
			*) dinfo "earlymount check: $_line" ;;
			esac
		done < <("$_bin" check 2>&1 || true)
	fi
	if dracut_module_included "systemd"; then
		# earlymount-generator puts earlymount-sysroot.service before systemd's own sysroot.mount:
		# earlymount itself, by the name it is run as (src/dracut.c: no shell and no dracut-lib.sh
		# to start in the generator phase).
		inst_dir "$systemdutildir/system-generators"
		ln -sfn /usr/sbin/earlymount "${initdir}${systemdutildir}/system-generators/earlymount-generator"
		inst_script "$moddir/earlymount-sysroot.sh" /usr/lib/earlymount/mount-sysroot
		inst_simple "$moddir/earlymount-sysroot.service" "$systemdsystemunitdir/earlymount-sysroot.service"
		# systemd runs only executable programs; inst_script keeps the source's mode, which a
		# module directory copied by hand may have lost.
		chmod 0755 "${initdir}/usr/lib/earlymount/mount-sysroot"
	else
		# Before rootfs-block's mount/99-mount-root.sh, which mounts when earlymount steps aside.
		inst_hook mount 90 "$moddir/earlymount-mount.sh"
	fi
}
