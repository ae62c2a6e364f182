/* SPDX-License-Identifier: MIT */
/* What the full earlymount does for dracut's flows: dracut's command line, read as its getcmdline
 * reads it, and the systemd generator's files (earlymount-generator). Not in the /init build. */
#ifndef EM_DRACUT_H
#define EM_DRACUT_H

/* Calls fn(path, ctx) for each file dracut's getcmdline (modules.d/99base/dracut-lib.sh) reads
 * before /proc/cmdline, in its order: /etc/cmdline.d/ *.conf sorted by name (the shell's glob, in
 * the initrd's C locale), then /etc/cmdline (which fn gets whether or not it exists: its reader
 * skips an absent file as getcmdline does, with one system call less). Stops at fn's first
 * non-zero return and returns it; 0, or -errno when /etc/cmdline.d cannot be read (a missing one
 * is none), -E2BIG past 256 files (with none of them read). */
int dracut_cmdline_files(int (*fn)(const char *path, void *ctx), void *ctx);

/* The generator's drop-ins and links in EARLY (systemd's early generator directory), for root=
 * value root (the last on dracut's command line), as the shell generator before it did: each of
 * sysroot.mount, sysusr-usr.mount and sysroot-usr.mount wants and follows
 * earlymount-sysroot.service and is skipped when its directory is a mount point;
 * initrd-root-fs.target wants the service; the service follows the device's
 * systemd-fsck@.service of dracut-rootfs-generator. 0, or -errno after logging what failed. */
int dracut_generator_write(const char *early, const char *root);

/* One line to the kernel log ("<LEVEL>earlymount-generator: TEXT"): a generator's stderr may go
 * nowhere. */
void dracut_generator_say(int level, const char *text);

#endif
