/* SPDX-License-Identifier: MIT */
/* libblkid side of the differential test, the comparison, and the table of intended differences.
 * See blkid_cmp.h. Host-only test code: stdio and malloc are fine here. */
#define _GNU_SOURCE
#include "blkid_cmp.h"

#include <blkid/blkid.h>
#include <ctype.h>
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* ---- libblkid -------------------------------------------------------------------------------- */

static void copy_value(blkid_probe pr, const char *name, char *dst, size_t cap)
{
	const char *v = NULL;
	size_t n = 0;
	dst[0] = 0;
	if (blkid_probe_lookup_value(pr, name, &v, &n) == 0 && v) {
		/* n counts the terminating NUL libblkid stores */
		n = strnlen(v, n);
		if (n >= cap)
			n = cap - 1;
		memcpy(dst, v, n);
		dst[n] = 0;
	}
}

int bc_blkid_fs(int fd, uint64_t off, uint64_t size, struct bc_fs *out)
{
	memset(out, 0, sizeof(*out));
	out->rc = -1;
	blkid_probe pr = blkid_new_probe();
	if (!pr)
		return -1;
	if (blkid_probe_set_device(pr, fd, (blkid_loff_t)off, (blkid_loff_t)size) != 0) {
		blkid_free_probe(pr);
		return -1;
	}
	/* What `blkid -p` asks for (misc/blkid.c: lowprobe_device). BLKID_SUBLKS_BADCSUM is not set:
	 * blkid -p does not accept bad checksums either. */
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_LABEL | BLKID_SUBLKS_UUID | BLKID_SUBLKS_TYPE |
	                                              BLKID_SUBLKS_SECTYPE | BLKID_SUBLKS_USAGE |
	                                              BLKID_SUBLKS_VERSION);
	blkid_probe_enable_partitions(pr, 0);
	blkid_probe_enable_topology(pr, 0);
	int rc = blkid_do_safeprobe(pr);
	out->rc = rc == 0 ? 0 : rc == 1 ? 1 : rc == -2 ? -2 : -1;
	if (rc == 0) {
		copy_value(pr, "TYPE", out->type, sizeof(out->type));
		copy_value(pr, "USAGE", out->usage, sizeof(out->usage));
		copy_value(pr, "UUID", out->uuid, sizeof(out->uuid));
		copy_value(pr, "LABEL", out->label, sizeof(out->label));
		copy_value(pr, "LABEL_FATBOOT", out->fatboot, sizeof(out->fatboot));
		if (!out->type[0])
			out->rc = 1; /* found something without a TYPE (cannot happen with these flags) */
	}
	blkid_free_probe(pr);
	return out->rc;
}

int bc_blkid_type_only(int fd, uint64_t off, uint64_t size, const char *type, struct bc_fs *out)
{
	char *only[] = {(char *)type, NULL};
	memset(out, 0, sizeof(*out));
	out->rc = -1;
	blkid_probe pr = blkid_new_probe();
	if (!pr)
		return 0;
	if (blkid_probe_set_device(pr, fd, (blkid_loff_t)off, (blkid_loff_t)size) == 0) {
		blkid_probe_enable_superblocks(pr, 1);
		blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_UUID | BLKID_SUBLKS_LABEL);
		blkid_probe_enable_partitions(pr, 0);
		blkid_probe_filter_superblocks_type(pr, BLKID_FLTR_ONLYIN, only);
		out->rc = blkid_do_safeprobe(pr) == 0 ? 0 : 1;
		if (out->rc == 0) {
			copy_value(pr, "TYPE", out->type, sizeof(out->type));
			copy_value(pr, "UUID", out->uuid, sizeof(out->uuid));
			copy_value(pr, "LABEL", out->label, sizeof(out->label));
		}
	}
	blkid_free_probe(pr);
	return out->rc == 0;
}

