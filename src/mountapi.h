/* SPDX-License-Identifier: MIT */
/* Thin wrappers over the new mount API, the fallback to mount(2) where the kernel lacks it, and the
 * kernel's own messages read back from the filesystem context. */
#ifndef EM_MOUNTAPI_H
#define EM_MOUNTAPI_H
#include "options.h"
#include "syscalls.h"

#include <stddef.h>
#include <sys/types.h>

struct mnt_err {
	const char *step; /* the call that failed, e.g. fsconfig(CMD_CREATE); "" before one did */
	char kmsg[1024]; /* the kernel's lines from the fs context, "; "-separated, or "" */
};

struct mnt_target {
	int dirfd;           /* AT_FDCWD, or a directory (O_PATH) fd */
	const char *path;    /* relative to dirfd; "" = dirfd itself */
	const char *display; /* for messages */
};

/* A new filesystem: fsopen -> fsconfig(source, ro/rw, options) -> CMD_CREATE -> fsmount(attrs) ->
 * move_mount -> propagation. source may be NULL. Returns 0 or -errno; on failure e says where. */
int mnt_new(const char *fstype, const char *source, const struct optset *o,
            const struct mnt_target *t, struct mnt_err *e);

/* A bind mount of (srcfd, srcpath) with its attributes set on the detached copy before it is
 * attached, so it is never visible with weaker ones. */
int mnt_bind(int srcfd, const char *srcpath, const struct optset *o, const struct mnt_target *t,
             struct mnt_err *e);

/* Moves the mount at from onto to (both paths). */
int mnt_move(const char *from, const char *to);
/* Makes the mount at path private, and everything under it when recursive (MS_MOVE fails while
 * the moved mount's parent is shared). */
int mnt_make_private(const char *path, int recursive);

/* Reads the kernel's messages queued in a filesystem context: "e" lines into e->kmsg
 * ("; "-separated), warnings and information logged. */
void mnt_drain(int fd, struct mnt_err *e);

/* "/proc/self/fd/N" for fd, written into link (MNT_FD_LINK bytes): link. */
#define MNT_FD_LINK 32
const char *mnt_fd_link(char link[MNT_FD_LINK], int fd);

/* The path the kernel gives for fd (the /proc/self/fd/N link read) in buf: its length, or -1 when
 * it cannot be read, buf then holding the link's own name. */
ssize_t mnt_fd_path(int fd, char *buf, size_t cap);

#endif
