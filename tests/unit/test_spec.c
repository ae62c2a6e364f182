/* SPDX-License-Identifier: MIT */
/* The mount spec: every accepted root= form, and each invalid one with its own message. */
#include "../t.h"
#include "compat.h"
#include "spec.h"

#include "spec_t.h"

static const struct {
	const char *cmdline;
	enum devkind kind;
	const char *value;
	int partnroff;
	unsigned major, minor;
} good_roots[] = {
	{ "root=/dev/vda1", DEV_PATH, "/dev/vda1", 0, 0, 0 },
	{ "root=/dev/nvme0n1p2", DEV_PATH, "/dev/nvme0n1p2", 0, 0, 0 },
	{ "root=/dev/mapper/vg-root", DEV_PATH, "/dev/mapper/vg-root", 0, 0, 0 },
	{ "root=UUID=0b3c8a2e-5f1d-4c2b-9e7a-1d2c3b4a5f6e", DEV_UUID, "0b3c8a2e-5f1d-4c2b-9e7a-1d2c3b4a5f6e", 0, 0, 0 },
	{ "root=UUID=ABCD-1234", DEV_UUID, "ABCD-1234", 0, 0, 0 },
	{ "root=LABEL=root", DEV_LABEL, "root", 0, 0, 0 },
	{ "root=\"LABEL=my root\"", DEV_LABEL, "my root", 0, 0, 0 },
	/* systemd's tag_to_udev_node unquotes the tag's value; the kernel leaves the quotes in it. */
	{ "root=LABEL=\"my root\"", DEV_LABEL, "my root", 0, 0, 0 },
	{ "root=LABEL='root'", DEV_LABEL, "root", 0, 0, 0 }, /* ' does not group in the kernel (next_arg) */
	{ "root=LABEL=\"my root'", DEV_LABEL, "\"my root'", 0, 0, 0 },
	{ "root=UUID=\"0b3c8a2e-5f1d-4c2b-9e7a-1d2c3b4a5f6e\"", DEV_UUID, "0b3c8a2e-5f1d-4c2b-9e7a-1d2c3b4a5f6e", 0, 0, 0 },
	{ "root=PARTLABEL=\"EFI system\"", DEV_PARTLABEL, "EFI system", 0, 0, 0 },
	{ "root=PARTUUID='1234abcd-02'", DEV_PARTUUID, "1234abcd-02", 0, 0, 0 },
	{ "root=/dev/disk/by-id/ata-foo-part1", DEV_PATH, "/dev/disk/by-id/ata-foo-part1", 0, 0, 0 },
	{ "root=/dev/disk/by-path/pci-0000:00:1f.2-ata-1-part2", DEV_PATH, "/dev/disk/by-path/pci-0000:00:1f.2-ata-1-part2", 0, 0, 0 },
	{ "root=/dev/md127", DEV_PATH, "/dev/md127", 0, 0, 0 },
	{ "root=block:/dev/vda3", DEV_PATH, "/dev/vda3", 0, 0, 0 },
	{ "root=0x801", DEV_DEVNUM, "0x801", 0, 8, 1 },
	{ "root=259:0:1", DEV_DEVNUM, "259:0:1", 0, 259, 0 },
	{ "root=PARTUUID=6a2f1b3c-0d4e-4f5a-8b6c-7d8e9f0a1b2c", DEV_PARTUUID, "6a2f1b3c-0d4e-4f5a-8b6c-7d8e9f0a1b2c", 0, 0, 0 },
	{ "root=PARTUUID=6a2f1b3c-0d4e-4f5a-8b6c-7d8e9f0a1b2c/PARTNROFF=1", DEV_PARTUUID, "6a2f1b3c-0d4e-4f5a-8b6c-7d8e9f0a1b2c", 1, 0, 0 },
	{ "root=PARTUUID=1234abcd-02", DEV_PARTUUID, "1234abcd-02", 0, 0, 0 },
	{ "root=PARTUUID=1234abcd-02/PARTNROFF=-1", DEV_PARTUUID, "1234abcd-02", -1, 0, 0 },
	{ "root=PARTLABEL=rootfs", DEV_PARTLABEL, "rootfs", 0, 0, 0 },
	{ "root=8:1", DEV_DEVNUM, "8:1", 0, 8, 1 },
	{ "root=259:0", DEV_DEVNUM, "259:0", 0, 259, 0 },
	{ "root=0801", DEV_DEVNUM, "0801", 0, 8, 1 },
	{ "root=/dev/disk/by-uuid/0b3c8a2e-5f1d-4c2b-9e7a-1d2c3b4a5f6e", DEV_UUID, "0b3c8a2e-5f1d-4c2b-9e7a-1d2c3b4a5f6e", 0, 0, 0 },
	{ "root=/dev/disk/by-label/my\\x20root", DEV_LABEL, "my root", 0, 0, 0 },
	{ "root=/dev/disk/by-partuuid/1234abcd-02", DEV_PARTUUID, "1234abcd-02", 0, 0, 0 },
	{ "root=/dev/disk/by-partlabel/root", DEV_PARTLABEL, "root", 0, 0, 0 },
};

