/* SPDX-License-Identifier: MIT */
/* libFuzzer target: partition tables over the head of a whole disk. The input is the head itself,
 * so raw disk heads (tests/test_probe.sh PROBE_CORPUS_OUT=) are seeds as they are; the logical
 * sector size comes from its first byte (odd: 4096, even: 512), which is MBR boot code that no
 * parser reads (and zero in the heads sfdisk writes, so those probe as 512-byte sectors). The
 * head is copied to an exactly-sized heap buffer so ASan sees any read past len. */
#include "probe.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "require.h"

static struct part_table pt; /* 24 KiB */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned ss = size && (data[0] & 1) ? 4096 : 512;
	uint8_t *buf = malloc(size ? size : 1);
	int r;

	REQUIRE(buf);
	if (size)
		memcpy(buf, data, size);
	memset(&pt, 0x55, sizeof(pt));
	r = probe_parts(buf, size, ss, &pt);
	REQUIRE(r == 0 || r == -ENOENT || r == -EINVAL);
	REQUIRE(memchr(pt.type, '\0', sizeof(pt.type)) && memchr(pt.ptuuid, '\0', sizeof(pt.ptuuid)));
	REQUIRE(pt.count <= PROBE_MAX_PARTS);
	REQUIRE(r == 0 ? pt.type[0] != '\0' : pt.type[0] == '\0' && pt.count == 0);
	REQUIRE(!pt.truncated || pt.count == PROBE_MAX_PARTS);
	for (unsigned i = 0; i < pt.count; i++) {
		const struct part_info *p = &pt.parts[i];
		REQUIRE(p->number >= 1 && (i == 0 || p->number > pt.parts[i - 1].number));
		REQUIRE(memchr(p->partuuid, '\0', sizeof(p->partuuid)) &&
		        memchr(p->partlabel, '\0', sizeof(p->partlabel)));
		/* Only an MBR primary slot (1-4) can be an extended container; logical partitions
		 * are numbered from 5. */
		REQUIRE(!p->container || (!strcmp(pt.type, "dos") && p->number <= 4));
	}
	free(buf);
	return 0;
}
