/* SPDX-License-Identifier: MIT */
/* Handing the machine to the new root: checking its init, then the switch. */
#ifndef EM_SWITCHROOT_H
#define EM_SWITCHROOT_H
#include <stddef.h>

/* Opens the file of the O_PATH descriptor fd again for reading, through its /proc/self/fd link
 * (an O_PATH fd cannot read, and the link reaches the very file that was looked up), and closes
 * fd. The new descriptor, or -errno (-ENOENT without /proc). */
int reopen_read(int fd);

/* Finds the init to run inside the root at rootfd: the requested one (init=) or the kernel's
 * order /sbin/init, /etc/init, /bin/init, /bin/sh. It must be a regular, executable file, symlinks
 * resolved inside the root. Returns 0 with the path in out, or -ENOENT with the reasons in why. */
int find_init(int rootfd, const char *requested, char *out, size_t cap, char *why, size_t whylen);

/* Opens /dev/console as the fds 0-2: all=0 those not open (the kernel opens the console for init
 * only when the initramfs has the node; devtmpfs's then), all=1 every one (init on the new root:
 * the old ones refer to the initramfs's node, deleted at the switch). */
void console_fds(int all);

/* Moves /dev, /proc, /sys and /run into newroot, deletes the initramfs's files (only when / is
 * ramfs or tmpfs, never crossing a mount point), puts newroot on /, and execs init with argv and
 * envp on the new root's console. Returns only on failure, with -errno (logged). */
int switch_root(const char *newroot, const char *init, char *const argv[], char *const envp[]);

#endif
