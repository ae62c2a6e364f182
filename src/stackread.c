/* SPDX-License-Identifier: MIT */
/* Reading a block device's stack from sysfs, as dracut's host-only mode walks it
 * (dracut-functions.sh check_block_and_slaves: /sys/dev/block/M:m/slaves): each device-mapper
 * device (dm/uuid, dm/name), md array (md/level) and loop device (loop/backing_file) on the way
 * down to the disks, and a partition through the disk that holds it (a partition of an md array
 * is as much an md root as the array). What each kind needs is blkstack.c's table. For
 * `earlymount check`: /init never needs it. */
#define _GNU_SOURCE
#include "stackread.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

/* Deeper than any real stack (LVM on LUKS on md on a partition is four); a loop of slaves, which
 * sysfs cannot have, ends here too. */
#define STACK_DEPTH 8

struct walk {
	int sysfd;
	unsigned depth;
	struct stack_report *out;
	struct sbuf sb;
};

static void walk_dev(struct walk *w, int fd, const char *name);

/* A small sysfs attribute without its newline; "" when absent. */
static void attr(int fd, const char *path, char *buf, size_t cap)
{
	if (read_file(fd, path, buf, cap) < 0)
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
}

static void say_kind(struct walk *w, const char *name, const struct stack_kind *k, const char *detail)
{
	w->out->stacked = 1;
	blkstack_need(&w->out->needs, k->module);
	sb_printf(&w->sb, "%s%s: %s%s%s%s", w->sb.len ? "; " : "", name, k->what, detail[0] ? " (" : "", detail,
	          detail[0] ? ")" : "");
}

/* Each entry of slaves/: a device this one is built on, /sys/class/block/NAME. */
static int walk_slave(int dirfd, const char *name, unsigned char type, void *ctx)
{
	struct walk *w = ctx;
	char path[300];
	(void)dirfd;
	(void)type;
	fmt(path, sizeof(path), "class/block/%s", name);
	int fd = openat(w->sysfd, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	walk_dev(w, fd, name);
	close(fd);
	return 0;
}

/* One device, its directory open at fd. */
static void walk_dev(struct walk *w, int fd, const char *name)
{
	char a[300], b[300], detail[700];

	if (w->depth++ >= STACK_DEPTH)
		return;
	if (faccessat(fd, "partition", F_OK, 0) == 0) {
		/* a partition's directory sits in its disk's */
		int pfd = openat(fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (pfd >= 0) {
			/* uevent: "MAJOR=7\nMINOR=1\nDEVNAME=loop1\nDEVTYPE=disk\n..." */
			if (read_file(pfd, "uevent", a, sizeof(a)) < 0)
				a[0] = '\0';
			const char *dn = strstr(a, "\nDEVNAME=");
			dn = dn ? dn + 1 : str_startswith(a, "DEVNAME=") ? a : NULL;
			char disk[64];
			fmt(disk, sizeof(disk), "%.*s", dn ? (int)strcspn(dn + 8, "\n") : 0, dn ? dn + 8 : "");
			/* only a partition of a stacked device is described: a disk's is plain */
			size_t before = w->sb.len;
			int was = w->out->stacked;
			w->out->stacked = 0;
			sb_printf(&w->sb, "%s%s: a partition of %s", before ? "; " : "", name, disk);
			walk_dev(w, pfd, disk);
			if (!w->out->stacked) {
				w->sb.len = before;
				w->sb.buf[before] = '\0';
			}
			w->out->stacked |= was;
			close(pfd);
		}
		w->depth--;
		return;
	}
	attr(fd, "dm/uuid", a, sizeof(a));
	if (faccessat(fd, "dm", F_OK, 0) == 0) {
		const struct stack_kind *k = blkstack_dm(a);
		attr(fd, "dm/name", b, sizeof(b));
		fmt(detail, sizeof(detail), "%s%s%s%s%s", b[0] ? "dm name " : "", b, b[0] ? ", " : "",
		    a[0] ? "dm uuid " : "no dm uuid", a);
		say_kind(w, name, k, detail);
		if (!k->module && !k->partition)
			w->out->unknown = 1;
	} else if (faccessat(fd, "md", F_OK, 0) == 0) {
		attr(fd, "md/level", a, sizeof(a));
		say_kind(w, name, &blkstack_md, a);
	} else if (faccessat(fd, "loop", F_OK, 0) == 0) {
		attr(fd, "loop/backing_file", a, sizeof(a));
		fmt(detail, sizeof(detail), "%s%s", a[0] ? "backed by " : "no backing file", a);
		say_kind(w, name, &blkstack_loop, detail);
		w->out->loop = 1;
	}
	int sfd = openat(fd, "slaves", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (sfd >= 0) {
		(void)dir_each(sfd, walk_slave, w);
		close(sfd);
	}
	w->depth--;
}

int stack_read(int sysfd, unsigned major, unsigned minor, struct stack_report *out)
{
	char path[64], link[300];
	struct walk w = { sysfd, 0, out, { 0 } };

	memset(out, 0, sizeof(*out));
	sb_init(&w.sb, out->text, sizeof(out->text));
	fmt(path, sizeof(path), "dev/block/%u:%u", major, minor);
	int fd = openat(sysfd, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/* its name: the link's last component (../../devices/virtual/block/dm-0) */
	ssize_t n = readlinkat(sysfd, path, link, sizeof(link) - 1);
	link[n > 0 ? n : 0] = '\0';
	const char *name = strrchr(link, '/') ? strrchr(link, '/') + 1 : path;
	walk_dev(&w, fd, name);
	close(fd);
	return 0;
}
