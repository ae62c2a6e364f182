/* SPDX-License-Identifier: MIT */
/* libFuzzer target: src/probe.c against libblkid on the same mutated bytes. The input is a device
 * from offset 0; probe_fs() and probe_parts() get it as an exactly-sized heap buffer (ASan sees a
 * read past len), libblkid gets the same bytes as a memfd of exactly that size (it has no public
 * buffer API; a regular file is what `blkid -p IMAGE` probes too). The logical sector size is 4096
 * when the first byte is odd, else 512 (byte 0 is MBR boot code, which no prober reads), for both.
 * The bytes are cut to a whole number of 512-byte sectors, as every device and image holds:
 * differences that come only from a buffer ending mid-sector (libblkid reads a KiB at a time,
 * probe.c reads what a structure needs) say nothing about a real disk.
 *
 * Where both recognise something, the answers must agree field by field (same TYPE, UUID, LABEL;
 * same PTTYPE, PTUUID, partition numbers, PARTUUID, PARTLABEL), except where a row of the table of
 * intended differences (tests/blkid/blkid_cmp.c) explains it. A disagreement prints both answers
 * and traps, which libFuzzer reports as a crash and saves. Built and run by tests/blkid/fuzz.sh. */
#define _GNU_SOURCE
#include "blkid_cmp.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static int memfd = -1;
static struct part_table pt;
static struct bc_parts bp;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned ss = size && (data[0] & 1) ? 4096 : 512;
	size &= ~(size_t)511;
	struct fs_info fi;
	struct bc_fs bf;

	if (memfd < 0 && (memfd = memfd_create("fuzz_blkid_diff", MFD_CLOEXEC)) < 0)
		__builtin_trap();
	if (ftruncate(memfd, 0) != 0 || (size && pwrite(memfd, data, size, 0) != (ssize_t)size) ||
	    ftruncate(memfd, (off_t)size) != 0)
		__builtin_trap();
	uint8_t *buf = malloc(size ? size : 1);
	if (!buf)
		__builtin_trap();
	if (size)
		memcpy(buf, data, size);

	struct bc_ctx c = {.name = "input", .buf = buf, .len = size, .ss = ss, .fd = memfd,
	                    .both_only = 1, .quiet_intended = 1, .log = stderr};
	int rc = probe_fs(buf, size, &fi);
	bc_blkid_fs(memfd, 0, size, &bf);
	bc_compare_fs(&c, rc, &fi, &bf);

	rc = probe_parts(buf, size, ss, &pt);
	bc_blkid_parts(memfd, size, ss, &bp);
	bc_compare_parts(&c, rc, &pt, &bp);

	free(buf);
	if (c.unexpected) {
		fprintf(stderr, "fuzz_blkid_diff: %u unexpected difference(s) with libblkid (sector size %u)\n",
		        c.unexpected, ss);
		__builtin_trap();
	}
	return 0;
}
