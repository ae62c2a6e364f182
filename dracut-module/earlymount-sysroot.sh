#!/bin/sh
# SPDX-License-Identifier: MIT
# earlymount-sysroot.service: earlymount mounts root= (and mount.usr=, earlymount.mount=) on
# /sysroot, reading dracut's command line (--dracut: /etc/cmdline.d of host-only images,
# /etc/cmdline, then /proc/cmdline, as dracut's getcmdline) as systemd does (--rules systemd).
# When it cannot, it says why once and exits 0 with nothing mounted: systemd's own sysroot.mount
# (and /usr units) then mount as without earlymount. No dracut-lib.sh: sourcing it cost more
# guest CPU than earlymount's whole run (QEMU TCG).

# stderr: the journal and the console, under the unit's SyslogIdentifier=earlymount; <4> is the
# line's priority (warning), which journald takes off (systemd.exec(5), SyslogLevelPrefix=)
aside() {
	echo "<4>$1; systemd's sysroot.mount mounts the root instead" >&2
	exit 0
}

# same_device DEVICE UNIT WHAT: DEVICE is the device UNIT would mount (its What=, WHAT), which
# systemd waited for and checked; true too when UNIT names no existing device (a form only
# earlymount knows).
same_device() {
	[ -z "$3" ] || [ ! -e "$3" ] || [ "$1" -ef "$3" ] ||
		aside "it found $1 for $2, not $3 that systemd waited for"
}

root_what=$(systemctl show -P What sysroot.mount 2>/dev/null) || root_what=
# When systemd has waited for the root device (initrd-root-device.target; this unit comes after
# the checks), --wait 0: earlymount looks once, for the root and for /usr alike (systemd's own
# /usr units waited too), and does not wait again for a device it cannot recognise (a label on a
# filesystem it does not probe). Without such a device (no sysroot.mount, or one whose What= is no
# device node), earlymount waits as the line says.
wait=
[ -z "$root_what" ] || [ ! -e "$root_what" ] || wait=0
ROOT_DEVICE='' USR_DEVICE='' LAYERED=''
# ROOT_DEVICE=, ROOT_FSTYPE=, USR_DEVICE=, USR_FSTYPE= (shell assignments, quoted)
devs=$(/usr/sbin/earlymount resolve --rules systemd ${wait:+--wait "$wait"} --dracut) ||
	aside "cannot resolve the devices to mount (its message above says why)"
eval "$devs"
# A layered root (earlymount.volatile=, overlay=, rootimage=, a share): LAYERED says which
# option builds it in dracut.
[ -z "$LAYERED" ] || aside "$LAYERED"
same_device "$ROOT_DEVICE" sysroot.mount "$root_what"
[ -z "$USR_DEVICE" ] || same_device "$USR_DEVICE" sysusr-usr.mount "$(systemctl show -P What sysusr-usr.mount 2>/dev/null)"
/usr/sbin/earlymount mount --rules systemd ${wait:+--wait "$wait"} --sysroot /sysroot --dracut ||
	aside "mounting failed (its message above says why)"