int bc_blkid_parts(int fd, uint64_t size, unsigned ss, struct bc_parts *out)
{
	memset(out, 0, sizeof(*out));
	out->rc = -1;
	blkid_probe pr = blkid_new_probe();
	if (!pr)
		return -1;
	if (blkid_probe_set_device(pr, fd, 0, (blkid_loff_t)size) != 0) {
		blkid_free_probe(pr);
		return -1;
	}
	if (ss)
		blkid_probe_set_sectorsize(pr, ss);
	blkid_probe_enable_superblocks(pr, 0);
	blkid_probe_enable_topology(pr, 0);
	blkid_probe_enable_partitions(pr, 1);
	blkid_probe_set_partitions_flags(pr, BLKID_PARTS_ENTRY_DETAILS);
	int rc = blkid_do_safeprobe(pr);
	out->rc = rc == 0 ? 0 : rc == 1 ? 1 : -1;
	if (rc == 0) {
		copy_value(pr, "PTTYPE", out->type, sizeof(out->type));
		copy_value(pr, "PTUUID", out->ptuuid, sizeof(out->ptuuid));
		/* The list of entries: a binary probe of the same chain (as partx and udev's
		 * builtin-blkid do); positions are in 512-byte sectors whatever the sector size. */
		blkid_partlist ls = blkid_probe_get_partitions(pr);
		int n = ls ? blkid_partlist_numof_partitions(ls) : 0;
		for (int i = 0; i < n && out->count < BC_MAX_PARTS; i++) {
			blkid_partition par = blkid_partlist_get_partition(ls, i);
			if (!par)
				continue;
			struct bc_part *p = &out->p[out->count++];
			const char *s;
			p->partno = blkid_partition_get_partno(par);
			p->extended = blkid_partition_is_extended(par);
			p->start = (uint64_t)blkid_partition_get_start(par) * 512;
			p->size = (uint64_t)blkid_partition_get_size(par) * 512;
			if ((s = blkid_partition_get_uuid(par)))
				snprintf(p->uuid, sizeof(p->uuid), "%s", s);
			if ((s = blkid_partition_get_name(par)))
				snprintf(p->name, sizeof(p->name), "%s", s);
		}
	}
	blkid_free_probe(pr);
	return out->rc;
}

/* ---- helpers for the conditions --------------------------------------------------------------- */

static uint32_t rd16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t rd32(const uint8_t *p) { return rd16(p) | rd16(p + 2) << 16; }

/* Does the root directory of the FAT volume in buf reach past len (so probe_fs cannot read the
 * volume-label entry there)? Follows the BPB as libblkid's vfat prober does, with its 32-bit sector
 * arithmetic (probe.c copies it: a geometry that wraps must be read where libblkid reads it). */
static int fat_root_beyond(const uint8_t *b, size_t len)
{
	if (len < 512)
		return 1;
	uint32_t ss = rd16(b + 11), cs = b[13], res = rd16(b + 14), fats = b[16];
	uint32_t dirents = rd16(b + 17), f16 = rd16(b + 22), f32 = rd32(b + 36);
	if (f16) {
		uint64_t root = (uint64_t)(uint32_t)(res + fats * f16) * ss;
		return root + (uint64_t)dirents * 32 > len;
	}
	uint32_t data = res + fats * f32, clus = rd32(b + 44);
	uint32_t entries = (uint32_t)((uint64_t)f32 * ss / 4);
	for (int loop = 0; loop < 99 && clus && clus < entries; loop++) {
		uint64_t off = (uint64_t)(uint32_t)(data + (clus - 2) * cs) * ss;
		if (off + (uint64_t)cs * ss > len)
			return 1;
		uint64_t fe = (uint64_t)res * ss + (uint64_t)clus * 4;
		if (fe + 4 > len)
			return 1;
		clus = rd32(b + fe) & 0x0FFFFFFF;
	}
	return 0;
}

static uint32_t rdbe16(const uint8_t *p) { return (uint32_t)p[0] << 8 | p[1]; }
static uint32_t rdbe32(const uint8_t *p) { return rdbe16(p) << 16 | rdbe16(p + 2); }

/* Reflected CRC, no inversion on entry or exit (each format says what it wants); the 4 bytes at
 * skip (if skip < n) count as zeros. */
static uint32_t crc(uint32_t c, uint32_t poly, const uint8_t *p, size_t n, size_t skip)
{
	for (size_t i = 0; i < n; i++) {
		c ^= i >= skip && i < skip + 4 ? 0 : p[i];
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (poly & (0u - (c & 1)));
	}
	return c;
}
#define CRC32C 0x82F63B78u
#define CRC32 0xEDB88320u

/* The superblock checksums the kernel verifies before mounting, computed independently of
 * probe.c from each format's definition. 1: the checksum is there and wrong. */
static int ext_bad_csum(const uint8_t *b, size_t len)
{ /* fs/ext4/super.c ext4_superblock_csum_verify: metadata_csum, crc32c over the first 0x3FC bytes */
	const uint8_t *sb = b + 1024;
	return len >= 2048 && (rd32(sb + 0x64) & 0x400) && crc(~0u, CRC32C, sb, 0x3FC, ~(size_t)0) != rd32(sb + 0x3FC);
}

