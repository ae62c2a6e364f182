/* SPDX-License-Identifier: MIT */
/* The reader the probers read a device through: its head read once and kept, and one window of
 * later reads, from a block device or an image file. */
#define _GNU_SOURCE
#include "blkread.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/mount.h> /* BLKSSZGET, built with _IO for this architecture */
#include <unistd.h>

static uint8_t head[PROBE_HEAD_SIZE];
static uint8_t win[PROBE_READ_MAX];
static uint64_t win_off;
static size_t win_len;

/* Reads up to n bytes at off; short only at the end of the device or on an error after some
 * bytes. */
static long read_at(int fd, uint8_t *p, size_t n, uint64_t off)
{
	size_t got = 0;
	while (got < n) {
		ssize_t r = pread(fd, p + got, n - got, (off_t)(off + got));
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return got ? (long)got : -errno;
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return (long)got;
}

static const uint8_t *blk_read(void *ctx, uint64_t off, size_t n)
{
	struct blkdev *d = ctx;

	if (n > sizeof(win) || off > d->r.size || n > d->r.size - off)
		return NULL;
	/* the head holds the device's first bytes up to r.size (see blk_open) */
	if (off + n <= sizeof(head))
		return head + off;
	if (off >= win_off && off + n <= win_off + win_len) /* never with win_len 0: n > 0 */
		return win + (off - win_off);
	/* A fresh window from the 4 KiB boundary below off, of at least 16 KiB so that walking a
	 * directory or an entry array does not read sector by sector. */
	uint64_t start = off & ~(uint64_t)4095;
	if (off - start + n > sizeof(win))
		start = off;
	size_t want = (size_t)(off - start) + n;
	want = want < 16384 ? 16384 : (want + 4095) & ~(size_t)4095;
	if (want > sizeof(win))
		want = sizeof(win);
	if (want > d->r.size - start)
		want = (size_t)(d->r.size - start);
	win_len = 0;
	long got = read_at(d->fd, win, want, d->base + start);
	if (got < 0 || (uint64_t)got < off - start + n)
		return NULL;
	win_off = start;
	win_len = (size_t)got;
	return win + (off - start);
}

int blk_open(const char *path, uint64_t base, struct blkdev *d)
{
	uint64_t size;
	off_t end;
	int ss = 512;

	/* O_NONBLOCK: a CD drive without a medium answers at once instead of waiting. */
	d->fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (d->fd < 0)
		return -errno;
	/* The size of an image file and of a block device alike: a block device's end is its
	 * capacity (block/fops.c blkdev_llseek: the size BLKGETSIZE64 reports), a file's is
	 * st_size. The reads are preads, so the offset this leaves does not matter. */
	end = lseek(d->fd, 0, SEEK_END);
	size = end < 0 ? UINT64_MAX : (uint64_t)end; /* unknown: reads stop at the end */
	/* A file has no sector size (ENOTTY, ss left as it was): 512 as for a disk of 512-byte
	 * sectors. */
	(void)ioctl(d->fd, BLKSSZGET, &ss);
	if (ss < 512)
		ss = 512;
	d->base = base;
	d->r.size = size > base ? size - base : 0;
	d->sector_size = (unsigned)ss;
	d->r.read = blk_read;
	d->r.ctx = d;
	/* a whole disk or a file until the caller says it is a partition or a CD-ROM */
	d->r.partition = 0;
	d->r.cdrom = 0;
	win_len = 0;
	if (!d->r.size)
		return 0;
	long got = read_at(d->fd, head, d->r.size < sizeof(head) ? (size_t)d->r.size : sizeof(head), base);
	if (got < 0) {
		int e = (int)got;
		blk_close(d);
		return e;
	}
	/* A short head means the device ends (or fails) there: nothing past it is read. So the head
	 * holds every byte up to r.size or all of its own. */
	if ((size_t)got < sizeof(head))
		d->r.size = (size_t)got;
	return 0;
}

void blk_close(struct blkdev *d)
{
	if (d->fd >= 0)
		close(d->fd);
	d->fd = -1; /* the window is dropped by the next blk_open, before any read */
}
