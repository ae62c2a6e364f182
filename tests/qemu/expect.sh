# SPDX-License-Identifier: MIT
# Every text the QEMU scenarios expect earlymount to print, in one place, so the messages and the
# tests are aligned here and nowhere else. Sourced by lib.sh. Fixed strings (grep -F) unless the
# name ends in _RE (grep -E). "%s" parts are filled in with printf by the scenario.
#
# The console shows earlymount's lines with the prefix "earlymount: ", possibly after the
# kernel's "[    1.234567] " timestamp when they came through /dev/kmsg, so nothing here is
# anchored at the start of a line.
# shellcheck disable=SC2034 # used by the scenarios

# fail_timeout: root=UUID=<nothing> earlymount.timeout=5
#   earlymount: timed out after 5 s waiting for root device UUID=...
#   earlymount: block devices found:
#   earlymount:   /dev/vda: ext4 UUID=... LABEL=...
EXPECT_TIMEOUT='earlymount: timed out after %s s waiting for root device %s'   # seconds, root= value
EXPECT_DEVICES_FOUND='earlymount: block devices found:'
EXPECT_DEVICE_LINE_RE='earlymount: +%s: %s .*UUID=%s'                        # device, fstype, UUID

# fail_fstype: rootfstype=xfs on an ext4 disk (the xfs module is in the image). XFS says why only
# through printk, so there is no "kernel: ..." part here; the console shows the kernel's own line.
EXPECT_MOUNT_FAILED='earlymount: mount %s on /sysroot as %s failed: %s'       # device, fstype, strerror
EXPECT_XFS_REASON='XFS (vda): Invalid superblock magic number'                # the kernel's, on the console

# fail_badflag: rootflags=<unknown ext4 option>: the reason comes from the filesystem context,
# which earlymount prints after "kernel: " on the same line as the failure.
EXPECT_KERNEL_REASON_RE='earlymount: .*/dev/vda.*kernel: ext4: Unknown parameter .%s.'   # the option

# fail_noinit_shell: a root without any init; the initramfs stays, earlymount.onfail=shell.
EXPECT_NO_INIT='earlymount: no init found in /sysroot'
EXPECT_LEFT_INTACT='initramfs left intact'
# What the scenario waits for before typing into the rescue shell (a fixed string).
EXPECT_SHELL_READY='earlymount rescue# '   # the rescue shell's prompt: it reads input now

# How the failure scenarios end the VM: onfail= values the lead's spec.c accepts (shell, reboot,
# poweroff, halt, panic). Each of reboot/poweroff/panic ends QEMU (-no-reboot, panic=-1).
EXPECT_ONFAIL_TIMEOUT=poweroff
EXPECT_ONFAIL_FSTYPE=reboot
EXPECT_ONFAIL_BADFLAG=panic

