/* SPDX-License-Identifier: MIT */
/* Read-only loop devices for image files (earlymount.rootimage=). */
#ifndef EM_LOOPDEV_H
#define EM_LOOPDEV_H
#include <stddef.h>

/* Attaches the regular file open at filefd to a free loop device, read-only, detached by the
 * kernel when its last user (the mount) goes (LO_FLAGS_AUTOCLEAR), with direct I/O where the
 * backing filesystem allows it. Puts the node's path in dev and returns the loop device's fd, or
 * -errno with step naming the call that failed. Keep the fd open until the loop device is mounted:
 * with LO_FLAGS_AUTOCLEAR the kernel detaches it when its last opener closes (lo_release), and
 * closing it after a failed mount leaves no loop device behind. */
int loop_attach_ro(int filefd, const char *name, char *dev, size_t cap, const char **step);

#endif
