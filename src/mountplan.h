/* SPDX-License-Identifier: MIT */
/* Carrying out the plan: the root on the sysroot, then /usr and the extra mounts inside it. */
#ifndef EM_MOUNTPLAN_H
#define EM_MOUNTPLAN_H
#include "spec.h"

/* Returns 0, or -errno after logging what failed, where and why. */
int mount_plan(const struct plan *p, const char *sysroot);

#endif