static int xfs_bad_crc(const uint8_t *b, size_t len)
{ /* fs/xfs/libxfs/xfs_sb.c xfs_sb_read_verify: v5 needs the CRC feature and sb_crc (offset 224) */
	if (len < 512 || (rdbe16(b + 100) & 0xF) != 5)
		return 0;
	uint32_t ss = rdbe16(b + 102);
	if (!(rdbe16(b + 100) & 0x8000) || !(rdbe32(b + 200) & 0x100) || ss < 512 || ss > len)
		return 1;
	return ~crc(~0u, CRC32C, b, ss, 224) != rd32(b + 224);
}

static int btrfs_bad_csum(const uint8_t *b, size_t len)
{ /* fs/btrfs/disk-io.c btrfs_check_super_csum: csum_type 0 is crc32c over bytes 0x20..0x1000 */
	const uint8_t *sb = b + 0x10000;
	return len >= 0x11000 && rd16(sb + 0xC4) == 0 && ~crc(~0u, CRC32C, sb + 0x20, 0xFE0, ~(size_t)0) != rd32(sb);
}

static int erofs_bad_csum(const uint8_t *b, size_t len)
{ /* fs/erofs/super.c erofs_superblock_csum_verify: crc32c of the block from the superblock on */
	const uint8_t *sb = b + 1024;
	if (len < 1024 + 128 || !(rd32(sb + 8) & 1) || sb[12] > 16)
		return 0;
	size_t n = (size_t)1 << sb[12];
	n = n > 1024 ? n - 1024 : n;
	return 1024 + n > len || crc(~0u, CRC32C, sb, n, 4) != rd32(sb + 4);
}

static int f2fs_bad_csum(const uint8_t *b, size_t len)
{ /* fs/f2fs/super.c sanity_check_raw_super: crc32 seeded with the magic, at checksum_offset */
	const uint8_t *sb = b + 1024;
	if (len < 1024 + 0x24)
		return 0;
	uint32_t off = rd32(sb + 0x20);
	return off && (off > 0xBFC || 1024 + (size_t)off + 4 > len ||
	               crc(0xF2F52010, CRC32, sb, off, ~(size_t)0) != rd32(sb + off));
}

/* ---- the table of intended differences ------------------------------------------------------- */

/* One difference found: format (blkid's TYPE or PTTYPE), field, both values. */
struct bc_diff {
	const char *format;
	const char *field;
	const char *blkid;
	const char *em;
	unsigned partno;          /* partition fields: the number */
	const struct bc_fs *blfs; /* superblock fields: libblkid's whole answer */
	const struct fs_info *emfs; /* and probe_fs()'s */
};

struct bc_row {
	const char *format, *field, *condition, *reason;
	int (*applies)(const struct bc_ctx *c, const struct bc_diff *d);
};

/* LABEL_FATBOOT is trimmed on both sides (blkid_probe_set_id_label), LABEL on the right only
 * (blkid_probe_set_label), which is what probe_fs() does with either copy. */
static int vfat_boot_label(const struct bc_ctx *c, const struct bc_diff *d)
{
	const char *em = d->em;
	while (isspace((unsigned char)*em)) /* blkid_ltrim_whitespace() */
		em++;
	return !d->blkid[0] && d->blfs && !strcmp(em, d->blfs->fatboot) && fat_root_beyond(c->buf, c->len);
}

/* Does the buffer end inside a volume descriptor (among the first 16 from 32 KiB, before the set
 * terminator)? */
static int iso_descriptor_cut(const struct bc_ctx *c, const struct bc_diff *d)
{
	(void)d;
	for (size_t i = 0; i < 16; i++) {
		size_t off = 0x8000 + i * 2048;
		if (off + 2048 > c->len)
			return off < c->len;
		if (c->buf[off] == 0xFF)
			return 0;
	}
	return 0;
}

static int dos_zero_signature(const struct bc_ctx *c, const struct bc_diff *d)
{
	char want[16];
	snprintf(want, sizeof(want), "00000000-%02x", d->partno & 0xFF);
	return c->len >= 512 && rd32(c->buf + 440) == 0 && !d->blkid[0] && !strcmp(d->em, want);
}

static int dos_size_wraps(const struct bc_ctx *c, const struct bc_diff *d)
{
	if (c->len < 512 || d->partno < 1 || d->partno > 4 || strcmp(d->blkid, "absent") || strcmp(d->em, "present"))
		return 0;
	uint32_t size = rd32(c->buf + 446 + 16 * (d->partno - 1) + 12);
	return size && (uint32_t)(size * (c->ss / 512)) == 0;
}

static int is_ext_type(uint8_t t) { return t == 0x05 || t == 0x0F || t == 0x85; }

