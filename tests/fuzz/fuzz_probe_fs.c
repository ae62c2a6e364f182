/* SPDX-License-Identifier: MIT */
/* libFuzzer target: superblock probing over the head of a device (and a btrfs's chunk tree). The input is the head itself,
 * copied to an exactly-sized heap buffer so ASan sees any read past len (probe_fs promises never
 * to read past buf+len). */
#include "probe.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "require.h"

/* A reader over the input (as blkread.c's, for probe_btrfs_devids' tree blocks beyond the head). */
struct buf_reader {
	const uint8_t *buf;
	size_t len;
};
static const uint8_t *buf_read(void *ctx, uint64_t off, size_t n)
{
	const struct buf_reader *b = ctx;
	return n <= PROBE_READ_MAX && n <= b->len && off <= b->len - n ? b->buf + off : NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fs_info fi;
	uint8_t *buf = malloc(size ? size : 1);
	int r;

	REQUIRE(buf);
	if (size)
		memcpy(buf, data, size);
	memset(&fi, 0x55, sizeof(fi));
	r = probe_fs(buf, size, &fi);
	REQUIRE(r == 0 || r == -ENOENT);
	REQUIRE(memchr(fi.type, '\0', sizeof(fi.type)) && memchr(fi.uuid, '\0', sizeof(fi.uuid)) &&
	        memchr(fi.label, '\0', sizeof(fi.label)));
	REQUIRE(r == 0 ? fi.type[0] != '\0' : fi.type[0] == '\0');
	REQUIRE(r == 0 ? fi.usage >= PROBE_USAGE_FS && fi.usage <= PROBE_USAGE_OTHER : fi.usage == PROBE_USAGE_NONE);
	REQUIRE((fi.ndevices == 0 && fi.devid == 0) || !strcmp(fi.type, "btrfs"));
	if (r == 0 && !strcmp(fi.type, "btrfs")) {
		/* the devids of its chunk tree, when it names more than one device */
		struct buf_reader b = { buf, size };
		struct probe_reader rd = { buf_read, &b, size, 0, 0 };
		uint64_t ids[8];
		int n = probe_btrfs_devids(&rd, ids, 8);
		REQUIRE((n >= 0 && n <= 8) || n == -ENOENT || n == -EOVERFLOW || n == -EINVAL || n == -EBADMSG ||
		        n == -EIO);
	}
	free(buf);
	return 0;
}
