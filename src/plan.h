/* SPDX-License-Identifier: MIT */
/* Prints the mount plan as the calls earlymount would make. Pure: text into a buffer. */
#ifndef EM_PLAN_H
#define EM_PLAN_H
#include "spec.h"
#include "util.h"

void plan_print(struct sbuf *out, const struct plan *p, const char *sysroot);
/* The target path of an entry under sysroot ("/sysroot", "/sysroot/usr"). */
void plan_target_path(const struct mount_entry *m, const char *sysroot, char *buf, size_t cap);
/* How the source is shown: "/dev/vda2", "UUID=..." */
void plan_source_text(const struct mount_entry *m, char *buf, size_t cap);

#endif
