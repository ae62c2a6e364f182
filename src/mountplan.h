/* SPDX-License-Identifier: MIT */
/* Carrying out the plan: the root on the sysroot, then /usr (mount.usr=, else with
 * p->usr_from_fstab the new root's /etc/fstab, which sets p->usr) and the extra mounts inside it. */
#ifndef EM_MOUNTPLAN_H
#define EM_MOUNTPLAN_H
#include "spec.h"

/* Returns 0, or -errno after logging what failed, where and why. */
int mount_plan(struct plan *p, const char *sysroot);

/* /usr from the /etc/fstab of the root rootfd (resolved inside it), for a plan whose command line
 * names none (spec_usr_from_fstab): 1 with p->usr set and "line N: SPEC (TYPE, OPTIONS)" in msg,
 * 0 when the root has no fstab or no /usr line, -errno with the reason in msg. */
int plan_usr_from_fstab(struct plan *p, int rootfd, char *msg, size_t cap);

#endif