static const struct {
	const char *cmdline;
	const char *message;
} bad[] = {
	{ "root=", "root=: empty value" },
	{ "root=/dev/vda init=../../bin/sh", "init=../../bin/sh: not an absolute path, and it climbs with '..' (a relative init= runs from /: write it without '..')" },
	{ "root=UUID=", "root=UUID=: the UUID is empty" },
	{ "root=UUID=xyz", "root=UUID=xyz: 'xyz' is not a UUID: only hex digits and '-' are allowed" },
	{ "root=LABEL=", "root=LABEL=: the LABEL is empty" },
	{ "root=PARTUUID=", "root=PARTUUID=: the PARTUUID is empty" },
	{ "root=PARTUUID=1234x", "root=PARTUUID=1234x: '1234x' is not a PARTUUID: expected a GPT GUID (8-4-4-4-12 hex digits) or an MBR SSSSSSSS-PP, or the start of one" },
	{ "root=PARTUUID=deadbeef-05-1", "root=PARTUUID=deadbeef-05-1: 'deadbeef-05-1' is not a PARTUUID: expected a GPT GUID (8-4-4-4-12 hex digits) or an MBR SSSSSSSS-PP, or the start of one" },
	{ "root=PARTUUID=/PARTNROFF=1", "root=PARTUUID=/PARTNROFF=1: no PARTUUID before '/PARTNROFF='" },
	{ "root=/dev/disk/by-partuuid/deadbeef", "root=/dev/disk/by-partuuid/deadbeef: 'deadbeef' is not a whole PARTUUID, and udev names its links after whole ones" },
	{ "root=PARTUUID=1234abcd-02/PARTNROFF=x", "root=PARTUUID=1234abcd-02/PARTNROFF=x: '/PARTNROFF=x' after the PARTUUID is not /PARTNROFF=<number>" },
	{ "root=PARTUUID=1234abcd-02/OFF=1", "root=PARTUUID=1234abcd-02/OFF=1: '/OFF=1' after the PARTUUID is not /PARTNROFF=<number>" },
	{ "root=PARTLABEL=", "root=PARTLABEL=: the PARTLABEL is empty" },
	{ "root=/dev/", "root=/dev/: '/dev/' is not a device: expected /dev/NAME, UUID=, LABEL=, PARTUUID=, PARTLABEL= or MAJ:MIN" },
	{ "root=/etc/passwd", "root=/etc/passwd: '/etc/passwd' is not a device: expected /dev/NAME, UUID=, LABEL=, PARTUUID=, PARTLABEL= or MAJ:MIN" },
	{ "root=/dev/../etc/shadow", "root=/dev/../etc/shadow: '/dev/../etc/shadow' contains '..'" },
	{ "root=/dev/nfs", "root=/dev/nfs is the kernel's NFS root (nfsroot=): the kernel mounts it only when it boots without an initramfs, and not with earlymount as /init; build the image with dracut's nfs module (it reads root=/dev/nfs and nfsroot=), or boot without one" },
	{ "root=/dev/cifs", "root=/dev/cifs is the kernel's CIFS root (cifsroot=): the kernel mounts it only when it boots without an initramfs, and not with earlymount as /init; build the image with dracut's cifs module (root=cifs://...), or boot without one" },
	{ "root=ubi0:rootfs", "root=ubi0:rootfs is a UBI root: the kernel mounts it only when it boots without an initramfs, and not with earlymount as /init; boot without one, with UBI and ubifs built into the kernel" },
	{ "root=ubi:rootfs", "root=ubi:rootfs is a UBI root: the kernel mounts it only when it boots without an initramfs, and not with earlymount as /init; boot without one, with UBI and ubifs built into the kernel" },
	{ "root=mtd:rootfs", "root=mtd:rootfs is an MTD root: the kernel mounts it only when it boots without an initramfs, and not with earlymount as /init; boot without one, with its filesystem (jffs2, ...) built into the kernel" },
	{ "root=nfs:10.0.0.1:/export", "root=nfs:10.0.0.1:/export is a network root (NFS); dracut's nfs module mounts it" },
	{ "root=live:CDLABEL=Fedora", "root=live:CDLABEL=Fedora is a live image root; dracut's dmsquash-live module mounts it" },
	{ "root=zfs:rpool/ROOT/debian", "root=zfs:rpool/ROOT/debian is a ZFS root; the zfs dracut module (zfs-dracut) mounts it" },
	{ "root=iscsi:10.0.0.1::::iqn.2000-01.com.example:disk", "root=iscsi:10.0.0.1::::iqn.2000-01.com.example:disk is an iSCSI root; dracut's iscsi module logs in to it" },
	{ "root=dhcp", "root=dhcp is a network root named by DHCP; dracut's nfs module mounts it" },
	{ "root=/dev/ram0", "root=/dev/ram0 is the kernel's RAM disk, which it fills from an initrd image (not a cpio archive): the kernel mounts it only when it boots without an initramfs, and not with earlymount as /init; boot that image as the initrd without an initramfs, or put it on a disk" },
	{ "root=259:0:1:2", "root=259:0:1:2: '259:0:1:2' is not a MAJOR:MINOR device number" },
	{ "root=8:1:", "root=8:1:: '8:1:' is not a MAJOR:MINOR device number" },
	{ "root=0x", "root=0x: '0x' is not a device: expected /dev/NAME, UUID=, LABEL=, PARTUUID=, PARTLABEL= or MAJ:MIN (did you mean /dev/...?)" },
	{ "root=/dev/disk/by-uuid/", "root=/dev/disk/by-uuid/: the UUID is empty" },
	{ "root=/dev/disk/by-label/a/b", "root=/dev/disk/by-label/a/b: 'a/b' has a '/' after the LABEL" },
	{ "root=8:x", "root=8:x: '8:x' is not a MAJOR:MINOR device number" },
	{ "root=vda1", "root=vda1: 'vda1' is not a device: expected /dev/NAME, UUID=, LABEL=, PARTUUID=, PARTLABEL= or MAJ:MIN (did you mean /dev/...?)" },
	{ "root=/dev/vda rootfstype=", "rootfstype=: empty value" },
	{ "root=/dev/vda rootfstype=,", "rootfstype=,: no filesystem type in the list, only commas" },
	{ "root=/dev/vda rootfstype=,,", "rootfstype=,,: no filesystem type in the list, only commas" },
	{ "root=/dev/vda rootfstype=ext4;rm", "rootfstype=ext4;rm: 'ext4;rm' is not a filesystem type (character ';')" },
	{ "root=/dev/vda rootflags=bind", "rootflags=bind: option 'bind' is not allowed here: give 'bind' as the filesystem type (WHAT:WHERE:bind:OPTIONS)" },
	{ "root=/dev/vda rootflags=remount", "rootflags=remount: option 'remount' is not allowed here: earlymount only makes new mounts" },
	{ "root=/dev/vda rootflags==x", "rootflags==x: option '=x' has no name before '='" },
	{ "root=/dev/vda earlymount.timeout=", "earlymount.timeout=: empty value" },
	{ "root=/dev/vda earlymount.timeout=1e3", "earlymount.timeout=1e3: not a number of seconds (0 to 86400)" },
	{ "root=/dev/vda init=", "init=: empty value" },
	{ "root=/dev/vda earlymount.onfail=explode", "earlymount.onfail=explode: expected shell, reboot, poweroff, halt or panic" },
	{ "root=/dev/vda earlymount.debug=maybe", "earlymount.debug=maybe: expected nothing, 1 or 0" },
	{ "root=/dev/vda earlymount.timout=5", "earlymount.timout: unknown earlymount parameter (known: earlymount.mount, earlymount.timeout, earlymount.debug, earlymount.onfail, earlymount.modules, earlymount.jobs, "
	  "earlymount.volatile, earlymount.overlay, earlymount.overlayflags, earlymount.rootimage, earlymount.tmpfsflags)" },
	{ "mount.usrfstype=ext4", "mount.usrfstype= given without mount.usr= or root=: no device for /usr" },
	{ "mount.usrflags=ro", "mount.usrflags= given without mount.usr= or root=: no device for /usr" },
	{ "root=/dev/vda mount.usr=", "mount.usr=: empty value" },
	{ "root=/dev/vda mount.usr=LABEL=", "mount.usr=LABEL=: the LABEL is empty" },
	{ "root=/dev/vda earlymount.mount=", "earlymount.mount=: empty value" },
	{ "root=/dev/vda earlymount.mount=tmpfs", "earlymount.mount=tmpfs: expected WHAT:WHERE[:FSTYPE[:OPTIONS]] with WHERE an absolute path" },
	{ "root=/dev/vda earlymount.mount=tmpfs:/x", "earlymount.mount=tmpfs:/x: 'tmpfs' is not a device, so a filesystem type is needed (WHAT:WHERE:FSTYPE)" },
	{ "root=/dev/vda earlymount.mount=tmpfs:/:tmpfs", "earlymount.mount=tmpfs:/:tmpfs: the mount point is the root itself; use root= for that" },
	{ "root=/dev/vda earlymount.mount=tmpfs:/a/../..:tmpfs", "earlymount.mount=tmpfs:/a/../..:tmpfs: the mount point '/a/../..' contains '..'" },
	{ "root=/dev/vda earlymount.mount=:/x:tmpfs", "earlymount.mount=:/x:tmpfs: expected WHAT:WHERE[:FSTYPE[:OPTIONS]] with WHERE an absolute path" },
	{ "root=/dev/vda earlymount.mount=data:/x:bind", "earlymount.mount=data:/x:bind: the bind source 'data' is not an absolute path" },
	{ "root=/dev/vda earlymount.mount=/../etc:/x:bind", "earlymount.mount=/../etc:/x:bind: the bind source '/../etc' contains '..'" },
	{ "root=/dev/vda earlymount.mount=LABEL=:/x", "earlymount.mount=LABEL=:/x: the LABEL is empty" },
	{ "root=/dev/vda earlymount.mount=tmpfs:/x:tmpfs:loop", "earlymount.mount=tmpfs:/x:tmpfs:loop: option 'loop' is not allowed here: loop devices are not supported" },
};

