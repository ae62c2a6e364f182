/* SPDX-License-Identifier: MIT */
/* fstab(5) lines, read as mount(8) and the initramfs generators read them: what the new root's
 * /etc/fstab says of /usr. Pure: no system calls. */
#ifndef EM_FSTAB_H
#define EM_FSTAB_H
#include <stddef.h>

struct fstab_entry {
	unsigned line;   /* 1-based, for messages */
	char spec[256];  /* fs_spec: /dev/..., UUID=, LABEL=, PARTUUID=, ... (octal escapes decoded) */
	char type[64];   /* fs_vfstype; "auto" when the line has none */
	char opts[1024]; /* fs_mntops; "defaults" when the line has none */
};

/* The first entry of the fstab text whose mount point is where (trailing slashes aside), into
 * *e: 1, or 0 when there is none, or -EINVAL when that entry's field does not fit (err says
 * which). */
int fstab_find(const char *text, const char *where, struct fstab_entry *e, char *err, size_t errlen);

#endif