# ---- fault_* and ro_* scenarios (hardening) -------------------------------------------------------
# musl's strerror(EIO) is "I/O error" (glibc says "Input/output error"); the _RE forms take both.
EXPECT_EIO='I/O error'
EXPECT_ONFAIL_POWEROFF='earlymount: powering off'
# The kernel's own line for an injected read error (block/blk-core.c), proof that blkdebug fired.
EXPECT_KERNEL_IO_ERROR_RE='I/O error, dev vda, sector [0-9]+ op 0x0:\(READ\)'
# fault_ioerror_super: earlymount's failure line names the device and the I/O error.
EXPECT_IOERR_LINE_RE='earlymount: .*%s.*(I/O error|Input/output error)'   # device
EXPECT_EXT4_SB_UNREADABLE='EXT4-fs (vda): unable to read superblock'      # the kernel's, on the console
EXPECT_DEVICE_UNREADABLE='earlymount:   %s: unreadable (%s)'              # device, strerror
# fault_ioerror_later: an unreadable block of init (the switch is done when execve fails) or of
# the directory holding it (init's check fails first, the initramfs stays).
EXPECT_KERNEL_IO_ERROR_SECTOR_RE='I/O error, dev vda, sector %s op 0x0:\(READ\)'   # sector
EXPECT_MOUNTED='earlymount: mounted %s on /sysroot (%s)'                           # device, fstype
EXPECT_EXEC_FAILED='earlymount: exec %s failed: %s'                                # init, strerror
EXPECT_SWITCH_FAILED='earlymount: the switch to /sysroot failed; nothing left to try'
EXPECT_EXT4_DIR_ERROR_RE='EXT4-fs error \(device vda\): .*reading directory lblock'
EXPECT_NO_INIT_WHY='earlymount: no init found in /sysroot: %s'                     # the start of the reasons
EXPECT_KERNEL_POWER_DOWN='reboot: Power down'   # the kernel's last line after reboot(RB_POWER_OFF)
# fault_corrupt_super: ext4's printk lines (not in the fs context: no "kernel: " part on
# earlymount's line), and musl's text for EFSBADCRC (= EBADMSG).
EXPECT_EXT4_NO_FS="EXT4-fs (vda): VFS: Can't find ext4 filesystem"
EXPECT_EXT4_BAD_CSUM='EXT4-fs (vda): VFS: Found ext4 filesystem with invalid superblock checksum'
EXPECT_EBADMSG='Bad message'
# fault_late_device: what earlymount says every 5 s while it waits (the harness hot-plugs then).
EXPECT_WAITING_ROOT='earlymount: waiting for root device '
EXPECT_WAITING_NOLIMIT_RE='earlymount: waiting for root device %s \([0-9]+ s; rootwait: no limit\)'   # root=
EXPECT_WAITING_LIMIT_RE='earlymount: waiting for root device %s \([0-9]+ s of %s s\)'                 # root=, limit
# fault_never_device: the device list's lines for a partitioned disk.
EXPECT_DEVICE_PTABLE_RE='earlymount: +%s: partition table %s PTUUID='              # disk, gpt|dos
EXPECT_DEVICE_PART_RE='earlymount: +%s: PARTUUID=%s PARTLABEL="%s"'                # partition, PARTUUID, PARTLABEL
# fault_hostile_cmdline: a command line earlymount refuses (spec.c's message follows).
EXPECT_INVALID_CMDLINE='earlymount: invalid kernel command line: %s'
# fault_symlink_redirect: mount points and bind sources resolved inside the new root (mountplan.c).
EXPECT_MOUNTPOINT_IS_ROOT='failed: the mount point %s resolves to the new root itself'                      # WHERE
EXPECT_BIND_SOURCE_MISSING='bind %s on /sysroot%s failed: the source %s in the new root: No such file or directory'   # WHAT, WHERE, WHAT
# ro_dirty_journal: the kernel's lines (ext4 replays a journal on a ro mount of a writable device).
EXPECT_SYSRQ_CRASH='Kernel panic - not syncing: sysrq triggered crash'
# The harness's own dump of a hung boot (lib.sh em_hang_dump): the kernel's SysRq w and l
# (drivers/tty/sysrq.c, each op's action_msg after the "sysrq: " prefix), and the line the kernel
# prints for each CPU of l (lib/nmi_backtrace.c).
EXPECT_SYSRQ_BLOCKED='sysrq: Show Blocked State'
EXPECT_SYSRQ_CPUS='sysrq: Show backtrace of all active CPUs'
EXPECT_SYSRQ_CPU_RE='NMI backtrace for cpu [0-9]+'
EXPECT_EXT4_RECOVERY_RO='EXT4-fs (vda): INFO: recovery required on readonly filesystem'
EXPECT_EXT4_RECOVERY_WRITE='EXT4-fs (vda): write access will be enabled during recovery'
EXPECT_EXT4_RECOVERY_DONE='EXT4-fs (vda): recovery complete'
# ext4's mount line names the filesystem's UUID and ro or r/w from Linux 6.2 on (fs/ext4/super.c,
# "ext4: print file system UUID on mount, remount and unmount"); 6.1's has neither. "%s": the
# UUID (6.1's form takes it and prints nothing: %.0s).
if em_kernel_since 6.2; then
	EXPECT_EXT4_NO_JOURNAL='EXT4-fs (vda): mounted filesystem %s ro without journal'
else
	EXPECT_EXT4_NO_JOURNAL='EXT4-fs (vda): mounted filesystem without journal%.0s'
fi
EXPECT_EXT4_RECOVERY_NO_WRITE='EXT4-fs (vda): write access unavailable, cannot proceed'
# fault_ioerror_super: the probe of a root given as /dev/vda cannot read the superblock.
EXPECT_SB_UNREADABLE='earlymount: mount %s on /sysroot failed: reading its superblock: %s'   # device, strerror
# fault_ioerror_later: an init whose first block cannot be read is caught before the switch.
EXPECT_INIT_UNREADABLE='/sbin/init: unreadable (%s)'                                     # strerror