/* The logical partitions' starts (512-byte units) in number order from 5, as the kernel's
 * parse_extended (block/partitions/msdos.c) or libblkid's parse_dos_extended finds them in the
 * bytes at hand; returns how many. Both walk each primary extended partition in slot order, and
 * its chain of EBRs: an EBR past the end or without 55 AA ends the chain, 100 EBRs without a
 * data slot end it; a data slot is one with sectors that is not an extended entry, and a 3rd or
 * 4th one must lie inside its EBR's extent and the extended partition's; the link is the first
 * extended entry, relative to the primary extended partition. Where they part: the kernel
 * computes in sector_t, libblkid in uint32_t (sectors times the sector-size factor, sums that
 * wrap); libblkid skips an extended partition at sector 0 (the kernel reads the MBR as its EBR),
 * a link whose offset is 0 (it takes the next extended entry), and a data slot that starts where
 * an earlier partition starts ("EBR duplicate data partition"). */
#define WALK_MAX 256
/* An entry's start (at +8) or size (at +12) in 512-byte units, in the walk's arithmetic. */
static uint64_t entry_units(const uint8_t *e, int at, unsigned f, uint64_t mask)
{
	return rd32(e + at) * (uint64_t)f & mask;
}

static unsigned walk_logical(const struct bc_ctx *c, int blkid, uint64_t *out)
{
	uint64_t starts[4]; /* the primary entries' */
	unsigned n = 0, np = 0, f = c->ss / 512;
	uint64_t mask = blkid ? 0xFFFFFFFFu : UINT64_MAX;
	if (c->len < 512 || c->buf[510] != 0x55 || c->buf[511] != 0xAA || !f)
		return 0;
	for (int i = 0; i < 4; i++) {
		const uint8_t *e = c->buf + 446 + 16 * i;
		if (entry_units(e, 12, f, mask))
			starts[np++] = entry_units(e, 8, f, mask);
	}
	for (int i = 0; i < 4; i++) {
		const uint8_t *e = c->buf + 446 + 16 * i;
		uint64_t first = entry_units(e, 8, f, mask), ex_size = entry_units(e, 12, f, mask);
		if (!is_ext_type(e[4]) || !ex_size || (blkid && !first))
			continue;
		uint64_t this = first, this_size = ex_size;
		for (int nodata = 0; ++nodata <= 100 && n < WALK_MAX;) {
			if (this * 512 + 512 > c->len)
				break;
			const uint8_t *ebr = c->buf + this * 512, *link = NULL;
			if (ebr[510] != 0x55 || ebr[511] != 0xAA)
				break;
			for (int j = 0; j < 4 && n < WALK_MAX; j++) {
				const uint8_t *p = ebr + 446 + 16 * j;
				uint64_t off = entry_units(p, 8, f, mask), size = entry_units(p, 12, f, mask);
				uint64_t abs = (this + off) & mask;
				if (!size || is_ext_type(p[4]))
					continue;
				if (j >= 2 && (((off + size) & mask) > this_size || abs < first ||
				               ((abs + size) & mask) > ((first + ex_size) & mask)))
					continue;
				int dup = 0;
				for (unsigned k = 0; blkid && k < np + n && !dup; k++)
					dup = (k < np ? starts[k] : out[k - np]) == abs;
				if (dup)
					continue;
				out[n++] = abs;
				nodata = 0;
			}
			for (int j = 0; j < 4 && !link; j++) {
				const uint8_t *p = ebr + 446 + 16 * j;
				if (is_ext_type(p[4]) && entry_units(p, 12, f, mask) &&
				    !(blkid && !entry_units(p, 8, f, mask)))
					link = p;
			}
			if (!link)
				break;
			this = (first + entry_units(link, 8, f, mask)) & mask;
			this_size = entry_units(link, 12, f, mask);
		}
	}
	return n;
}

/* Logical partition partno is in one walk and not the other, or the two part before it. */
static int ebr_walks_differ(const struct bc_ctx *c, int partno)
{
	static uint64_t k[WALK_MAX], b[WALK_MAX];
	unsigned nk = walk_logical(c, 0, k), nb = walk_logical(c, 1, b), upto = (unsigned)partno - 4;
	for (unsigned i = 0; i < upto; i++)
		if ((i < nk) != (i < nb) || (i < nk && k[i] != b[i]))
			return 1;
	return 0;
}

static int ebr_dup_row(const struct bc_ctx *c, const struct bc_diff *d)
{
	return d->partno >= 5 &&
	       ((!strcmp(d->blkid, "absent") && !strcmp(d->em, "present")) ||
	        (!strcmp(d->blkid, "present") && !strcmp(d->em, "absent"))) &&
	       ebr_walks_differ(c, d->partno);
}

