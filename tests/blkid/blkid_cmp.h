/* SPDX-License-Identifier: MIT */
/* Differential comparison of src/probe.c with libblkid (util-linux), shared by the image test
 * (tests/blkid/blkid_diff.c) and the libFuzzer target (tests/fuzz/fuzz_blkid_diff.c).
 *
 * libblkid is asked what `blkid -p` asks it (the low-level probe: superblocks with LABEL, UUID and
 * TYPE, partitions with BLKID_PARTS_ENTRY_DETAILS), but with one chain per probe: probe_fs() and
 * probe_parts() are separate questions in earlymount too, and `blkid -p` reports both a whole-disk
 * superblock and a partition table when it finds both (a stale btrfs under a GPT prints TYPE=btrfs
 * and PTTYPE=gpt). The partition entries come from libblkid's partlist, which is what blkid and
 * udev report as PART_ENTRY_NUMBER / PART_ENTRY_UUID / PART_ENTRY_NAME on the partition's node.
 *
 * Every difference between the two that is intended is one row of the table in blkid_cmp.c
 * (format, field, condition, reason); any other difference is a failure. */
#ifndef EM_BLKID_CMP_H
#define EM_BLKID_CMP_H
#include "probe.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* What libblkid found in one superblock probe. */
struct bc_fs {
	int rc;          /* 0 found, 1 nothing, -2 ambivalent (two signatures), -1 error */
	char type[64];
	char usage[16];  /* USAGE: "filesystem", "raid", "crypto", "other" */
	char uuid[64];
	char label[2048];
	char fatboot[64]; /* vfat: LABEL_FATBOOT, the boot sector's copy of the label */
};

struct bc_part {
	int partno;
	int extended; /* an MBR extended partition (a container, no filesystem of its own) */
	uint64_t start, size; /* bytes */
	char uuid[64];
	char name[1024];
};

/* What libblkid found in one partition-table probe. */
#define BC_MAX_PARTS 256
struct bc_parts {
	int rc; /* 0 found, 1 nothing, -1 error */
	char type[16];
	char ptuuid[64];
	unsigned count;
	struct bc_part p[BC_MAX_PARTS];
};

/* Probe fd from byte off, size bytes (0: to the end). */
int bc_blkid_fs(int fd, uint64_t off, uint64_t size, struct bc_fs *out);
/* libblkid asked for TYPE alone there: 1 and *out filled when it recognises it, else 0. */
int bc_blkid_type_only(int fd, uint64_t off, uint64_t size, const char *type, struct bc_fs *out);
/* Probe fd as a whole disk with logical sector size ss (0: libblkid's default for a file, 512). */
int bc_blkid_parts(int fd, uint64_t size, unsigned ss, struct bc_parts *out);

/* What is compared, and how strictly. */
struct bc_ctx {
	const char *name;   /* image or input name, printed with every difference */
	const uint8_t *buf; /* the bytes both probers saw */
	size_t len;
	unsigned ss;        /* sector size given to probe_parts */
	int fd;             /* the same bytes for libblkid, from offset off (for second questions) */
	uint64_t off;
	int both_only;      /* fuzzing: compare only what both recognise (same TYPE / PTTYPE) */
	int quiet_intended; /* print only the unexpected differences */
	FILE *log;          /* where differences are printed (NULL: nowhere) */
	unsigned compared;  /* fields compared so far */
	unsigned intended;  /* differences explained by a row of the table */
	unsigned unexpected;/* differences no row explains */
};

/* Compare probe_fs()'s answer (rc and *em) with libblkid's. Returns the number of unexpected
 * differences found by this call. */
unsigned bc_compare_fs(struct bc_ctx *c, int em_rc, const struct fs_info *em, const struct bc_fs *bl);
/* Compare probe_parts()'s answer with libblkid's. */
unsigned bc_compare_parts(struct bc_ctx *c, int em_rc, const struct part_table *em, const struct bc_parts *bl);

/* Print the table of intended differences. */
void bc_print_table(FILE *f);

/* Is TYPE one that probe_fs() knows? (libblkid knows many more.) */
int bc_em_knows_type(const char *type);
/* Is TYPE one of the member and other signatures probe_fs() looks for before any filesystem
 * (a RAID, LVM, crypto, cache or pool member, swap)? */
int bc_is_member_type(const char *type);
/* fs_info.usage as libblkid's USAGE string ("" for none). */
const char *bc_usage_name(unsigned usage);

#endif
