#!/bin/sh
# SPDX-License-Identifier: MIT
# earlymount-generator (systemd in the initrd): earlymount-sysroot.service mounts /sysroot (and
# /sysroot/usr for mount.usr=) before systemd's own units would, when earlymount takes root=.
#
# systemd-fstab-generator (or dracut-rootfs-generator) still writes sysroot.mount, sysusr-usr.mount
# and sysroot-usr.mount, with their device waits and their checks (systemd-fsck-root.service,
# systemd-fsck-usr.service). This generator only adds drop-ins: each of those units wants and
# follows earlymount-sysroot.service, and is skipped when its target is already a mount point
# (ConditionPathIsMountPoint=!). So when earlymount mounted, systemd only records the mounts; when
# it did not (it said why), systemd's units mount exactly as without earlymount.
#
# Arguments: NORMAL_DIR EARLY_DIR LATE_DIR.

. /lib/dracut-lib.sh

early=${2:-}
[ -n "$early" ] || exit 1
kmsg() { echo "<$1>earlymount-generator: $2" >/dev/kmsg 2>/dev/null; }

# earlymount decides (all parsing is its own): a root= it cannot take (nfs:, zfs=, none at all)
# stays with the other generators.
if ! why=$(/usr/sbin/earlymount plan --rules systemd --cmdline "$(getcmdline)" 2>&1 >/dev/null); then
	kmsg 5 "leaving /sysroot to systemd: ${why#earlymount: }"
	exit 0
fi

# dropin UNIT WHERE: UNIT follows earlymount-sysroot.service and is skipped if WHERE is mounted.
# (When its job runs before systemd has read earlymount's mount from mountinfo, the condition
# skips it; otherwise the unit is already active. Either way mount(8) does not run again.)
dropin() {
	mkdir -p "$early/$1.d"
	cat >"$early/$1.d/50-earlymount.conf" <<EOT
# Written by earlymount-generator: earlymount-sysroot.service mounts $2 first when it can.
[Unit]
Wants=earlymount-sysroot.service
After=earlymount-sysroot.service
ConditionPathIsMountPoint=!$2
EOT
}

dropin sysroot.mount /sysroot
dropin sysusr-usr.mount /sysroot/usr
dropin sysroot-usr.mount /sysroot/usr
mkdir -p "$early/initrd-root-fs.target.wants" "$early/earlymount-sysroot.service.d"
ln -sf /usr/lib/systemd/system/earlymount-sysroot.service "$early/initrd-root-fs.target.wants/"
# dracut-rootfs-generator's sysroot.mount (root= only in /etc/cmdline.d) checks the device with
# systemd-fsck@DEVICE.service: earlymount mounts after that check too (dracut's own names for it).
cat >"$early/earlymount-sysroot.service.d/50-fsck.conf" <<EOT
[Unit]
After=systemd-fsck@$(dev_unit_name "$(label_uuid_to_dev "$(getarg root=)")").service
EOT
exit 0
