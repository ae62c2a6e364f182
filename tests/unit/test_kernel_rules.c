/* SPDX-License-Identifier: MIT */
/* The command line against the kernel's own reading of it (and systemd-fstab-generator's, under
 * --rules systemd): one row per behaviour, each citing the function whose behaviour it pins down.
 * A row gives the stored fragment (/etc/earlymount/cmdline, read first), the kernel's line, the
 * rules, and either the plan in short or the exact refusal. The short form is:
 *   root=SOURCE type=TYPES|probe ro=0|1 wait=SECONDS|forever [delay=S] [init=PATH]
 *   [opts=K=V;K] [usr=SOURCE usrtype=... usrro=... usrwait=... [usropts=...]] [journal=DEV]
 *   [args=A|B] [warn=N]
 * Kernel references are to Linux 6.1 unless said (init/do_mounts.c, init/main.c, kernel/params.c,
 * lib/cmdline.c); block/early-lookup.c is where 6.5 moved name_to_dev_t's pieces. */
#include "../t.h"
#include "plan.h"
#include "spec.h"

#include <stdarg.h>

static struct cmdline cl;
static struct plan p;

struct row {
	const char *fragment; /* the initramfs's stored default, or NULL */
	const char *line;     /* the kernel's command line */
	enum spec_rules rules;
	const char *want;     /* the short plan, or "error: <message>" */
};

/* Long option values: 256 bytes, and 4088 (with "subvol=", a page less its NUL). */
#define X16 "xxxxxxxxxxxxxxxx"
#define X256 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16
#define X1K X256 X256 X256 X256
#define X4088 X1K X1K X1K X256 X256 X256 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 "xxxxxxxx"

#define K SPEC_RULES_KERNEL
#define S SPEC_RULES_SYSTEMD

