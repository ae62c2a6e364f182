/* SPDX-License-Identifier: MIT */
/* Reading a block device (or an image file) for the probers without allocating: the head cached,
 * and one window for whatever lies beyond it (a moved GPT entry array, MBR EBRs, a FAT root
 * directory). One device is open at a time: the buffers are static. */
#ifndef EM_BLKREAD_H
#define EM_BLKREAD_H
#include "probe.h"

#include <stddef.h>
#include <stdint.h>

struct blkdev {
	int fd;
	uint64_t base;         /* device offset of byte 0 of what the probers see */
	unsigned sector_size;  /* the logical sector size (BLKSSZGET); 512 for a file */
	struct probe_reader r; /* for probe_fs_r() and probe_parts_r(); r.size: the bytes from base
	                          to the end, 0 for an empty drive */
};

/* Opens path read-only and reads its head from offset base. 0, or -errno of open or read. A
 * device of size 0 (a CD drive without a medium) is opened but nothing is read from it: reading
 * only makes the kernel log I/O errors. */
int blk_open(const char *path, uint64_t base, struct blkdev *d);
void blk_close(struct blkdev *d);

#endif