static int unknown_type(const struct bc_ctx *c, const struct bc_diff *d)
{
	(void)c;
	return !d->em[0] && d->blkid[0] && !bc_em_knows_type(d->blkid);
}

static int blkid_only(const struct bc_diff *d, const char *type)
{
	return !strcmp(d->blkid, type) && !d->em[0];
}
static int ext_csum_row(const struct bc_ctx *c, const struct bc_diff *d)
{
	return (blkid_only(d, "ext4") || blkid_only(d, "jbd")) && ext_bad_csum(c->buf, c->len);
}
static int xfs_crc_row(const struct bc_ctx *c, const struct bc_diff *d)
{
	return blkid_only(d, "xfs") && xfs_bad_crc(c->buf, c->len);
}
static int btrfs_csum_row(const struct bc_ctx *c, const struct bc_diff *d)
{
	return blkid_only(d, "btrfs") && btrfs_bad_csum(c->buf, c->len);
}
static int erofs_csum_row(const struct bc_ctx *c, const struct bc_diff *d)
{
	return blkid_only(d, "erofs") && erofs_bad_csum(c->buf, c->len);
}
static int f2fs_csum_row(const struct bc_ctx *c, const struct bc_diff *d)
{
	return blkid_only(d, "f2fs") && f2fs_bad_csum(c->buf, c->len);
}

/* Longer than fs_info.label holds: probe_fs() keeps the longest prefix of whole characters. */
static int long_label(const struct bc_ctx *c, const struct bc_diff *d)
{
	(void)c;
	size_t n = strlen(d->em);
	return strlen(d->blkid) >= sizeof(((struct fs_info *)0)->label) && !strncmp(d->blkid, d->em, n) &&
	       n + 4 >= sizeof(((struct fs_info *)0)->label) - 1 && ((unsigned char)d->blkid[n] & 0xC0) != 0x80;
}

#define CSUM_REASON(fn) \
	"the kernel refuses to mount it (" fn "), so earlymount does not offer it as a match; " \
	"libblkid 2.38 does not verify this checksum"

/* The same bytes followed by zeros up to 2 MiB, asked for TYPE alone: does libblkid recognise
 * them, with probe_fs()'s UUID and LABEL? Past libblkid's small-device rules (1440 KiB, btrfs's
 * 1 MiB minimum) and its reading of magics a whole KiB at a time, with no competing signature. */
#define PAD_SIZE (2 * 1024 * 1024)
static int blkid_agrees_padded(const struct bc_ctx *c, const char *type, const struct fs_info *em)
{
	static struct bc_fs bl; /* 2 KiB of label: not on the stack */
	int fd = memfd_create("blkid_cmp_pad", MFD_CLOEXEC), same = 0;
	if (fd < 0)
		return 0;
	if (ftruncate(fd, PAD_SIZE) == 0 && pwrite(fd, c->buf, c->len, 0) == (ssize_t)c->len &&
	    bc_blkid_type_only(fd, 0, PAD_SIZE, type, &bl))
		same = em && !strcmp(bl.uuid, em->uuid) && !strcmp(bl.label, em->label);
	close(fd);
	return same;
}

static int ext_test_fs(const struct bc_ctx *c)
{ /* s_flags (offset 0x160) EXT2_FLAGS_TEST_FILESYS */
	return c->len >= 2048 && (rd32(c->buf + 1024 + 0x160) & 0x0004);
}

static int small_device(const struct bc_ctx *c, const struct bc_diff *d)
{
	/* libblkid's name for probe_fs()'s "ext4" on a test_fs superblock: see ext4dev_row */
	const char *t = !strcmp(d->em, "ext4") && ext_test_fs(c) ? "ext4dev" : d->em;
	return d->em[0] && bc_em_knows_type(d->em) && c->len < PAD_SIZE && blkid_agrees_padded(c, t, d->emfs);
}

static int ext4dev_row(const struct bc_ctx *c, const struct bc_diff *d)
{
	return !strcmp(d->blkid, "ext4dev") && !strcmp(d->em, "ext4") && ext_test_fs(c);
}

/* libblkid found two signatures and names neither (superblocks_safeprobe: a signature of usage
 * "other", or ZFS, beside another); probe_fs() names the member or other signature it looks for
 * before any filesystem, and libblkid, asked for that type alone on the same bytes, finds it with
 * the same UUID and LABEL. */
static int member_first(const struct bc_ctx *c, const struct bc_diff *d)
{
	static struct bc_fs bl; /* 2 KiB of label: not on the stack */
	return d->blfs && d->blfs->rc == -2 && d->emfs && bc_is_member_type(d->em) &&
	       bc_blkid_type_only(c->fd, c->off, c->len, d->em, &bl) && !strcmp(bl.uuid, d->emfs->uuid) &&
	       !strcmp(bl.label, d->emfs->label);
}

