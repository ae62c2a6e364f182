/* SPDX-License-Identifier: MIT */
/* The system calls musl does not wrap, through musl's own syscall(): the new mount API (Linux 5.2,
 * mount_setattr 5.12), openat2 (5.6), finit_module and getdents64. The numbers come from the
 * target's <sys/syscall.h>, so each architecture gets its own (kernel-facts.md). */
#define _GNU_SOURCE
#include "syscalls.h"

#include <sys/syscall.h>
#include <unistd.h>

int sys_fsopen(const char *fstype, unsigned flags)
{
	return (int)syscall(SYS_fsopen, fstype, flags);
}

int sys_fsconfig(int fd, unsigned cmd, const char *key, const void *value, int aux)
{
	return (int)syscall(SYS_fsconfig, fd, cmd, key, value, aux);
}

int sys_fsmount(int fd, unsigned flags, unsigned attrs)
{
	return (int)syscall(SYS_fsmount, fd, flags, attrs);
}

int sys_move_mount(int from_dfd, const char *from, int to_dfd, const char *to, unsigned flags)
{
	return (int)syscall(SYS_move_mount, from_dfd, from, to_dfd, to, flags);
}

int sys_open_tree(int dfd, const char *path, unsigned flags)
{
	return (int)syscall(SYS_open_tree, dfd, path, flags);
}

int sys_mount_setattr(int dfd, const char *path, unsigned flags, void *attr, size_t size)
{
	return (int)syscall(SYS_mount_setattr, dfd, path, flags, attr, size);
}

int sys_openat2(int dfd, const char *path, void *how, size_t size)
{
	return (int)syscall(SYS_openat2, dfd, path, how, size);
}

int sys_finit_module(int fd, const char *params, int flags)
{
	return (int)syscall(SYS_finit_module, fd, params, flags);
}

int sys_pidfd_open(int pid, unsigned flags)
{
	return (int)syscall(SYS_pidfd_open, pid, flags);
}

long sys_getdents64(int fd, void *buf, size_t size)
{
	return syscall(SYS_getdents64, fd, buf, size);
}