# ---- run-time behaviour (issue 9: mountplan.c, modules.c, switchroot.c, log.c) ---------------------
# opt_rw_write_protected: rw on a readonly=on disk is mounted read-only, with a warning.
EXPECT_WRITE_PROTECTED='earlymount: %s is write-protected: mounting it on %s read-only although rw was asked (as the kernel and mount(8) do)'   # device, mount point
# modparam: the parameters a module got from the command line; a module modprobe.blacklist= keeps out.
EXPECT_MODULE_PARAMS='earlymount: module %s: parameters from the kernel command line: %s'   # module, params
EXPECT_MODULE_PARAMS_CONF='earlymount: module %s: parameters from modprobe.d (then the kernel command line): %s'   # module, params (modload.c module_params)
EXPECT_MODULE_BLACKLISTED='earlymount: module %s: not loaded: modprobe.blacklist= names it'
# smp_chains: a load that fails in a worker, and its dependent (modload.c finished, run_queue; run.c).
EXPECT_MODULE_PARAMS_REFUSED="earlymount: load module %s failed: %s; the module refused its parameters from the kernel command line? the kernel's log says which"   # module, strerror
EXPECT_MODULE_DEP_FAILED='earlymount: load module %s failed: its dependency %s did not load'   # module, dependency
EXPECT_MODULES_GOING_ON='earlymount: some modules did not load; going on'
# fs_unprobed: a filesystem found by trying /proc/filesystems.
EXPECT_MOUNTED_ANY="earlymount: mounted %s on /sysroot (%s: the first of the kernel's filesystems in /proc/filesystems that took it)"   # device, fstype
# fault_hostile_label: the label ESC[2J, newline, "EVIL: ok", escaped in the device list.
EXPECT_HOSTILE_LABEL_ESCAPED='LABEL="\x1b[2J\x0aEVIL: ok"'
# fault_init_no_interp: /sbin/init whose ELF interpreter is missing; /bin/sh is used instead.
EXPECT_INIT_NO_INTERP='earlymount: /sbin/init: its program interpreter (PT_INTERP) %s: No such file or directory, /etc/init: No such file or directory, /bin/init: No such file or directory; using /bin/sh'   # interpreter

# Partitions in the device report (devices.c dev_report), issue 9: logical partitions, btrfs
# members, stale whole-disk signatures.
EXPECT_PART_LINE='earlymount:     %s: PARTUUID=%s'                                   # partition, PARTUUID
EXPECT_EXTENDED_LINE='earlymount:     %s: extended partition (holds the logical ones)'   # partition
EXPECT_STALE_TABLE_LINE_RE='earlymount: +%s: partition table %s PTUUID=[0-9a-f-]+ \(and a stale %s signature, ignored\)'   # disk, pttype, fstype
# fs_btrfs_two_disks: the members of a multi-device btrfs (devices.c dev_btrfs_members).
EXPECT_BTRFS_ALL_MEMBERS='earlymount: btrfs UUID=%s: all %s devices present: %s'   # uuid, count, list
EXPECT_BTRFS_WAITING='earlymount: btrfs UUID=%s spans %s devices: waiting for the %s missing (found: %s)'   # uuid, total, missing, list
# fs_btrfs_degraded, fs_btrfs_two_disks: a member still missing after the wait (devices.c dev_btrfs_members).
EXPECT_BTRFS_DEGRADED='earlymount: btrfs UUID=%s: %s missing after %s s (%s of %s devices present: %s); mounting it degraded, as its options say'   # uuid, missing, seconds, present, total, list
EXPECT_BTRFS_REFUSED='earlymount: mount %s on %s refused: btrfs UUID=%s is missing %s after %s s (%s of %s devices present: %s); the kernel mounts it without them only with -o degraded: attach the missing device, or add %s (with ro, nothing is written)'   # dev, target, uuid, missing, seconds, present, total, list, hint
# mount_nofail_timeout: a nofail mount whose device never came (mountentry.c await_device).
EXPECT_NOFAIL_GONE='earlymount: %s=%s on %s: nofail: its device did not appear within %s s (%s); going on without it'   # param, device, target, seconds, from
EXPECT_NOT_READ='earlymount:   %s: not read (%s)'   # device, why (devices.c no_probe)

# ---- generic images (issue 10): gen_* scenarios ---------------------------------------------------
# The one summary line of the module step without earlymount.debug (the interface fixed for issue
# 10): "modules: N loaded (M matched from K devices), S skipped, F failed, T ms"; no failure.
EXPECT_MODULES_SUMMARY_NOFAIL_RE='earlymount: modules: [0-9]+ loaded \([0-9]+ matched from [0-9]+ devices\), [0-9]+ skipped, 0 failed, [0-9]+ ms'

