/* SPDX-License-Identifier: MIT */
/* Field-by-field comparison of src/probe.c with libblkid on one image file (tests/blkid/run.sh
 * makes the images).
 *
 *   blkid_diff [--sector-size N] [--expect FACT]... NAME IMAGE
 *   blkid_diff --table
 *   blkid_diff --gpt-move-entries LBA IMAGE
 *   blkid_diff --member CASE IMAGE
 *   blkid_diff --member-list
 *
 * The whole image is mapped and given to probe_fs() and probe_parts() (sector size N, default
 * 512), and libblkid probes the same file (superblocks at 0, the partition table with sector size
 * N, then the superblock of every partition libblkid lists, at its offset and size, against
 * probe_fs() on the same bytes). TYPE, UUID, LABEL, PTTYPE, PTUUID, the partition numbers,
 * PARTUUID and PARTLABEL are compared; every difference is printed with NAME, and those that no
 * row of the table of intended differences (blkid_cmp.c, --table) explains fail the run.
 *
 * --export FILE writes libblkid's whole-image answer to FILE as raw KEY=value lines (TYPE, USAGE,
 * UUID, LABEL, PTTYPE, PTUUID, only the set ones), so that run.sh can check this harness against the
 * `blkid -p` command itself.
 *
 * --expect FACT guards against an image that is not what the test meant (a comparison of two
 * empty answers proves nothing): each FACT must hold for libblkid's answer. FACTs: fs=TYPE (whole
 * image; fs=none for nothing, fs=ambivalent for two signatures), pt=TYPE, parts=COUNT (entries
 * libblkid lists), pN=TYPE (the filesystem in partition N).
 *
 * --member writes the synthetic member image CASE of member_images.c to IMAGE (a sparse file of
 * the case's size); --member-list prints every CASE and the fs= fact libblkid must see in it,
 * tab-separated, one a line.
 *
 * --gpt-move-entries rewrites the primary GPT of IMAGE (512-byte sectors) so that its entry array
 * lies at LBA (copied there, header's PartitionEntryLBA and CRC updated): UEFI lets the array lie
 * anywhere outside the usable area, and sfdisk cannot place it.
 *
 * Exit: 0 no unexpected difference, 1 unexpected differences, 2 usage or I/O error, 3 an --expect
 * FACT does not hold. */
#define _GNU_SOURCE
#include "blkid_cmp.h"
#include "member_images.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static struct part_table pt;
static struct bc_parts blparts;

static uint32_t crc32(const uint8_t *p, size_t n)
{
	uint32_t c = ~0u;
	while (n--) {
		c ^= *p++;
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
	}
	return ~c;
}

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void put64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get64(const uint8_t *p)
{
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static int gpt_move_entries(const char *path, const char *lba_s)
{
	char *end;
	unsigned long long lba = strtoull(lba_s, &end, 0);
	uint8_t hdr[512];
	if (*end || !lba) {
		fprintf(stderr, "blkid_diff: bad LBA '%s'\n", lba_s);
		return 2;
	}
	int fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0 || pread(fd, hdr, 512, 512) != 512 || memcmp(hdr, "EFI PART", 8)) {
		fprintf(stderr, "blkid_diff: %s: no GPT header at LBA 1\n", path);
		return 2;
	}
	uint32_t hsz = (uint32_t)hdr[12] | (uint32_t)hdr[13] << 8, n = hdr[80] | hdr[81] << 8 | hdr[82] << 16,
	         esz = hdr[84] | hdr[85] << 8;
	uint64_t old = get64(hdr + 72), first = get64(hdr + 40);
	size_t bytes = (size_t)n * esz;
	if (hsz < 92 || hsz > 512 || !bytes || bytes > (1u << 20) || lba * 512 + bytes > first * 512) {
		fprintf(stderr, "blkid_diff: %s: the array (%zu bytes) does not fit before LBA %llu\n", path,
		        bytes, (unsigned long long)first);
		return 2;
	}
	uint8_t *a = calloc(1, bytes), *z = calloc(1, bytes);
	if (!a || !z || pread(fd, a, bytes, (off_t)(old * 512)) != (ssize_t)bytes ||
	    pwrite(fd, z, bytes, (off_t)(old * 512)) != (ssize_t)bytes ||
	    pwrite(fd, a, bytes, (off_t)(lba * 512)) != (ssize_t)bytes) {
		fprintf(stderr, "blkid_diff: %s: moving the entries: %s\n", path, strerror(errno));
		return 2;
	}
	put64(hdr + 72, lba);
	put32(hdr + 16, 0);
	put32(hdr + 16, crc32(hdr, hsz));
	if (pwrite(fd, hdr, 512, 512) != 512 || close(fd) != 0) {
		fprintf(stderr, "blkid_diff: %s: writing the header: %s\n", path, strerror(errno));
		return 2;
	}
	free(a);
	free(z);
	return 0;
}

