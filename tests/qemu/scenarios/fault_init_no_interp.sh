# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# /sbin/init is a dynamically linked program (the host's /bin/true) whose ELF interpreter
# (PT_INTERP, /lib64/ld-linux-x86-64.so.2) is not in the new root: it passes the file checks but
# execve would fail with ENOENT after the initramfs is gone. earlymount reads PT_INTERP, finds it
# missing inside the new root, says so, and goes on to the next candidate as the kernel does
# (init/main.c: try_to_run_init_process for each one): /bin/sh, here the test's report script.
mkroot "$EM_TMP/root"
interp=$(readelf -l /bin/true 2>/dev/null | sed -n 's/.*Requesting program interpreter: \(.*\)\]/\1/p')
[ -n "$interp" ] || em_skip "the host's /bin/true is not dynamically linked (no PT_INTERP)"
rm -f "$EM_TMP/root/sbin/init" "$EM_TMP/root/bin/sh"
cp /bin/true "$EM_TMP/root/sbin/init"
chmod 755 "$EM_TMP/root/sbin/init"
em_init_script | sed '1s|.*|#!/bin/busybox sh|' >"$EM_TMP/root/bin/sh"
chmod 755 "$EM_TMP/root/bin/sh"
[ ! -e "$EM_TMP/root$interp" ] || em_die "the test root has $interp"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=/dev/vda"
assert_log "$(printf "$EXPECT_INIT_NO_INTERP" "$interp")"
assert_booted
assert_report ARG0 /bin/sh
assert_report PID 1
