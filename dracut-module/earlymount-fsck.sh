#!/bin/sh
# SPDX-License-Identifier: MIT
# earlymount-fsck.service: systemd-fsck (which reads fsck.mode= and fsck.repair= itself) on each
# device earlymount resolves; dracut's rd.skipfsck skips it too.
. /lib/dracut-lib.sh

if getargbool 0 rd.skipfsck; then
	info "earlymount: rd.skipfsck: no filesystem check"
	exit 0
fi
fsck=/usr/lib/systemd/systemd-fsck
[ -x "$fsck" ] || fsck=/lib/systemd/systemd-fsck
ROOT_DEVICE='' USR_DEVICE=''
# ROOT_DEVICE=, ROOT_FSTYPE=, USR_DEVICE=, USR_FSTYPE= (shell assignments, quoted)
devs=$(/usr/sbin/earlymount resolve --cmdline "$(getcmdline)") || exit 1
eval "$devs"
"$fsck" "$ROOT_DEVICE" || exit
[ -z "$USR_DEVICE" ] || exec "$fsck" "$USR_DEVICE"