static void file_put(void *ctx, uint64_t off, const void *p, size_t n)
{
	int *fd = ctx;
	if (*fd >= 0 && pwrite(*fd, p, n, (off_t)off) != (ssize_t)n) {
		fprintf(stderr, "blkid_diff: writing %zu bytes at %llu: %s\n", n, (unsigned long long)off,
		        strerror(errno));
		close(*fd);
		*fd = -1;
	}
}

static int write_member(const char *name, const char *path)
{
	const struct member_image *m = member_image_find(name);
	if (!m) {
		fprintf(stderr, "blkid_diff: no member image '%s' (--member-list)\n", name);
		return 2;
	}
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || ftruncate(fd, (off_t)m->size) != 0) {
		fprintf(stderr, "blkid_diff: %s: %s\n", path, strerror(errno));
		return 2;
	}
	if (m->base)
		m->base(file_put, &fd, m->size);
	m->member(file_put, &fd, m->size);
	return fd >= 0 && close(fd) == 0 ? 0 : 2;
}

/* --expect: does FACT hold for libblkid's answers? */
static int fact_holds(const char *fact, const struct bc_fs *whole, const struct bc_parts *bp,
                      const struct bc_fs *pfs)
{
	char want[64];
	unsigned n;
	if (sscanf(fact, "fs=%63s", want) == 1)
		return whole->rc == 0    ? !strcmp(want, whole->type)
		       : whole->rc == -2 ? !strcmp(want, "ambivalent")
		                         : !strcmp(want, "none");
	if (sscanf(fact, "pt=%63s", want) == 1)
		return bp->rc == 0 && !strcmp(want, bp->type);
	if (sscanf(fact, "parts=%u", &n) == 1)
		return bp->rc == 0 && bp->count == n;
	if (sscanf(fact, "p%u=%63s", &n, want) == 2) {
		for (unsigned i = 0; i < bp->count; i++)
			if ((unsigned)bp->p[i].partno == n)
				return pfs[i].rc == 0 && !strcmp(want, pfs[i].type);
		return 0;
	}
	fprintf(stderr, "blkid_diff: unknown --expect fact '%s'\n", fact);
	return 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: blkid_diff [--sector-size N] [--expect FACT]... [--export FILE] NAME IMAGE\n"
	                "       blkid_diff --table\n"
	                "       blkid_diff --gpt-move-entries LBA IMAGE\n"
	                "       blkid_diff --member CASE IMAGE\n"
	                "       blkid_diff --member-list\n");
	return 2;
}