# ---- layered roots and shares (layer_* scenarios) ------------------------------------------------
EXPECT_VOLATILE_NOT_MERGED='earlymount: earlymount.volatile=yes: the root device is not usr-merged: /bin on it is a directory, not a link into /usr, and only /usr is kept on the tmpfs root (use earlymount.volatile=overlay)'
EXPECT_VOLATILE_NO_USR='earlymount: earlymount.volatile=yes: the root device has no /usr (No such file or directory); volatile=yes keeps only /usr of it'
EXPECT_SHARE_TIMEOUT="earlymount: timed out after %s s waiting for the %s share with tag '%s'"   # seconds, type, tag
EXPECT_SHARE_TAGS='earlymount: share tags offered: %s'                                      # the list
# layer_virtiofs: a virtiofs share's tag is listed in /sys/fs/virtiofs from Linux 6.9 on
# (fs/fuse/virtio_fs.c, "virtiofs: export filesystem tags through sysfs"), so earlymount names the
# tags offered there; before, the kernel lists them nowhere. "%s": the tag QEMU offers.
if em_kernel_since 6.9; then
	EXPECT_VIRTIOFS_TAGS_OFFERED="earlymount: share tags offered: '%s'"
else
	EXPECT_VIRTIOFS_TAGS_OFFERED='earlymount: share tags offered: none%.0s'
fi
# The overlay of earlymount.volatile=overlay: its lower layer by "lowerdir+" from Linux 6.8 on
# (fs/overlayfs/params.c, Opt_lowerdir_add: "ovl: add support for appending lowerdirs one by one"),
# by the joined "lowerdir" before; src/layers.c's mount_overlay says which with earlymount.debug.
# (6.13's layers by file descriptor, FSCONFIG_SET_FD, is neither kernel tested here.)
if em_kernel_since 6.13; then
	EXPECT_OVERLAY_LOWER_FORM='earlymount: overlay: the layers by file descriptor (Linux 6.13 and later)'
elif em_kernel_since 6.8; then
	EXPECT_OVERLAY_LOWER_FORM='earlymount: overlay: the lower layer passed as lowerdir+ (Linux 6.8 and later)'
else
	EXPECT_OVERLAY_LOWER_FORM='earlymount: overlay: the lower layer passed as lowerdir (before Linux 6.8)'
fi
EXPECT_ROOTIMAGE_MISSING='earlymount: earlymount.rootimage=%s: no such file on the root device %s (looked up inside it)'   # path, device
EXPECT_ROOTIMAGE_NO_FS="earlymount: earlymount.rootimage=%s on %s: no filesystem earlymount knows in it; trying the kernel's"   # path, device
EXPECT_ROOTIMAGE_FAILED='earlymount: earlymount.rootimage=%s on %s (%s): the image could not be mounted'   # path, device, loop device
EXPECT_IMAGE_BESIDE_OVERLAY='earlymount: %s holds the image and the writable layer: bound read-only on /run/earlymount/live'   # device (layers.c mount_shared_carrier)
EXPECT_OVERLAY_DEV_TIMEOUT='earlymount: timed out after %s s waiting for overlay device %s'   # seconds, device
EXPECT_OVERLAY_NOT_WRITABLE='earlymount: earlymount.overlay=%s: the writable layer could not be mounted read-write'   # device
EXPECT_OVERLAY_IS_ROOT='earlymount: earlymount.overlay=%s is the root device itself, which the lower layer holds read-only: put the writable layer on another device or partition'   # device
# a filesystem the kernel lacks (fsopen's ENODEV) and the image has no module for: device, target,
# then the type six times
EXPECT_NO_FS_MODULE='earlymount: mount %s on %s as %s failed: No such device (at fsopen); this kernel has no %s filesystem: put its module in the initramfs (earlymount-mkinitramfs --fs %s) or load it (earlymount.modules=%s)'
EXPECT_NOFAIL_GOING_ON='earlymount: earlymount.mount=%s on %s: nofail, going on'   # WHAT, WHERE
EXPECT_NO_OVERLAY_MODULE='earlymount: mount overlay on /sysroot as overlay failed: No such device (at fsopen); this kernel has no overlay filesystem: put its module in the initramfs (earlymount-mkinitramfs --fs overlay) or load it (earlymount.modules=overlay)'
# In dracut (layered_aside): earlymount leaves a layered root to dracut, naming what does it there.
EXPECT_DRACUT_LAYERED="earlymount: earlymount.volatile=overlay is a layered root: in dracut, systemd.volatile=overlay does it (systemd in the initrd), or rootovl (dracut's overlay-root module)"