static const struct row rows[] = {
	/* ---- repeated parameters: the last wins, earlier ones are never looked at ---- */
	/* root_dev_setup: strscpy(saved_root_name, line) on every root=, so the last one stays. */
	{ NULL, "root=/dev/sda1 root=/dev/sda2", K, "root=/dev/sda2 type=probe ro=1 wait=30" },
	/* An invalid root= before a good one is never parsed (name_to_dev_t runs once, in
	 * prepare_namespace, on the saved last value). */
	{ NULL, "root=/dev/ram0 console=ttyS0 root=/dev/mmcblk0p2 rootwait", K, "root=/dev/mmcblk0p2 type=probe ro=1 wait=forever" },
	{ NULL, "root=UUID=not-a-uuid! root=LABEL=ok", K, "root=LABEL=ok type=probe ro=1 wait=30" },
	{ NULL, "root= root=/dev/vda1", K, "root=/dev/vda1 type=probe ro=1 wait=30" },
	/* An empty last root= empties saved_root_name: no root device from the line (the kernel
	 * falls back to the boot loader's ROOT_DEV): refused. */
	{ NULL, "root=/dev/vda1 root=", K, "error: root=: empty value" },
	/* obsolete_checksetup matches "root=" with its '=': a bare "root" is not root= and does
	 * not hide the earlier one (it goes to init as an argument). */
	{ NULL, "root=/dev/vda1 root", K, "root=/dev/vda1 type=probe ro=1 wait=30 warn=1" },
	/* fs_names_setup: root_fs_names = str, replaced by each rootfstype=. */
	{ NULL, "root=/dev/vda1 rootfstype=xfs rootfstype=ext4", K, "root=/dev/vda1 type=ext4 ro=1 wait=30" },
	{ NULL, "root=/dev/vda1 rootfstype=ext4;x rootfstype=ext4", K, "root=/dev/vda1 type=ext4 ro=1 wait=30" },
	/* root_data_setup: root_mount_data = str: the last rootflags= replaces, nothing is joined. */
	{ NULL, "root=/dev/vda1 rootflags=data=journal rootflags=discard", K, "root=/dev/vda1 type=probe ro=1 wait=30 opts=discard" },
	{ NULL, "root=/dev/vda1 rootflags=bind rootflags=discard", K, "root=/dev/vda1 type=probe ro=1 wait=30 opts=discard" },
	/* readonly / readwrite set and clear MS_RDONLY in root_mountflags: the last one wins. */
	{ NULL, "root=/dev/vda1 rw ro", K, "root=/dev/vda1 type=probe ro=1 wait=30" },
	{ NULL, "root=/dev/vda1 ro rw", K, "root=/dev/vda1 type=probe ro=0 wait=30" },
	/* ...and refuse a value ("if (*str) return 0"): ro=0 is not ro, nor rw=1 rw. */
	{ NULL, "root=/dev/vda1 rw ro=0", K, "root=/dev/vda1 type=probe ro=0 wait=30" },
	{ NULL, "root=/dev/vda1 rw=1", K, "root=/dev/vda1 type=probe ro=1 wait=30" },
	/* The initramfs's stored fragment comes first, so the kernel's line overrides it. */
	{ "root=/dev/vdb1 rootfstype=xfs rw", "root=/dev/vda1 ro", K, "root=/dev/vda1 type=xfs ro=1 wait=30" },
	{ "root=LABEL=stored", "quiet", K, "root=LABEL=stored type=probe ro=1 wait=30" },
	{ "root=/dev/ram0", "root=/dev/vda1", K, "root=/dev/vda1 type=probe ro=1 wait=30" },
	/* init_setup: execute_command = str, the last init= wins. */
	{ NULL, "root=/dev/vda1 init= init=/bin/sh", K, "root=/dev/vda1 type=probe ro=1 wait=30 init=/bin/sh" },
	/* An empty last init= makes the kernel panic ("Requested init  failed"): refused. */
	{ NULL, "root=/dev/vda1 init=/bin/sh init=", K, "error: init=: empty value" },

	/* ---- device numbers (name_to_dev_t / devt_from_devnum) ---- */
	/* new_decode_dev(simple_strtoul(name, &p, 16)): hex, "0x" allowed. */
	{ NULL, "root=801", K, "root=8:1 type=probe ro=1 wait=30" },
	{ NULL, "root=0x801", K, "root=8:1 type=probe ro=1 wait=30" },
	{ NULL, "root=0X10301", K, "root=259:1 type=probe ro=1 wait=30" },
	/* sscanf("%u:%u:%u:%c") == 3: MAJ:MIN:OFFSET, OFFSET read and thrown away. */
	{ NULL, "root=259:0:1", K, "root=259:0 type=probe ro=1 wait=30 warn=1" },
	{ NULL, "root=259:0:1:", K, "root=259:0 type=probe ro=1 wait=30 warn=1" },
	{ NULL, "root=259:0:1:2", K, "error: root=259:0:1:2: '259:0:1:2' is not a MAJOR:MINOR device number" },
	/* MKDEV must round-trip: 12 bits of major, 20 of minor. */
	{ NULL, "root=4096:0", K, "error: root=4096:0: '4096:0' is not a MAJOR:MINOR device number" },
	{ NULL, "root=8:1048575", K, "root=8:1048575 type=probe ro=1 wait=30" },
	/* match_dev_by_uuid: strncasecmp over the length given, so any case matches. */
	{ NULL, "root=PARTUUID=DEADBEEF-05", K, "root=PARTUUID=DEADBEEF-05 type=probe ro=1 wait=30" },
	/* ...and the start of a PARTUUID names the first partition that has it (devt_from_partuuid:
	 * cmp.len = strlen, or up to the '/' of /PARTNROFF=), said in a warning; an MBR one with a
	 * single digit after the '-' is the start of 0x50..0x5f, not of partition 5 (msdos.c's
	 * "%08x-%02x"), which the warning says too. */
	{ NULL, "root=PARTUUID=deadbeef-5", K, "root=PARTUUID=deadbeef-5 type=probe ro=1 wait=30 warn=1" },
	{ NULL, "root=PARTUUID=0fc63daf", K, "root=PARTUUID=0fc63daf type=probe ro=1 wait=30 warn=1" },
	{ NULL, "root=PARTUUID=0FC63DAF-8483/PARTNROFF=1", K, "root=PARTUUID=0FC63DAF-8483/PARTNROFF=1 type=probe ro=1 wait=30 warn=1" },
	/* ...an empty one (cmp.len 0) is invalid: "PARTUUID= is invalid". */
	{ NULL, "root=PARTUUID=/PARTNROFF=1", K, "error: root=PARTUUID=/PARTNROFF=1: no PARTUUID before '/PARTNROFF='" },
	/* systemd turns it into /dev/disk/by-partuuid/VALUE (tag_to_udev_node), and udev links whole
	 * ones only: the start of one would wait for a link that never comes. */
	{ NULL, "root=PARTUUID=0fc63daf", S,
	  "error: root=PARTUUID=0fc63daf: not a whole PARTUUID: systemd waits for the udev link /dev/disk/by-partuuid/0fc63daf, and udev names links after whole ones" },

	/* ---- rootfstype= (init/do_mounts.c split_fs_names, mount_root_generic; Linux 5.15+) ---- */
	/* Empty names are left empty by split_fs_names and skipped ("if (!*p) continue"), with a warning
	 * here. */
	{ NULL, "root=/dev/vda1 rootfstype=ext4,", K, "root=/dev/vda1 type=ext4 ro=1 wait=30 warn=1" },
	{ NULL, "root=/dev/vda1 rootfstype=,ext4", K, "root=/dev/vda1 type=ext4 ro=1 wait=30 warn=1" },
	{ NULL, "root=/dev/vda1 rootfstype=ext4,,xfs", K, "root=/dev/vda1 type=ext4,xfs ro=1 wait=30 warn=1" },
	/* ...none left: nothing is tried, and the kernel panics "VFS: Unable to mount root fs". */
	{ NULL, "root=/dev/vda1 rootfstype=,", K, "error: rootfstype=,: no filesystem type in the list, only commas" },

	/* ---- rootflags= (root_data_setup; do_mount_root copies it into a page for init_mount) ---- */
	/* A value over the 255 bytes fsconfig() takes (fs/fsopen.c) is accepted: that mount goes to
	 * mount(2), whose data is a page (mountapi.c). */
	{ NULL, "root=/dev/vda1 rootfstype=btrfs rootflags=subvol=" X256 ",compress=zstd", K,
	  "root=/dev/vda1 type=btrfs ro=1 wait=30 opts=subvol=" X256 ";compress=zstd" },
	/* A page less its NUL is the most: path_mount ends the data at PAGE_SIZE - 1. */
	{ NULL, "root=/dev/vda1 rootflags=subvol=" X4088, K, "root=/dev/vda1 type=probe ro=1 wait=30 opts=subvol=" X4088 },
	{ NULL, "root=/dev/vda1 rootflags=subvol=" X4088 "x", K,
	  "error: rootflags=subvol=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...: 4096 bytes of options; at most 4095 fit (a page of mount data, the kernel's limit)" },
	/* systemd's joined rootflags= count with their commas. */
	{ NULL, "root=/dev/vda1 rootflags=subvol=" X4088 " rootflags=ssd", S,
	  "error: rootflags=ssd: 4099 bytes of options; at most 4095 fit (a page of mount data, the kernel's limit)" },

	/* ---- md= and raid= (md_setup, raid_setup; md_run_setup runs in prepare_namespace, which
	 *      kernel_init_freeable calls only when the initramfs has no /init) ---- */
	{ NULL, "root=/dev/md0 md=0,/dev/sda1,/dev/sdb1", K, "root=/dev/md0 type=probe ro=1 wait=30 warn=1" },
	{ NULL, "root=/dev/md0 raid=autodetect", K, "root=/dev/md0 type=probe ro=1 wait=30 warn=1" },
	/* raid=noautodetect asks for what happens anyway: no warning. */
	{ NULL, "root=/dev/vda1 raid=noautodetect", K, "root=/dev/vda1 type=probe ro=1 wait=30" },
	{ NULL, "root=/dev/md0 md=0,/dev/sda1,/dev/sdb1 raid=noautodetect", K, "root=/dev/md0 type=probe ro=1 wait=30 warn=1" },

	/* ---- rootwait, rootdelay (init/do_mounts.c) ---- */
	/* rootwait_setup: bare rootwait waits forever. */
	{ NULL, "root=/dev/vda1 rootwait", K, "root=/dev/vda1 type=probe ro=1 wait=forever" },
	/* rootwait_timeout_setup (6.4+): kstrtoint(str, 0) seconds. */
	{ NULL, "root=/dev/vda1 rootwait=5", K, "root=/dev/vda1 type=probe ro=1 wait=5" },
	{ NULL, "root=/dev/vda1 rootwait=0x10", K, "root=/dev/vda1 type=probe ro=1 wait=16" },
	/* ...an invalid value: "ignoring invalid rootwait value", wait forever. */
	{ NULL, "root=/dev/vda1 rootwait=abc", K, "root=/dev/vda1 type=probe ro=1 wait=forever warn=1" },
	{ NULL, "root=/dev/vda1 rootwait=-1", K, "root=/dev/vda1 type=probe ro=1 wait=forever warn=1" },
	{ NULL, "root=/dev/vda1 rootwait=", K, "root=/dev/vda1 type=probe ro=1 wait=forever warn=1" },
	/* ...check_mul_overflow(sec, MSEC_PER_SEC): "ignoring excessive rootwait value". */
	{ NULL, "root=/dev/vda1 rootwait=3000000", K, "root=/dev/vda1 type=probe ro=1 wait=forever warn=1" },
	/* Both set root_wait: the last one wins. */
	{ NULL, "root=/dev/vda1 rootwait=5 rootwait", K, "root=/dev/vda1 type=probe ro=1 wait=forever" },
	{ NULL, "root=/dev/vda1 rootwait rootwait=5", K, "root=/dev/vda1 type=probe ro=1 wait=5" },
	/* root_delay_setup: simple_strtoul(str, NULL, 0) — "5s" is 5, "010" octal 8, "abc" 0. */
	{ NULL, "root=/dev/vda1 rootdelay=5s", K, "root=/dev/vda1 type=probe ro=1 wait=30 delay=5 warn=1" },
	{ NULL, "root=/dev/vda1 rootdelay=010", K, "root=/dev/vda1 type=probe ro=1 wait=30 delay=8" },
	{ NULL, "root=/dev/vda1 rootdelay=abc", K, "root=/dev/vda1 type=probe ro=1 wait=30 warn=1" },
	{ NULL, "root=/dev/vda1 rootdelay=3 rootdelay=7", K, "root=/dev/vda1 type=probe ro=1 wait=30 delay=7" },

	/* ---- init= (init/main.c) ---- */
	/* run_init_process execs it after the chroot into the root: relative to /. */
	{ NULL, "root=/dev/vda1 init=sbin/init", K, "root=/dev/vda1 type=probe ro=1 wait=30 init=/sbin/init" },

	/* ---- quotes (lib/cmdline.c next_arg) ---- */
	/* A quote opening the parameter or the value groups and is removed. */
	{ NULL, "\"root=/dev/vda1\"", K, "root=/dev/vda1 type=probe ro=1 wait=30" },
	{ NULL, "root=\"LABEL=my root\"", K, "root=LABEL=my root type=probe ro=1 wait=30" },
	/* A quote inside the value groups but stays; the tag's value is unquoted as systemd's
	 * tag_to_udev_node does. */
	{ NULL, "root=LABEL=\"My Root\"", K, "root=LABEL=My Root type=probe ro=1 wait=30" },
	{ NULL, "root=PARTLABEL=\"EFI system\"", K, "root=PARTLABEL=EFI system type=probe ro=1 wait=30" },
	/* Single quotes do not group: "root=LABEL='a" and "b'" are two words. */
	{ NULL, "root=LABEL='a b'", K, "root=LABEL='a type=probe ro=1 wait=30" },
	/* A quoted comma in an option value is not a separator (libmount ul_optstr_next; the
	 * kernel's selinux_sb_eat_lsm_opts opt_len). */
	{ NULL, "root=/dev/vda1 rootflags=context=\"system_u:object_r:root_t:s0:c0,c1\",noatime", K,
	  "root=/dev/vda1 type=probe ro=1 wait=30 opts=context=system_u:object_r:root_t:s0:c0,c1" },
	/* There is no backslash escape. */
	{ NULL, "root=LABEL=a\\ b", K, "root=LABEL=a\\ type=probe ro=1 wait=30" },

	/* ---- '-' and '_' (kernel/params.c parameq / parameqn) ---- */
	/* Names compare with '-' and '_' equal; none of the root parameters has either, so it shows
	 * only where the name has one: a module parameter (test_modules) and dracut's own names,
	 * which dracut's getarg compares exactly (root.journaldev). Our own earlymount.* names
	 * follow the kernel: last wins among the spellings. */
	{ NULL, "root=/dev/vda1 earlymount.onfail=reboot earlymount.onfail=poweroff", K, "root=/dev/vda1 type=probe ro=1 wait=30 onfail=3" },
	{ NULL, "root.journaldev=/dev/vdb1 root=/dev/vda1 root.journaldev=/dev/vdc1", K, "root=/dev/vda1 type=probe ro=1 wait=30 journal=/dev/vdc1" },

	/* ---- "--" (parse_args stops; the rest is init's) ---- */
	{ NULL, "root=/dev/vda1 -- root=/dev/vdb1 single", K, "root=/dev/vda1 type=probe ro=1 wait=30 args=root=/dev/vdb1|single" },
	{ NULL, "root=/dev/vda1 -- \"two words\" x", K, "root=/dev/vda1 type=probe ro=1 wait=30 args=two words|x" },

	/* ---- dracut's forms (helper mode) ---- */
	{ NULL, "root=/dev/disk/by-id/ata-X-part1", K, "root=/dev/disk/by-id/ata-X-part1 type=probe ro=1 wait=30 warn=1" },
	{ NULL, "root=block:/dev/mapper/vg-root", K, "root=/dev/mapper/vg-root type=probe ro=1 wait=30" },
	{ NULL, "root=/dev/vda1 rootfstype=auto", K, "root=/dev/vda1 type=probe ro=1 wait=30" },
	{ NULL, "root=nfs:10.0.0.1:/srv/root", K, "error: root=nfs:10.0.0.1:/srv/root is a network root (NFS); dracut's nfs module mounts it" },

	/* ---- roots the kernel mounts itself, in prepare_namespace only: with an /init in the
	 *      initramfs it never does (init/main.c kernel_init_freeable) ---- */
	/* name_to_dev_t (6.1) / parse_root_device (6.5+): "/dev/nfs" is Root_NFS (mount_nfs_root). */
	{ NULL, "root=/dev/nfs nfsroot=10.0.0.1:/srv/root ip=dhcp", K,
	  "error: root=/dev/nfs is the kernel's NFS root (nfsroot=): the kernel mounts it only when it boots without an initramfs, and not with earlymount as /init; build the image with dracut's nfs module (it reads root=/dev/nfs and nfsroot=), or boot without one" },
	/* "/dev/cifs" is Root_CIFS (mount_cifs_root, cifsroot=). */
	{ NULL, "root=/dev/cifs", K,
	  "error: root=/dev/cifs is the kernel's CIFS root (cifsroot=): the kernel mounts it only when it boots without an initramfs, and not with earlymount as /init; build the image with dracut's cifs module (root=cifs://...), or boot without one" },
	/* "mtd" and "ubi" prefixes (strncmp 3): the name is the source for each rootfstype=. */
	{ NULL, "root=ubi0:rootfs rootfstype=ubifs", K,
	  "error: root=ubi0:rootfs is a UBI root: the kernel mounts it only when it boots without an initramfs, and not with earlymount as /init; boot without one, with UBI and ubifs built into the kernel" },
	{ NULL, "root=mtd:rootfs rootfstype=jffs2", K,
	  "error: root=mtd:rootfs is an MTD root: the kernel mounts it only when it boots without an initramfs, and not with earlymount as /init; boot without one, with its filesystem (jffs2, ...) built into the kernel" },
	/* "/dev/ram" is Root_RAM0: initrd_load copies an initrd image (not a cpio archive) there. */
	{ NULL, "root=/dev/ram", K,
	  "error: root=/dev/ram is the kernel's RAM disk, which it fills from an initrd image (not a cpio archive): the kernel mounts it only when it boots without an initramfs, and not with earlymount as /init; boot that image as the initrd without an initramfs, or put it on a disk" },

	/* ---- systemd-fstab-generator (parse_proc_cmdline_item, add_sysroot_mount,
	 *      add_sysroot_usr_mount) ---- */
	/* root=, rootfstype= and mount.usr= are free_and_strdup'ed: the last one wins. */
	{ NULL, "root=/dev/sda1 root=/dev/sda2 rootfstype=xfs rootfstype=ext4", S, "root=/dev/sda2 type=ext4 ro=1 wait=30" },
	/* rootflags= and mount.usrflags= are joined with ',' (strextend_with_separator). */
	{ NULL, "root=/dev/vda1 rootflags=data=journal rootflags=discard", S, "root=/dev/vda1 type=probe ro=1 wait=30 opts=data=journal;discard" },
	/* ro/rw from the line is appended after rootflags=, so the line wins; without one the
	 * rootflags' ro/rw stands. (The kernel's rules: rootflags=, coming later, wins.) */
	{ NULL, "root=/dev/vda1 rw rootflags=ro", S, "root=/dev/vda1 type=probe ro=0 wait=30" },
	{ NULL, "root=/dev/vda1 rw rootflags=ro", K, "root=/dev/vda1 type=probe ro=1 wait=30" },
	{ NULL, "root=/dev/vda1 rootflags=rw", S, "root=/dev/vda1 type=probe ro=0 wait=30" },
	/* /usr takes the root's type and options when it has none; mount.usrflags= alone mounts the
	 * root's device again; its device waits systemd's 90 s or x-systemd.device-timeout=. */
	{ NULL, "root=/dev/vda1 rootfstype=btrfs rootflags=subvol=@ mount.usrflags=subvol=@usr mount.usrflags=compress=zstd", S,
	  "root=/dev/vda1 type=btrfs ro=1 wait=30 opts=subvol=@ usr=/dev/vda1 usrtype=btrfs usrro=1 usrwait=90 usropts=subvol=@usr;compress=zstd" },
	{ NULL, "root=/dev/vda1 mount.usr=LABEL=usr rootflags=noatime,x-systemd.device-timeout=2min", S,
	  "root=/dev/vda1 type=probe ro=1 wait=120 opts= usr=LABEL=usr usrtype=probe usrro=1 usrwait=120 usropts=" },
	{ NULL, "root=/dev/vda1 mount.usr=LABEL=usr mount.usrflags=x-systemd.device-timeout=0", S,
	  "root=/dev/vda1 type=probe ro=1 wait=30 usr=LABEL=usr usrtype=probe usrro=1 usrwait=forever usropts=" },
	/* mount.usrfstype= or mount.usrflags= alone: the root's device on /usr, with the root's type
	 * and options where /usr has none (systemd-fstab-generator(8), add_sysroot_usr_mount), under
	 * the kernel's rules too (the kernel has no /usr parameters); the last rootflags= replaces. */
	{ NULL, "root=/dev/vda1 rootfstype=btrfs rootflags=subvol=@ mount.usrflags=subvol=@usr", K,
	  "root=/dev/vda1 type=btrfs ro=1 wait=30 opts=subvol=@ usr=/dev/vda1 usrtype=btrfs usrro=1 usrwait=30 usropts=subvol=@usr" },
	{ NULL, "root=/dev/vda1 rootflags=subvol=@ rootflags=compress=zstd mount.usrfstype=btrfs", K,
	  "root=/dev/vda1 type=probe ro=1 wait=30 opts=compress=zstd usr=/dev/vda1 usrtype=btrfs usrro=1 usrwait=30 usropts=compress=zstd" },
	{ NULL, "root=/dev/vda1 rootfstype=btrfs mount.usrfstype=btrfs", S,
	  "root=/dev/vda1 type=btrfs ro=1 wait=30 opts= usr=/dev/vda1 usrtype=btrfs usrro=1 usrwait=90 usropts=" },
	/* ...without a root= there is no device to take (isempty(arg_usr_what)): refused. */
	{ NULL, "mount.usrflags=subvol=@usr", K, "error: mount.usrflags= given without mount.usr= or root=: no device for /usr" },
	/* proc_cmdline_value_missing: "root" without a value is ignored with a warning. */
	{ NULL, "root=/dev/vda1 root", S, "root=/dev/vda1 type=probe ro=1 wait=30 warn=1" },
	/* tag_to_udev_node unquotes " and '. */
	{ NULL, "root=LABEL=\"My Root\"", S, "root=LABEL=My Root type=probe ro=1 wait=30" },
};