int main(int argc, char **argv)
{
	const char *expect[32], *export = NULL;
	unsigned nexpect = 0, ss = 512;
	int i = 1;

	if (argc == 2 && !strcmp(argv[1], "--table")) {
		bc_print_table(stdout);
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "--gpt-move-entries"))
		return gpt_move_entries(argv[3], argv[2]);
	if (argc == 4 && !strcmp(argv[1], "--member"))
		return write_member(argv[2], argv[3]);
	if (argc == 2 && !strcmp(argv[1], "--member-list")) {
		for (size_t k = 0; k < member_images_count; k++) {
			const struct member_image *m = &member_images[k];
			printf("%s\t%s\n", m->name, m->blkid ? m->blkid : m->type[0] ? m->type : "none");
		}
		return 0;
	}
	for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		if (!strcmp(argv[i], "--sector-size"))
			ss = (unsigned)strtoul(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "--export"))
			export = argv[i + 1];
		else if (!strcmp(argv[i], "--expect") && nexpect < sizeof(expect) / sizeof(expect[0]))
			expect[nexpect++] = argv[i + 1];
		else
			return usage();
	}
	if (argc - i != 2 || (ss != 512 && ss != 4096))
		return usage();
	const char *name = argv[i], *path = argv[i + 1];

	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0 || st.st_size <= 0) {
		fprintf(stderr, "blkid_diff: %s: cannot open or empty: %s\n", path, strerror(errno));
		return 2;
	}
	size_t len = (size_t)st.st_size;
	/* The whole image, mapped: sparse images cost nothing, and probe_fs()/probe_parts() see
	 * every byte libblkid can read. */
	const uint8_t *buf = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
	if (buf == MAP_FAILED) {
		fprintf(stderr, "blkid_diff: %s: mmap: %s\n", path, strerror(errno));
		return 2;
	}

	struct bc_ctx c = {.name = name, .buf = buf, .len = len, .ss = ss, .fd = fd, .log = stdout};
	struct fs_info fi;
	struct bc_fs whole, *pfs;

	/* 1. the superblock of the whole image */
	int em_rc = probe_fs(buf, len, &fi);
	if (bc_blkid_fs(fd, 0, 0, &whole) == -1) {
		fprintf(stderr, "blkid_diff: %s: libblkid cannot probe the superblocks\n", path);
		return 2;
	}
	bc_compare_fs(&c, em_rc, &fi, &whole);

	/* 2. the partition table */
	int em_prc = probe_parts(buf, len, ss, &pt);
	if (bc_blkid_parts(fd, 0, ss, &blparts) == -1) {
		fprintf(stderr, "blkid_diff: %s: libblkid cannot probe the partition table\n", path);
		return 2;
	}
	bc_compare_parts(&c, em_prc, &pt, &blparts);

	if (export) {
		FILE *f = fopen(export, "w");
		if (!f) {
			fprintf(stderr, "blkid_diff: %s: %s\n", export, strerror(errno));
			return 2;
		}
		const char *kv[][2] = {{"TYPE", whole.type},     {"USAGE", whole.usage},    {"UUID", whole.uuid},
		                       {"LABEL", whole.label},   {"PTTYPE", blparts.type}, {"PTUUID", blparts.ptuuid}};
		for (size_t k = 0; k < sizeof(kv) / sizeof(kv[0]); k++)
			if (kv[k][1][0])
				fprintf(f, "%s=%s\n", kv[k][0], kv[k][1]);
		fclose(f);
	}

	/* 3. the superblock in every partition libblkid lists, as blkid -p on /dev/sdXN reads it */
	pfs = calloc(blparts.count ? blparts.count : 1, sizeof(*pfs));
	if (!pfs)
		return 2;
	for (unsigned k = 0; k < blparts.count; k++) {
		const struct bc_part *p = &blparts.p[k];
		char pname[512];
		pfs[k].rc = 1;
		if (p->extended || p->start >= len)
			continue; /* a container of logical partitions, or past the image */
		uint64_t plen = p->size < len - p->start ? p->size : len - p->start;
		snprintf(pname, sizeof(pname), "%s[p%d]", name, p->partno);
		c.name = pname;
		c.buf = buf + p->start;
		c.len = (size_t)plen;
		c.off = p->start;
		em_rc = probe_fs(buf + p->start, (size_t)plen, &fi);
		if (bc_blkid_fs(fd, p->start, plen, &pfs[k]) == -1) {
			fprintf(stderr, "blkid_diff: %s: libblkid cannot probe partition %d\n", path, p->partno);
			return 2;
		}
		bc_compare_fs(&c, em_rc, &fi, &pfs[k]);
	}
	c.name = name;
	c.buf = buf;
	c.len = len;
	c.off = 0;

	int bad_fact = 0;
	for (unsigned k = 0; k < nexpect; k++) {
		if (fact_holds(expect[k], &whole, &blparts, pfs))
			continue;
		printf("NOT AS MEANT %s: libblkid does not see %s (whole image: %s%s, table: %s, %u entries)"
		       " - the image is not what the test meant\n",
		       name, expect[k], whole.rc == 0 ? whole.type : whole.rc == -2 ? "ambivalent" : "nothing",
		       "", blparts.rc == 0 ? blparts.type : "none", blparts.count);
		bad_fact = 1;
	}
	printf("%s %s: %u fields compared, %u intended differences, %u unexpected\n",
	       c.unexpected ? "FAIL" : bad_fact ? "FAIL" : "ok", name, c.compared, c.intended, c.unexpected);
	free(pfs);
	munmap((void *)buf, len);
	close(fd);
	return c.unexpected ? 1 : bad_fact ? 3 : 0;
}