static const struct bc_row table[] = {
	{"*", "TYPE", "libblkid names a type probe_fs() does not know, and probe_fs() found nothing",
	 "earlymount probes only the filesystems it mounts without being told (probe.h); others "
	 "are mounted through rootfstype= or the /proc/filesystems fallback, as the kernel does",
	 unknown_type},
	{"*", "TYPE",
	 "a device under 2 MiB where libblkid reports another type or none, and finds probe_fs()'s "
	 "type, UUID and LABEL once the same bytes are padded with zeros to 2 MiB and it is asked "
	 "for that type alone",
	 "libblkid has rules for small devices that probe_fs() does not copy: up to 1440 KiB both "
	 "return their first match without looking for a second (superblocks_safeprobe, "
	 "blkid_probe_is_tiny), in their own orders; btrfs needs 1 MiB (idinfo minsz); magics are "
	 "read a whole KiB at a time. Past 1440 KiB two signatures make both answer ambivalent",
	 small_device},
	{"vfat", "LABEL",
	 "the root directory lies past the end of the buffer; libblkid reports no LABEL and "
	 "probe_fs() reports the boot sector's label, which libblkid reports as LABEL_FATBOOT",
	 "probe_fs() sees only the bytes it is given; formatters and fatlabel keep the two copies "
	 "equal, so the boot sector's copy is the best answer from those bytes (libblkid, which "
	 "reads the device, finds the root-directory entry)",
	 vfat_boot_label},
	{"iso9660", "LABEL", "the buffer ends inside a volume descriptor of the set",
	 "libblkid uses what it can read of a cut descriptor (the Joliet one's name is in its first "
	 "bytes); probe_fs() takes only whole descriptors. Devices and images hold whole 2 KiB "
	 "sectors, and the set lies well inside the head probe_fs() is given",
	 iso_descriptor_cut},
	{"dos", "PARTUUID", "the MBR disk signature is 0: libblkid reports no PARTUUID, probe_parts() "
	                    "reports 00000000-NN",
	 "root=PARTUUID= is matched by the kernel (block/partitions/msdos.c forms \"%08x-%02x\" from "
	 "any signature, 0 included), and earlymount matches as the kernel does",
	 dos_zero_signature},
	{"dos", "PARTITION", "a primary entry whose size times (sector size / 512) is a multiple of 2^32: "
	                     "libblkid skips it, probe_parts() lists it",
	 "libblkid's probe_dos_pt computes that product in 32 bits, which wraps to 0, and skips the "
	 "slot as empty; the kernel (block/partitions/msdos.c, sector_t) makes the partition",
	 dos_size_wraps},
	{"dos", "PARTITION", "a logical partition starts where an earlier partition starts (an EBR chain "
	                     "that loops, a data entry at its own EBR), the primary extended partition "
	                     "starts at sector 0, or a slot's extent passes 2^32 sectors: libblkid skips "
	                     "or keeps a slot the kernel does not, and the numbers part from there",
	 "libblkid's parse_dos_extended ignores an \"EBR duplicate data partition\" and an extended "
	 "partition at offset 0, and makes its checks in uint32_t; the kernel's parse_extended "
	 "(block/partitions/msdos.c) has neither check (its loop counter resets at each data "
	 "partition), computes in sector_t, and makes the node, and earlymount numbers partitions as "
	 "the kernel's nodes are numbered",
	 ebr_dup_row},
	{"ext4dev", "TYPE", "an ext4 superblock with EXT2_FLAGS_TEST_FILESYS in s_flags: libblkid says "
	                    "ext4dev, probe_fs() ext4",
	 "the kernel registers no ext4dev filesystem type (fs/ext4/super.c registers ext4, and ext2 "
	 "and ext3 as aliases), and its ext4 driver mounts such a filesystem: probe_fs()'s type is "
	 "the one a mount needs. UUID and LABEL, which root= matches, are compared as usual",
	 ext4dev_row},
	{"ext4", "TYPE", "metadata_csum is set and the superblock's crc32c is wrong (blkid: ext4 or jbd, "
	                 "earlymount: nothing)",
	 CSUM_REASON("ext4_superblock_csum_verify"), ext_csum_row},
	{"xfs", "TYPE", "a v5 superblock without the CRC feature bits or with a wrong sb_crc",
	 CSUM_REASON("xfs_sb_read_verify"), xfs_crc_row},
	{"btrfs", "TYPE", "csum_type crc32c and a wrong superblock checksum", CSUM_REASON("btrfs_check_super_csum"),
	 btrfs_csum_row},
	{"erofs", "TYPE", "EROFS_FEATURE_COMPAT_SB_CHKSUM and a wrong crc32c",
	 CSUM_REASON("erofs_superblock_csum_verify"), erofs_csum_row},
	{"f2fs", "TYPE", "checksum_offset set and a wrong crc32 there", CSUM_REASON("f2fs sanity_check_raw_super"),
	 f2fs_csum_row},
	{"*", "TYPE",
	 "libblkid reports an ambivalent result (two signatures) and probe_fs() one of the member or "
	 "other signatures it looks for before any filesystem (swap, bcache, ZFS, ...), which libblkid "
	 "finds with the same UUID and LABEL when asked for that type alone",
	 "libblkid answers nothing where it finds a signature of usage \"other\" (or ZFS, which it "
	 "looks for after the filesystems) beside another, so udev links the device by no UUID or "
	 "LABEL; probe_fs() names the signature, never a filesystem, so that the device is not mounted "
	 "either and the device report says what is on it",
	 member_first},
	{"*", "LABEL", "libblkid's label is longer than the 255 bytes of fs_info.label (only f2fs allows "
	               "that: 512 UTF-16 units) and probe_fs() reports its longest whole-character prefix",
	 "a fixed buffer sized for real labels (probe.h); udev cannot make a /dev/disk/by-label link "
	 "longer than NAME_MAX (255 bytes) either, so dracut and systemd cannot find such a label",
	 long_label},
};

