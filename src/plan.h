/* SPDX-License-Identifier: MIT */
/* Prints the mount plan as the calls earlymount would make. Pure: text into a buffer. */
#ifndef EM_PLAN_H
#define EM_PLAN_H
#include "spec.h"
#include "util.h"

void plan_print(struct sbuf *out, const struct plan *p, const char *sysroot);
/* The target path of an entry under sysroot ("/sysroot", "/sysroot/usr"). */
void plan_target_path(const struct mount_entry *m, const char *sysroot, char *buf, size_t cap);
/* How a source is shown: "/dev/vda2", "UUID=...", "8:17" (in the plan, and in the messages of the
 * mount and of the wait for its device). */
void plan_source_text(const struct devspec *d, char *buf, size_t cap);

#endif
