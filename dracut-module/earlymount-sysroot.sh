#!/bin/sh
# SPDX-License-Identifier: MIT
# earlymount-sysroot.service: earlymount mounts /sysroot, with dracut's command line
# (/etc/cmdline.d of host-only images, then /proc/cmdline).
. /lib/dracut-lib.sh
exec /usr/sbin/earlymount mount --sysroot /sysroot --cmdline "$(getcmdline)"
