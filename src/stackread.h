/* SPDX-License-Identifier: MIT */
/* A block device's stack read from /sys: whether it is, or sits on, a device-mapper, md or loop
 * device, and what that needs at boot (blkstack.c's table). For `earlymount check`; not in the
 * /init build. */
#ifndef EM_STACKREAD_H
#define EM_STACKREAD_H
#include "blkstack.h"

/* What stack_read found. */
struct stack_report {
	int stacked;         /* a dm, md or loop device on the way down */
	int loop;            /* a loop device among them */
	int unknown;         /* a device-mapper device of no kind with a module */
	struct stack_needs needs;
	char text[1024];     /* "dm-1: an LVM logical volume (...); dm-0: ..." ("" when not stacked) */
};

/* Reads the device major:minor below sysfd (an fd of /sys, or of a tree laid out as it) and its
 * slaves, down to the disks: dev/block/M:m/{dm,md,loop,slaves,partition}, a partition through its
 * parent. 0 (out filled; stacked 0 for a plain disk or partition), or -errno when the device's
 * directory cannot be opened. */
int stack_read(int sysfd, unsigned major, unsigned minor, struct stack_report *out);

#endif
