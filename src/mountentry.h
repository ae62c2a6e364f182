/* SPDX-License-Identifier: MIT */
/* Mounting one entry of the plan: its device found and probed, mounted with its options, and the
 * messages when that fails. */
#ifndef EM_MOUNTENTRY_H
#define EM_MOUNTENTRY_H
#include "spec.h"

#include <stddef.h>

/* Mounts one entry (its device waited for and probed) on the directory dir, an absolute path: the
 * root on the sysroot, and the layers of a layered root (layers.c). The device node found goes to
 * dev when not NULL ("" for a source that is no device). 0 or -errno after logging. */
int mount_on(const struct plan *p, const struct mount_entry *m, const char *dir, char *dev, size_t cap);

/* Mounts one entry on its target inside the new root rootfd (an O_PATH fd of sysroot), resolved
 * there so that a symbolic link in the new root cannot send the mount elsewhere: /usr and the
 * extra mounts. 0 or -errno after logging. */
int mount_in_root(const struct plan *p, const struct mount_entry *m, int rootfd, const char *sysroot);

/* "mount SRC on TGT as TYPE failed: REASON; kernel: MESSAGE" (and what to do when the kernel lacks
 * the type) logged as an error for a failed mnt_new; with type NULL "bind SRC on TGT failed: ..."
 * for a failed mnt_bind (the layers' mounts and the binds). */
struct mnt_err;
void mount_log_failure(const char *src, const char *tgt, const char *type, int r, const struct mnt_err *e);

#endif
