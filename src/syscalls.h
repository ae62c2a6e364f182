/* SPDX-License-Identifier: MIT */
/* The system calls musl 1.2 does not wrap, each under its own name with a sys_ prefix (glibc 2.36
 * declares some of them itself, and nothing here may be named like a libc function). Each returns
 * what the system call returns: a value, or -1 with errno set, as libc's wrappers do. */
#ifndef EM_SYSCALLS_H
#define EM_SYSCALLS_H
#include <stddef.h>

int sys_fsopen(const char *fstype, unsigned flags);
int sys_fsconfig(int fd, unsigned cmd, const char *key, const void *value, int aux);
int sys_fsmount(int fd, unsigned flags, unsigned attrs);
int sys_move_mount(int from_dfd, const char *from, int to_dfd, const char *to, unsigned flags);
int sys_open_tree(int dfd, const char *path, unsigned flags);
int sys_mount_setattr(int dfd, const char *path, unsigned flags, void *attr, size_t size);
int sys_openat2(int dfd, const char *path, void *how, size_t size);
int sys_finit_module(int fd, const char *params, int flags);
/* A file descriptor that polls readable once process pid has exited (Linux 5.3; always close-on-exec). */
int sys_pidfd_open(int pid, unsigned flags);
/* Reads directory entries (struct dirent64 records: musl's struct dirent has that layout) into
 * buf; the byte count, 0 at the end, or -1. musl's opendir would allocate. */
long sys_getdents64(int fd, void *buf, size_t size);

#endif