int main(void)
{
	for (size_t i = 0; i < sizeof(good_roots) / sizeof(good_roots[0]); i++) {
		int r = build(good_roots[i].cmdline);
		if (r != 0)
			fprintf(stderr, "%s: %s\n", good_roots[i].cmdline, err);
		CHECK_INT(r, 0);
		CHECK_INT(p.have_root, 1);
		CHECK_INT(p.root.src.kind, good_roots[i].kind);
		CHECK_STR(p.root.src.value, good_roots[i].value);
		CHECK_INT(p.root.src.partnroff, good_roots[i].partnroff);
		CHECK_INT(p.root.src.major, good_roots[i].major);
		CHECK_INT(p.root.src.minor, good_roots[i].minor);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int r = build(bad[i].cmdline);
		/* Roots that others mount are told apart (the dracut hook then steps aside). */
		CHECK_INT(r, strstr(bad[i].message, " mounts it") || strstr(bad[i].message, " logs in to it") ||
		                     strstr(bad[i].message, " connects it") ? -EOPNOTSUPP : -EINVAL);
		CHECK_STR(err, bad[i].message);
	}

	/* Empty names in an earlymount.mount= type list are dropped as rootfstype='s are (the
	 * kernel's split_fs_names and mount_root_generic), with a warning. */
	CHECK_INT(build("root=/dev/vda earlymount.mount=tmpfs:/x:,tmpfs,:size=1M"), 0);
	CHECK_STR(p.extra[0].fstypes, "tmpfs");
	CHECK_INT(p.nwarnings, 1);
	CHECK_INT(build("root=/dev/vda earlymount.mount=/srv:/x:bind"), 0);
	CHECK_INT(p.nwarnings, 0);

	/* Defaults and precedence. */
	CHECK_INT(build("root=/dev/vda"), 0);
	CHECK_INT(p.root.opts.ro, 1); /* the kernel mounts root read-only unless rw */
	CHECK_INT(p.wait_s, 30);
	CHECK_STR(p.wait_from, "default");
	CHECK_INT(p.onfail, ONFAIL_DEFAULT);
	CHECK(p.init == NULL);
	CHECK_INT(build("root=/dev/vda rw"), 0);
	CHECK_INT(p.root.opts.ro, 0);
	CHECK_INT(build("root=/dev/vda rw ro"), 0);
	CHECK_INT(p.root.opts.ro, 1);
	CHECK_INT(build("root=/dev/vda ro rootflags=rw"), 0);
	CHECK_INT(p.root.opts.ro, 0);
	CHECK_INT(build("root=/dev/vda root=LABEL=x"), 0); /* the last one wins, as in the kernel */
	CHECK_INT(p.root.src.kind, DEV_LABEL);
	CHECK_INT(build("root=/dev/vda rootwait"), 0);
	CHECK_INT(p.wait_s, -1);
	CHECK_INT(build("root=/dev/vda rootwait=7 earlymount.timeout=3"), 0);
	CHECK_INT(p.wait_s, 7); /* rootwait says how long; the timeout is for when it does not */
	CHECK_INT(build("root=/dev/vda earlymount.timeout=3"), 0);
	CHECK_INT(p.wait_s, 3);
	/* The waits rootwait's "forever" does not reach (issue 27). The other members of a btrfs: the
	 * node's own limit, else earlymount.timeout=, else the default. */
	CHECK_INT(build("root=/dev/vda rootwait"), 0);
	CHECK_INT(p.root.wait_s, -1);
	CHECK_INT(p.root.members_wait_s, 30);
	CHECK_INT(build("root=/dev/vda rootwait earlymount.timeout=3"), 0);
	CHECK_INT(p.root.wait_s, -1);
	CHECK_INT(p.root.members_wait_s, 3);
	CHECK_INT(build("root=/dev/vda earlymount.timeout=3 rootwait=7"), 0);
	CHECK_INT(p.root.members_wait_s, 7);
	/* A nofail mount: x-systemd.device-timeout=, else the plan's finite wait, else
	 * earlymount.timeout=, else systemd's 90 s; a mount without nofail waits as the root does. */
	CHECK_INT(build("root=/dev/vda rootwait earlymount.mount=LABEL=d:/srv:ext4:nofail earlymount.mount=LABEL=e:/mnt:ext4"), 0);
	CHECK_INT(p.extra[0].wait_s, 90);
	CHECK_STR(p.extra[0].wait_from, "systemd's default device timeout");
	CHECK_INT(p.extra[0].members_wait_s, 90);
	CHECK_INT(p.extra[1].wait_s, -1);
	CHECK_INT(build("root=/dev/vda rootwait earlymount.timeout=4 earlymount.mount=LABEL=d:/srv:ext4:nofail"), 0);
	CHECK_INT(p.extra[0].wait_s, 4);
	CHECK_STR(p.extra[0].wait_from, "earlymount.timeout");
	CHECK_INT(build("root=/dev/vda rootwait earlymount.mount=LABEL=d:/srv:ext4:nofail,x-systemd.device-timeout=2min"), 0);
	CHECK_INT(p.extra[0].wait_s, 120);
	CHECK_STR(p.extra[0].wait_from, "x-systemd.device-timeout");
	CHECK_INT(build("earlymount.timeout=5 root=/dev/vda earlymount.mount=LABEL=d:/srv:ext4:nofail,x-systemd.device-timeout=2"), 0);
	CHECK_INT(p.extra[0].wait_s, 2);
	CHECK_INT(build("root=/dev/vda earlymount.timeout=5 earlymount.mount=LABEL=d:/srv:ext4:nofail"), 0);
	CHECK_INT(p.extra[0].wait_s, 5);
	CHECK_STR(p.extra[0].wait_from, "earlymount.timeout");
	/* infinity is systemd's "no limit", taken as said; a value systemd ignores is ignored */
	CHECK_INT(build("root=/dev/vda rootwait earlymount.mount=LABEL=d:/srv:ext4:nofail,x-systemd.device-timeout=infinity"), 0);
	CHECK_INT(p.extra[0].wait_s, -1);
	CHECK_INT(p.extra[0].members_wait_s, 30);
	CHECK_INT(build("root=/dev/vda rootwait earlymount.mount=LABEL=d:/srv:ext4:nofail,x-systemd.device-timeout=soon"), 0);
	CHECK_INT(p.extra[0].wait_s, 90);
	CHECK(strstr(p.warnings, "x-systemd.device-timeout=soon: not a time span") != NULL);
	/* x-systemd.device-timeout= of a mount without nofail stays systemd's rules' only */
	CHECK_INT(build("root=/dev/vda rootwait earlymount.mount=LABEL=d:/srv:ext4:x-systemd.device-timeout=2"), 0);
	CHECK_INT(p.extra[0].wait_s, -1);
	CHECK_INT(build("root=/dev/vda rootwait mount.usr=LABEL=u mount.usrflags=nofail"), 0);
	CHECK_INT(p.usr.wait_s, 90);
	CHECK_INT(build("root=/dev/vda earlymount.timeout=4 earlymount.debug"), 0);
	CHECK_INT(p.wait_s, 4);
	CHECK_INT(p.debug, 1);
	CHECK_INT(build("root=/dev/vda rootfstype=xfs,ext4 rootflags=noatime,data=journal"), 0);
	CHECK_STR(p.root.fstypes, "xfs,ext4");
	CHECK_INT(p.root.opts.nparams, 1);
	CHECK_STR(p.root.opts.params[0].key, "data");
	CHECK_INT(build("root=/dev/vda mount.usr=LABEL=usr mount.usrfstype=ext4 mount.usrflags=noatime"), 0);
	CHECK_INT(p.have_usr, 1);
	CHECK_STR(p.usr.target, "/usr");
	CHECK_STR(p.usr.fstypes, "ext4");
	CHECK_INT(p.usr.opts.ro, 1); /* follows the root */
	CHECK_INT(build("root=/dev/vda init=/sbin/other -- a b"), 0);
	CHECK_STR(p.init, "/sbin/other");
	CHECK_INT(p.ninit_args, 2);
	CHECK_INT(build("root=/dev/vda earlymount.onfail=poweroff earlymount.modules=virtio-blk,ext4"), 0);
	CHECK_INT(p.onfail, ONFAIL_POWEROFF);
	CHECK_INT(p.nmodules, 2);
	CHECK_STR(p.modules[0], "virtio_blk");
	CHECK_INT(build("root=/dev/vda foo=bar rd.luks=0 quiet splash"), 0); /* others' parameters */

	/* onfail and debug hold even when a parameter before them is invalid. */
	CHECK_INT(build("root=UUID= earlymount.onfail=poweroff earlymount.debug"), -EINVAL);
	CHECK_INT(p.onfail, ONFAIL_POWEROFF);
	CHECK_INT(p.debug, 1);
	CHECK_INT(build("root=UUID=x earlymount.onfail=bogus earlymount.onfail=reboot"), -EINVAL);
	CHECK_INT(p.onfail, ONFAIL_REBOOT);

	/* A warning is one line whatever the value holds (a newline inside quotes, ESC). */
	CHECK_INT(build("root=/dev/vda rootdelay=\"5\nEVIL: ok\x1b[2J\""), 0);
	CHECK_INT(p.nwarnings, 1);
	CHECK_STR(p.warnings, "rootdelay=5\\x0aEVIL: ok\\x1b[2J: read as 5 s, as the kernel does (it stops at the first byte that is not a digit)\n");

	/* earlymount.mount forms. */
	CHECK_INT(build("root=/dev/vda earlymount.mount=/srv/data:/mnt/ro:bind:ro,nosuid,private"), 0);
	CHECK_INT(p.nextra, 1);
	CHECK_INT(p.extra[0].bind, 1);
	CHECK_INT(p.extra[0].src.kind, DEV_BIND);
	CHECK_STR(p.extra[0].src.value, "/srv/data");
	CHECK_STR(p.extra[0].target, "/mnt/ro");
	CHECK_INT(p.extra[0].opts.ro, 1);
	CHECK(p.extra[0].opts.attr_set == EM_MOUNT_ATTR_NOSUID);
	CHECK(p.extra[0].opts.propagation == EM_MS_PRIVATE);
	CHECK_INT(build("root=/dev/vda earlymount.mount=8:17:/data:ext4:noatime"), 0);
	CHECK_INT(p.extra[0].src.kind, DEV_DEVNUM);
	CHECK_INT(p.extra[0].src.major, 8);
	CHECK_INT(p.extra[0].src.minor, 17);
	CHECK_STR(p.extra[0].target, "/data");
	CHECK_INT(build("root=/dev/vda \"earlymount.mount=overlay:/merged:overlay:lowerdir=/a:/b,upperdir=/u,workdir=/w\""), 0);
	CHECK_STR(p.extra[0].fstypes, "overlay");
	CHECK_INT(p.extra[0].opts.nparams, 3);
	CHECK_STR(p.extra[0].opts.params[0].value, "/a:/b");
	CHECK_INT(build("root=/dev/vda earlymount.mount=LABEL=data:/srv earlymount.mount=tmpfs:/srv/tmp:tmpfs:size=1M,nofail"), 0);
	CHECK_INT(p.nextra, 2);
	CHECK_STR(p.extra[0].fstypes, "");
	CHECK_INT(p.extra[1].opts.nofail, 1);
	/* WHAT with ":/" in it (an NFS export): WHERE is the first ":/" after which an FSTYPE
	 * without '/' (or the end) follows. */
	CHECK_INT(build("root=/dev/vda earlymount.mount=server:/export:/mnt:nfs:vers=4"), 0);
	CHECK_STR(p.extra[0].src.value, "server:/export");
	CHECK_INT(p.extra[0].src.kind, DEV_NONE);
	CHECK_STR(p.extra[0].target, "/mnt");
	CHECK_STR(p.extra[0].fstypes, "nfs");
	CHECK_STR(p.extra[0].opts.params[0].key, "vers");
	CHECK_INT(build("root=/dev/vda earlymount.mount=server:/export:/mnt:nfs"), 0);
	CHECK_STR(p.extra[0].src.value, "server:/export");
	CHECK_STR(p.extra[0].target, "/mnt");
	CHECK_INT(build("root=/dev/vda earlymount.mount=[fe80::1]:/export:/mnt:nfs4"), 0);
	CHECK_STR(p.extra[0].src.value, "[fe80::1]:/export");
	CHECK_STR(p.extra[0].target, "/mnt");
	CHECK_INT(build("root=/dev/vda earlymount.mount=server:/export:/mnt"), -EINVAL);
	CHECK_STR(err, "earlymount.mount=server:/export:/mnt: 'server:/export' is not a device, so a filesystem type is needed (WHAT:WHERE:FSTYPE)");
	/* Every older form keeps its reading: MAJ:MIN, overlay options with ":/", an empty FSTYPE,
	 * a bind source. */
	CHECK_INT(build("root=/dev/vda earlymount.mount=259:3:/data:xfs:logbufs=8"), 0);
	CHECK_INT(p.extra[0].src.major, 259);
	CHECK_STR(p.extra[0].target, "/data");
	CHECK_INT(build("root=/dev/vda earlymount.mount=overlay:/m:overlay:lowerdir=/a:/b"), 0);
	CHECK_STR(p.extra[0].src.value, "overlay");
	CHECK_STR(p.extra[0].target, "/m");
	CHECK_STR(p.extra[0].opts.params[0].value, "/a:/b");
	CHECK_INT(build("root=/dev/vda earlymount.mount=LABEL=x:/srv::noatime"), 0);
	CHECK_STR(p.extra[0].target, "/srv");
	CHECK_INT(build("root=/dev/vda earlymount.mount=/a:/b:/c:bind"), 0); /* source /a:/b */
	CHECK_STR(p.extra[0].src.value, "/a:/b");
	CHECK_STR(p.extra[0].target, "/c");
	/* The ambiguous case: both readings fit; the shorter WHAT wins (documented). */
	CHECK_INT(build("root=/dev/vda earlymount.mount=h:/e:nfs:/x:y"), 0);
	CHECK_STR(p.extra[0].src.value, "h");
	CHECK_STR(p.extra[0].target, "/e");
	CHECK_STR(p.extra[0].fstypes, "nfs");
	CHECK_INT(build("root=/dev/vda earlymount.mount=/srv:/mnt:rbind:rslave"), 0);
	CHECK_INT(p.extra[0].opts.recursive, 1);
	CHECK(p.extra[0].opts.propagation == EM_MS_SLAVE);

	/* The device-mapper and md names, which earlymount never sets up (a timeout says so). */
	{
		static const struct {
			const char *cmdline;
			const char *what; /* NULL: not one */
		} stacked[] = {
			{ "root=/dev/mapper/vg-root", "a device-mapper device (LVM, LUKS, multipath)" },
			{ "root=/dev/dm-0", "a device-mapper device (LVM, LUKS, multipath)" },
			{ "root=/dev/disk/by-id/dm-name-vg-root", "a device-mapper device (LVM, LUKS, multipath)" },
			{ "root=/dev/md0", "an MD RAID array" },
			{ "root=/dev/md127p1", "an MD RAID array" },
			{ "root=/dev/md/root", "an MD RAID array" },
			{ "root=/dev/disk/by-id/md-uuid-0a1b2c3d:4e5f6071:8293a4b5:c6d7e8f9", "an MD RAID array" },
			{ "root=/dev/mmcblk0p2", NULL },
			{ "root=/dev/disk/by-id/ata-foo-part1", NULL },
			{ "root=/dev/vg/root", NULL }, /* LVM's own link: a path like any other */
			{ "root=LABEL=/dev/mapper/x", NULL },
			{ "root=UUID=0b3c8a2e-5f1d-4c2b-9e7a-1d2c3b4a5f6e", NULL },
		};
		for (size_t i = 0; i < sizeof(stacked) / sizeof(stacked[0]); i++) {
			CHECK_INT(build(stacked[i].cmdline), 0);
			const struct devspec_stack *st = devspec_stacked(&p.root.src);
			if (!stacked[i].what) {
				CHECK(st == NULL);
				continue;
			}
			CHECK(st != NULL);
			if (st) {
				CHECK_STR(st->what, stacked[i].what);
				CHECK(strstr(st->who, "dracut's") != NULL);
			}
		}
		CHECK_INT(build("root=/dev/dm-3"), 0);
		CHECK(strstr(devspec_stacked(&p.root.src)->who, "dm-mod.create=") != NULL);
	}

	/* Too many entries: a clear error, not an overflow. */
	{
		static char big[CMDLINE_MAX];
		size_t n = (size_t)sprintf(big, "root=/dev/vda");
		for (int i = 0; i < PLAN_MAX_EXTRA + 1; i++)
			n += (size_t)sprintf(big + n, " earlymount.mount=tmpfs:/m%d:tmpfs", i);
		CHECK_INT(build(big), -EINVAL);
		CHECK(strstr(err, "too many earlymount.mount= entries (at most 32)") != NULL);
	}
	return t_done();
}