# ---- fail_error_paths (amd64 and arm64): the /init build's error paths ----------------------------
# Each boot ends with earlymount.onfail=poweroff (assert_powered_off): PID 1 lived to say so.
# A mount the kernel refuses: the action, the object, errno's text, and the filesystem context's
# own message (fs/fs_context.c vfs_parse_fs_param: "<fstype>: Unknown parameter '<key>'").
EXPECT_MOUNT_FAILED_KERNEL='earlymount: mount %s on /sysroot as %s failed: %s; kernel: %s'   # device, fstype, strerror, the kernel's message
EXPECT_KERNEL_UNKNOWN_PARAM="%s: Unknown parameter '%s'"                                     # fstype, option
# init= that cannot run: the name as given, marked as init='s, and why.
EXPECT_INIT_PARAM_WHY='%s (init=): %s'                                                        # init=, why
# musl's strerror texts (glibc's are the same for these two)
EXPECT_EINVAL='Invalid argument'
EXPECT_ENOENT='No such file or directory'

# ---- members and stale signatures (src/mountentry.c mount_device, src/devices.c report_node) ----
# gen_fs_more: a device with two filesystem signatures (libblkid: ambivalent) and no type named.
EXPECT_AMBIVALENT_REFUSED='earlymount: mount %s on %s refused: %s holds two filesystem signatures, %s and %s, and one of them is stale; name the type with %s, or remove the stale one (wipefs)'   # dev, target, dev, first type, second type, where the type is named
EXPECT_MEMBER_REFUSED='earlymount: mount %s on /sysroot refused: %s is %s (%s)'   # dev, dev, why, type
EXPECT_MD_MEMBER_WHY='a Linux software RAID (md) member: the array must be assembled first (mdadm; dracut'"'"'s mdraid module), then root= names the array'
EXPECT_MEMBER_LINE='earlymount:   %s: %s UUID=%s (not a filesystem: never mounted)'   # disk, type, UUID
# a root= path of a device-mapper device or an MD RAID array that never came: what it is, and who
# sets it up (src/devspec.c stacked_names): the path, then the two
EXPECT_STACKED_NAME="earlymount: %s is %s, which earlymount never sets up: it appears only where %s does"

# ---- resume from hibernation (resume_* scenarios; src/resume.c) -----------------------------------
# "%s" after "resume: " is the device node (/dev/vdb1), after "resume=" the value as written.
EXPECT_RESUME_FROM='earlymount: resume: a hibernation image on %s (resume=%s): resuming from it'   # node, resume=
EXPECT_RESUME_PLAIN_SWAP='earlymount: resume: %s (resume=%s) is swap space without a hibernation image; booting normally'   # node, resume= (debug)
EXPECT_RESUME_NO_DEVICE='earlymount: resume=%s: no device after %s s; booting without resuming'   # resume=, seconds
EXPECT_RESUME_NOT_SWAP='earlymount: resume=%s: %s is not swap space (%s): not resuming from it'   # resume=, node, type or "no known signature"
EXPECT_RESUME_NO_SIGNATURE='no known signature'
EXPECT_RESUME_NORESUME='earlymount: resume=%s: noresume given; not resuming'   # resume= (debug)
EXPECT_RESUME_BAD_VALUE_RE='earlymount: resume=%s: .+; not resuming from it, as the kernel would not'   # resume= (a regex)
EXPECT_RESUME_NOT_RESUMED='earlymount: resume: the kernel did not resume from %s (the kernel'"'"'s log says why); booting normally'   # node
# The kernel's own lines, the same in 6.1 and 6.12: the image was written whole and read whole
# (kernel/power/swap.c save_compressed_image, load_compressed_image); software_resume
# (kernel/power/hibernate.c) found an image and starts, or failed to load it.
EXPECT_KERNEL_IMAGE_SAVED='PM: Image saving done'
EXPECT_KERNEL_IMAGE_LOADED='PM: Image loading done'
EXPECT_KERNEL_RESUME_START='PM: hibernation: resume from hibernation'
EXPECT_KERNEL_RESUME_FAILED='PM: hibernation: Failed to load image, recovering.'
