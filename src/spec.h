/* SPDX-License-Identifier: MIT */
/* The mount plan: what the kernel command line asks for, validated. Pure: no syscalls. */
#ifndef EM_SPEC_H
#define EM_SPEC_H
#include "cmdline.h"
#include "mountspec.h"

#include <stddef.h>

/* Builds the plan from the tokenized command line. Returns 0, or -EINVAL with a message in err that
 * names the parameter, its value and what is wrong, or -EOPNOTSUPP (message too) when root= or
 * mount.usr= is a root another dracut module or the kernel mounts (nfs:, live:, /dev/nfs, ...):
 * a dracut hook then leaves the mount to dracut instead of failing. Unknown parameters belong to others and are
 * ignored. The plan points into cl, which must outlive it.
 * A single-valued parameter given more than once counts only in its last occurrence; the earlier
 * ones are never looked at (kernel/params.c parse_args hands each to its __setup handler in order,
 * and each handler overwrites the last). earlymount.mount= and earlymount.modules= add up. Under
 * SPEC_RULES_SYSTEMD, rootflags= and mount.usrflags= add up too, joined with ',' as
 * systemd-fstab-generator does. Forms the kernel ignores are ignored with a line in p->warnings. */
int spec_build(const struct cmdline *cl, enum spec_rules rules, struct plan *p, char *err, size_t errlen);

struct fstab_entry;
/* /usr from the new root's fstab line e (which must outlive the plan), for a plan whose command
 * line names none: the entry mount.usr= would make of its device, type and options, waiting as
 * mount.usr='s device does, read-only when the root is (as dracut's 98usrmount adds the line's ro);
 * p->usr and p->have_usr set. 0, or -EINVAL with a message in err. */
int spec_usr_from_fstab(struct plan *p, const struct fstab_entry *e, char *err, size_t errlen);

/* The i-th warning line of p (without its '\n') in *s and *len; 0, or -ENOENT past the last. */
int spec_warning(const struct plan *p, unsigned i, const char **s, size_t *len);

#endif