void bc_print_table(FILE *f)
{
	fprintf(f, "Intended differences (format | field | condition | reason):\n");
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		fprintf(f, "  %zu. %s | %s | %s | %s\n", i + 1, table[i].format, table[i].field,
		        table[i].condition, table[i].reason);
}

/* The types probe_fs() reports for the member and other signatures (src/probe.c members[]). */
static const char *const member_types[] = {
	"linux_raid_member", "ddf_raid_member", "isw_raid_member", "lsi_mega_raid_member",
	"via_raid_member", "silicon_medley_raid_member", "nvidia_raid_member",
	"promise_fasttrack_raid_member", "hpt45x_raid_member", "hpt37x_raid_member",
	"adaptec_raid_member", "jmicron_raid_member", "bcache", "ceph_bluestore", "drbd",
	"drbdmanage_control_volume", "LVM2_member", "LVM1_member", "DM_snapshot_cow", "DM_verity_hash",
	"DM_integrity", "crypto_LUKS", "VMFS_volume_member", "ubi", "vdo", "stratis", "BitLocker",
	"swsuspend", "swap", "zfs_member"};

int bc_is_member_type(const char *type)
{
	for (size_t i = 0; i < sizeof(member_types) / sizeof(member_types[0]); i++)
		if (!strcmp(type, member_types[i]))
			return 1;
	return 0;
}

int bc_em_knows_type(const char *type)
{
	static const char *const known[] = {"ext2", "ext3", "ext4", "jbd", "xfs", "btrfs", "vfat", "f2fs",
	                                    "erofs", "squashfs", "squashfs3", "iso9660", "jfs", "reiserfs",
	                                    "nilfs2"};
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (!strcmp(type, known[i]))
			return 1;
	return bc_is_member_type(type);
}

const char *bc_usage_name(unsigned usage)
{
	static const char *const names[] = {"", "filesystem", "raid", "crypto", "other"};
	return usage < sizeof(names) / sizeof(names[0]) ? names[usage] : "(bad usage)";
}

/* ---- reporting --------------------------------------------------------------------------------- */

/* A value as printable text: bytes outside printable ASCII as \xNN (labels are untrusted). */
static void put_value(FILE *f, const char *s)
{
	fputc('\'', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p >= 0x20 && *p < 0x7F && *p != '\\' && *p != '\'')
			fputc(*p, f);
		else
			fprintf(f, "\\x%02x", *p);
	}
	fputc('\'', f);
}

static void differ(struct bc_ctx *c, const struct bc_diff *d)
{
	const struct bc_row *row = NULL;
	size_t i;
	for (i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		const struct bc_row *r = &table[i];
		if ((!strcmp(r->format, "*") || !strcmp(r->format, d->format)) && !strcmp(r->field, d->field) &&
		    r->applies(c, d)) {
			row = r;
			break;
		}
	}
	if (row)
		c->intended++;
	else
		c->unexpected++;
	if (!c->log || (row && c->quiet_intended))
		return;
	fprintf(c->log, "%s %s: %s", row ? "intended" : "DIFFERENT", c->name, d->format);
	if (d->partno)
		fprintf(c->log, " partition %u", d->partno);
	fprintf(c->log, " %s: blkid ", d->field);
	put_value(c->log, d->blkid);
	fprintf(c->log, ", earlymount ");
	put_value(c->log, d->em);
	if (row)
		fprintf(c->log, " (table row %zu: %s)", i + 1, row->reason);
	fputc('\n', c->log);
}

