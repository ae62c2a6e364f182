/* SPDX-License-Identifier: MIT */
/* Path lookups confined to the new root: openat2's RESOLVE_IN_ROOT, or a walk of the components on
 * kernels before 5.6. */
#define _GNU_SOURCE
#include "resolve.h"
#include "compat.h"
#include "mountapi.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int same_inode(int a, int b)
{
	struct stat sa, sb;
	return fstat(a, &sa) == 0 && fstat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* The fallback for kernels without openat2 (before 5.6): one component at a time with
 * O_NOFOLLOW, expanding symlinks by hand and restarting absolute ones at rootfd; ".." at the
 * root stays at the root, as RESOLVE_IN_ROOT does. */
static int walk(int rootfd, const char *path, int dir)
{
	char buf[2 * PATH_MAX];
	char *rest = buf;
	int cur = -1, links = 0, top = 1, e;
	struct stat st;

	if (em_strlcpy(buf, path, sizeof(buf)) >= sizeof(buf))
		return -ENAMETOOLONG;
	for (;;) {
		char *comp, *end;
		int next;

		/* At the start, and after an absolute symlink: from rootfd again. */
		if (top) {
			if (cur >= 0)
				close(cur);
			cur = fcntl(rootfd, F_DUPFD_CLOEXEC, 0);
			if (cur < 0)
				return -errno;
			top = 0;
		}
		while (*rest == '/')
			rest++;
		if (!*rest)
			break;
		comp = rest;
		end = strchr(comp, '/');
		if (end)
			*end = '\0', rest = end + 1;
		else
			rest = comp + strlen(comp);
		if (strcmp(comp, ".") == 0)
			continue;
		/* ".." is the parent directory, never a symlink: the same open serves it */
		if (strcmp(comp, "..") == 0 && same_inode(cur, rootfd))
			continue;
		next = openat(cur, comp, O_PATH | O_NOFOLLOW | O_CLOEXEC);
		if (next < 0 || fstat(next, &st) < 0) {
			e = -errno;
			if (next >= 0)
				close(next);
			goto fail;
		}
		if (S_ISLNK(st.st_mode)) {
			char target[PATH_MAX];
			ssize_t n = readlinkat(next, "", target, sizeof(target) - 1);
			size_t rl = strlen(rest);
			close(next);
			if (n < 0 || ++links > 40 || (size_t)n + 1 + rl + 1 > sizeof(buf)) {
				e = n < 0 ? -errno : links > 40 ? -ELOOP : -ENAMETOOLONG;
				goto fail;
			}
			target[n] = '\0';
			/* rest may overlap buf: move it behind the link text first. */
			memmove(buf + n + 1, rest, rl + 1);
			memcpy(buf, target, (size_t)n);
			buf[n] = '/';
			rest = buf;
			top = target[0] == '/';
			continue;
		}
		close(cur);
		cur = next;
	}
	if (!dir || (fstat(cur, &st) == 0 && S_ISDIR(st.st_mode)))
		return cur;
	e = -ENOTDIR;
fail:
	close(cur);
	return e;
}

int resolve_in_root(int rootfd, const char *path, int dir)
{
	struct em_open_how how = { 0 };
	int fd;

	how.flags = O_PATH | O_CLOEXEC | (dir ? O_DIRECTORY : 0);
	how.resolve = EM_RESOLVE_IN_ROOT | EM_RESOLVE_NO_MAGICLINKS;
	fd = sys_openat2(rootfd, path, &how, sizeof(how));
	if (fd >= 0)
		return fd;
	if (errno != ENOSYS)
		return -errno;
	return walk(rootfd, path, dir);
}
