/* SPDX-License-Identifier: MIT */
/* Superblock and partition-table probing over a buffer holding the head of a device. Offsets and
 * rules follow the formats' own definitions (kernel fs/ and block/partitions/) and util-linux's
 * libblkid, so that TYPE, UUID, LABEL, PARTUUID and PARTLABEL read exactly as `blkid` prints them
 * (udev names /dev/disk/by-* after blkid). Every read goes through at() and the caller's reader,
 * which refuses any range it cannot give wholly (outside the buffer, past the device's end). */
#include "probe.h"

#include <errno.h>
#include <string.h>

/* ---- bounds-checked access and integer decoding ---------------------------------------------- */

/* The reader over a plain buffer: probe_fs() and probe_parts(). */
struct membuf {
	const uint8_t *buf;
	size_t len;
};

static const uint8_t *mem_read(void *ctx, uint64_t off, size_t n)
{
	const struct membuf *m = ctx;
	if (!m->buf || n > PROBE_READ_MAX || n > m->len || off > m->len - n)
		return NULL;
	return m->buf + off;
}

/* Every read of the probers: n bytes at off, or NULL when the reader cannot give them. Both
 * readers (mem_read, blkread.c's blk_read) refuse more than PROBE_READ_MAX bytes and a range
 * that wraps past the end. */
static const uint8_t *at(const struct probe_reader *r, uint64_t off, uint64_t n)
{
	return r->read(r->ctx, off, (size_t)n);
}

/* The n bytes of the magic s at device offset off, read as libblkid reads a magic
 * (probe.c blkid_probe_get_idmag): its whole KiB, so a device that ends inside that KiB has none.
 * Returns where the magic is, or NULL. */
static const uint8_t *magic_at(const struct probe_reader *r, uint64_t off, const char *s, size_t n)
{
	const uint8_t *p = at(r, off & ~(uint64_t)1023, 1024);
	if (!p || memcmp(p + (off & 1023), s, n))
		return NULL;
	return p + (off & 1023);
}

/* The on-disk formats' integers, read byte by byte: no alignment assumed, any host's order. */
static uint32_t le16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t le32(const uint8_t *p) { return le16(p) | le16(p + 2) << 16; }
static uint64_t le64(const uint8_t *p) { return le32(p) | (uint64_t)le32(p + 4) << 32; }
static uint32_t be16(const uint8_t *p) { return (uint32_t)p[0] << 8 | p[1]; }
static uint32_t be32(const uint8_t *p) { return be16(p) << 16 | be16(p + 2); }
static uint64_t be64(const uint8_t *p) { return (uint64_t)be32(p) << 32 | be32(p + 4); }

static int all_zero(const uint8_t *p, size_t n)
{
	while (n--)
		if (*p++)
			return 0;
	return 1;
}

/* Does p hold any of the magics in list? Each is an offset byte (never 0), a length byte and that
 * many bytes; the string's NUL ends the list. One loop instead of a memcmp call per magic. */
static int magic_any(const uint8_t *p, const char *list)
{
	for (; *list; list += 2 + (uint8_t)list[1])
		if (!memcmp(p + (uint8_t)list[0], list + 2, (uint8_t)list[1]))
			return 1;
	return 0;
}

/* A sector (NULL: unreadable) that ends in the boot signature 55 AA. */
static int sig_55aa(const uint8_t *s) { return s && le16(s + 510) == 0xAA55; }

static int pow2(uint64_t v) { return v && !(v & (v - 1)); }

/* ---- CRC32 (GPT, f2fs) and CRC32C (ext4, xfs, btrfs, erofs) ----------------------------------
 * Both are reflected CRCs; bitwise keeps the code tiny and there is no table to initialise. The
 * raw update neither inverts on entry nor on exit: each format says what it wants. */
#define POLY_CRC32 0xEDB88320u
#define POLY_CRC32C 0x82F63B78u

static uint32_t crc_update(uint32_t crc, uint32_t poly, const uint8_t *p, size_t n)
{
	while (n--) {
		crc ^= *p++;
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (poly & (0u - (crc & 1)));
	}
	return crc;
}

/* CRC over p[0..n) with the 4-byte checksum field at off read as zeros. */
static uint32_t crc_skip(uint32_t crc, uint32_t poly, const uint8_t *p, size_t n, size_t off)
{
	static const uint8_t zero[4];
	crc = crc_update(crc, poly, p, off);
	crc = crc_update(crc, poly, zero, 4);
	return crc_update(crc, poly, p + off + 4, n - off - 4);
}

/* ---- output strings --------------------------------------------------------------------------- */

/* Every text is written once into a field that probe_fs_r or probe_parts_r zeroed (probe_gpt
 * clears what a failed try wrote), so the writers leave the terminating NUL to that. */

static const char *const hexd = "0123456789abcdef"; /* not an array: see layers.c mount_overlay */

static char *hex8(char *o, unsigned v)
{
	*o++ = hexd[v >> 4 & 15];
	*o++ = hexd[v & 15];
	return o;
}

/* 16 bytes as 8-4-4-4-12 lower-case hex; mixed: the first three fields are little-endian (the
 * EFI GUID layout). */
static void put_uuid(char *o, const uint8_t *u, int mixed)
{
	/* the EFI order of the first eight bytes; the last eight are in order either way */
	static const uint8_t efi[8] = {3, 2, 1, 0, 5, 4, 7, 6};
	for (int i = 0; i < 16; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10)
			*o++ = '-';
		o = hex8(o, u[mixed && i < 8 ? efi[i] : i]);
	}
}

/* blkid leaves UUID unset for an all-zero one. */
static void set_uuid(struct fs_info *out, const uint8_t *u)
{
	if (!all_zero(u, 16))
		put_uuid(out->uuid, u, 0);
}

