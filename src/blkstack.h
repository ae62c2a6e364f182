/* SPDX-License-Identifier: MIT */
/* What a stacked block device (device-mapper, md, loop) needs to come up at boot: the dracut
 * module that assembles it, by the kind of device its sysfs names. Pure: the reading of /sys is
 * stackread.c's. Used by `earlymount check` (not in the /init build). */
#ifndef EM_BLKSTACK_H
#define EM_BLKSTACK_H

/* A kind of stacked device: what it is (the end of "DEV is ..."), and the dracut module that sets
 * it up (NULL: none does). */
struct stack_kind {
	const char *prefix;   /* a device-mapper device's: the prefix of its dm uuid ("" matches any) */
	const char *module;   /* dracut's module that brings it up, NULL for none */
	const char *what;     /* "an LVM logical volume" */
	int partition;        /* a partition of another dm device (kpartx): its parent says the rest */
};

/* The kind of a device-mapper device by its dm uuid (/sys/dev/block/M:m/dm/uuid; "" when its
 * creator gave none). Never NULL: a uuid of no known creator is "a device-mapper device" with no
 * module. */
const struct stack_kind *blkstack_dm(const char *uuid);
/* An md array (its sysfs has md/) and a loop device (loop/). */
extern const struct stack_kind blkstack_md, blkstack_loop;

/* The dracut modules a root needs, each once, in the order met. */
#define STACK_MAX_MODULES 8
struct stack_needs {
	const char *modules[STACK_MAX_MODULES];
	unsigned nmodules;
};
/* Adds module (NULL: nothing) unless it is there already. */
void blkstack_need(struct stack_needs *n, const char *module);

#endif
