/* SPDX-License-Identifier: MIT */
/* Carrying out the plan: the root on the sysroot, then /usr and the extra mounts inside it. */
#ifndef EM_MOUNTPLAN_H
#define EM_MOUNTPLAN_H
#include "spec.h"

/* Returns 0, or -errno after logging what failed, where and why. */
int mount_plan(const struct plan *p, const char *sysroot);

/* Mounts one entry (its device waited for and probed as for the root) on the directory dir, an
 * absolute path: the layers of a layered root (layers.c). The device node found goes to dev when
 * not NULL ("" for a source that is no device). 0 or -errno after logging. */
int mount_on(const struct plan *p, const struct mount_entry *m, const char *dir, char *dev, size_t cap);

/* "mount SRC on TGT as TYPE failed: REASON; kernel: MESSAGE" (and what to do when the kernel lacks
 * the type) for a failed mnt_new; with type NULL "bind SRC on TGT failed: ..." for a failed
 * mnt_bind. */
struct mnt_err;
void mount_describe(char *buf, size_t cap, const char *src, const char *tgt, const char *type, int r,
                    const struct mnt_err *e);
/* mount_describe's text logged as an error (the layers' mounts and the binds). */
void mount_log_failure(const char *src, const char *tgt, const char *type, int r, const struct mnt_err *e);

#endif
