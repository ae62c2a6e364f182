/* SPDX-License-Identifier: MIT */
/* The API filesystems: /dev, /proc, /sys and /run, mounted before anything reads them. */
#ifndef EM_APIFS_H
#define EM_APIFS_H

/* Mounts each API filesystem under prefix ("" for the running root) that is not mounted there
 * yet. Returns 0, or -errno after logging which one failed and why. */
int apifs_mount_all(const char *prefix);

/* The mount points, for moving them into the new root: NULL-terminated. */
extern const char *const apifs_dirs[];

#endif
