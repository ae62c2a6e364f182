/* SPDX-License-Identifier: MIT */
/* The API filesystems: /dev, /proc, /sys and /run, mounted before anything reads them. */
#ifndef EM_APIFS_H
#define EM_APIFS_H

/* Mounts each API filesystem on the running root that is not mounted there yet. Returns 0, or
 * -errno after logging which one failed and why. */
int apifs_mount_all(void);

/* Moves /dev, /proc, /sys and /run into newroot (a path); one the new root has no directory for is
 * unmounted instead, with a warning. all=0 (helper mode): only those apifs_mount_all mounted in
 * this process; one mounted by someone else is left where it is, with a warning. all=1 (PID 1 of
 * the initramfs, whose mounts are all its own): every one. */
void apifs_move_into(const char *newroot, int all);

#endif
