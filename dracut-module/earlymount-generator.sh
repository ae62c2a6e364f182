#!/bin/sh
# SPDX-License-Identifier: MIT
# earlymount-generator (systemd in the initrd): when earlymount takes the command line's root=,
# /sysroot (and /sysroot/usr for mount.usr=) becomes earlymount's.
#
# systemd-fstab-generator (or dracut-rootfs-generator) writes sysroot.mount, which would run
# mount(8) and systemd-fsck-root.service, into the normal generator directory. This generator
# writes its own sysroot.mount into the early one, whose units take precedence
# (systemd.generator(7)): it requires earlymount-sysroot.service and is ordered after it, so when
# its job runs, /sysroot is already mounted and systemd only records the mount; the check is
# earlymount-fsck.service's. The other generators' wants and requires (initrd-root-fs.target,
# the root device that initrd-root-device.target waits for) stay as they are.
#
# Arguments: NORMAL_DIR EARLY_DIR LATE_DIR.

. /lib/dracut-lib.sh

early=${2:-}
[ -n "$early" ] || exit 1
kmsg() { echo "<$1>earlymount-generator: $2" >/dev/kmsg 2>/dev/null; }

# earlymount decides (all parsing is its own): a root= it cannot take (nfs:, zfs=, none at all)
# stays with the other generators.
if ! why=$(/usr/sbin/earlymount plan --cmdline "$(getcmdline)" 2>&1 >/dev/null); then
	kmsg 5 "leaving /sysroot to systemd: ${why#earlymount: }"
	exit 0
fi

# mount_unit UNIT WHERE BEFORE...: a mount unit that earlymount-sysroot.service has done the
# work of. Its job often runs before systemd has read the new mount from mountinfo (every boot of
# the tests with systemd 252): the condition then skips it, and mount(8) never mounts a second
# time. Were WHERE somehow not mounted, What= names no device: the mount fails, which goes to
# emergency mode like any failed root mount.
mount_unit() {
	local unit="$1" where="$2"
	shift 2
	cat >"$early/$unit" <<EOF
# Written by earlymount-generator: earlymount-sysroot.service mounts $where.
[Unit]
Description=$where (mounted by earlymount)
Documentation=man:earlymount(8)
DefaultDependencies=no
Requires=earlymount-sysroot.service
After=earlymount-sysroot.service
Before=$*
ConditionPathIsMountPoint=!$where

[Mount]
What=earlymount
Where=$where
Type=earlymount
EOF
}

mkdir -p "$early/initrd-root-fs.target.requires"
mount_unit sysroot.mount /sysroot initrd-root-fs.target
ln -sf ../sysroot.mount "$early/initrd-root-fs.target.requires/sysroot.mount"
# Whether there is a /usr to mount is not parsing: dracut's getarg only looks the name up.
# systemd (250 and later) mounts mount.usr= on /sysusr/usr first, after systemd-fsck-usr.service,
# and binds that to /sysroot/usr. Here earlymount mounts /sysroot/usr and /sysusr/usr binds it:
# the device is checked and mounted once, by earlymount's units.
if [ -n "$(getarg mount.usr=)" ]; then
	mount_unit sysroot-usr.mount /sysroot/usr initrd-fs.target
	cat >"$early/sysusr-usr.mount" <<EOF
# Written by earlymount-generator: /sysusr/usr is the /usr that earlymount mounted on /sysroot/usr.
[Unit]
Description=/sysusr/usr (earlymount's /sysroot/usr)
Documentation=man:earlymount(8)
DefaultDependencies=no
Requires=earlymount-sysroot.service
After=earlymount-sysroot.service
Before=initrd-usr-fs.target

[Mount]
What=/sysroot/usr
Where=/sysusr/usr
Options=bind
EOF
	mkdir -p "$early/initrd-fs.target.requires" "$early/initrd-usr-fs.target.requires"
	ln -sf ../sysroot-usr.mount "$early/initrd-fs.target.requires/sysroot-usr.mount"
	ln -sf ../sysusr-usr.mount "$early/initrd-usr-fs.target.requires/sysusr-usr.mount"
fi
exit 0