static void field(struct bc_ctx *c, struct bc_diff *d, const char *name, const char *bl, const char *em)
{
	c->compared++;
	if (!strcmp(bl, em))
		return;
	d->field = name;
	d->blkid = bl;
	d->em = em;
	differ(c, d);
}

unsigned bc_compare_fs(struct bc_ctx *c, int em_rc, const struct fs_info *em, const struct bc_fs *bl)
{
	unsigned before = c->unexpected;
	struct bc_diff d = {.blfs = bl, .emfs = em_rc == 0 ? em : NULL};
	const char *bltype = bl->rc == 0 ? bl->type : bl->rc == -2 ? "(ambivalent)" : bl->rc == 1 ? "" : "(error)";
	/* two filesystem signatures: probe_fs() keeps the first's type and names the second in also */
	const char *emtype = em_rc != 0 ? "" : em->also[0] ? "(ambivalent)" : em->type;
	/* the same filesystem under libblkid's other name for it (the ext4dev row) */
	int alias = !strcmp(bltype, "ext4dev") && !strcmp(emtype, "ext4");

	if (c->both_only) {
		if (em_rc != 0 || bl->rc != 0)
			return 0;
		if (strcmp(bltype, emtype) && !bc_em_knows_type(bltype) && !alias)
			return 0;
	}
	d.format = bl->rc == 0 ? bltype : emtype[0] ? emtype : "none";
	field(c, &d, "TYPE", bltype, emtype);
	if ((strcmp(bltype, emtype) && !alias) || !emtype[0] || em->also[0])
		return c->unexpected - before;
	field(c, &d, "USAGE", bl->usage, bc_usage_name(em->usage));
	field(c, &d, "UUID", bl->uuid, em->uuid);
	field(c, &d, "LABEL", bl->label, em->label);
	return c->unexpected - before;
}

unsigned bc_compare_parts(struct bc_ctx *c, int em_rc, const struct part_table *em, const struct bc_parts *bl)
{
	unsigned before = c->unexpected;
	struct bc_diff d = {0};
	const char *bltype = bl->rc == 0 ? bl->type : bl->rc == 1 ? "" : "(error)";
	const char *emtype = em_rc == 0 ? em->type : em_rc == -ENOENT ? "" : "(broken table)";

	if (c->both_only) {
		if (em_rc != 0 || bl->rc != 0)
			return 0;
		if (strcmp(bltype, "gpt") && strcmp(bltype, "dos"))
			return 0;
	}
	d.format = bl->rc == 0 ? bltype : em_rc == 0 ? emtype : "none";
	field(c, &d, "PTTYPE", bltype, emtype);
	if (strcmp(bltype, emtype) || em_rc != 0)
		return c->unexpected - before;
	field(c, &d, "PTUUID", bl->ptuuid, em->ptuuid);

	/* Entries by number: every number either side has, in order. */
	unsigned nums[BC_MAX_PARTS + PROBE_MAX_PARTS], n = 0;
	for (unsigned i = 0; i < bl->count; i++)
		nums[n++] = (unsigned)bl->p[i].partno;
	for (unsigned i = 0; i < em->count; i++)
		nums[n++] = em->parts[i].number;
	for (unsigned i = 1; i < n; i++) /* insertion sort, n is small */
		for (unsigned j = i; j > 0 && nums[j - 1] > nums[j]; j--) {
			unsigned t = nums[j];
			nums[j] = nums[j - 1];
			nums[j - 1] = t;
		}
	for (unsigned i = 0; i < n; i++) {
		if (i && nums[i] == nums[i - 1])
			continue;
		const struct bc_part *bp = NULL;
		const struct part_info *ep = NULL;
		for (unsigned k = 0; k < bl->count && !bp; k++)
			if ((unsigned)bl->p[k].partno == nums[i])
				bp = &bl->p[k];
		for (unsigned k = 0; k < em->count && !ep; k++)
			if (em->parts[k].number == nums[i])
				ep = &em->parts[k];
		d.partno = nums[i];
		field(c, &d, "PARTITION", bp ? "present" : "absent", ep ? "present" : "absent");
		if (!bp || !ep)
			continue;
		field(c, &d, "PARTUUID", bp->uuid, ep->partuuid);
		field(c, &d, "PARTLABEL", bp->name, ep->partlabel);
	}
	return c->unexpected - before;
}