static void add(char *buf, size_t cap, const char *f, ...) __attribute__((format(printf, 3, 4)));
static void add(char *buf, size_t cap, const char *f, ...)
{
	size_t n = strlen(buf);
	va_list ap;
	va_start(ap, f);
	vsnprintf(buf + n, cap - n, f, ap);
	va_end(ap);
}

static void opts_text(const struct optset *o, char *buf, size_t cap)
{
	buf[0] = '\0';
	for (unsigned i = 0; i < o->nparams; i++)
		add(buf, cap, "%s%s%s%s", i ? ";" : "", o->params[i].key, o->params[i].value ? "=" : "",
		    o->params[i].value ? o->params[i].value : "");
}

static void wait_text(long w, char *buf, size_t cap)
{
	if (w < 0)
		snprintf(buf, cap, "forever");
	else
		snprintf(buf, cap, "%ld", w);
}

/* The short form of the plan described at the top. */
static void digest(char *out, size_t cap, int opts_always)
{
	char src[320], o[4400], w[32];
	out[0] = '\0';
	if (!p.have_root) {
		add(out, cap, "noroot");
	} else {
		plan_source_text(&p.root.src, src, sizeof(src));
		wait_text(p.root.wait_s, w, sizeof(w));
		add(out, cap, "root=%s type=%s ro=%d wait=%s", src, p.root.fstypes[0] ? p.root.fstypes : "probe",
		    p.root.opts.ro, w);
	}
	if (p.rootdelay_s)
		add(out, cap, " delay=%lu", p.rootdelay_s);
	if (p.init)
		add(out, cap, " init=%s", p.init);
	opts_text(&p.root.opts, o, sizeof(o));
	if (o[0] || (opts_always && p.have_usr))
		add(out, cap, " opts=%s", o);
	if (p.have_usr) {
		plan_source_text(&p.usr.src, src, sizeof(src));
		wait_text(p.usr.wait_s, w, sizeof(w));
		opts_text(&p.usr.opts, o, sizeof(o));
		add(out, cap, " usr=%s usrtype=%s usrro=%d usrwait=%s usropts=%s", src,
		    p.usr.fstypes[0] ? p.usr.fstypes : "probe", p.usr.opts.ro, w, o);
	}
	if (p.onfail)
		add(out, cap, " onfail=%d", (int)p.onfail);
	if (p.journaldev)
		add(out, cap, " journal=%s", p.journaldev);
	if (p.ninit_args) {
		add(out, cap, " args=");
		for (unsigned i = 0; i < p.ninit_args; i++)
			add(out, cap, "%s%s", i ? "|" : "", p.init_args[i]);
	}
	if (p.nwarnings)
		add(out, cap, " warn=%u", p.nwarnings);
}

int main(void)
{
	char err[512], got[9000];

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct row *r = &rows[i];
		int rc = 0;

		cl.nargs = cl.ninit = 0;
		cl.used = 0;
		err[0] = '\0';
		if (r->fragment)
			rc = cmdline_append(&cl, r->fragment, strlen(r->fragment));
		if (rc == 0)
			rc = cmdline_append(&cl, r->line, strlen(r->line));
		CHECK_INT(rc, 0);
		rc = spec_build(&cl, r->rules, &p, err, sizeof(err));
		if (rc < 0)
			snprintf(got, sizeof(got), "error: %s", err);
		else
			digest(got, sizeof(got), strstr(r->want, " opts= ") != NULL);
		if (strcmp(got, r->want) != 0)
			fprintf(stderr, "row %zu (%s rules): %s%s%s\n", i, r->rules == K ? "kernel" : "systemd",
			        r->fragment ? r->fragment : "", r->fragment ? " + " : "", r->line);
		CHECK_STR(got, r->want);
	}
	return t_done();
}
