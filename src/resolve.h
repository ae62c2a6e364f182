/* SPDX-License-Identifier: MIT */
/* Path lookups confined to the new root: a symlink planted in the root filesystem (/usr -> /,
 * /srv -> /proc/..) must not send a mount or the init check outside it. */
#ifndef EM_RESOLVE_H
#define EM_RESOLVE_H

/* Opens path (absolute or not, taken relative to rootfd) as an O_PATH|O_CLOEXEC fd, resolving
 * symlinks and ".." as if rootfd were "/": openat2(RESOLVE_IN_ROOT) on 5.6+, a component walk
 * before that. dir=1 requires a directory. Returns the fd or -errno. */
int resolve_in_root(int rootfd, const char *path, int dir);
/* 1 when the two fds are the same inode (a ".." at the root, a mount point that resolved to the
 * root itself), else 0 (also when either cannot be asked). */
int same_inode(int a, int b);

#endif
