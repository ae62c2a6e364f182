/* SPDX-License-Identifier: MIT */
/* Host test driver for src/probe.c: reads an image the way earlymount reads a device (src/blkread.c:
 * the head cached, a window for what lies beyond) and prints what probe_fs_r() and probe_parts_r()
 * make of it, one KEY=value per line.
 *
 *   probe_tool [--offset BYTES] [--sector-size N] FILE
 *
 * Output (only non-empty values): TYPE= USAGE= UUID= LABEL= for what probe_fs_r() found (a
 * filesystem, or a RAID, LVM, crypto or other member; USAGE as blkid's), then PTTYPE= PTUUID= and
 * "PART <n> PARTUUID=<uuid> PARTLABEL=<rest of line>" for a partition table. A table that is there
 * but broken prints PTERROR=<errno name>. A btrfs over several devices also prints
 * BTRFS_DEVIDS=<the devids of its chunk tree> (or BTRFS_DEVIDS_ERROR=<why not>). Exit: 0 something found, 1 nothing, 3 broken table,
 * 2 usage or I/O error. */
#define _GNU_SOURCE
#include "blkread.h"
#include "probe.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct part_table pt;

static int number(const char *s, unsigned long long *v)
{
	char *end;
	errno = 0;
	*v = strtoull(s, &end, 0);
	return errno || !*s || *end ? -1 : 0;
}

static void kv(const char *k, const char *v)
{
	if (*v)
		printf("%s=%s\n", k, v);
}

int main(int argc, char **argv)
{
	unsigned long long off = 0, ss = 0;
	int i = 1;

	for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		if (!strcmp(argv[i], "--offset") && !number(argv[i + 1], &off))
			continue;
		if (!strcmp(argv[i], "--sector-size") && !number(argv[i + 1], &ss) && ss <= 65536)
			continue;
		break;
	}
	if (i != argc - 1 || argv[i][0] == '-') {
		fprintf(stderr, "usage: %s [--offset BYTES] [--sector-size N] FILE\n", argv[0]);
		return 2;
	}
	struct blkdev d;
	int e = blk_open(argv[i], off, &d);
	if (e < 0) {
		fprintf(stderr, "probe_tool: read %s: %s\n", argv[i], strerror(-e));
		return 2;
	}

	int found = 0;
	struct fs_info fi;
	if (probe_fs_r(&d.r, &fi) == 0) {
		static const char *const usage[] = {"", "filesystem", "raid", "crypto", "other"};
		kv("TYPE", fi.type);
		kv("USAGE", fi.usage < 5 ? usage[fi.usage] : "?");
		kv("UUID", fi.uuid);
		kv("LABEL", fi.label);
		kv("ALSO", fi.also); /* a second filesystem: ambivalent */
		if (fi.ndevices > 1) {
			/* the devids its chunk tree lists (probe_btrfs_devids), or why not */
			uint64_t ids[64];
			int n = probe_btrfs_devids(&d.r, ids, 64);
			if (n < 0)
				printf("BTRFS_DEVIDS_ERROR=%s\n", strerror(-n));
			for (int k = 0; k < n; k++)
				printf("%s%llu%s", k ? "," : "BTRFS_DEVIDS=", (unsigned long long)ids[k], k + 1 == n ? "\n" : "");
		}
		found = 1;
	}
	int rc = probe_parts_r(&d.r, (unsigned)ss, &pt);
	if (rc == 0) {
		kv("PTTYPE", pt.type);
		kv("PTUUID", pt.ptuuid);
		for (unsigned k = 0; k < pt.count; k++) {
			printf("PART %u PARTUUID=%s", pt.parts[k].number, pt.parts[k].partuuid);
			if (pt.parts[k].partlabel[0])
				printf(" PARTLABEL=%s", pt.parts[k].partlabel);
			putchar('\n');
		}
		found = 1;
	} else if (rc != -ENOENT) {
		printf("PTERROR=%s\n", rc == -EINVAL ? "EINVAL" : strerror(-rc));
		return 3;
	}
	return found ? 0 : 1;
}