static int is_space(unsigned c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/* Trailing white space goes, as blkid_rtrim_whitespace() does in the C locale. */
static void rtrim(char *s)
{
	size_t n = strlen(s);
	while (n && is_space((unsigned char)s[n - 1]))
		n--;
	s[n] = 0;
}

/* An 8-bit label of at most n bytes (n < 256: every caller's is), up to its first NUL, trailing
 * blanks trimmed, into the label probe_fs_r zeroed. */
static void set_label(struct fs_info *out, const uint8_t *p, size_t n)
{
	_Static_assert(sizeof(out->label) > 255, "room for 255 bytes and the NUL");
	for (size_t i = 0; i < n && p[i]; i++)
		out->label[i] = (char)p[i];
	rtrim(out->label);
}

/* UTF-16 to UTF-8 as libblkid's ul_encode_to_utf8(): stops at U+0000, joins surrogate pairs,
 * writes an unpaired surrogate in its 3-byte form (so the result matches blkid byte for byte), and
 * stops before a character that would not fit with the terminating NUL. */
static void utf16_to_utf8(char *dst, size_t cap, const uint8_t *s, size_t n, int be)
{
	size_t j = 0;
	for (size_t i = 0; i + 1 < n; i += 2) {
		uint32_t c = be ? be16(s + i) : le16(s + i);
		if (c >= 0xD800 && c <= 0xDBFF && i + 3 < n) {
			uint32_t c2 = be ? be16(s + i + 2) : le16(s + i + 2);
			if (c2 >= 0xDC00 && c2 <= 0xDFFF) {
				c = 0x10000 + ((c - 0xD800) << 10) + (c2 - 0xDC00);
				i += 2;
			}
		}
		if (!c)
			break;
		size_t k = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
		if (j + k >= cap)
			break;
		/* the lead byte: the character itself (k 1), or 0xC0, 0xE0, 0xF0 with its top bits */
		dst[j++] = (char)((0xF0E0C000u >> (8 * (k - 1)) & 0xFF) | c >> (6 * (k - 1)));
		while (--k)
			dst[j++] = (char)(0x80 | (c >> (6 * (k - 1)) & 0x3F));
	}
	rtrim(dst); /* dst came zeroed: the label of a fresh fs_info or part_info */
}

/* ---- ext2/ext3/ext4 and ext journal devices --------------------------------------------------- */

#define EXT_COMPAT_HAS_JOURNAL 0x0004u
#define EXT_INCOMPAT_FILETYPE 0x0002u
#define EXT_INCOMPAT_RECOVER 0x0004u
#define EXT_INCOMPAT_JOURNAL_DEV 0x0008u
#define EXT_INCOMPAT_META_BG 0x0010u
#define EXT_RO_COMPAT_METADATA_CSUM 0x0400u
/* What ext2 and ext3 understand; anything else (extents, 64bit, flex_bg, huge_file, ...) is ext4,
 * the rule of libblkid's probe_ext2/3/4. */
#define EXT_RO_COMPAT_EXT3 0x0007u /* sparse_super, large_file, btree_dir */
#define EXT_INCOMPAT_EXT2 (EXT_INCOMPAT_FILETYPE | EXT_INCOMPAT_META_BG)
#define EXT_INCOMPAT_EXT3 (EXT_INCOMPAT_EXT2 | EXT_INCOMPAT_RECOVER)

static const char *probe_ext(const struct probe_reader *r, const uint8_t *sb, struct fs_info *out)
{
	(void)r, (void)out;
	uint32_t fc = le32(sb + 0x5C), fi = le32(sb + 0x60), frc = le32(sb + 0x64);
	/* metadata_csum: the kernel refuses a superblock whose crc32c (seed ~0, no final inversion)
	 * over the bytes before s_checksum does not match. blkid 2.38 does not look; a superblock
	 * the kernel would not mount is not reported here. */
	if ((frc & EXT_RO_COMPAT_METADATA_CSUM) &&
	    crc_update(~0u, POLY_CRC32C, sb, 0x3FC) != le32(sb + 0x3FC))
		return NULL;
	if (fi & EXT_INCOMPAT_JOURNAL_DEV)
		return "jbd";
	if ((frc & ~EXT_RO_COMPAT_EXT3) || (fi & ~EXT_INCOMPAT_EXT3))
		return "ext4";
	if (fc & EXT_COMPAT_HAS_JOURNAL)
		return "ext3";
	if (!(fi & ~EXT_INCOMPAT_EXT2))
		return "ext2";
	return NULL; /* needs_recovery without a journal: no ext variant claims it */
}

/* ---- xfs (big-endian superblock at 0) --------------------------------------------------------- */

/* A size that must be 2^lg, with lg in [lo, hi]. */
static int xfs_log(uint64_t v, unsigned lg, unsigned lo, unsigned hi)
{
	return lg >= lo && lg <= hi && v == 1u << lg;
}

static const char *probe_xfs(const struct probe_reader *r, const uint8_t *sb, struct fs_info *out)
{
	(void)out;
	uint64_t bsize = be32(sb + 4), dblocks = be64(sb + 8), rextsize = be32(sb + 80);
	uint64_t agblocks = be32(sb + 84), agcount = be32(sb + 88);
	uint32_t ver = be16(sb + 100), ssize = be16(sb + 102), isize = be16(sb + 104);
	unsigned blog = sb[120], slog = sb[121], ilog = sb[122], inopblog = sb[123];

	/* libblkid's xfs_verify_sb(): the magic alone is not trusted. */
	if (agcount == 0 || !xfs_log(ssize, slog, 9, 15) || !xfs_log(bsize, blog, 9, 16) ||
	    !xfs_log(isize, ilog, 8, 11) || blog - ilog != inopblog || rextsize * bsize > (1u << 30) || rextsize * bsize < 4096 ||
	    sb[127] > 100 || dblocks == 0 || dblocks > agcount * agblocks ||
	    dblocks < (agcount - 1) * agblocks + 64)
		return NULL;
	if ((ver & 0xF) == 5) {
		/* v5 needs the crc feature and a crc32c over the whole sector, sb_crc (offset 224)
		 * counted as zero, stored inverted little-endian. */
		const uint8_t *sec = at(r, 0, ssize);
		if (!(ver & 0x8000) || !(be32(sb + 200) & 0x100) || !sec ||
		    ~crc_skip(~0u, POLY_CRC32C, sec, ssize, 224) != le32(sb + 224))
			return NULL;
	}
	return "xfs";
}

/* ---- btrfs (primary superblock at 64 KiB) ----------------------------------------------------- */

static const char *probe_btrfs(const struct probe_reader *r, const uint8_t *sb, struct fs_info *out)
{
	(void)r;
	/* csum_type 0 is crc32c over the rest of the 4 KiB superblock; the kernel checks it. The
	 * other hashes (xxhash, sha256, blake2) are not worth their code here. */
	if (le16(sb + 0xC4) == 0 && ~crc_update(~0u, POLY_CRC32C, sb + 0x20, 0x1000 - 0x20) != le32(sb))
		return NULL;
	/* A filesystem over several devices: num_devices at 0x88, this member's dev_item.devid at
	 * 0xC9. The kernel mounts it only once every member is registered (fs/btrfs/volumes.c). */
	out->ndevices = le64(sb + 0x88);
	out->devid = le64(sb + 0xC9);
	return "btrfs";
}

/* Where the chunk tree's block at logical lies on device devid, read from the superblock's copy of
 * the system chunks (sys_chunk_array, which the kernel reads first: btrfs_read_sys_array). 0 when
 * no copy lies on devid, or the chunk is striped (RAID0/10/5/6, not followed here); a tree block is
 * never at 0, where the first MiB is kept free. */
static uint64_t btrfs_sys_map(const uint8_t *sb, uint64_t logical, uint64_t devid)
{
	uint32_t size = le32(sb + 0xA0), off = 0;
	const uint8_t *a = sb + 0x32B;

	if (size > 2048) /* BTRFS_SYSTEM_CHUNK_ARRAY_SIZE */
		return 0;
	while (off + 17 + 48 <= size) {
		/* a key (17 bytes: its offset is the chunk's start), a btrfs_chunk (48), its stripes (32) */
		const uint8_t *c = a + off + 17;
		uint64_t start = le64(a + off + 9), len = le64(c);
		uint32_t n = le16(c + 44);
		if (off + 17 + 48 + 32 * n > size)
			return 0;
		if (logical - start < len && logical >= start && !(le64(c + 24) & 0x1C8))
			for (size_t i = 0; i < n; i++)
				if (le64(c + 48 + 32 * i) == devid)
					return le64(c + 48 + 32 * i + 8) + (logical - start);
		off += 17 + 48 + 32 * n;
	}
	return 0;
}

int probe_btrfs_devids(const struct probe_reader *r, uint64_t *ids, unsigned cap)
{
	const uint8_t *sb = r->read(r->ctx, 0x10000, 0x1000), *node;
	uint32_t nodesize, nitems;
	uint64_t logical;
	unsigned level, n = 0;

	if (!sb || memcmp(sb + 0x40, "_BHRfS_M", 8) || (nodesize = le32(sb + 0x94)) < 4096 ||
	    nodesize > PROBE_READ_MAX || (level = sb[0xC7]) > 7)
		return -EINVAL;
	logical = le64(sb + 0x58); /* chunk_root; its level at 0xC7 */
	for (;;) {
		uint64_t phys = btrfs_sys_map(sb, logical, le64(sb + 0xC9));
		if (!phys)
			return -ENOENT;
		if (!(node = r->read(r->ctx, phys, nodesize)))
			return -EIO;
		/* What the kernel checks of a tree block before trusting it (validate_extent_buffer):
		 * its address, its level, its checksum (crc32c; the other hashes are not worth their
		 * code here). The header is 101 bytes: nritems at 0x60, level at 0x64. */
		nitems = le32(node + 0x60);
		if (le64(node + 0x30) != logical || node[0x64] != level ||
		    (le16(sb + 0xC4) == 0 && ~crc_update(~0u, POLY_CRC32C, node + 0x20, nodesize - 0x20) != le32(node)) ||
		    !nitems || 101 + (uint64_t)(level ? 33 : 25) * nitems > nodesize)
			return -EBADMSG;
		if (!level--)
			break;
		/* A node's pointers are a key (17 bytes), the block, a generation: the DEV_ITEMs sort
		 * first in the chunk tree, so they are under its first pointer. */
		logical = le64(node + 101 + 17);
	}
	/* A leaf's items: a key (objectid, type, offset) and where its data lies, 25 bytes. A device's
	 * key is (BTRFS_DEV_ITEMS_OBJECTID 1, BTRFS_DEV_ITEM_KEY 216, devid), the devices the kernel
	 * requires of a mount (read_one_dev). After them come the chunks: a leaf that ends on a device
	 * leaves the rest to the next one, which is not read. */
	for (size_t i = 0; i < nitems; i++) {
		const uint8_t *k = node + 101 + 25 * i;
		if (le64(k) != 1 || k[8] != 216)
			continue;
		if (n == cap || i + 1 == nitems)
			return -EOVERFLOW;
		ids[n++] = le64(k + 9);
	}
	return (int)n;
}

/* ---- f2fs (superblock at 1 KiB, UTF-16LE label) ----------------------------------------------- */

static const char *probe_f2fs(const struct probe_reader *r, const uint8_t *sb, struct fs_info *out)
{
	/* Version 1.0 had another layout: blkid reports the type only. */
	if (le32(sb + 4) == 1) /* major 1, minor 0 */
		return "f2fs";
	/* A superblock with the sb_checksum feature names the offset of its crc32 (seeded with the
	 * magic, at the end of the 3 KiB superblock) in checksum_offset; otherwise that is 0. */
	uint32_t coff = le32(sb + 0x20);
	const uint8_t *all = at(r, 0x400, (uint64_t)coff + 4);
	if (coff && (coff > 0xBFC || !all || crc_update(0xF2F52010, POLY_CRC32, all, coff) != le32(all + coff)))
		return NULL;
	set_uuid(out, sb + 0x6C);
	if (sb[0x7C])
		utf16_to_utf8(out->label, sizeof(out->label), sb + 0x7C, 1024, 0);
	return "f2fs";
}

/* ---- erofs (superblock at 1 KiB) -------------------------------------------------------------- */

static const char *probe_erofs(const struct probe_reader *r, const uint8_t *sb, struct fs_info *out)
{
	(void)out;
	/* The kernel takes any block size from 512 bytes up to its page size (erofs_read_superblock:
	 * blkszbits 9..PAGE_SHIFT), which is 64 KiB on arm64 and ppc64 kernels: so 9..16 here. */
	unsigned bits = sb[12];
	if (bits < 9 || bits > 16)
		return NULL;
	if (le32(sb + 8) & 1) { /* EROFS_FEATURE_COMPAT_SB_CHKSUM: crc32c of the rest of the block */
		size_t n = (size_t)1 << bits;
		n = n > 0x400 ? n - 0x400 : n;
		const uint8_t *blk = at(r, 0x400, n);
		if (!blk || crc_skip(~0u, POLY_CRC32C, blk, n, 4) != le32(sb + 4))
			return NULL;
	}
	return "erofs";
}

/* ---- squashfs (no UUID, no label) ------------------------------------------------------------- */

static const char *probe_squashfs(const struct probe_reader *r, const uint8_t *sb, struct fs_info *out)
{
	(void)r, (void)out;
	/* Version 4 is little-endian "hsqs"; blkid calls 1.x-3.x (either byte order) squashfs3,
	 * which the kernel no longer mounts. */
	if (le32(sb) == 0x73717368) /* "hsqs" */
		return le16(sb + 28) >= 4 ? "squashfs" : "squashfs3";
	if (le32(sb) == 0x68737173 /* "sqsh" */ && be16(sb + 28) < 4)
		return "squashfs3";
	return NULL;
}

/* ---- jfs (superblock at 32 KiB) ----------------------------------------------------------------- */

static const char *probe_jfs(const struct probe_reader *r, const uint8_t *sb, struct fs_info *out)
{
	(void)r, (void)out;
	/* libblkid's jfs.c: the block sizes (bytes at 16 and 24) must be 2 to the powers at 20 and 28,
	 * and their difference the factor at 22. The table sets the UUID (136) and label (152). */
	unsigned l2b = le16(sb + 20), l2pb = le16(sb + 28);
	if (l2b > 31 || l2pb > 31 || le32(sb + 16) != 1u << l2b || le32(sb + 24) != 1u << l2pb ||
	    (int)l2b - (int)l2pb != (int)le16(sb + 22))
		return NULL;
	return "jfs";
}

/* ---- reiserfs 3.x (superblock at 64 KiB, or 8 KiB for 3.5) --------------------------------------- */

/* libblkid's reiserfs.c, whose idinfo lists these magics in this order and takes the first one
 * present (blkid_probe_get_idmag); its prober then decides. Each row: the superblock's KiB, the
 * magic's offset in it, the magic. */
static const struct {
	uint8_t kib, off;
	char magic[10];
} reiser_magics[] = {
	{ 8, 0x34, "ReIsErFs" }, { 64, 0x34, "ReIsEr2Fs" }, { 64, 0x34, "ReIsEr3Fs" },
	{ 64, 0x34, "ReIsErFs" }, { 8, 20, "ReIsErFs" },
};

static const char *probe_reiserfs(const struct probe_reader *r, const uint8_t *sb0, struct fs_info *out)
{
	(void)sb0;
	for (size_t i = 0; i < sizeof(reiser_magics) / sizeof(reiser_magics[0]); i++) {
		unsigned kib = reiser_magics[i].kib;
		const char *m = reiser_magics[i].magic;
		/* the magic's KiB holds the whole superblock (116 bytes from the KiB's start) */
		const uint8_t *sb = magic_at(r, ((uint64_t)kib << 10) + reiser_magics[i].off, m, strlen(m));
		if (!sb)
			continue;
		sb -= reiser_magics[i].off;
		unsigned bs = le16(sb + 44) >> 9; /* the block size in sectors */
		/* A block size under 512 bytes, or a superblock that lies inside the journal, is not
		 * this filesystem's (libblkid's probe_reiser, its arithmetic as it is). */
		if (!bs || kib / bs > le32(sb + 12) / 2)
			return NULL;
		/* Only 3.6 ("ReIsEr2Fs") and the journal-relocated "ReIsEr3Fs" keep a UUID and label. */
		if (m[6] == '2' || m[6] == '3') {
			set_uuid(out, sb + 84);
			set_label(out, sb + 100, 16);
		}
		return "reiserfs";
	}
	return NULL;
}

/* ---- nilfs2 (superblock at 1 KiB and a copy 4 KiB before the end) -------------------------------- */

#define NILFS_SB_SIZE 1024

/* libblkid's nilfs.c nilfs_valid_sb: the magic, and the crc32 (seeded with s_crc_seed, s_sum read
 * as zeros) over the superblock's first s_bytes bytes. The copy at the end of a whole disk must
 * also record the disk's size (s_dev_size): there it may be the last partition's. */
static int nilfs_valid(const struct probe_reader *r, const uint8_t *sb, int copy)
{
	unsigned bytes = sb ? le16(sb + 8) : 0;
	return sb && le16(sb + 6) == 0x3434 && (!copy || r->partition || le64(sb + 32) == r->size) &&
	       bytes >= 20 && bytes <= NILFS_SB_SIZE &&
	       crc_skip(le32(sb + 12), POLY_CRC32, sb, bytes, 16) == le32(sb + 16);
}

static const char *probe_nilfs2(const struct probe_reader *r, const uint8_t *sb0, struct fs_info *out)
{
	(void)sb0;
	const uint8_t *p = at(r, 0x400, NILFS_SB_SIZE), *b = NULL;
	if (!p)
		return NULL;
	int vp = nilfs_valid(r, p, 0);
	/* The copy is where libblkid looks for it: the 512-byte sector 8 sectors before the end. One
	 * that cannot be read only matters when the primary is not valid. A CD's end is not read at
	 * all (an optical drive retries a disc's unwritten end for long; libblkid first trims the
	 * size to the last readable sector, cdrom_size_correction), as no member is looked for there. */
	if (!r->cdrom && r->size != UINT64_MAX && r->size / 512 >= 8)
		b = at(r, (r->size / 512 - 8) * 512, NILFS_SB_SIZE);
	int vb = nilfs_valid(r, b, 1);
	/* The copy when only it is valid, or when it has the later checkpoint (s_last_cno). */
	const uint8_t *sb = vb && (!vp || le64(p + 56) > le64(b + 56)) ? b : vp ? p : NULL;
	if (!sb)
		return NULL;
	set_uuid(out, sb + 152);
	set_label(out, sb + 168, 80);
	return "nilfs2";
}

/* ---- iso9660 (volume descriptors from 32 KiB, 2 KiB each) ------------------------------------- */

/* blkid's UUID: a volume date "YYYYMMDDHHMMSSCC" printed as YYYY-MM-DD-HH-MM-SS-CC. All '0' with
 * a zero time-zone byte means "not set". */
static int iso_date_uuid(struct fs_info *out, const uint8_t *d)
{
	size_t zeros = 0, j = 0;
	while (zeros < 16 && d[zeros] == '0')
		zeros++;
	if (zeros == 16 && d[16] == 0)
		return 0;
	/* Anything else is taken, even all NULs: blkid prints nothing then, and does not fall back
	 * either (the loop below stops at once). */
	for (int i = 0; i < 16; i++) {
		if (i >= 4 && !(i & 1))
			out->uuid[j++] = '-';
		if (!d[i]) /* blkid's "%c" of a NUL ends the string there */
			break;
		out->uuid[j++] = (char)d[i];
	}
	return 1;
}

static unsigned up(unsigned c) { return c >= 'a' && c <= 'z' ? c - 32 : c; }

/* Joliet keeps at most 16 UTF-16BE characters, the primary descriptor 32 ASCII ones in which '_'
 * stands for what ASCII cannot hold. Like libblkid, rebuild the full label when the Joliet one
 * is a prefix of the ASCII one; returns the UTF-16BE length written to o, 0 when they disagree. */
static size_t iso_merge(uint8_t *o, size_t cap, const uint8_t *u16, const uint8_t *a8, size_t n)
{
	size_t j = 0, a = 0, u = 0;
	for (; u + 1 < n && a < n && j + 1 < cap; j += 2, a++, u += 2) {
		if (u16[u] >= 0xD8 && u16[u] <= 0xDB && u + 3 < n && u16[u + 2] >= 0xDC && u16[u + 2] <= 0xDF &&
		    j + 3 < cap) {
			o[j++] = u16[u++];
			o[j++] = u16[u++];
		}
		/* the character's two bytes: the Joliet one's, or a high 0 and the low byte taken */
		uint8_t hi = 0, lo = a8[a];
		if (a8[a] == '_')
			hi = u16[u], lo = u16[u + 1];
		else if (u16[u] != 0 || (u16[u + 1] != '_' && up(a8[a]) != up(u16[u + 1])))
			return 0;
		else if (u16[u + 1] != '_' && a8[a] >= 'A' && a8[a] <= 'Z')
			lo = u16[u + 1];
		o[j] = hi;
		o[j + 1] = lo;
	}
	for (; a < n && j + 1 < cap; j += 2, a++) {
		o[j] = 0;
		o[j + 1] = a8[a];
	}
	return j;
}

static const char *probe_iso9660(const struct probe_reader *r, const uint8_t *vd, struct fs_info *out)
{
	const uint8_t *pvd = NULL, *joliet = NULL;
	uint8_t merged[128];
	size_t n;

	/* The first primary and the first Joliet supplementary descriptor among the first 16. */
	for (unsigned i = 0; i < 16 && (vd = at(r, 0x8000 + 0x800 * i, 0x800)) && vd[0] != 0xFF; i++) {
		if (vd[0] == 1 && !pvd)
			pvd = vd;
		else if (vd[0] == 2 && !joliet && vd[88] == '%' && vd[89] == '/' &&
		         (vd[90] == '@' || vd[90] == 'C' || vd[90] == 'E'))
			joliet = vd;
	}
	if (!pvd)
		return NULL;
	/* blkid prefers the modification date and falls back to the creation date. */
	if (!iso_date_uuid(out, pvd + 830))
		iso_date_uuid(out, pvd + 813);
	if (joliet) {
		/* The merged label, or the Joliet one alone when they disagree. */
		const uint8_t *u16 = merged;
		if (!(n = iso_merge(merged, sizeof(merged), joliet + 40, pvd + 40, 32)))
			u16 = joliet + 40, n = 32;
		utf16_to_utf8(out->label, sizeof(out->label), u16, n, 1);
	} else {
		set_label(out, pvd + 40, 32);
	}
	return "iso9660";
}

/* ---- vfat (FAT12/16/32) ----------------------------------------------------------------------- */

#define FAT12_MAX 0xFF4u
#define FAT16_MAX 0xFFF4u
#define FAT32_MAX 0x0FFFFFF6u

struct fat {
	uint32_t ssize, reserved, fat_size, csize;
};

/* libblkid's magic table plus fat_valid_superblock(): the geometry has to add up. */
static int fat_valid(const uint8_t *bs, struct fat *f)
{
	int strong = magic_any(bs, "\x52\x05" "MSWIN" "\x52\x08" "FAT32   " "\x36\x05" "MSDOS"
	                           "\x36\x08" "FAT16   " "\x36\x08" "FAT12   " "\x36\x08" "FAT     ");
	int sig = sig_55aa(bs);
	/* Weak magics: a jump instruction or the 55 AA signature. Old floppies carry the
	 * signature; JFS and HPFS put a FAT-like pseudo-header in front of themselves. BitLocker
	 * keeps a FAT-looking header whatever the magic. One walk of the refused ones, the weak
	 * case's two first. */
#define FAT_WEAK_REFUSED "\x36\x08" "JFS     " "\x36\x08" "HPFS    "
	static const char refused[] = FAT_WEAK_REFUSED "\x03\x08" "-FVE-FS-";
	if ((!strong && !sig) || magic_any(bs, refused + (strong ? sizeof(FAT_WEAK_REFUSED) - 1 : 0)))
		return 0;
	uint32_t fats = bs[0x10], media = bs[0x15], csize = bs[0x0D];
	uint32_t ssize = le16(bs + 0x0B), reserved = le16(bs + 0x0E), dirents = le16(bs + 0x11);
	uint32_t sectors = le16(bs + 0x13), fat16len = le16(bs + 0x16), fat32len = le32(bs + 0x24);
	if (!fats || !reserved || !(media >= 0xF8 || media == 0xF0) || !pow2(csize) ||
	    (ssize & (ssize - 1)) || !(ssize & 0x1E00)) /* one bit, and that of 512, 1024, 2048 or 4096 */
		return 0;
	if (!sectors)
		sectors = le32(bs + 0x20);
	/* 32-bit arithmetic, wrapping as blkid's does: an impossible geometry wraps to a huge
	 * cluster count and fails the limit below. */
	uint32_t fat_size = (fat16len ? fat16len : fat32len) * fats;
	uint32_t dir_size = (dirents * 32 + ssize - 1) / ssize;
	uint32_t clusters = (sectors - (reserved + fat_size + dir_size)) / csize;
	uint32_t max = !fat16len && fat32len ? FAT32_MAX : clusters > FAT12_MAX ? FAT16_MAX : FAT12_MAX;
	if (clusters > max)
		return 0;
	if (f) {
		f->ssize = ssize;
		f->reserved = reserved;
		f->fat_size = fat_size;
		f->csize = csize;
	}
	return 1;
}

enum { DIR_NONE, DIR_FOUND, DIR_UNKNOWN };

/* Look for the volume-label entry in n directory entries at off. DIR_UNKNOWN when the directory
 * cannot be read (past the buffer or the device) before an answer. */
static int fat_dir_label(const struct probe_reader *r, uint64_t off, uint32_t n, uint8_t name[11])
{
	for (uint32_t i = 0; i < n; i++) {
		const uint8_t *e = at(r, off + (uint64_t)i * 32, 32);
		if (!e)
			return DIR_UNKNOWN;
		if (e[0] == 0)
			return DIR_NONE;
		/* deleted, long-name pieces, and anything with a cluster is not the label */
		if (e[0] == 0xE5 || le16(e + 20) || le16(e + 26) || (e[11] & 0x3F) == 0x0F)
			continue;
		if ((e[11] & 0x18) == 0x08) { /* VOLUME_ID, not a directory */
			memcpy(name, e, 11);
			if (name[0] == 0x05) /* 0xE5 escaped as the first byte */
				name[0] = 0xE5;
			return DIR_FOUND;
		}
	}
	return DIR_NONE;
}

static const char *probe_vfat(const struct probe_reader *r, const uint8_t *bs, struct fs_info *out)
{
	struct fat f;
	uint8_t name[11];
	const uint8_t *boot_label = NULL, *serial = NULL;
	int dir = DIR_NONE;

	if (!fat_valid(bs, &f))
		return NULL;
	/* The boot sector (in the head, which a reader keeps for the whole probe) stays readable
	 * while the directory reads below, which may lie anywhere on the device, move the window. */
	uint32_t fat16len = le16(bs + 0x16), fat32len = le32(bs + 0x24);
	uint32_t fsinfo = le16(bs + 0x30);
	/* The extended boot record: at 0x26 for FAT12/16, at 0x42 for FAT32; its signature byte,
	 * then the serial, then (signature 0x29 only) the label. FAT32 has the serial whatever the
	 * signature says, FAT12/16 only with signature 0x28 or 0x29. */
	const uint8_t *ext = bs + (fat16len ? 0x26 : 0x42);
	if (!fat16len && !fat32len)
		return "vfat"; /* neither FAT length: no serial, no label, no directory looked at */
	if (ext[0] == 0x29)
		boot_label = ext + 5;
	if (!fat16len || ext[0] == 0x28 || ext[0] == 0x29)
		serial = ext + 1;
	/* blkid takes LABEL from the root directory's volume-label entry only (search_fat_label()),
	 * wherever the directory lies: after the FATs for FAT12/16 (dirents entries, read once as
	 * the "cluster" 2 of one pass), a cluster chain from the root cluster for FAT32, followed
	 * for at most 99 clusters. */
	uint32_t entries = fat16len ? 3 : (uint32_t)((uint64_t)fat32len * f.ssize / 4);
	uint32_t next = fat16len ? 2 : le32(bs + 0x2C);
	uint32_t n = fat16len ? le16(bs + 0x11) : f.csize * f.ssize / 32;
	for (int loop = 99; next && next < entries && loop; loop--) {
		/* The cluster's sector in 32-bit arithmetic, wrapping as libblkid's probe_vfat
		 * computes it (start_data_sect + (next - 2) * cluster_size, all uint32_t), so a
		 * bogus root cluster (0 or 1) or a wrapping FAT size lands where blkid looks and
		 * LABEL reads the same as udev's. */
		uint32_t sect = f.reserved + f.fat_size + (next - 2) * f.csize;
		dir = fat_dir_label(r, (uint64_t)sect * f.ssize, n, name);
		if (dir != DIR_NONE || fat16len)
			break;
		const uint8_t *fe = at(r, (uint64_t)f.reserved * f.ssize + (uint64_t)next * 4, 4);
		if (!fe) {
			dir = DIR_UNKNOWN;
			break;
		}
		next = le32(fe) & 0x0FFFFFFF;
	}
	/* FAT32's FSInfo sector: its signatures, or zeros (some formatters leave them out). */
	const uint8_t *fsi = !fat16len && fsinfo ? at(r, (uint64_t)fsinfo * f.ssize, 512) : NULL;
	if (fsi) {
		uint32_t sig1 = le32(fsi), sig2 = le32(fsi + 484); /* "RRaA" or "RRdA", "rrAa" */
		if ((sig1 && sig1 != 0x41615252 && sig1 != 0x41645252) || (sig2 && sig2 != 0x61417272))
			return NULL;
	}
	/* The label entry as it is (even "NO NAME"). Only when the directory cannot be read at all
	 * (a buffer that ends before it) does the boot sector's copy (blkid's LABEL_FATBOOT, which
	 * formatters and fatlabel keep equal) stand in, where "NO NAME" means none. */
	if (dir == DIR_FOUND)
		set_label(out, name, 11);
	else if (dir == DIR_UNKNOWN && boot_label && /* not "NO NAME    " */
	         (le64(boot_label) != 0x20454D414E204F4E || le32(boot_label + 7) != 0x20202020))
		set_label(out, boot_label, 11);
	if (serial && !all_zero(serial, 4)) {
		/* blkid prints the serial "%02X%02X-%02X%02X", upper-case. */
		char *o = out->uuid;
		for (int i = 3; i >= 0; i--) {
			o = hex8(o, serial[i]);
			if (i == 2)
				*o++ = '-';
		}
		for (o = out->uuid; *o; o++)
			if (*o > '9') /* a-f; not the '-' */
				*o -= 32;
	}
	return "vfat";
}

/* ---- RAID, volume-manager and crypto members, caches, swap ------------------------------------
 * libblkid's safe probe (superblocks.c: superblocks_safeprobe over idinfos[]) runs the RAID,
 * volume and crypto probers before any filesystem's and answers with the first RAID or crypto
 * one that matches, whatever filesystem it would find afterwards: an md 0.90 or 1.0 member
 * (superblock at the end) shows its array's filesystem at offset 0, and blkid -p says
 * TYPE="linux_raid_member", which udev links by no UUID or LABEL. The signatures whose USAGE is
 * "other" (swap, bcache, ...) and ZFS (after the filesystems in idinfos[]) are looked for here
 * too, before the filesystems: where libblkid finds one of them and a filesystem it answers
 * "ambivalent" and names neither, so that one is not to be mounted either. The order is
 * idinfos[]'s. Each prober names its libblkid file (libblkid/src/superblocks/); the facts are
 * those of util-linux 2.38.1 (Debian 12), against which tests/blkid compares them. */

#define MD_SB_MAGIC 0xA92B4EFCu

/* The n bytes at sector (size / 512) - back of a device of at least min bytes, where the
 * firmware RAIDs keep their metadata. NULL when the size is unknown or under min. */
static const uint8_t *end_sector(const struct probe_reader *r, uint64_t back, uint64_t min, size_t n)
{
	uint64_t s = r->size / 512;
	if (r->size == UINT64_MAX || r->size < min || s < back)
		return NULL;
	return at(r, (s - back) * 512, n);
}

/* A UUID kept as text (blkid_probe_strncpy_uuid): at most n bytes (n < sizeof(out->uuid)), to
 * the first NUL, trailing blanks trimmed. */
static void set_uuid_text(struct fs_info *out, const uint8_t *p, size_t n)
{
	_Static_assert(sizeof(out->uuid) > 40, "room for a LUKS header's 40 characters");
	for (size_t i = 0; i < n && p[i]; i++)
		out->uuid[i] = (char)p[i];
	rtrim(out->uuid);
}

/* v in base 10 or 16 with at least width digits, zero-padded: the UUIDs libblkid prints with
 * "%u", "%" PRIu64, "%" PRIx64 and "%016d". */
static char *put_num(char *o, uint64_t v, unsigned base, unsigned width)
{
	char d[20];
	unsigned n = 0;
	while (v || n < width) {
		/* base is 10 or 16 at every call; cppcheck reads the v in the condition as a divisor */
		// cppcheck-suppress zerodivcond
		d[n++] = hexd[v % base];
		v /= base;
	}
	while (n)
		*o++ = d[--n];
	return o;
}

/* Is [start, start + len) inside a partition of the whole disk's MBR? linux_raid.c asks
 * blkid_probe_is_covered_by_pt() before taking a whole disk's md 0.90 superblock, which is then
 * its last partition's. The primary entries, in 512-byte sectors (an extended partition covers
 * its logical ones). A GPT is not read: its last partition ends before the backup table, so it covers the array only
 * on a disk whose size is 16.5 KiB or more past a multiple of 64 KiB. */
static int mbr_covers(const struct probe_reader *r, uint64_t start, uint64_t len)
{
	const uint8_t *mbr = at(r, 0, 512);
	uint64_t first = start >> 9, end = (start + len) >> 9;
	int covered = 0;
	/* what probe_parts_r takes for a "dos" table */
	if (!sig_55aa(mbr) || fat_valid(mbr, NULL) || magic_any(mbr, "\x03\x08" "EXFAT   " "\x03\x08" "NTFS    "))
		return 0;
	for (const uint8_t *e = mbr + 0x1BE; e < mbr + 0x1FE; e += 16) {
		uint64_t s = le32(e + 8), n = le32(e + 12);
		/* a protective MBR, a boot indicator neither 0 nor 80 (no table), an entry past the
		 * disk's end (libblkid then trusts no entry) */
		if (e[4] == 0xEE || (e[0] & 0x7F) || (n && s + n > r->size >> 9))
			return 0;
		covered |= n && first >= s && end <= s + n;
	}
	return covered;
}

/* md metadata 0.90 (linux_raid.c probe_raid0): 64 KiB from the end rounded down to 64 KiB, in
 * either byte order, on a device holding the array's size (in KiB) and the 64 KiB reserved for
 * it. The array UUID is four 32-bit words printed as numbers, so a little-endian superblock's
 * bytes are reversed word by word; before minor version 90 it has only the first. */
static int md_v0(const struct probe_reader *r, struct fs_info *out)
{
	static const uint8_t words[4] = {20, 52, 56, 60};
	uint64_t off = (r->size & ~(uint64_t)0xFFFF) - 0x10000;
	const uint8_t *p = at(r, off, 64);
	uint8_t u[16] = {0};
	if (!p)
		return 0;
	int be = le32(p) != MD_SB_MAGIC;
	if (be && be32(p) != MD_SB_MAGIC)
		return 0;
	uint32_t minor = be ? be32(p + 8) : le32(p + 8);
	uint64_t kib = (uint64_t)(be ? be32(p + 32) : le32(p + 32)) << 10;
	for (unsigned w = 0; w < (minor >= 90 ? 4u : 1u); w++)
		for (unsigned b = 0; b < 4; b++)
			u[4 * w + b] = p[words[w] + (be ? b : 3 - b)];
	if (r->size < kib + 0x10000 || off < kib ||
	    (!r->partition && mbr_covers(r, off - kib, kib + 0x10000)))
		return 0;
	set_uuid(out, u);
	return 1;
}

/* md metadata 1.x at off (linux_raid.c probe_raid1): the magic, major version 1, and the
 * superblock's own offset in sectors. UUID the array's, LABEL its name ("host:name"). */
static int md_v1(const struct probe_reader *r, uint64_t off, struct fs_info *out)
{
	const uint8_t *p = at(r, off, 256);
	if (!p || le32(p) != MD_SB_MAGIC || le32(p + 4) != 1 || le64(p + 144) != off >> 9)
		return 0;
	set_uuid(out, p + 16);
	set_label(out, p + 32, 32);
	return 1;
}

/* Linux md (linux_raid.c probe_raid): on a device over 64 KiB, 0.90 and then 1.0 (8 KiB from the
 * end rounded down to 4 KiB) at the end; then 1.1 at 0 and 1.2 at 4 KiB. */
static const char *probe_md(const struct probe_reader *r, struct fs_info *out)
{
	if ((r->size != UINT64_MAX && r->size > 0x10000 &&
	     (md_v0(r, out) || md_v1(r, (r->size & ~(uint64_t)0xFFF) - 0x2000, out))) ||
	    md_v1(r, 0, out) || md_v1(r, 0x1000, out))
		return "linux_raid_member";
	return NULL;
}

/* SNIA DDF (ddf_raid.c): the anchor header in the last sector, or 257 sectors from the end, of a
 * device of at least 192 KiB, signature DE11DE11 in either byte order. A header naming its
 * primary copy's LBA needs the same signature there. UUID: the 24-byte GUID as text. */
static const char *probe_ddf(const struct probe_reader *r, struct fs_info *out)
{
	const uint8_t *h;
	uint8_t sig[4], guid[24];
	for (unsigned back = 1;; back = 257) {
		if (!(h = end_sector(r, back, 0x30000, 512)))
			return NULL;
		if (le32(h) == 0xDE11DE11 || be32(h) == 0xDE11DE11)
			break;
		if (back == 257)
			return NULL;
	}
	/* both kept before another read moves the window */
	memcpy(sig, h, 4);
	memcpy(guid, h + 8, 24);
	uint64_t lba = be32(h) == 0xDE11DE11 ? be64(h + 96) : le64(h + 96);
	if (lba && (!(h = at(r, lba << 9, 4)) || memcmp(h, sig, 4)))
		return NULL;
	set_uuid_text(out, guid, 24);
	return "ddf_raid_member";
}

/* The firmware RAIDs below look at whole disks (and image files) of at least 64 KiB only. */

/* A magic at the start of sector (size / 512) - back: isw_raid.c (Intel Matrix / IMSM),
 * lsi_raid.c, nvidia_raid.c, jmicron_raid.c. */
static int end_magic(const struct probe_reader *r, unsigned back, const char *s, size_t n)
{
	const uint8_t *p = end_sector(r, back, 0x10000, n);
	return p && !memcmp(p, s, n);
}

static const char *probe_isw(const struct probe_reader *r, struct fs_info *out)
{
	(void)out;
	return end_magic(r, 2, "Intel Raid ISM Cfg Sig. ", 24) ? "isw_raid_member" : NULL;
}

static const char *probe_lsi(const struct probe_reader *r, struct fs_info *out)
{
	(void)out;
	return end_magic(r, 1, "$XIDE$", 6) ? "lsi_mega_raid_member" : NULL;
}

/* via_raid.c: in the last sector, signature AA55, version at most 2, and a byte sum of the first
 * 50 bytes. */
static const char *probe_via(const struct probe_reader *r, struct fs_info *out)
{
	const uint8_t *p = end_sector(r, 1, 0x10000, 51);
	unsigned sum = 0;
	(void)out;
	if (!p || le16(p) != 0xAA55 || p[2] > 2)
		return NULL;
	for (unsigned i = 0; i < 50; i++)
		sum += p[i];
	return (uint8_t)sum == p[50] ? "via_raid_member" : NULL;
}

/* silicon_raid.c: in the last sector, magic 2F000000 at 0x60, a disk number under 8, and the
 * 16-bit words before checksum1 (at 0x13E) summing to its negative. */
static const char *probe_sil(const struct probe_reader *r, struct fs_info *out)
{
	const uint8_t *p = end_sector(r, 1, 0x10000, 512);
	uint32_t sum = 0;
	(void)out;
	if (!p || le32(p + 0x60) != 0x2F000000 || p[0x116] >= 8)
		return NULL;
	for (unsigned i = 0; i < 0x13E; i += 2)
		sum += le16(p + i);
	return ((0u - sum) & 0xFFFF) == le16(p + 0x13E) ? "silicon_medley_raid_member" : NULL;
}

static const char *probe_nv(const struct probe_reader *r, struct fs_info *out)
{
	(void)out;
	return end_magic(r, 2, "NVIDIA", 6) ? "nvidia_raid_member" : NULL;
}

/* promise_raid.c: the vendor string at one of these sectors from the end of a device of at least
 * 256 KiB; the first that cannot be read ends the search. */
static const char *probe_pdc(const struct probe_reader *r, struct fs_info *out)
{
	static const uint16_t back[] = {63, 255, 256, 16, 399, 591, 675, 735, 911, 974, 991, 951, 3087};
	(void)out;
	for (unsigned i = 0; i < sizeof(back) / sizeof(back[0]); i++) {
		const uint8_t *p = end_sector(r, back[i], 0x40000, 24);
		if (!p)
			return NULL;
		if (!memcmp(p, "Promise Technology, Inc.", 24))
			return "promise_fasttrack_raid_member";
	}
	return NULL;
}

/* highpoint_raid.c: HPT45x keeps a little-endian 5A7816F3 (or 5A7816FD) 11 sectors from the end;
 * HPT37x 5A7816F0 (or ...FD) at 4640 bytes from the start. */
static const char *probe_hpt45x(const struct probe_reader *r, struct fs_info *out)
{
	const uint8_t *p = end_sector(r, 11, 0x10000, 4);
	(void)out;
	return p && (le32(p) == 0x5A7816F3 || le32(p) == 0x5A7816FD) ? "hpt45x_raid_member" : NULL;
}

static const char *probe_hpt37x(const struct probe_reader *r, struct fs_info *out)
{
	(void)out;
	return magic_at(r, 4640, "\xf0\x16\x78\x5a", 4) || magic_at(r, 4640, "\xfd\x16\x78\x5a", 4)
	               ? "hpt37x_raid_member" : NULL;
}

/* adaptec_raid.c: in the last sector, the big-endian b0idcode 37FC4D1E at 0 and "DPTM" at 256. */
static const char *probe_adaptec(const struct probe_reader *r, struct fs_info *out)
{
	const uint8_t *p = end_sector(r, 1, 0x10000, 512);
	(void)out;
	return p && be32(p) == 0x37FC4D1E && !memcmp(p + 256, "DPTM", 4) ? "adaptec_raid_member" : NULL;
}

static const char *probe_jm(const struct probe_reader *r, struct fs_info *out)
{
	(void)out;
	return end_magic(r, 1, "JM", 2) ? "jmicron_raid_member" : NULL;
}

/* bcache.c: a cache or backing device, its magic 24 bytes into the superblock at 4 KiB, which
 * must say it lies at sector 8 (libblkid 2.38 checks no checksum); 8 KiB at least. UUID the
 * device's. */
static const char *probe_bcache(const struct probe_reader *r, struct fs_info *out)
{
	const uint8_t *m;
	if (r->size < 8192 ||
	    !(m = magic_at(r, 4096 + 24, "\xc6\x85\x73\xf6\x4e\x1a\x45\xca\x82\x65\xf5\x7f\x48\xba\x6d\x81", 16)) ||
	    le64(m - 16) != 8)
		return NULL;
	set_uuid(out, m + 16);
	return "bcache";
}

/* bluestore.c: a Ceph OSD's BlueStore block device. */
static const char *probe_bluestore(const struct probe_reader *r, struct fs_info *out)
{
	(void)out;
	return magic_at(r, 0, "bluestore block device", 22) ? "ceph_bluestore" : NULL;
}

/* drbd.c: DRBD 8.4 and 9 metadata 4 KiB from the end of a device of at least 64 KiB, a big-endian
 * magic at 60; UUID the 64-bit device UUID in hex (at 40 for 8.4, 48 for 9). */
static const char *probe_drbd(const struct probe_reader *r, struct fs_info *out)
{
	const uint8_t *p;
	if (r->size == UINT64_MAX || r->size < 0x10000 || !(p = at(r, r->size - 4096, 1392)))
		return NULL;
	uint32_t m = be32(p + 60) - 0x83740267u; /* DRBD_MAGIC + 4, + 5 (8.4, unclean), + 6 (9) */
	if (m < 4 || m > 6)
		return NULL;
	uint64_t u = be64(p + (m == 6 ? 48 : 40));
	if (u)
		put_num(out->uuid, u, 16, 0);
	return "drbd";
}

static int is_xdigit(unsigned c) { return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'); }

/* drbdmanage.c: a drbdmanage control volume of at least 64 KiB, its UUID 32 hex digits and a
 * newline after the magic. */
static const char *probe_drbdmanage(const struct probe_reader *r, struct fs_info *out)
{
	const uint8_t *p;
	if (r->size < 0x10000 || !(p = magic_at(r, 0, "$DRBDmgr=q", 10)) || p[43] != '\n')
		return NULL;
	for (unsigned i = 11; i < 43; i++)
		if (!is_xdigit(p[i]))
			return NULL;
	set_uuid_text(out, p + 11, 32);
	return "drbdmanage_control_volume";
}

/* An LVM PV's UUID (lvm.c format_lvm_uuid): its 32 characters as 6-4-4-4-4-4-6, cut at the first
 * NUL; none when the n bytes of the field are all zero. */
static void lvm_uuid(struct fs_info *out, const uint8_t *u, size_t n)
{
	char *o = out->uuid;
	if (all_zero(u, n))
		return;
	for (unsigned i = 0; i < 32; i++) {
		if (0x4444440u >> i & 1)
			*o++ = '-';
		if (!u[i])
			break;
		*o++ = (char)u[i];
	}
}

/* LVM2 PV (lvm.c probe_lvm2): "LVM2 001", looked for at 0x218, 0x18, 0x418 and 0x618 in that
 * order; its KiB's first sector holding "LABELONE" is the label, which must name its own sector
 * and carry LVM's CRC (seed F597A6CF) over its bytes from 20 to the sector's end. */
static const char *probe_lvm2(const struct probe_reader *r, struct fs_info *out)
{
	static const uint16_t where[4] = {0x218, 0x18, 0x418, 0x618};
	for (unsigned i = 0; i < 4; i++) {
		if (!magic_at(r, where[i], "LVM2 001", 8))
			continue;
		unsigned kib = where[i] & ~1023u, sector = kib >> 9;
		const uint8_t *l = at(r, kib, 1024); /* read as the magic was */
		if (memcmp(l, "LABELONE", 8)) {
			l += 512;
			sector++;
			if (memcmp(l, "LABELONE", 8))
				return NULL;
		}
		if (le64(l + 8) != sector || crc_update(0xF597A6CFu, POLY_CRC32, l + 20, 492) != le32(l + 16))
			return NULL;
		lvm_uuid(out, l + 32, 32);
		return "LVM2_member";
	}
	return NULL;
}

/* lvm.c probe_lvm1: "HM" and version 1 or 2. */
static const char *probe_lvm1(const struct probe_reader *r, struct fs_info *out)
{
	const uint8_t *p = magic_at(r, 0, "HM", 2);
	if (!p || le16(p + 2) - 1 > 1)
		return NULL;
	lvm_uuid(out, p + 44, 128);
	return "LVM1_member";
}

/* lvm.c: a device-mapper snapshot's exception store. */
static const char *probe_snapcow(const struct probe_reader *r, struct fs_info *out)
{
	(void)out;
	return magic_at(r, 0, "SnAp", 4) ? "DM_snapshot_cow" : NULL;
}

/* lvm.c probe_verity: a dm-verity hash device, superblock version 1; UUID its own. */
static const char *probe_verity(const struct probe_reader *r, struct fs_info *out)
{
	const uint8_t *p = magic_at(r, 0, "verity\0", 8);
	if (!p || le32(p + 8) != 1)
		return NULL;
	set_uuid(out, p + 16);
	return "DM_verity_hash";
}

/* lvm.c probe_integrity: a dm-integrity device, any version but 0. */
static const char *probe_integrity(const struct probe_reader *r, struct fs_info *out)
{
	const uint8_t *p = magic_at(r, 0, "integrt", 8);
	(void)out;
	return p && p[8] ? "DM_integrity" : NULL;
}

/* luks.c: "LUKS\xba\xbe" at 0, else a LUKS2 secondary header "SKUL\xba\xbe" at one of the
 * offsets LUKS2 allows (16 KiB to 4 MiB, doubling); the first offset that cannot be read ends the
 * search. libblkid 2.38 does not check the header's own offset field. UUID the header's text (at
 * 168 in both versions), LABEL LUKS2's. */
static const char *probe_luks(const struct probe_reader *r, struct fs_info *out)
{
	const uint8_t *h = at(r, 0, 512);
	if (!h)
		return NULL;
	if (memcmp(h, "LUKS\xba\xbe", 6))
		for (unsigned k = 0;; k++) {
			if (k == 9 || !(h = at(r, (uint64_t)0x4000 << k, 512)))
				return NULL;
			if (!memcmp(h, "SKUL\xba\xbe", 6))
				break;
		}
	uint32_t v = be16(h + 6);
	if (v == 1 || v == 2)
		set_uuid_text(out, h + 168, 40);
	if (v == 2)
		set_label(out, h + 24, 48);
	return "crypto_LUKS";
}

/* vmfs.c probe_vmfs_volume: a VMware VMFS volume's member (its LVM header at 1 MiB); UUID the
 * 35-character text 532 bytes further. */
static const char *probe_vmfs(const struct probe_reader *r, struct fs_info *out)
{
	const uint8_t *u;
	if (!magic_at(r, 0x100000, "\x0d\xd0\x01\xc0", 4))
		return NULL;
	if ((u = at(r, 0x100000 + 512 + 20, 35)))
		set_uuid_text(out, u, 35);
	return "VMFS_volume_member";
}

/* ubi.c: a UBI erase-counter header; UUID the image sequence number in decimal. */
static const char *probe_ubi(const struct probe_reader *r, struct fs_info *out)
{
	const uint8_t *p = magic_at(r, 0, "UBI#", 4);
	if (!p)
		return NULL;
	if (be32(p + 24))
		put_num(out->uuid, be32(p + 24), 10, 0);
	return "ubi";
}

/* vdo.c: a VDO volume; UUID its own. */
static const char *probe_vdo(const struct probe_reader *r, struct fs_info *out)
{
	const uint8_t *p = magic_at(r, 0, "dmvdo001", 8);
	if (!p)
		return NULL;
	set_uuid(out, p + 40);
	return "vdo";
}

/* stratis.c: a Stratis pool member of at least 8 KiB, the magic in the superblock at sector 1 or
 * its copy at sector 9; the first copy whose crc32c (over the sector from byte 4) holds is read.
 * UUID: the device's 32 hex digits as 8-4-4-4-12, cut at the first NUL. */
static const char *probe_stratis(const struct probe_reader *r, struct fs_info *out)
{
	static const char magic[] = "!Stra0tis\x86\xff\x02^\x41rh";
	const uint8_t *sb = NULL;
	if (r->size < 8192 || (!magic_at(r, 512 + 4, magic, 16) && !magic_at(r, 4608 + 4, magic, 16)))
		return NULL;
	for (unsigned copy = 512; copy <= 4608 && !sb; copy += 4096) {
		const uint8_t *b = at(r, copy, 512);
		if (b && ~crc_update(~0u, POLY_CRC32C, b + 4, 508) == le32(b))
			sb = b;
	}
	if (!sb)
		return NULL;
	char *o = out->uuid;
	for (unsigned i = 0; i < 32 && sb[64 + i]; i++) {
		*o++ = (char)sb[64 + i];
		if (i == 7 || i == 11 || i == 15 || i == 19)
			*o++ = '-';
	}
	rtrim(out->uuid);
	return "stratis";
}

/* bitlocker.c: a BitLocker volume's boot sector, Vista's, Windows 7's or To Go's (whose magic is
 * a FAT32 boot sector's, so the FVE metadata it points to must say "-FVE-FS-", as must Windows
 * 7's). UUID: Windows 7's volume serial as "%016d". */
static const char *probe_bitlocker(const struct probe_reader *r, struct fs_info *out)
{
	static const char magic[] = "\xeb\x52\x90-FVE-FS-" "\xeb\x58\x90-FVE-FS-" "\xeb\x58\x90MSWIN4.1";
	const uint8_t *h = at(r, 0, 1024), *f;
	unsigned kind = 0;
	while (kind < 3 && h && memcmp(h, magic + (size_t)11 * kind, 11))
		kind++;
	if (!h || kind == 3)
		return NULL;
	if (kind) {
		uint64_t off = le64(h + (kind == 1 ? 176 : 440));
		int32_t serial = (int32_t)le32(h + 67);
		if (!off || !(f = at(r, off, 12)) || memcmp(f, "-FVE-FS-", 8))
			return NULL;
		if (kind == 1 && serial) {
			char *o = out->uuid;
			if (serial < 0)
				*o++ = '-';
			put_num(o, serial < 0 ? 0u - (uint32_t)serial : (uint32_t)serial, 10, serial < 0 ? 15 : 16);
		}
	}
	return "BitLocker";
}

/* swap.c swap_set_info: the header at 1 KiB. SWAPSPACE2 needs version 1 (either byte order) and a
 * last page; LABEL and UUID are taken only when two padding words are zero. */
static int swap_info(const struct probe_reader *r, int v1, struct fs_info *out)
{
	const uint8_t *h = at(r, 1024, 516);
	if (!h || (v1 && ((le32(h) != 1 && be32(h) != 1) || !le32(h + 4))))
		return 0;
	if (!le32(h + 172) && !le32(h + 176)) {
		if (h[28])
			set_label(out, h + 28, 16);
		set_uuid(out, h + 12);
	}
	return 1;
}

/* swap.c: a hibernation image (swsuspend: TuxOnIce's magic at 0, or a suspend signature where
 * swap keeps its own), then swap, on a device of at least 40 KiB. The signatures end the first
 * page, of 4 to 64 KiB; the first found decides. Swap is "other" to libblkid: never mounted. */
static const char *probe_swap(const struct probe_reader *r, struct fs_info *out)
{
	static const char susp[] = "S1SUSPEND\0S2SUSPEND\0ULSUSPEND\0LINHIB0001";
	if (r->size < 40960)
		return NULL;
	if (magic_at(r, 0, "\xed\xc3\x02\xe9\x98\x56\xe5\x0c", 8))
		return swap_info(r, 0, out) ? "swsuspend" : NULL;
	for (uint64_t pg = 0xFF6; pg <= 0xFFF6; pg = 2 * pg + 10)
		for (unsigned k = 0; k < 4; k++)
			if (magic_at(r, pg, susp + (size_t)10 * k, k == 3 ? 10 : 9))
				return swap_info(r, 0, out) ? "swsuspend" : NULL;
	for (uint64_t pg = 0xFF6; pg <= 0xFFF6; pg = 2 * pg + 10) {
		if (magic_at(r, pg, "SWAP-SPACE", 10))
			return "swap"; /* version 0: no LABEL, no UUID */
		if (magic_at(r, pg, "SWAPSPACE2", 10))
			return swap_info(r, 1, out) ? "swap" : NULL;
	}
	return NULL;
}

/* Does the nvpair name of length n read as key? libblkid compares with strncmp(name, key, n). */
static int zfs_name_is(const uint8_t *name, uint32_t n, const char *key)
{
	for (uint32_t i = 0; i < n; i++) {
		if (name[i] != (uint8_t)key[i])
			return 0;
		if (!name[i])
			break;
	}
	return 1;
}

/* ZFS's label nvlist, 16 KiB into the label (zfs.c zfs_extract_guid_name): its first 4 KiB of
 * big-endian nvpairs; "name" (a string) is LABEL, "pool_guid" (a uint64) in decimal the UUID. The
 * walk and its bounds are libblkid's, which reads up to 12 bytes and a 128-byte label past those
 * 4 KiB. */
static void zfs_nvlist(const struct probe_reader *r, uint64_t off, struct fs_info *out)
{
	const uint8_t *nv = at(r, off, 4096 + 256), *p;
	uint32_t left = 4096, found = 0;
	if (!nv)
		return;
	for (p = nv + 12; left > 12 && found < 3; p += be32(p)) {
		uint32_t size = be32(p), namelen = be32(p + 8);
		int32_t avail = (int32_t)(size - namelen - 12);
		if (!size || left < size || avail < 0)
			break;
		const uint8_t *name = p + 12, *v = name + ((namelen + 3) & ~3u);
		if (zfs_name_is(name, namelen, "name")) {
			uint32_t len = be32(v + 8);
			if (len > UINT32_MAX - 12)
				break;
			avail = (int32_t)((uint32_t)avail - (len + 12));
			if (be32(v) == 9 && avail >= 0) /* DATA_TYPE_STRING */
				set_label(out, v + 12, len < 128 ? len : 128); /* BLKID_PROBVAL_BUFSIZ */
			found++;
		} else if (zfs_name_is(name, namelen, "guid") || zfs_name_is(name, namelen, "pool_guid")) {
			uint64_t u = be64(v + 8);
			avail -= 16;
			if (be32(v) == 8 && avail >= 0 && u && name[0] == 'p') /* DATA_TYPE_UINT64 */
				put_num(out->uuid, u, 10, 0);
			found++;
		}
		left = left > size ? left - size : 0;
	}
}

/* zfs.c: a ZFS vdev of at least 64 MiB. Its four 256 KiB labels (two at the start, two at the
 * end of the last whole 256 KiB) hold 128 uberblocks of 1 KiB from 128 KiB in; at least four
 * uberblock magics (0x00bab10c, either byte order), counted label by label, make a member, and the
 * label where the fourth is found gives LABEL and UUID. USAGE is "filesystem" to libblkid 2.38,
 * yet no kernel filesystem mounts a pool member (probe_mountable). */
static const char *probe_zfs(const struct probe_reader *r, struct fs_info *out)
{
	uint64_t size = r->size, label = 0;
	unsigned found = 0;
	if (size == UINT64_MAX || size < (64u << 20))
		return NULL;
	for (unsigned l = 0; l < 4 && found < 4; l++) {
		label = l < 2 ? (uint64_t)l * 0x40000 : (size & ~(uint64_t)0x3FFFF) - (uint64_t)(4 - l) * 0x40000;
		for (unsigned half = 0; half < 2; half++) {
			const uint8_t *u = at(r, label + 0x20000 + (uint64_t)half * 0x10000, 0x10000);
			if (!u)
				return NULL;
			for (unsigned i = 0; i < 0x10000; i += 1024)
				found += le64(u + i) == 0x00bab10c || be64(u + i) == 0x00bab10c;
		}
	}
	if (found < 4)
		return NULL;
	zfs_nvlist(r, label + 0x4000, out);
	return "zfs_member";
}

/* idinfos[]'s order; "whole": only on a whole disk or an image file (the firmware RAIDs). */
#define M_WHOLE 0x80
static const struct member {
	const char *(*probe)(const struct probe_reader *r, struct fs_info *out);
	uint8_t flags; /* enum probe_usage, | M_WHOLE */
} members[] = {
	{ probe_md, PROBE_USAGE_RAID },
	{ probe_ddf, PROBE_USAGE_RAID },
	{ probe_isw, PROBE_USAGE_RAID | M_WHOLE },
	{ probe_lsi, PROBE_USAGE_RAID | M_WHOLE },
	{ probe_via, PROBE_USAGE_RAID | M_WHOLE },
	{ probe_sil, PROBE_USAGE_RAID | M_WHOLE },
	{ probe_nv, PROBE_USAGE_RAID | M_WHOLE },
	{ probe_pdc, PROBE_USAGE_RAID | M_WHOLE },
	{ probe_hpt45x, PROBE_USAGE_RAID | M_WHOLE },
	{ probe_hpt37x, PROBE_USAGE_RAID | M_WHOLE },
	{ probe_adaptec, PROBE_USAGE_RAID | M_WHOLE },
	{ probe_jm, PROBE_USAGE_RAID | M_WHOLE },
	{ probe_bcache, PROBE_USAGE_OTHER },
	{ probe_bluestore, PROBE_USAGE_OTHER },
	{ probe_drbd, PROBE_USAGE_RAID },
	{ probe_drbdmanage, PROBE_USAGE_OTHER },
	{ probe_lvm2, PROBE_USAGE_RAID },
	{ probe_lvm1, PROBE_USAGE_RAID },
	{ probe_snapcow, PROBE_USAGE_OTHER },
	{ probe_verity, PROBE_USAGE_CRYPTO },
	{ probe_integrity, PROBE_USAGE_CRYPTO },
	{ probe_luks, PROBE_USAGE_CRYPTO },
	{ probe_vmfs, PROBE_USAGE_RAID },
	{ probe_ubi, PROBE_USAGE_RAID },
	{ probe_vdo, PROBE_USAGE_OTHER },
	{ probe_stratis, PROBE_USAGE_RAID },
	{ probe_bitlocker, PROBE_USAGE_CRYPTO },
	{ probe_swap, PROBE_USAGE_OTHER },   /* and swsuspend; after vfat in idinfos[] */
	{ probe_zfs, PROBE_USAGE_FS },       /* after iso9660 in idinfos[] */
};

/* The first member signature, as libblkid's safe probe finds it (superblocks_probe): none on a
 * device of 1 KiB or less, no RAID prober on a tiny one (up to 1440 KiB: a floppy), neither a
 * RAID nor an "other" prober on a CD-ROM. 1 when found (type, usage and what the prober read
 * filled in). */
static int probe_members(const struct probe_reader *r, struct fs_info *out)
{
	if (r->size <= 1024)
		return 0;
	for (const struct member *m = members; m < members + sizeof(members) / sizeof(members[0]); m++) {
		unsigned usage = m->flags & ~M_WHOLE;
		const char *type;
		if ((usage == PROBE_USAGE_RAID && r->size <= (uint64_t)1440 * 1024) ||
		    ((usage == PROBE_USAGE_RAID || usage == PROBE_USAGE_OTHER) && r->cdrom) ||
		    (m->flags & M_WHOLE && r->partition) || !(type = m->probe(r, out)))
			continue;
		strcpy(out->type, type);
		out->usage = (uint8_t)usage;
		return 1;
	}
	return 0;
}

/* ---- what a member is ------------------------------------------------------------------------- */

/* The members and other non-filesystems by type (a prefix for the firmware RAIDs' *_raid_member),
 * and what assembles or opens them: the dracut module a user adds. */
static const struct {
	const char *type;
	unsigned prefix; /* 1: type is a prefix */
	const char *why;
} unmountable[] = {
	{ "linux_raid_member", 0, "a Linux software RAID (md) member: the array must be assembled first "
	                          "(mdadm; dracut's mdraid module), then root= names the array" },
	{ "LVM", 1, "an LVM physical volume: the volume group must be activated first (dracut's lvm "
	            "module), then root= names the logical volume" },
	{ "crypto_LUKS", 0, "a LUKS encrypted volume: it must be opened first (dracut's crypt module), "
	                    "then root= names the opened device" },
	{ "BitLocker", 0, "a BitLocker encrypted volume, which Linux does not open at boot" },
	{ "zfs_member", 0, "a ZFS pool member: the pool is imported by dracut's zfs module" },
	{ "swap", 0, "swap space, not a filesystem" },
	{ "swsuspend", 0, "swap space holding a hibernation image, not a filesystem" },
	{ "jbd", 0, "an ext journal device, not a filesystem" },
	{ "bcache", 0, "a bcache device: the kernel's bcache driver assembles /dev/bcacheN from it" },
	{ "DM_", 1, "device-mapper metadata (dracut's dm module assembles the device)" },
	{ "", 1, "a RAID, volume or cache member, not a filesystem: it must be assembled first (dracut's "
	         "mdraid, dmraid or lvm module)" },
};

const char *probe_unmountable_why(const struct fs_info *fi)
{
	for (size_t i = 0; i < sizeof(unmountable) / sizeof(unmountable[0]); i++) {
		size_t n = strlen(unmountable[i].type);
		if (unmountable[i].prefix ? strncmp(fi->type, unmountable[i].type, n) == 0
		                          : strcmp(fi->type, unmountable[i].type) == 0)
			return unmountable[i].why;
	}
	return "not a filesystem";
}

/* ---- probe_fs ----------------------------------------------------------------------------------- */

/* What the formats share: the superblock's place (in KiB from the start) and size, a magic at an
 * offset in it, and (for most) the UUID and an 8-bit label at fixed offsets. check() makes the format's own tests on the
 * superblock and returns the type, or NULL; it sets what the table does not (uuid 0, llen 0).
 * Every superblock lies in the head, which a reader keeps for the whole probe. */
struct fs_format {
	const char *(*check)(const struct probe_reader *r, const uint8_t *sb, struct fs_info *out);
	uint16_t len, label;
	uint8_t off_kib, moff, uuid, llen;
	char magic[8]; /* up to 8 bytes, none of them NUL */
};

/* Strong, unambiguous magics first; vfat, whose weakest magic is a jump byte, last. The btrfs
 * label is 256 bytes, of which fs_info keeps 255 either way. */
static const struct fs_format fs_formats[] = {
	{ probe_btrfs, 0x1000, 0x12B, 64, 0x40, 0x20, 255, "_BHRfS_M" },
	{ probe_xfs, 512, 0x6C, 0, 0, 0x20, 12, "XFSB" },
	{ probe_ext, 0x400, 0x78, 1, 0x38, 0x68, 16, "\x53\xEF" },       /* le16 0xEF53 */
	{ probe_f2fs, 0x47C, 0, 1, 0, 0, 0, "\x10\x20\xF5\xF2" },      /* le32 0xF2F52010 */
	{ probe_erofs, 0x80, 0x40, 1, 0, 0x30, 16, "\xE2\xE1\xF5\xE0" }, /* le32 0xE0F5E1E2 */
	{ probe_jfs, 0xA8, 0x98, 32, 0, 0x88, 16, "JFS1" },
	{ probe_reiserfs, 1, 0, 0, 0, 0, 0, "" },
	{ probe_nilfs2, 1, 0, 0, 0, 0, 0, "" },
	{ probe_squashfs, 32, 0, 0, 0, 0, 0, "" },
	{ probe_iso9660, 0x800, 0, 32, 1, 0, 0, "CD001" },
	{ probe_vfat, 512, 0, 0, 0, 0, 0, "" },
};

/* Does f's format hold at r? Fills out (zeroed by the caller) and returns 1 when it does. */
static int fs_match(const struct probe_reader *r, const struct fs_format *f, struct fs_info *out)
{
	const uint8_t *sb = at(r, (uint32_t)f->off_kib << 10, f->len);
	const char *type;
	if (!sb || memcmp(sb + f->moff, f->magic, strnlen(f->magic, sizeof(f->magic))) != 0 ||
	    !(type = f->check(r, sb, out)))
		return 0;
	strcpy(out->type, type);
	/* an ext journal device is "other" to libblkid (ext.c jbd_idinfo) */
	out->usage = strcmp(type, "jbd") ? PROBE_USAGE_FS : PROBE_USAGE_OTHER;
	if (f->uuid)
		set_uuid(out, sb + f->uuid);
	if (f->llen)
		set_label(out, sb + f->label, f->llen);
	return 1;
}

/* libblkid treats a device of at most a floppy's size as "tiny" (probe.c blkid_probe_set_device:
 * BLKID_FL_TINY_DEV) and takes the first signature it finds there without looking for another. */
#define PROBE_TINY_SIZE ((uint64_t)1440 * 1024)

int probe_fs_r(const struct probe_reader *r, struct fs_info *out)
{
	if (!out || !r)
		return -EINVAL;
	/* A check writes into out only for a format it recognises. */
	memset(out, 0, sizeof(*out));
	if (probe_members(r, out))
		return 0;
	const struct fs_format *f = fs_formats, *end = fs_formats + sizeof(fs_formats) / sizeof(fs_formats[0]);
	while (f < end && !fs_match(r, f, out))
		f++;
	if (f == end)
		return -ENOENT;
	if (r->size <= PROBE_TINY_SIZE)
		return 0;
	/* libblkid's safe probe (superblocks_safeprobe) looks on after the first filesystem, and a
	 * second one makes the answer "ambivalent" (unless both are BLKID_IDINFO_TOLERANT: of these
	 * formats only iso9660 is): blkid -p names neither, udev links the device by no UUID or LABEL,
	 * and mount(8) refuses it without -t. One of the two is stale: a mkfs that left the other's
	 * superblock (mkfs.vfat over a nilfs2 keeps its copy at the end of the device). So the first
	 * is kept for messages, the second named, and the UUID and label dropped. */
	struct fs_info other;
	while (++f < end) {
		memset(&other, 0, sizeof(other));
		if (fs_match(r, f, &other)) {
			strcpy(out->also, other.type);
			out->usage = PROBE_USAGE_NONE;
			out->uuid[0] = out->label[0] = '\0';
			out->ndevices = out->devid = 0;
			break;
		}
	}
	return 0;
}

int probe_fs(const uint8_t *buf, size_t len, struct fs_info *out)
{
	struct membuf m = { buf, len };
	struct probe_reader r = { mem_read, &m, len, 0, 0 };
	return probe_fs_r(&r, out);
}

/* ---- partition tables ----------------------------------------------------------------------- */

/* The kernel reads a GPT entry array of at most KMALLOC_MAX_SIZE (alloc_read_gpt_entries(); 4 MiB
 * with 4 KiB pages): a header asking for more is not a table it uses. */
#define GPT_MAX_ARRAY (4u << 20)

/* The next entry, numbered num; NULL (and the table marked truncated) when it is full. Shared by
 * the GPT and the MBR entries, and kept out of line (GCC inlined it into both). */
static struct part_info *part_add(struct part_table *out, unsigned num)
{
	if (out->count == PROBE_MAX_PARTS) {
		out->truncated = 1;
		return NULL;
	}
	struct part_info *p = &out->parts[out->count++];
	p->number = num;
	return p;
}

/* The GPT header at LBA lba for sector size ss. -ENOENT when its signature is not there (or cannot
 * be read), -EINVAL when it is there but fails the kernel's and blkid's checks. The entry array is
 * read wherever the header puts it. Every header field is taken before the array is read: the
 * backup header lies beyond the head, where the reader keeps only one window. Not inlined: its one
 * call sits in a loop, and GCC's inlining copy cost the /init binary about 70 bytes. */
static int probe_gpt(const struct probe_reader *r, size_t ss, uint64_t lba, struct part_table *out)
{
	/* lba is 1 or the disk's last sector: lba * ss does not wrap */
	const uint8_t *h = at(r, lba * ss, ss);

	if (!h || le64(h) != 0x5452415020494645) /* "EFI PART" */
		return -ENOENT;
	uint32_t hsz = le32(h + 12), n = le32(h + 80), esz = le32(h + 84), ecrc = le32(h + 88);
	uint64_t fu = le64(h + 40), lu = le64(h + 48), elba = le64(h + 72);
	if (hsz < 92 || hsz > ss || ~crc_skip(~0u, POLY_CRC32, h, hsz, 16) != le32(h + 16))
		return -EINVAL;
	/* The header must say it is where it was read and lie outside the usable area; entries are
	 * 128 bytes (the kernel accepts no other size). */
	if (le64(h + 24) != lba || lu < fu || (fu < lba && lba < lu) || esz != 128 || n == 0 ||
	    (uint64_t)n * 128 > GPT_MAX_ARRAY || elba > (UINT64_MAX - GPT_MAX_ARRAY) / ss)
		return -EINVAL;
	/* The disk GUID before the array is read (a backup header's bytes do not outlive that). */
	memcpy(out->type, "gpt", 4);
	put_uuid(out->ptuuid, h + 56, 1);
	/* The array an entry at a time, its CRC along: it may lie anywhere (LBA 2 is only the usual
	 * place, sfdisk and others can move it) and be larger than one read. What was filled in
	 * before a bad CRC or an unreadable entry shows is cleared here with the -EINVAL (out is
	 * then as the caller handed it: zeroed). The kernel numbers a partition by its slot
	 * (index + 1) and skips unused slots (zero type GUID), so numbers can have gaps. */
	uint64_t eoff = elba * ss;
	uint32_t crc = ~0u, i;
	for (i = 0; i < n; i++) {
		const uint8_t *e = at(r, eoff + (uint64_t)i * 128, 128);
		if (!e)
			break;
		crc = crc_update(crc, POLY_CRC32, e, 128);
		if (all_zero(e, 16))
			continue;
		struct part_info *p = part_add(out, i + 1);
		if (!p)
			continue;
		put_uuid(p->partuuid, e + 16, 1);
		utf16_to_utf8(p->partlabel, sizeof(p->partlabel), e + 56, 72, 0);
	}
	if (i == n && ~crc == ecrc)
		return 0;
	memset(out, 0, sizeof(*out));
	return -EINVAL;
}

/* The kernel's extended partition types (block/partitions/msdos.c is_extended_partition()):
 * DOS 0x05, Win98 LBA 0x0F, Linux 0x85. */
static int mbr_extended(const uint8_t *e) { return e[4] == 0x05 || e[4] == 0x0F || e[4] == 0x85; }

/* "%08x-%02x" of the disk signature (out->ptuuid, written in full while the table is read) and
 * the partition number: the kernel's set_info() and blkid's PART_ENTRY_UUID. */
static struct part_info *mbr_add(struct part_table *out, unsigned num)
{
	struct part_info *p = part_add(out, num);
	if (!p)
		return NULL;
	memcpy(p->partuuid, out->ptuuid, 8);
	p->partuuid[8] = '-';
	hex8(p->partuuid + 9, num & 0xFF);
	return p;
}

/* The logical partitions of the extended partition at [first, first + size) (bytes), numbered
 * from *next as the kernel's parse_extended() does: each EBR holds data partitions (numbered in
 * slot order; slots 3 and 4 only when they lie inside both this EBR's and the extended
 * partition's extent) and a link, the first extended entry, relative to the first EBR. More than
 * 100 links without a data partition, an unreadable EBR or one without 55 AA end the chain. */
static void mbr_logical(const struct probe_reader *r, uint64_t ss, uint64_t first, uint64_t size,
                        unsigned *next, struct part_table *out)
{
	uint64_t cur = first, cur_size = size;
	int nodata = 0;

	while (++nodata <= 100) {
		const uint8_t *ebr = at(r, cur, 512);
		if (!sig_55aa(ebr))
			return;
		const uint8_t *pt = ebr + 0x1BE, *link = NULL;
		for (int i = 0; i < 4; i++) {
			const uint8_t *e = pt + (size_t)16 * i;
			uint64_t off = le32(e + 8) * ss, len = le32(e + 12) * ss;
			if (!len)
				continue;
			if (mbr_extended(e)) {
				if (!link)
					link = e;
				continue;
			}
			/* The kernel's check against garbage in the 3rd and 4th entries; its third test,
			 * cur + off < first, never holds here: cur >= first, and no sum of these 32-bit
			 * sector counts times ss (at most 65536) wraps. */
			if (i >= 2 && (off + len > cur_size || cur + off + len > first + size))
				continue;
			if (!mbr_add(out, (*next)++))
				return;
			nodata = 0;
		}
		if (!link)
			return;
		cur = first + le32(link + 8) * ss;
		cur_size = le32(link + 12) * ss;
	}
}

int probe_parts_r(const struct probe_reader *r, unsigned sector_size, struct part_table *out)
{
	const uint8_t *mbr, *pt;
	int pmbr = 0, boot = 0, rc;

	if (!out)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	/* 0, or one bit among those of 512 to 65536 */
	if (!r || (sector_size & ~0x1FE00u) || (sector_size & (sector_size - 1)))
		return -EINVAL;
	mbr = at(r, 0, 512);
	/* Both the kernel and blkid want the 55 AA signature before trusting either table. */
	if (!sig_55aa(mbr))
		return -ENOENT;
	pt = mbr + 0x1BE;
	for (int i = 0; i < 4; i++) {
		pmbr |= pt[16 * i + 4] == 0xEE;
		boot |= pt[16 * i] & 0x7F; /* boot indicator: only 0 or 0x80 (checked for "dos") */
	}
	if (pmbr) {
		/* A protective MBR promises a GPT: the "dos" view of it is never reported. Sector size
		 * 0 means unknown; try the two that exist in practice: 512 first, 4096 only when no
		 * header is at LBA 1 of 512 (one there that fails its checks stops that). Then, for a
		 * damaged or missing primary, the backup header in the disk's last sector when the
		 * size is known, as the kernel (efi.c find_valid_gpt(), "Primary GPT is invalid, using
		 * alternate GPT") and blkid do. The first header that passes gives the table. */
		unsigned ss0 = sector_size ? sector_size : 512;
		rc = -ENOENT;
		for (unsigned k = 0; k < 4; k++) {
			unsigned ss = k & 1 ? 4096 : ss0;
			uint64_t lba = 1;
			if ((k & 1) && (sector_size || (k == 1 && rc != -ENOENT)))
				continue;
			if (k >= 2) {
				lba = r->size / ss - 1;
				if (r->size == UINT64_MAX || lba + 1 < 2) /* unknown, or under two sectors */
					break;
			}
			/* out stays zeroed when a try fails (probe_gpt clears what it filled) */
			rc = probe_gpt(r, ss, lba, out);
			if (!rc)
				return 0;
		}
		return -EINVAL;
	}
	/* A FAT, exFAT or NTFS boot sector also ends in 55 AA; blkid checks for them first. */
	if (fat_valid(mbr, NULL) || magic_any(mbr, "\x03\x08" "EXFAT   " "\x03\x08" "NTFS    ") || boot)
		return -ENOENT;
	/* The primary entries are read in place while the EBRs are read: sector 0 is in the head,
	 * which a reader keeps for the whole probe. */
	uint32_t sig = le32(mbr + 0x1B8);
	uint64_t ss = sector_size ? sector_size : 512;
	memcpy(out->type, "dos", 4);
	/* blkid leaves PTUUID unset for a zero signature (cleared below, once the partitions have
	 * taken it); the kernel still forms PARTUUIDs from it ("%08x-%02x"), and those are what
	 * root=PARTUUID= matches. */
	char *o = out->ptuuid;
	for (int s = 24; s >= 0; s -= 8)
		o = hex8(o, sig >> s & 0xFF);
	/* Primary slots keep their numbers 1-4; an empty one (no sectors) is skipped. An extended
	 * partition is listed (blkid lists it, with its PARTUUID) but flagged: the kernel makes a
	 * node of at most 1 KiB for it (msdos_partition(), room for a boot loader) and gives it no
	 * PARTUUID, since set_info() is not called for it. */
	for (unsigned i = 0; i < 4; i++) {
		const uint8_t *e = pt + (size_t)16 * i;
		if (!le32(e + 12))
			continue;
		struct part_info *p = mbr_add(out, i + 1);
		if (p)
			p->container = mbr_extended(e);
	}
	/* Then the logical partitions, numbered from 5 in the order of their extended partitions. */
	unsigned next = 5;
	for (unsigned i = 0; i < 4; i++) {
		const uint8_t *e = pt + (size_t)16 * i;
		if (le32(e + 12) && mbr_extended(e))
			mbr_logical(r, ss, le32(e + 8) * ss, le32(e + 12) * ss, &next, out);
	}
	if (!sig)
		out->ptuuid[0] = 0;
	return 0;
}

int probe_parts(const uint8_t *buf, size_t len, unsigned sector_size, struct part_table *out)
{
	struct membuf m = { buf, len };
	struct probe_reader r = { mem_read, &m, len, 0, 0 };
	return probe_parts_r(&r, sector_size, out);
}
