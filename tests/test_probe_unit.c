/* SPDX-License-Identifier: MIT */
/* Edge cases of src/probe.c on hand-built buffers: truncation at every length (each probe gets an
 * exact-size heap copy, so ASan sees any read past len), zeroed buffers, checksums, GPT damage,
 * label trimming, UTF-16 surrogates; then the real-image heads of the fuzz seed corpus, whole,
 * truncated and mutated.
 *
 *   test_probe_unit CORPUS_DIR      (tests/fuzz/corpus, made by tests/test_probe.sh) */
#include "member_images.h"
#include "probe.h"
#include "t.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- reference CRCs: table-driven, unlike probe.c's bitwise ones, and checked against the
 * standard check values before they build any image ------------------------------------------- */
static uint32_t ref_crc(uint32_t poly, uint32_t crc, const void *data, size_t n)
{
	static uint32_t tab[2][256];
	static uint32_t polys[2];
	int t = poly == 0x82F63B78u;
	if (polys[t] != poly) {
		for (uint32_t i = 0; i < 256; i++) {
			uint32_t c = i;
			for (int k = 0; k < 8; k++)
				c = c & 1 ? (c >> 1) ^ poly : c >> 1;
			tab[t][i] = c;
		}
		polys[t] = poly;
	}
	const uint8_t *p = data;
	while (n--)
		crc = tab[t][(crc ^ *p++) & 0xFF] ^ (crc >> 8);
	return crc;
}
#define CRC32(p, n) (~ref_crc(0xEDB88320u, ~0u, (p), (n)))
#define CRC32C_RAW(p, n) ref_crc(0x82F63B78u, ~0u, (p), (n))

static void w16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }
static void w32(uint8_t *p, uint32_t v) { w16(p, v), w16(p + 2, v >> 16); }
static void w64(uint8_t *p, uint64_t v) { w32(p, (uint32_t)v), w32(p + 4, (uint32_t)(v >> 32)); }
static void b16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)(v >> 8), p[1] = (uint8_t)v; }
static void b32(uint8_t *p, uint32_t v) { b16(p, v >> 16), b16(p + 2, v); }
static void b64(uint8_t *p, uint64_t v) { b32(p, (uint32_t)(v >> 32)), b32(p + 4, (uint32_t)v); }

#define BUFSZ PROBE_HEAD_SIZE
static uint8_t img[BUFSZ];
static struct part_table pt;

static int terminated(const char *s, size_t n) { return memchr(s, 0, n) != NULL; }

/* probe_fs / probe_parts on an exact-size heap copy of buf[0..len). */
static int fs(const uint8_t *buf, size_t len, struct fs_info *fi)
{
	uint8_t *c = malloc(len ? len : 1);
	if (!c)
		abort();
	memcpy(c, buf, len);
	int rc = probe_fs(c, len, fi);
	free(c);
	/* Counted only when broken: these run thousands of times. */
	if (!terminated(fi->type, sizeof(fi->type)) || !terminated(fi->uuid, sizeof(fi->uuid)) ||
	    !terminated(fi->label, sizeof(fi->label)))
		CHECK(!"fs_info strings NUL-terminated");
	if (rc && !(rc == -ENOENT && !fi->type[0] && !fi->uuid[0] && !fi->label[0] && fi->usage == PROBE_USAGE_NONE))
		CHECK(!"a failed probe_fs leaves fs_info empty");
	if (!rc && (fi->usage == PROBE_USAGE_NONE || fi->usage > PROBE_USAGE_OTHER))
		CHECK(!"a found type has a usage");
	return rc;
}

static int parts(const uint8_t *buf, size_t len, unsigned ss)
{
	uint8_t *c = malloc(len ? len : 1);
	if (!c)
		abort();
	memcpy(c, buf, len);
	int rc = probe_parts(c, len, ss, &pt);
	free(c);
	int okstr = terminated(pt.type, sizeof(pt.type)) && terminated(pt.ptuuid, sizeof(pt.ptuuid)) &&
	            pt.count <= PROBE_MAX_PARTS;
	for (unsigned i = 0; okstr && i < pt.count; i++)
		okstr = terminated(pt.parts[i].partuuid, sizeof(pt.parts[i].partuuid)) &&
		        terminated(pt.parts[i].partlabel, sizeof(pt.parts[i].partlabel));
	if (!okstr)
		CHECK(!"part_table strings NUL-terminated");
	if (rc && !((rc == -ENOENT || rc == -EINVAL) && !pt.type[0] && pt.count == 0))
		CHECK(!"a failed probe_parts leaves part_table empty");
	return rc;
}

static const uint8_t U[16] = {0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef,
                              0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10};
#define U_PLAIN "01234567-89ab-cdef-fedc-ba9876543210"
#define U_EFI "67452301-ab89-efcd-fedc-ba9876543210"

/* UTF-16 units into dst (LE or BE). */
static void u16s(uint8_t *dst, const uint16_t *u, size_t n, int be)
{
	for (size_t i = 0; i < n; i++)
		be ? b16(dst + 2 * i, u[i]) : w16(dst + 2 * i, u[i]);
}

static void test_crc_reference(void)
{
	CHECK_INT(CRC32("123456789", 9), 0xCBF43926u);
	CHECK_INT(~CRC32C_RAW("123456789", 9), 0xE3069283u);
}

static void test_empty(void)
{
	struct fs_info fi;
	memset(img, 0, BUFSZ);
	CHECK_INT(probe_fs(NULL, 0, &fi), -ENOENT);
	CHECK_STR(fi.type, "");
	CHECK_INT(probe_fs(img, 0, &fi), -ENOENT);
	CHECK_INT(probe_fs(img, BUFSZ, NULL), -EINVAL);
	CHECK_INT(fs(img, BUFSZ, &fi), -ENOENT);
	CHECK_INT(probe_parts(NULL, 0, 512, &pt), -ENOENT);
	CHECK_INT(probe_parts(img, BUFSZ, 512, NULL), -EINVAL);
	CHECK_INT(parts(img, BUFSZ, 512), -ENOENT);
	CHECK_INT(parts(img, BUFSZ, 4096), -ENOENT);
	CHECK_INT(parts(img, BUFSZ, 0), -ENOENT);
	CHECK_INT(parts(img, BUFSZ, 1000), -EINVAL); /* not a sector size */
	CHECK_INT(parts(img, BUFSZ, 256), -EINVAL);
	/* A lone 55 AA with an empty table is a "dos" table without partitions, as blkid says. */
	img[510] = 0x55, img[511] = 0xAA;
	CHECK_INT(parts(img, BUFSZ, 512), 0);
	CHECK_STR(pt.type, "dos");
	CHECK_STR(pt.ptuuid, "");
	CHECK_INT(pt.count, 0);
	CHECK_INT(fs(img, BUFSZ, &fi), -ENOENT); /* the signature alone is no FAT */
}

/* ---- ext -------------------------------------------------------------------------------------- */

static void mk_ext(uint32_t fc, uint32_t fi, uint32_t frc, const char *label, size_t llen)
{
	uint8_t *sb = img + 0x400;
	memset(img, 0, BUFSZ);
	w16(sb + 0x38, 0xEF53);
	w32(sb + 0x5C, fc), w32(sb + 0x60, fi), w32(sb + 0x64, frc);
	memcpy(sb + 0x68, U, 16);
	memcpy(sb + 0x78, label, llen);
	if (frc & 0x400)
		w32(sb + 0x3FC, CRC32C_RAW(sb, 0x3FC));
}

static void test_ext(void)
{
	static const struct {
		uint32_t fc, fi, frc;
		const char *type;
	} cls[] = {
		{0x38, 0x02, 0x03, "ext2"},            /* ext_attr resize_inode dir_index filetype sparse */
		{0x3C, 0x02, 0x03, "ext3"},            /* + has_journal */
		{0x3C, 0x06, 0x03, "ext3"},            /* + needs_recovery */
		{0x3C, 0x12, 0x07, "ext3"},            /* meta_bg, btree_dir: still ext3 */
		{0x3C, 0x42, 0x03, "ext4"},            /* extents */
		{0x38, 0x42, 0x03, "ext4"},            /* extents without a journal */
		{0x38, 0x282, 0x03, "ext4"},           /* flex_bg, 64bit */
		{0x3C, 0x02, 0x0B, "ext4"},            /* huge_file (ro_compat) */
		{0x3C, 0x2C2, 0x46B, "ext4"},          /* mkfs.ext4 defaults, with metadata_csum */
		{0x00, 0x08, 0x00, "jbd"},             /* journal_dev */
		{0x00, 0x0C, 0x00, "jbd"},
		{0x00, 0x06, 0x03, NULL},              /* needs_recovery without a journal: none */
	};
	struct fs_info fi;

	for (size_t i = 0; i < sizeof(cls) / sizeof(cls[0]); i++) {
		mk_ext(cls[i].fc, cls[i].fi, cls[i].frc, "lbl", 3);
		int rc = fs(img, 0x800, &fi);
		if (cls[i].type) {
			CHECK_INT(rc, 0);
			CHECK_STR(fi.type, cls[i].type);
			/* an ext journal device is "other" to libblkid, the rest "filesystem" */
			CHECK_INT(fi.usage, cls[i].type[0] == 'j' ? PROBE_USAGE_OTHER : PROBE_USAGE_FS);
			CHECK_INT(probe_mountable(&fi), cls[i].type[0] != 'j');
			CHECK_STR(fi.uuid, U_PLAIN);
			CHECK_STR(fi.label, "lbl");
		} else {
			CHECK_INT(rc, -ENOENT);
		}
	}
	/* metadata_csum: a superblock whose crc32c does not match is refused, as by the kernel. */
	mk_ext(0x3C, 0x2C2, 0x46B, "x", 1);
	img[0x400 + 0x88] ^= 1; /* s_last_mounted */
	CHECK_INT(fs(img, 0x800, &fi), -ENOENT);

	/* Labels: trailing blanks go, leading ones stay; 16 bytes without NUL; embedded NUL ends. */
	mk_ext(0x3C, 0x02, 0x03, "  a b \t\n\v\f\r", 12);
	CHECK_INT(fs(img, 0x800, &fi), 0);
	CHECK_STR(fi.label, "  a b");
	mk_ext(0x3C, 0x02, 0x03, "0123456789abcdef", 16);
	img[0x400 + 0x88] = 'X'; /* the next field must not leak into the label */
	CHECK_INT(fs(img, 0x800, &fi), 0);
	CHECK_STR(fi.label, "0123456789abcdef");
	mk_ext(0x3C, 0x02, 0x03, "ab\0cd", 5);
	CHECK_INT(fs(img, 0x800, &fi), 0);
	CHECK_STR(fi.label, "ab");
	mk_ext(0x3C, 0x02, 0x03, "      ", 6);
	CHECK_INT(fs(img, 0x800, &fi), 0);
	CHECK_STR(fi.label, "");
	/* An all-zero UUID is none at all. */
	memset(img + 0x400 + 0x68, 0, 16);
	CHECK_INT(fs(img, 0x800, &fi), 0);
	CHECK_STR(fi.uuid, "");

	/* Truncated: nothing until the whole superblock (to 0x800, s_checksum included) is there. */
	mk_ext(0x3C, 0x2C2, 0x46B, "t", 1);
	int early = 0;
	for (size_t len = 0; len < 0x800; len++)
		early += fs(img, len, &fi) == 0;
	CHECK_INT(early, 0);
	CHECK_INT(fs(img, 0x800, &fi), 0);
}

/* ---- xfs, btrfs, f2fs, erofs, squashfs --------------------------------------------------------- */

static void mk_xfs(int v5)
{
	memset(img, 0, BUFSZ);
	memcpy(img, "XFSB", 4);
	b32(img + 4, 4096);          /* blocksize */
	b64(img + 8, 4 * 16384);     /* dblocks */
	memcpy(img + 32, U, 16);
	b32(img + 80, 1);            /* rextsize */
	b32(img + 84, 16384);        /* agblocks */
	b32(img + 88, 4);            /* agcount */
	b16(img + 100, v5 ? 0xB4A5 : 0xB4A4);
	b16(img + 102, 512);         /* sectsize */
	b16(img + 104, 512);         /* inodesize */
	b16(img + 106, 8);           /* inopblock */
	memcpy(img + 108, "xfs label 12", 12);
	img[120] = 12, img[121] = 9, img[122] = 9, img[123] = 3, img[127] = 25;
	if (v5) {
		b32(img + 200, 0x18A);   /* features2 with CRCBIT 0x100 */
		w32(img + 224, ~CRC32C_RAW(img, 512)); /* computed with the field still zero */
	}
}

static void test_xfs(void)
{
	struct fs_info fi;
	for (int v5 = 0; v5 < 2; v5++) {
		mk_xfs(v5);
		CHECK_INT(fs(img, 512, &fi), 0);
		CHECK_STR(fi.type, "xfs");
		CHECK_STR(fi.uuid, U_PLAIN);
		CHECK_STR(fi.label, "xfs label 12");
		CHECK_INT(fs(img, 511, &fi), -ENOENT);
	}
	img[300] ^= 0x40; /* v5: any bit of the sector is under the crc */
	CHECK_INT(fs(img, 512, &fi), -ENOENT);
	mk_xfs(0);
	b32(img + 88, 0); /* agcount 0: the magic alone is not trusted */
	CHECK_INT(fs(img, 512, &fi), -ENOENT);
	mk_xfs(0);
	img[123] = 4; /* inopblog inconsistent with blocklog - inodelog */
	CHECK_INT(fs(img, 512, &fi), -ENOENT);
}

static void mk_btrfs(int csum_type)
{
	uint8_t *sb = img + 0x10000;
	memset(img, 0, BUFSZ);
	memcpy(sb + 0x20, U, 16);
	memcpy(sb + 0x40, "_BHRfS_M", 8);
	w16(sb + 0xC4, (uint32_t)csum_type);
	memset(sb + 0x12B, 'x', 256); /* a label that fills its field, no NUL */
	sb[0x12B + 256] = 'Y';
	if (csum_type == 0)
		w32(sb, CRC32C_RAW(sb + 0x20, 0x1000 - 0x20) ^ ~0u);
}

static void test_btrfs(void)
{
	struct fs_info fi;
	char want[256];
	memset(want, 'x', 255);
	want[255] = 0;
	mk_btrfs(0);
	CHECK_INT(fs(img, 0x11000, &fi), 0);
	CHECK_STR(fi.type, "btrfs");
	CHECK_STR(fi.uuid, U_PLAIN);
	CHECK_STR(fi.label, want); /* cut to what fs_info holds */
	CHECK_INT(fs(img, 0x11000 - 1, &fi), -ENOENT);
	img[0x10000 + 0x800] ^= 1;
	CHECK_INT(fs(img, 0x11000, &fi), -ENOENT);
	mk_btrfs(1); /* xxhash: not verified, accepted */
	CHECK_INT(fs(img, 0x11000, &fi), 0);
}

static void test_f2fs(void)
{
	struct fs_info fi;
	uint8_t *sb = img + 0x400;
	/* "f2" U+00E9 U+2603 U+1D11E (a surrogate pair), a lone high surrogate, a lone low one. */
	static const uint16_t name[] = {'f', '2', 0xE9, 0x2603, 0xD834, 0xDD1E, 0xD800, 'x', 0xDC00, ' ', 0};

	memset(img, 0, BUFSZ);
	w32(sb, 0xF2F52010);
	w16(sb + 4, 1), w16(sb + 6, 15);
	memcpy(sb + 0x6C, U, 16);
	u16s(sb + 0x7C, name, sizeof(name) / 2, 0);
	CHECK_INT(fs(img, 0x400 + 0x47C, &fi), 0);
	CHECK_STR(fi.type, "f2fs");
	CHECK_STR(fi.uuid, U_PLAIN);
	/* Unpaired surrogates come out in their 3-byte form, as libblkid writes them. */
	CHECK_STR(fi.label, "f2\xc3\xa9\xe2\x98\x83\xf0\x9d\x84\x9e\xed\xa0\x80x\xed\xb0\x80");
	CHECK_INT(fs(img, 0x400 + 0x47C - 1, &fi), -ENOENT);

	/* A checksummed superblock: crc32 seeded with the magic, at checksum_offset. */
	w32(sb + 0x20, 0xBFC);
	w32(sb + 0xBFC, ref_crc(0xEDB88320u, 0xF2F52010, sb, 0xBFC));
	CHECK_INT(fs(img, 0x1000, &fi), 0);
	CHECK_INT(fs(img, 0x400 + 0xBFF, &fi), -ENOENT); /* the checksum itself cut off */
	sb[0x300] ^= 1;
	CHECK_INT(fs(img, 0x1000, &fi), -ENOENT);
	w32(sb + 0x20, 0);

	/* A label longer than fs_info holds is cut at a character boundary: 500 x U+00E9. */
	for (int i = 0; i < 500; i++)
		w16(sb + 0x7C + 2 * i, 0xE9);
	CHECK_INT(fs(img, 0x1000, &fi), 0);
	CHECK_INT(strlen(fi.label), 254);
	CHECK_INT((unsigned char)fi.label[253], 0xA9);
	/* blkid looks at the first byte only: a label starting with U+0100 is none. */
	w16(sb + 0x7C, 0x100);
	CHECK_INT(fs(img, 0x1000, &fi), 0);
	CHECK_STR(fi.label, "");
	/* Version 1.0 had another layout: the type alone. */
	w16(sb + 6, 0);
	CHECK_INT(fs(img, 0x1000, &fi), 0);
	CHECK_STR(fi.type, "f2fs");
	CHECK_STR(fi.uuid, "");
}

static void mk_erofs(unsigned bits, int csum)
{
	uint8_t *sb = img + 0x400;
	memset(img, 0, BUFSZ);
	w32(sb, 0xE0F5E1E2);
	w32(sb + 8, csum ? 3 : 2);
	sb[12] = (uint8_t)bits;
	memcpy(sb + 0x30, U, 16);
	memcpy(sb + 0x40, "erofs lbl       ", 16);
	/* The kernel's erofs_superblock_csum_verify(): the block less its first KiB. */
	size_t n = (size_t)1 << (bits < 31 ? bits : 0);
	n = n > 0x400 ? n - 0x400 : n;
	if (csum && 0x400 + n <= BUFSZ)
		w32(sb + 4, CRC32C_RAW(sb, n));
}

static void test_erofs(void)
{
	struct fs_info fi;
	mk_erofs(12, 1);
	CHECK_INT(fs(img, 0x1000, &fi), 0);
	CHECK_STR(fi.type, "erofs");
	CHECK_STR(fi.uuid, U_PLAIN);
	CHECK_STR(fi.label, "erofs lbl");
	CHECK_INT(fs(img, 0xFFF, &fi), -ENOENT); /* the checksummed block is incomplete */
	img[0xF00] ^= 1;
	CHECK_INT(fs(img, 0x1000, &fi), -ENOENT);
	mk_erofs(12, 0);
	CHECK_INT(fs(img, 0x480, &fi), 0);
	/* Blocks of 16 and 64 KiB: the kernel takes block sizes up to its page size (64 KiB on
	 * arm64 and ppc64 kernels). Checksummed, the whole block has to be there. */
	mk_erofs(14, 1);
	CHECK_INT(fs(img, 0x4000, &fi), 0);
	CHECK_STR(fi.type, "erofs");
	CHECK_STR(fi.label, "erofs lbl");
	CHECK_INT(fs(img, 0x3FFF, &fi), -ENOENT);
	mk_erofs(16, 1);
	CHECK_INT(fs(img, 0x10000, &fi), 0);
	CHECK_STR(fi.uuid, U_PLAIN);
	CHECK_INT(fs(img, 0xFFFF, &fi), -ENOENT);
	img[0xFF00] ^= 1;
	CHECK_INT(fs(img, 0x10000, &fi), -ENOENT);
	mk_erofs(13, 0);
	CHECK_INT(fs(img, 0x1000, &fi), 0);
	mk_erofs(17, 0); /* past any page size */
	CHECK_INT(fs(img, 0x1000, &fi), -ENOENT);
	mk_erofs(8, 0);
	CHECK_INT(fs(img, 0x1000, &fi), -ENOENT);
}

static void test_squashfs(void)
{
	struct fs_info fi;
	memset(img, 0, BUFSZ);
	memcpy(img, "hsqs", 4);
	w16(img + 28, 4);
	CHECK_INT(fs(img, 32, &fi), 0);
	CHECK_STR(fi.type, "squashfs");
	CHECK_STR(fi.uuid, "");
	CHECK_STR(fi.label, "");
	CHECK_INT(fs(img, 31, &fi), -ENOENT);
	w16(img + 28, 3);
	CHECK_INT(fs(img, 32, &fi), 0);
	CHECK_STR(fi.type, "squashfs3");
	memcpy(img, "sqsh", 4);
	b16(img + 28, 2);
	CHECK_INT(fs(img, 32, &fi), 0);
	CHECK_STR(fi.type, "squashfs3");
}

/* ---- iso9660 ---------------------------------------------------------------------------------- */

static void vd(unsigned idx, uint8_t type)
{
	uint8_t *d = img + 0x8000 + 0x800 * idx;
	d[0] = type;
	memcpy(d + 1, "CD001", 5);
	d[6] = 1;
}

static void test_iso9660(void)
{
	struct fs_info fi;
	uint8_t *pvd = img + 0x8000, *svd = img + 0x8800;
	static const uint16_t joliet[16] = {'M', 'y', ' ', 'D', 'i', 's', 'c', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '};
	static const uint16_t other[16] = {'O', 't', 'h', 'e', 'r', 0xE9, ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '};

	memset(img, 0, BUFSZ);
	vd(0, 1);
	vd(1, 0xFF);
	memcpy(pvd + 40, "MY_DISC                         ", 32);
	memcpy(pvd + 813, "2020010203040506", 16); /* created */
	memcpy(pvd + 830, "0000000000000000", 16); /* modified: unset */
	CHECK_INT(fs(img, 0x9000, &fi), 0);
	CHECK_STR(fi.type, "iso9660");
	CHECK_STR(fi.uuid, "2020-01-02-03-04-05-06");
	CHECK_STR(fi.label, "MY_DISC");
	CHECK_INT(fs(img, 0x8800 - 1, &fi), -ENOENT);
	memcpy(pvd + 830, "2021111213141516", 16); /* modified wins over created */
	CHECK_INT(fs(img, 0x9000, &fi), 0);
	CHECK_STR(fi.uuid, "2021-11-12-13-14-15-16");
	pvd[830 + 6] = 0; /* a NUL ends the string, as blkid's "%c" does */
	CHECK_INT(fs(img, 0x9000, &fi), 0);
	CHECK_STR(fi.uuid, "2021-11-");
	memset(pvd + 813, 0, 34); /* both dates binary zero: no UUID */
	CHECK_INT(fs(img, 0x9000, &fi), 0);
	CHECK_STR(fi.uuid, "");

	/* Joliet: the UTF-16BE label, rebuilt from the ASCII one where they agree ('_' stands for
	 * what ASCII cannot hold, case may differ). */
	vd(1, 2);
	vd(2, 0xFF);
	memcpy(svd + 88, "%/E", 3);
	u16s(svd + 40, joliet, 16, 1);
	CHECK_INT(fs(img, 0x9800, &fi), 0);
	CHECK_STR(fi.label, "My Disc");
	/* They disagree: Joliet's label as it is. */
	u16s(svd + 40, other, 16, 1);
	CHECK_INT(fs(img, 0x9800, &fi), 0);
	CHECK_STR(fi.label, "Other\xc3\xa9");
	/* The PVD keeps 32 characters, Joliet 16: the rest comes from the PVD. */
	memcpy(pvd + 40, "A_LABEL_LONGER_THAN_SIXTEEN_CHRS", 32);
	static const uint16_t longer[16] = {'a', ' ', 'l', 'a', 'b', 'e', 'l', ' ', 'l', 'o', 'n', 'g', 'e', 'r', ' ', 't'};
	u16s(svd + 40, longer, 16, 1);
	CHECK_INT(fs(img, 0x9800, &fi), 0);
	CHECK_STR(fi.label, "a label longer tHAN_SIXTEEN_CHRS");
	/* A supplementary descriptor without Joliet's escape sequence is not Joliet. */
	memcpy(svd + 88, "ABC", 3);
	CHECK_INT(fs(img, 0x9800, &fi), 0);
	CHECK_STR(fi.label, "A_LABEL_LONGER_THAN_SIXTEEN_CHRS");
	/* Without a primary descriptor it is no iso9660. */
	pvd[0] = 2;
	CHECK_INT(fs(img, 0x9800, &fi), -ENOENT);
}

/* ---- vfat ------------------------------------------------------------------------------------- */

static void dirent(uint8_t *e, const char *name, uint8_t attr, uint16_t cluster)
{
	memcpy(e, name, 11);
	e[11] = attr;
	w16(e + 26, cluster);
}

/* FAT16, 512-byte sectors, 4 reserved, 2 FATs of 40 sectors: root directory at 43008. */
#define FAT16_ROOT 43008
static void mk_fat16(uint8_t ext_sign, const char *boot_label)
{
	memset(img, 0, BUFSZ);
	img[0] = 0xEB, img[1] = 0x3C, img[2] = 0x90;
	memcpy(img + 3, "mkfs.fat", 8);
	w16(img + 0x0B, 512);
	img[0x0D] = 4;
	w16(img + 0x0E, 4);
	img[0x10] = 2;
	w16(img + 0x11, 512);
	img[0x15] = 0xF8;
	w16(img + 0x16, 40);
	w32(img + 0x20, 40960);
	img[0x26] = ext_sign;
	w32(img + 0x27, 0x1234ABCD);
	memcpy(img + 0x2B, boot_label, 11);
	memcpy(img + 0x36, "FAT16   ", 8);
	img[0x1FE] = 0x55, img[0x1FF] = 0xAA;
}

/* FAT32, 512-byte sectors, 32 reserved, 2 FATs of 100 sectors: data (cluster 2) at 118784. */
#define FAT32_DATA 118784
static void mk_fat32(void)
{
	memset(img, 0, BUFSZ);
	img[0] = 0xEB, img[1] = 0x58, img[2] = 0x90;
	w16(img + 0x0B, 512);
	img[0x0D] = 1;
	w16(img + 0x0E, 32);
	img[0x10] = 2;
	img[0x15] = 0xF8;
	w32(img + 0x20, 70000);
	w32(img + 0x24, 100);
	w32(img + 0x2C, 2);
	w16(img + 0x30, 1);
	img[0x42] = 0x29;
	w32(img + 0x43, 0xC0FFEE);
	memcpy(img + 0x47, "BOOT32     ", 11);
	memcpy(img + 0x52, "FAT32   ", 8);
	img[0x1FE] = 0x55, img[0x1FF] = 0xAA;
	memcpy(img + 512, "RRaA", 4);
	memcpy(img + 512 + 484, "rrAa", 4);
}

static void test_vfat(void)
{
	struct fs_info fi;

	mk_fat16(0x29, "BOOTLBL    ");
	dirent(img + FAT16_ROOT, "ROOTLBL    ", 0x08, 0);
	CHECK_INT(fs(img, FAT16_ROOT + 64, &fi), 0);
	CHECK_STR(fi.type, "vfat");
	CHECK_STR(fi.uuid, "1234-ABCD");
	CHECK_STR(fi.label, "ROOTLBL"); /* blkid's LABEL is the root directory's */
	CHECK_INT(parts(img, FAT16_ROOT + 64, 512), -ENOENT); /* a boot sector, no MBR */
	/* Long-name pieces, deleted entries, directories and entries with a cluster are skipped. */
	dirent(img + FAT16_ROOT, "\xe5" "DELETED   ", 0x08, 0);
	dirent(img + FAT16_ROOT + 32, "LFNPIECE   ", 0x0F, 0);
	dirent(img + FAT16_ROOT + 64, "A DIR      ", 0x18, 0);
	dirent(img + FAT16_ROOT + 96, "HASCLUSTER ", 0x08, 5);
	dirent(img + FAT16_ROOT + 128, "\x05" "SCAPED    ", 0x28, 0);
	CHECK_INT(fs(img, FAT16_ROOT + 160, &fi), 0);
	CHECK_STR(fi.label, "\xe5" "SCAPED");
	/* blkid 2.38 reports a root-directory "NO NAME" as it is. */
	dirent(img + FAT16_ROOT + 128, "NO NAME    ", 0x08, 0);
	CHECK_INT(fs(img, FAT16_ROOT + 160, &fi), 0);
	CHECK_STR(fi.label, "NO NAME");
	/* The directory ends (first byte 0) without a label entry: no label, whatever the boot
	 * sector says. */
	memset(img + FAT16_ROOT + 128, 0, 32);
	CHECK_INT(fs(img, FAT16_ROOT + 4096, &fi), 0);
	CHECK_STR(fi.label, "");
	/* The directory is cut off by the end of the buffer: the boot sector's label stands in. */
	CHECK_INT(fs(img, FAT16_ROOT + 100, &fi), 0);
	CHECK_STR(fi.label, "BOOTLBL");
	CHECK_INT(fs(img, 512, &fi), 0);
	CHECK_STR(fi.label, "BOOTLBL");
	CHECK_INT(fs(img, 511, &fi), -ENOENT);
	mk_fat16(0x29, "NO NAME    ");
	CHECK_INT(fs(img, 512, &fi), 0);
	CHECK_STR(fi.label, "");
	/* Extended boot signature 0x28: serial but no label; none at all: neither. */
	mk_fat16(0x28, "BOOTLBL    ");
	CHECK_INT(fs(img, 512, &fi), 0);
	CHECK_STR(fi.uuid, "1234-ABCD");
	CHECK_STR(fi.label, "");
	mk_fat16(0, "BOOTLBL    ");
	CHECK_INT(fs(img, 512, &fi), 0);
	CHECK_STR(fi.uuid, "");
	mk_fat16(0x29, "BOOTLBL    ");
	w32(img + 0x27, 0);
	CHECK_INT(fs(img, 512, &fi), 0);
	CHECK_STR(fi.uuid, ""); /* a zero serial is no UUID */
	/* Geometry that does not add up is not FAT. */
	mk_fat16(0x29, "X          ");
	img[0x10] = 0;
	CHECK_INT(fs(img, 512, &fi), -ENOENT);
	mk_fat16(0x29, "X          ");
	img[0x15] = 0x12;
	CHECK_INT(fs(img, 512, &fi), -ENOENT);
	mk_fat16(0x29, "X          ");
	w16(img + 0x0B, 1000);
	CHECK_INT(fs(img, 512, &fi), -ENOENT);
	mk_fat16(0x29, "X          ");
	w32(img + 0x20, 10); /* fewer sectors than the FATs take: the count wraps and fails */
	CHECK_INT(fs(img, 512, &fi), -ENOENT);
	/* Without the FAT1x string the jump byte and 55 AA still make it a candidate... */
	mk_fat16(0x29, "BOOTLBL    ");
	memset(img + 0x36, ' ', 8);
	CHECK_INT(fs(img, 512, &fi), 0);
	/* ...but not JFS's or HPFS's pseudo-header, nor without the signature. */
	memcpy(img + 0x36, "HPFS    ", 8);
	CHECK_INT(fs(img, 512, &fi), -ENOENT);
	memset(img + 0x36, ' ', 8);
	img[0x1FE] = 0;
	CHECK_INT(fs(img, 512, &fi), -ENOENT);

	/* FAT32: the root directory is a cluster chain; cluster 2 is full of files, the FAT sends
	 * us on to cluster 3, which holds the label. */
	mk_fat32();
	for (int i = 0; i < 16; i++)
		dirent(img + FAT32_DATA + 32 * i, "FILE    TXT", 0x20, 9);
	w32(img + 32 * 512 + 2 * 4, 3);
	w32(img + 32 * 512 + 3 * 4, 0x0FFFFFFF);
	dirent(img + FAT32_DATA + 512, "ROOT32     ", 0x08, 0);
	CHECK_INT(fs(img, FAT32_DATA + 1024, &fi), 0);
	CHECK_STR(fi.type, "vfat");
	CHECK_STR(fi.uuid, "00C0-FFEE");
	CHECK_STR(fi.label, "ROOT32");
	CHECK_INT(fs(img, FAT32_DATA + 520, &fi), 0); /* cluster 3 cut off */
	CHECK_STR(fi.label, "BOOT32");
	CHECK_INT(fs(img, 1024, &fi), 0); /* the FAT itself out of the buffer */
	CHECK_STR(fi.label, "BOOT32");
	memcpy(img + 512, "XXXX", 4); /* a bad FSInfo signature */
	CHECK_INT(fs(img, 1024, &fi), -ENOENT);
	memset(img + 512, 0, 4); /* zeros are tolerated */
	CHECK_INT(fs(img, 1024, &fi), 0);
	CHECK_INT(fs(img, 600, &fi), 0); /* FSInfo out of the buffer: not held against it */
	/* A FAT chain that loops ends after blkid's 99 rounds. */
	w32(img + 32 * 512 + 2 * 4, 2);
	CHECK_INT(fs(img, FAT32_DATA + 1024, &fi), 0);
	CHECK_STR(fi.label, "");
}

/* ---- GPT -------------------------------------------------------------------------------------- */

static void gpt_crcs(size_t ss)
{
	uint8_t *h = img + ss;
	uint32_t n = (uint32_t)h[80] | (uint32_t)h[81] << 8 | (uint32_t)h[82] << 16 | (uint32_t)h[83] << 24;
	w32(h + 88, CRC32(img + 2 * ss, (size_t)n * 128));
	w32(h + 16, 0);
	w32(h + 16, CRC32(h, 92));
}

static uint8_t *gpt_entry(size_t ss, unsigned idx) { return img + 2 * ss + 128 * idx; }

static void mk_gpt(size_t ss, uint32_t n)
{
	uint8_t *h = img + ss;
	memset(img, 0, BUFSZ);
	img[0x1BE + 4] = 0xEE;
	w32(img + 0x1BE + 8, 1);
	w32(img + 0x1BE + 12, 0xFFFFFFFF);
	img[510] = 0x55, img[511] = 0xAA;
	memcpy(h, "EFI PART", 8);
	w32(h + 8, 0x10000);
	w32(h + 12, 92);
	w64(h + 24, 1);
	w64(h + 32, 100000);
	w64(h + 40, 2 + (n * 128 + ss - 1) / ss);
	w64(h + 48, 99000);
	memcpy(h + 56, U, 16);
	w64(h + 72, 2);
	w32(h + 80, n);
	w32(h + 84, 128);
}

static void gpt_part(size_t ss, unsigned idx, const uint16_t *name, size_t units)
{
	uint8_t *e = gpt_entry(ss, idx);
	memset(e, 0xAF, 16); /* type */
	memcpy(e + 16, U, 16);
	e[31] = (uint8_t)idx;
	w64(e + 32, 2048 + 100 * idx);
	w64(e + 40, 2048 + 100 * idx + 99);
	u16s(e + 56, name, units, 0);
}

static void test_gpt(void)
{
	static const uint16_t n_root[] = {'r', 'o', 'o', 't', 0};
	static const uint16_t n_pair[] = {'a', 0xE9, 0x2603, 0xD834, 0xDD1E, 0};
	static const uint16_t n_lone[] = {0xD800, 'x', 0xDC00, 0};
	static const uint16_t n_pad[] = {'p', 'a', 'd', ' ', ' ', '\t', 0};
	uint16_t n_full[36], n_cut[36];
	for (int i = 0; i < 36; i++)
		n_full[i] = 0x2603, n_cut[i] = 'c';
	n_cut[35] = 0xD834; /* a high surrogate in the last unit has no partner */
	size_t full = 1024 + 128 * 128;

	mk_gpt(512, 128);
	gpt_part(512, 0, n_root, 5);
	gpt_part(512, 2, n_pair, 6);
	gpt_part(512, 3, n_lone, 4);
	gpt_part(512, 4, n_pad, 7);
	gpt_part(512, 5, n_full, 36);
	gpt_part(512, 127, n_cut, 36);
	gpt_crcs(512);
	CHECK_INT(parts(img, full, 512), 0);
	CHECK_STR(pt.type, "gpt");
	CHECK_STR(pt.ptuuid, U_EFI);
	CHECK_INT(pt.count, 6);
	CHECK_INT(pt.parts[0].number, 1);
	CHECK_STR(pt.parts[0].partuuid, "67452301-ab89-efcd-fedc-ba9876543200");
	CHECK_STR(pt.parts[0].partlabel, "root");
	CHECK_INT(pt.parts[1].number, 3); /* slot 2 unused: the number keeps the slot */
	CHECK_STR(pt.parts[1].partuuid, "67452301-ab89-efcd-fedc-ba9876543202");
	CHECK_STR(pt.parts[1].partlabel, "a\xc3\xa9\xe2\x98\x83\xf0\x9d\x84\x9e");
	CHECK_STR(pt.parts[2].partlabel, "\xed\xa0\x80x\xed\xb0\x80");
	CHECK_STR(pt.parts[3].partlabel, "pad");
	CHECK_INT(strlen(pt.parts[4].partlabel), 36 * 3); /* 36 units, no NUL on disk */
	CHECK_INT(pt.parts[5].number, 128);
	CHECK_INT(strlen(pt.parts[5].partlabel), 35 + 3);
	CHECK_INT(parts(img, full, 0), 0); /* sector size unknown: 512 is tried first */
	CHECK_INT(pt.count, 6);
	CHECK_INT(parts(img, full, 4096), -EINVAL); /* no header at 4096: the PMBR promised one */
	struct fs_info fi;
	CHECK_INT(fs(img, full, &fi), -ENOENT);

	/* Truncated: nothing before the MBR is whole, then a table that cannot be read. */
	int bad = 0;
	for (size_t len = 0; len < full; len += len < 2048 ? 1 : 127) {
		int rc = parts(img, len, 512);
		bad += len < 512 ? rc != -ENOENT : rc != -EINVAL;
	}
	CHECK_INT(bad, 0);
	CHECK_INT(parts(img, full - 1, 512), -EINVAL); /* the entry array lies beyond len */

	/* Damage. */
	img[512 + 60] ^= 1; /* header CRC */
	CHECK_INT(parts(img, full, 512), -EINVAL);
	img[512 + 60] ^= 1;
	gpt_entry(512, 100)[0] = 1; /* entry array CRC */
	CHECK_INT(parts(img, full, 512), -EINVAL);
	gpt_entry(512, 100)[0] = 0;
	CHECK_INT(parts(img, full, 512), 0);

	static const struct {
		unsigned off, width;
		uint64_t val;
	} damage[] = {
		{12, 4, 91},           /* header smaller than the EFI header */
		{12, 4, 513},          /* header larger than its sector */
		{24, 8, 2},            /* MyLBA is not where it was read */
		{84, 4, 256},          /* entries of another size */
		{80, 4, 0},            /* no entries */
		{80, 4, 0xFFFFFFFF},   /* 512 GiB of entries, far beyond the buffer */
		{72, 8, 300},          /* entry array beyond the buffer */
		{72, 8, UINT64_MAX / 2}, /* entry array offset overflowing */
		{48, 8, 10},           /* last usable LBA below the first */
		{40, 8, 0},            /* header inside the usable area */
	};
	for (size_t i = 0; i < sizeof(damage) / sizeof(damage[0]); i++) {
		mk_gpt(512, 128);
		gpt_part(512, 0, n_root, 5);
		gpt_crcs(512);
		uint8_t *f = img + 512 + damage[i].off;
		if (damage[i].width == 4)
			w32(f, (uint32_t)damage[i].val);
		else
			w64(f, damage[i].val);
		w32(img + 512 + 16, 0);
		w32(img + 512 + 16, CRC32(img + 512, 92)); /* the header CRC stays right */
		CHECK_INT(parts(img, BUFSZ, 512), -EINVAL);
	}
	/* A larger header (up to its sector) is covered by the CRC as a whole. */
	mk_gpt(512, 128);
	gpt_part(512, 0, n_root, 5);
	gpt_crcs(512);
	w32(img + 512 + 12, 512);
	w32(img + 512 + 16, 0);
	w32(img + 512 + 16, CRC32(img + 512, 512));
	CHECK_INT(parts(img, BUFSZ, 512), 0);

	/* A protective MBR without any GPT behind it. */
	mk_gpt(512, 128);
	memset(img + 512, 0, 512);
	CHECK_INT(parts(img, BUFSZ, 512), -EINVAL);
	CHECK_INT(parts(img, BUFSZ, 0), -EINVAL);

	/* 4096-byte sectors: header at 4096, entries at 8192. */
	mk_gpt(4096, 128);
	gpt_part(4096, 1, n_root, 5);
	gpt_crcs(4096);
	CHECK_INT(parts(img, 8192 + 128 * 128, 4096), 0);
	CHECK_INT(pt.count, 1);
	CHECK_INT(pt.parts[0].number, 2);
	CHECK_INT(parts(img, 8192 + 128 * 128, 0), 0); /* found when the size is unknown */
	CHECK_STR(pt.parts[0].partlabel, "root");
	CHECK_INT(parts(img, 8192 + 128 * 128, 512), -EINVAL);
	CHECK_INT(parts(img, 8192 + 128 * 128 - 1, 4096), -EINVAL);

	/* More used slots than part_table holds: the first PROBE_MAX_PARTS. */
	mk_gpt(512, 300);
	for (unsigned i = 0; i < 300; i++)
		gpt_part(512, i, n_root, 5);
	gpt_crcs(512);
	CHECK_INT(parts(img, 1024 + 300 * 128, 512), 0);
	CHECK_INT(pt.count, PROBE_MAX_PARTS);
	CHECK_INT(pt.parts[PROBE_MAX_PARTS - 1].number, PROBE_MAX_PARTS);
	CHECK_INT(pt.truncated, 1);
	mk_gpt(512, PROBE_MAX_PARTS);
	for (unsigned i = 0; i < PROBE_MAX_PARTS; i++)
		gpt_part(512, i, n_root, 5);
	gpt_crcs(512);
	CHECK_INT(parts(img, 1024 + PROBE_MAX_PARTS * 128, 512), 0);
	CHECK_INT(pt.count, PROBE_MAX_PARTS);
	CHECK_INT(pt.truncated, 0);

	/* A hybrid MBR (0xEE beside other partitions) is still a GPT. */
	mk_gpt(512, 128);
	gpt_part(512, 0, n_root, 5);
	gpt_crcs(512);
	memmove(img + 0x1BE + 16, img + 0x1BE, 16);
	memset(img + 0x1BE, 0, 16);
	img[0x1BE + 4] = 0x83;
	w32(img + 0x1BE + 12, 100);
	CHECK_INT(parts(img, BUFSZ, 512), 0);
	CHECK_STR(pt.type, "gpt");
}

/* ---- MBR -------------------------------------------------------------------------------------- */

static void mbr_part(unsigned slot, uint8_t boot, uint8_t type, uint32_t start, uint32_t size)
{
	uint8_t *e = img + 0x1BE + 16 * (slot - 1);
	e[0] = boot;
	e[4] = type;
	w32(e + 8, start);
	w32(e + 12, size);
}

static void test_mbr(void)
{
	memset(img, 0, BUFSZ);
	w32(img + 0x1B8, 0x0000ABCD);
	img[510] = 0x55, img[511] = 0xAA;
	mbr_part(1, 0x80, 0x83, 2048, 100);
	mbr_part(2, 0, 0x83, 4096, 0); /* no sectors: skipped */
	mbr_part(3, 0, 0x00, 8192, 50); /* type 0 but sectors: the kernel makes a partition */
	mbr_part(4, 0, 0x05, 9000, 10); /* extended: numbered too, flagged as the container */
	CHECK_INT(parts(img, 512, 512), 0);
	CHECK_INT(pt.parts[2].container, 1);
	CHECK_INT(pt.parts[0].container, 0);
	CHECK_STR(pt.type, "dos");
	CHECK_STR(pt.ptuuid, "0000abcd");
	CHECK_INT(pt.count, 3);
	CHECK_INT(pt.parts[0].number, 1);
	CHECK_STR(pt.parts[0].partuuid, "0000abcd-01");
	CHECK_STR(pt.parts[0].partlabel, "");
	CHECK_INT(pt.parts[1].number, 3);
	CHECK_STR(pt.parts[1].partuuid, "0000abcd-03");
	CHECK_INT(pt.parts[2].number, 4);
	CHECK_STR(pt.parts[2].partuuid, "0000abcd-04");
	CHECK_INT(parts(img, 511, 512), -ENOENT);
	CHECK_INT(parts(img, 512, 4096), 0); /* the MBR is sector 0 whatever the sector size */
	/* A zero signature: blkid shows no PTUUID, the kernel still forms PARTUUIDs. */
	w32(img + 0x1B8, 0);
	CHECK_INT(parts(img, 512, 512), 0);
	CHECK_STR(pt.ptuuid, "");
	CHECK_STR(pt.parts[0].partuuid, "00000000-01");
	/* Boot indicators other than 0 and 0x80 mean this is no partition table. */
	img[0x1BE + 16] = 0x12;
	CHECK_INT(parts(img, 512, 512), -ENOENT);
	img[0x1BE + 16] = 0;
	img[511] = 0;
	CHECK_INT(parts(img, 512, 512), -ENOENT);
	img[511] = 0xAA;
	memcpy(img + 3, "EXFAT   ", 8);
	CHECK_INT(parts(img, 512, 512), -ENOENT);
	memcpy(img + 3, "NTFS    ", 8);
	CHECK_INT(parts(img, 512, 512), -ENOENT);
}

/* ---- what lies beyond the head: logical partitions, moved GPT arrays, far FAT directories -------- */

#define BIGSZ (40u << 20) /* the third EBR at 4096-byte sectors lies at 33 MB */
static uint8_t big[BIGSZ];

static void ebr_entry(uint8_t *sec, unsigned slot, uint8_t type, uint32_t start, uint32_t size)
{
	uint8_t *e = sec + 0x1BE + 16 * slot;
	e[4] = type;
	w32(e + 8, start);
	w32(e + 12, size);
	sec[510] = 0x55, sec[511] = 0xAA;
}

/* Extended partition (type 0x0F) in slot 1 at sector 2048, 10000 sectors, and a primary in slot 2.
 * EBR 1 (at 2048): a data partition and a link to 2048 + 2000. EBR 2: a data partition and a
 * link to 2048 + 6000. EBR 3: a data partition, garbage in slot 3 (outside the extended
 * partition), a real one in slot 4. */
static void mk_logical(size_t ss)
{
	memset(big, 0, BIGSZ);
	w32(big + 0x1B8, 0xDEADBEEF);
	big[510] = 0x55, big[511] = 0xAA;
	ebr_entry(big, 0, 0x0F, 2048, 10000);
	ebr_entry(big, 1, 0x83, 20000, 100);
	ebr_entry(big + 2048 * ss, 0, 0x83, 63, 1000);
	ebr_entry(big + 2048 * ss, 1, 0x05, 2000, 3000);
	ebr_entry(big + (2048 + 2000) * ss, 0, 0x83, 63, 500);
	ebr_entry(big + (2048 + 2000) * ss, 1, 0x05, 6000, 3000);
	ebr_entry(big + (2048 + 6000) * ss, 0, 0x83, 63, 500);
	ebr_entry(big + (2048 + 6000) * ss, 2, 0x83, 50000, 500);
	ebr_entry(big + (2048 + 6000) * ss, 3, 0x83, 1000, 500);
}

static void test_logical(void)
{
	static const unsigned want[] = {1, 2, 5, 6, 7, 8};
	static const char *const uuid[] = {"deadbeef-01", "deadbeef-02", "deadbeef-05", "deadbeef-06",
	                                   "deadbeef-07", "deadbeef-08"};
	for (size_t ss = 512; ss <= 4096; ss *= 8) {
		mk_logical(ss);
		CHECK_INT(parts(big, (2048 + 6001) * ss, (unsigned)ss), 0);
		CHECK_INT(pt.count, 6);
		for (unsigned i = 0; i < 6 && i < pt.count; i++) {
			CHECK_INT(pt.parts[i].number, want[i]);
			CHECK_STR(pt.parts[i].partuuid, uuid[i]);
			CHECK_INT(pt.parts[i].container, i == 0);
		}
		/* The chain ends where the bytes end (an unreadable EBR, as the kernel stops). */
		CHECK_INT(parts(big, (2048 + 2000) * ss + 511, (unsigned)ss), 0);
		CHECK_INT(pt.count, 3);
	}
	/* An EBR without 55 AA ends the chain. */
	mk_logical(512);
	big[(2048 + 2000) * 512 + 511] = 0;
	CHECK_INT(parts(big, BIGSZ, 512), 0);
	CHECK_INT(pt.count, 3);
	/* A link to itself without data ends after 100 rounds; with data it fills the table and
	 * says so. */
	mk_logical(512);
	ebr_entry(big + 2048 * 512, 0, 0, 0, 0);
	ebr_entry(big + 2048 * 512, 1, 0x05, 0, 3000);
	CHECK_INT(parts(big, BIGSZ, 512), 0);
	CHECK_INT(pt.count, 2);
	CHECK_INT(pt.truncated, 0);
	ebr_entry(big + 2048 * 512, 0, 0x83, 63, 100);
	CHECK_INT(parts(big, BIGSZ, 512), 0);
	CHECK_INT(pt.count, PROBE_MAX_PARTS);
	CHECK_INT(pt.truncated, 1);
	CHECK_INT(pt.parts[PROBE_MAX_PARTS - 1].number, PROBE_MAX_PARTS + 2);
}

static void test_gpt_far(void)
{
	static const uint16_t name[] = {'f', 'a', 'r', 0};
	const size_t ss = 512, lba = 4096;
	mk_gpt(ss, 128);
	gpt_part(ss, 0, name, 4);
	gpt_part(ss, 5, name, 4);
	gpt_crcs(ss);
	memset(big, 0, BIGSZ);
	memcpy(big, img, 2 * ss);
	memcpy(big + lba * ss, img + 2 * ss, 128 * 128);
	uint8_t *h = big + ss;
	w64(h + 72, lba);
	w32(h + 16, 0);
	w32(h + 16, CRC32(h, 92));
	CHECK_INT(parts(big, lba * ss + 128 * 128, 512), 0);
	CHECK_STR(pt.type, "gpt");
	CHECK_INT(pt.count, 2);
	CHECK_INT(pt.parts[1].number, 6);
	CHECK_STR(pt.parts[1].partlabel, "far");
	CHECK_INT(parts(big, lba * ss + 128 * 128 - 1, 512), -EINVAL); /* the array is cut */
	big[lba * ss + 5 * 128 + 60] ^= 1;
	CHECK_INT(parts(big, BIGSZ, 512), -EINVAL); /* the array's CRC */
	big[lba * ss + 5 * 128 + 60] ^= 1;
	/* A damaged primary: the backup header in the last sector (my_lba = that sector) and its
	 * array before it, as the kernel's find_valid_gpt() and blkid take it. */
	{
		const size_t disk = 6u << 20, last = disk / ss - 1, barr = last - 32;
		uint8_t *b = big + last * ss;
		memcpy(b, h, 92);
		w64(b + 24, last);
		w64(b + 32, 1);
		w64(b + 48, barr - 1); /* the usable area ends before the backup array */
		w64(b + 72, barr);
		memcpy(big + barr * ss, big + lba * ss, 128 * 128);
		w32(b + 16, 0);
		w32(b + 16, CRC32(b, 92));
		h[60] ^= 1; /* the primary's CRC no longer matches */
		CHECK_INT(parts(big, disk, 512), 0);
		CHECK_INT(pt.count, 2);
		CHECK_STR(pt.parts[1].partlabel, "far");
		CHECK_INT(parts(big, disk, 0), 0); /* sector size unknown */
		CHECK_INT(parts(big, disk - 1, 512), -EINVAL); /* the last sector is not there */
		w64(b + 24, last - 1); /* a backup that says it is elsewhere */
		w32(b + 16, 0);
		w32(b + 16, CRC32(b, 92));
		CHECK_INT(parts(big, disk, 512), -EINVAL);
		h[60] ^= 1;
	}
	/* An array larger than the kernel reads (KMALLOC_MAX_SIZE) is refused before any read. */
	w32(h + 80, (4u << 20) / 128 + 1);
	w32(h + 16, 0);
	w32(h + 16, CRC32(h, 92));
	CHECK_INT(parts(big, BIGSZ, 512), -EINVAL);
}

static void test_vfat_far(void)
{
	struct fs_info fi;
	/* FAT16 with FATs of 400 sectors: the root directory starts at (4 + 800) * 512 = 411648. */
	mk_fat16(0x29, "BOOTLBL    ");
	memset(big, 0, BIGSZ);
	memcpy(big, img, 512);
	w16(big + 0x16, 400);
	dirent(big + 411648, "FAR LABEL  ", 0x08, 0);
	CHECK_INT(fs(big, 411648 + 32, &fi), 0);
	CHECK_STR(fi.label, "FAR LABEL");
	CHECK_INT(fs(big, 411648 + 31, &fi), 0); /* unreadable: the boot sector's copy */
	CHECK_STR(fi.label, "BOOTLBL");
	/* FAT32 with FATs of 2000 sectors: cluster 2 at (32 + 4000) * 512; the root directory is
	 * cluster 2 then, by the FAT, cluster 3, which holds the label. */
	mk_fat32();
	memset(big, 0, BIGSZ);
	memcpy(big, img, 1024);
	w32(big + 0x24, 2000);
	w32(big + 0x20, 400000);
	const size_t data = (32 + 4000) * 512;
	for (int i = 0; i < 16; i++)
		dirent(big + data + 32 * i, "FILE    TXT", 0x20, 0);
	w32(big + 32 * 512 + 2 * 4, 3);
	w32(big + 32 * 512 + 3 * 4, 0x0FFFFFFF);
	dirent(big + data + 512, "NEXTCLUSTER", 0x08, 0);
	CHECK_INT(fs(big, data + 512 + 32, &fi), 0);
	CHECK_STR(fi.label, "NEXTCLUSTER");
}

/* ---- the real images of the seed corpus -------------------------------------------------------- */

static uint8_t *load(const char *dir, const char *name, size_t *len)
{
	char path[4096];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "cannot open %s\n", path);
		CHECK(!"corpus file present");
		return NULL;
	}
	uint8_t *b = malloc(BUFSZ);
	if (!b)
		abort();
	*len = fread(b, 1, BUFSZ, f);
	fclose(f);
	return b;
}

static uint32_t rnd_state = 12345;
static uint32_t rnd(void)
{
	rnd_state = rnd_state * 1103515245u + 12345u;
	return rnd_state >> 8;
}

/* Whole -> the values the images were made with; truncated and mutated -> no crash, no read
 * beyond len (ASan), and nothing but 0 / -ENOENT (/ -EINVAL for tables). */
static void test_corpus(const char *dir)
{
	static const struct {
		const char *file, *type, *uuid, *label;
	} fsc[] = {
		{"probe_fs/ext4.bin", "ext4", "0a1b2c3d-4e5f-4061-8293-a4b5c6d7e8f9", "root fs"},
		{"probe_fs/jbd.bin", "jbd", "fedcba98-7654-4321-8fed-cba987654321", "ext journal"},
		{"probe_fs/xfs.bin", "xfs", "f9e8d7c6-b5a4-4392-8170-6f5e4d3c2b1a", "xfs-label-12"},
		{"probe_fs/btrfs.bin", "btrfs", "12345678-9abc-4def-8123-456789abcdef", "btrfs label"},
		{"probe_fs/vfat12.bin", "vfat", "0A1B-2C3D", "FAT12 LBL"},
		{"probe_fs/vfat16.bin", "vfat", "DEAD-BEEF", "FAT16LBL"},
		{"probe_fs/vfat32.bin", "vfat", "00C0-FFEE", "FAT32 VOL"},
		{"probe_fs/f2fs.bin", "f2fs", "fedcba98-7654-4321-8fed-cba987654321", "f2fs l\xc3\xa4" "bel \xe2\x98\x83"},
		{"probe_fs/erofs.bin", "erofs", "0a1b2c3d-4e5f-4061-8293-a4b5c6d7e8f9", ""},
		{"probe_fs/squashfs.bin", "squashfs", "", ""},
		{"probe_fs/iso9660.bin", "iso9660", "2023-12-31-23-59-59-99", "Joliet Label Longer Than 16"},
	};
	struct fs_info fi;
	size_t len;

	for (size_t i = 0; i < sizeof(fsc) / sizeof(fsc[0]); i++) {
		uint8_t *b = load(dir, fsc[i].file, &len);
		if (!b)
			continue;
		CHECK_INT(fs(b, len, &fi), 0);
		CHECK_STR(fi.type, fsc[i].type);
		CHECK_STR(fi.uuid, fsc[i].uuid);
		CHECK_STR(fi.label, fsc[i].label);
		int odd = 0;
		for (size_t l = 0; l < len; l += l < 4096 ? 1 : 97) {
			int rc = fs(b, l, &fi);
			odd += rc != 0 && rc != -ENOENT;
		}
		for (int m = 0; m < 1500; m++) {
			size_t at = rnd() % len;
			uint8_t old = b[at];
			b[at] = (uint8_t)rnd();
			int rc = fs(b, len, &fi);
			odd += rc != 0 && rc != -ENOENT;
			b[at] = old;
		}
		CHECK_INT(odd, 0);
		free(b);
	}

	static const char *const gpt_uuid[] = {"0a1b2c3d-4e5f-4061-8293-a4b5c6d7e8f9",
	                                       "f9e8d7c6-b5a4-4392-8170-6f5e4d3c2b1a",
	                                       "12345678-9abc-4def-8123-456789abcdef"};
	uint8_t *b = load(dir, "probe_parts/gpt.bin", &len);
	if (b) {
		CHECK_INT(parts(b, len, 512), 0);
		CHECK_STR(pt.type, "gpt");
		CHECK_STR(pt.ptuuid, "fedcba98-7654-4321-8fed-cba987654321");
		CHECK_INT(pt.count, 3);
		for (unsigned i = 0; i < 3 && i < pt.count; i++)
			CHECK_STR(pt.parts[i].partuuid, gpt_uuid[i]);
		CHECK_INT(pt.parts[2].number, 4);
		CHECK_STR(pt.parts[2].partlabel, "\xc3\x9cn\xc3\xaf" "code \xe2\x98\x83 ok");
		int odd = 0;
		for (int m = 0; m < 1500; m++) {
			size_t at = rnd() % len;
			uint8_t old = b[at];
			b[at] = (uint8_t)rnd();
			int rc = parts(b, len, m & 1 ? 512 : 0);
			odd += rc != 0 && rc != -ENOENT && rc != -EINVAL;
			b[at] = old;
		}
		CHECK_INT(odd, 0);
		free(b);
	}
	b = load(dir, "probe_parts/dos.bin", &len);
	if (b) {
		CHECK_INT(parts(b, len, 512), 0);
		CHECK_STR(pt.type, "dos");
		CHECK_STR(pt.ptuuid, "1234abcd");
		CHECK_INT(pt.count, 2);
		CHECK_STR(pt.parts[1].partuuid, "1234abcd-03");
		free(b);
	}
	/* A hand-made chain (tests/fuzz/corpus/probe_parts/dos-logical.bin): extended partition 1
	 * at LBA 2, EBRs at LBA 2 and 8, logical partitions 5 and 6. */
	b = load(dir, "probe_parts/dos-logical.bin", &len);
	if (b) {
		CHECK_INT(parts(b, len, 512), 0);
		CHECK_INT(pt.count, 3);
		CHECK_INT(pt.parts[0].container, 1);
		CHECK_STR(pt.parts[1].partuuid, "0badf00d-05");
		CHECK_STR(pt.parts[2].partuuid, "0badf00d-06");
		int odd = 0;
		for (int m = 0; m < 1500; m++) {
			size_t at = rnd() % len;
			uint8_t old = b[at];
			b[at] = (uint8_t)rnd();
			int rc = parts(b, len, m & 1 ? 512 : 4096);
			odd += rc != 0 && rc != -ENOENT && rc != -EINVAL;
			b[at] = old;
		}
		CHECK_INT(odd, 0);
		free(b);
	}
}

/* Random bytes, with and without a format's magic in place. */
static void test_random(void)
{
	static const struct {
		size_t off;
		const char *magic;
		size_t n;
	} seeds[] = {
		{0, "", 0}, {0x438, "\x53\xef", 2}, {0, "XFSB", 4}, {0x10040, "_BHRfS_M", 8},
		{0x400, "\x10\x20\xf5\xf2", 4}, {0x400, "\xe2\xe1\xf5\xe0", 4}, {0x8001, "CD001", 5},
		{0x36, "FAT16   ", 8}, {0x200, "EFI PART", 8}, {0x1FE, "\x55\xaa", 2},
	};
	struct fs_info fi;
	int odd = 0;
	for (int r = 0; r < 400; r++) {
		size_t len = rnd() % (BUFSZ + 1);
		for (size_t i = 0; i < len; i++)
			img[i] = (uint8_t)rnd();
		size_t s = (size_t)r % (sizeof(seeds) / sizeof(seeds[0]));
		if (seeds[s].off + seeds[s].n <= len)
			memcpy(img + seeds[s].off, seeds[s].magic, seeds[s].n);
		if (s == 9 && len > 0x1C2)
			img[0x1C2] = 0xEE;
		int rc = fs(img, len, &fi);
		odd += rc != 0 && rc != -ENOENT;
		rc = parts(img, len, r & 1 ? 0 : 512);
		odd += rc != 0 && rc != -ENOENT && rc != -EINVAL;
	}
	CHECK_INT(odd, 0);
}

/* ---- RAID, volume and crypto members, swap (tests/blkid/member_images.c) ---------------------------
 * The expected answers in that table are libblkid's: tests/blkid/run.sh compares probe_fs() with
 * libblkid on the same images. Here: probe_fs() gives them, finds the filesystem under the member
 * without it, and through a reader that keeps only the head and one window (as blkread.c does),
 * with the device's size unknown, on a partition, and cut short. */

static void mem_put(void *ctx, uint64_t off, const void *p, size_t n) { memcpy((uint8_t *)ctx + off, p, n); }

static const char *usage_name(unsigned u)
{
	static const char *const names[] = {"", "filesystem", "raid", "crypto", "other"};
	return u < sizeof(names) / sizeof(names[0]) ? names[u] : "(bad usage)";
}

/* A reader as blkread.c's: the head stays valid for the whole probe, a read beyond it is copied
 * into the one window, which is poisoned first, so that a prober keeping a pointer from an earlier
 * window reads garbage and fails the comparison. size may differ from the bytes (unknown, smaller). */
struct win_reader {
	const uint8_t *buf;
	size_t len;
};
static uint8_t window[PROBE_READ_MAX];

static const uint8_t *win_read(void *ctx, uint64_t off, size_t n)
{
	const struct win_reader *w = ctx;
	if (n > PROBE_READ_MAX || n > w->len || off > w->len - n)
		return NULL;
	if (off + n <= PROBE_HEAD_SIZE)
		return w->buf + off;
	memset(window, 0xA5, sizeof(window));
	memcpy(window, w->buf + off, n);
	return window;
}

/* flags: 1 a partition, 2 a CD-ROM */
static int member_probe(const uint8_t *b, size_t len, uint64_t size, int flags, struct fs_info *fi)
{
	struct win_reader w = {b, len};
	struct probe_reader r = {win_read, &w, size, (uint8_t)(flags & 1), (uint8_t)(flags >> 1 & 1)};
	return probe_fs_r(&r, fi);
}

/* Reports a difference with the case's name (CHECK_STR would not say which case). */
static void member_field(const char *name, const char *what, const char *field, const char *got, const char *want)
{
	if (!strcmp(got, want)) {
		t_pass++;
		return;
	}
	t_fail++;
	fprintf(stderr, "member image %s (%s): %s '%s', want '%s'\n", name, what, field, got, want);
}

static void member_answer(const struct member_image *m, const char *what, int rc, const struct fs_info *fi)
{
	member_field(m->name, what, "rc", rc == 0 ? "0" : rc == -ENOENT ? "-ENOENT" : "other", m->type[0] ? "0" : "-ENOENT");
	member_field(m->name, what, "TYPE", fi->type, m->type);
	member_field(m->name, what, "USAGE", usage_name(fi->usage), m->usage);
	member_field(m->name, what, "UUID", fi->uuid, m->uuid);
	member_field(m->name, what, "LABEL", fi->label, m->label);
	/* what the boot must never mount: a member is never reported as a filesystem */
	if (strcmp(m->usage, "filesystem"))
		CHECK(!probe_mountable(fi));
	if (!strcmp(m->type, "zfs_member"))
		CHECK(!probe_mountable(fi));
}

/* probe_btrfs_devids over a made chunk tree: the superblock's system chunk maps the chunk root
 * (logical 1 MiB) to 256 KiB on devid 1, beyond the head, so it comes through the window. A
 * leaf lists devids 1 and 5, then a chunk. (probe_images compares real images with btrfs-progs.) */
static uint8_t bimg[0x50000];
#define BT_NODE 0x40000
static void bt_item(unsigned i, uint64_t objectid, unsigned type, uint64_t offset)
{
	uint8_t *k = bimg + BT_NODE + 101 + 25 * i;
	w64(k, objectid), k[8] = (uint8_t)type, w64(k + 9, offset);
}
static void bt_make(unsigned nitems, uint64_t chunk_type)
{
	uint8_t *sb = bimg + 0x10000, *node = bimg + BT_NODE, *c = sb + 0x32B + 17;
	memset(bimg, 0, sizeof(bimg));
	memcpy(sb + 0x40, "_BHRfS_M", 8);
	w64(sb + 0x58, 0x100000);               /* chunk_root, level 0 (0xC7) */
	w32(sb + 0x94, 4096);                   /* nodesize */
	w32(sb + 0xA0, 17 + 48 + 32);           /* sys_chunk_array_size: one chunk, one stripe */
	w64(sb + 0xC9, 1);                      /* this member's devid */
	w64(sb + 0x32B, 256), sb[0x32B + 8] = 228, w64(sb + 0x32B + 9, 0x100000);
	w64(c, 0x800000), w64(c + 24, chunk_type), w16(c + 44, 1);
	w64(c + 48, 1), w64(c + 56, BT_NODE); /* devid 1, at 256 KiB */
	w64(node + 0x30, 0x100000), w32(node + 0x60, nitems);
	bt_item(0, 1, 216, 1);
	bt_item(1, 1, 216, 5);
	bt_item(2, 256, 228, 0x100000);
}
static void bt_csum(void) { w32(bimg + BT_NODE, CRC32C_RAW(bimg + BT_NODE + 0x20, 4096 - 0x20) ^ ~0u); }
static int bt_devids(uint64_t *ids, unsigned cap)
{
	struct win_reader w = {bimg, sizeof(bimg)};
	struct probe_reader r = {win_read, &w, sizeof(bimg), 0, 0};
	return probe_btrfs_devids(&r, ids, cap);
}

static void test_btrfs_devids(void)
{
	uint64_t ids[4];
	bt_make(3, 2); /* SYSTEM */
	bt_csum();
	CHECK_INT(bt_devids(ids, 4), 2);
	CHECK(ids[0] == 1 && ids[1] == 5);
	CHECK_INT(bt_devids(ids, 1), -EOVERFLOW); /* more than cap */
	bimg[BT_NODE + 200] ^= 1;                 /* the checksum (crc32c, csum_type 0) no longer holds */
	CHECK_INT(bt_devids(ids, 4), -EBADMSG);
	w16(bimg + 0x10000 + 0xC4, 1); /* xxhash: not verified */
	CHECK_INT(bt_devids(ids, 4), 2);
	bt_make(2, 2); /* the leaf ends on a device: the list goes on in a leaf not read */
	bt_csum();
	CHECK_INT(bt_devids(ids, 4), -EOVERFLOW);
	bt_make(3, 2);
	w64(bimg + BT_NODE + 0x30, 0x200000); /* a block that is not the one asked for */
	bt_csum();
	CHECK_INT(bt_devids(ids, 4), -EBADMSG);
	bt_make(3, 2);
	bimg[BT_NODE + 0x64] = 1; /* the superblock says level 0 */
	bt_csum();
	CHECK_INT(bt_devids(ids, 4), -EBADMSG);
	bt_make(3, 2);
	w64(bimg + 0x10000 + 0xC9, 2); /* another member: no copy of the chunk tree on it */
	bt_csum();
	CHECK_INT(bt_devids(ids, 4), -ENOENT);
	bt_make(3, 2 | 8); /* SYSTEM|RAID0: striped, not followed */
	bt_csum();
	CHECK_INT(bt_devids(ids, 4), -ENOENT);
	bt_make(3, 2);
	w16(bimg + 0x10000 + 0x32B + 17 + 44, 2); /* two stripes: the second beyond the array's end */
	bt_csum();
	CHECK_INT(bt_devids(ids, 4), -ENOENT);
	bt_make(3, 2);
	memcpy(bimg + 0x10000 + 0x40, "_BHRfS_X", 8);
	CHECK_INT(bt_devids(ids, 4), -EINVAL);
}

static void test_members(void)
{
	struct fs_info fi;
	size_t maxsize = 0;
	for (size_t i = 0; i < member_images_count; i++)
		maxsize = member_images[i].size > maxsize ? member_images[i].size : maxsize;
	uint8_t *b = malloc(maxsize);
	if (!b)
		abort();
	for (size_t i = 0; i < member_images_count; i++) {
		const struct member_image *m = &member_images[i];
		memset(b, 0, m->size);
		if (m->base)
			m->base(mem_put, b, m->size);
		fs(b, m->size, &fi);
		member_field(m->name, "without the member", "TYPE", fi.type, m->under);
		m->member(mem_put, b, m->size);
		member_answer(m, "probe_fs", fs(b, m->size, &fi), &fi);
		member_answer(m, "head and one window", member_probe(b, m->size, m->size, 0, &fi), &fi);
		/* Cut short: any answer, but no read past the end (fs() gives an exact-size copy); not
		 * the ZFS images of 80 MiB, whose copies would take most of a valgrind run. */
		for (size_t cut = 512; cut <= 64 * 1024 && m->size <= 16 * 1024 * 1024; cut *= 2)
			fs(b, m->size - cut, &fi);
	}

	/* The device's size unknown: the end of the device is not looked at. md 1.0 is at the end,
	 * 1.2 at 4 KiB. */
	const struct member_image *md10 = member_image_find("md-1.0-over-ext4"),
	                          *md12 = member_image_find("md-1.2-stale-over-ext4");
	memset(b, 0, md10->size);
	md10->base(mem_put, b, md10->size);
	md10->member(mem_put, b, md10->size);
	CHECK_INT(member_probe(b, md10->size, UINT64_MAX, 0, &fi), 0);
	CHECK_STR(fi.type, "ext4");
	memset(b, 0, md12->size);
	md12->base(mem_put, b, md12->size);
	md12->member(mem_put, b, md12->size);
	CHECK_INT(member_probe(b, md12->size, UINT64_MAX, 0, &fi), 0);
	CHECK_STR(fi.type, "linux_raid_member");

	/* On a partition libblkid looks for no firmware RAID (isw_raid.c and the others: whole disks
	 * and files only), and takes an md 0.90 superblock without asking whether a partition of a
	 * table covers it (linux_raid.c: only on a whole disk). */
	const struct member_image *isw = member_image_find("isw-over-ext4"),
	                          *covered = member_image_find("md-0.90-covered-by-mbr-partition");
	memset(b, 0, isw->size);
	isw->base(mem_put, b, isw->size);
	isw->member(mem_put, b, isw->size);
	CHECK_INT(member_probe(b, isw->size, isw->size, 1, &fi), 0);
	CHECK_STR(fi.type, "ext4");
	CHECK_INT(member_probe(b, isw->size, isw->size, 0, &fi), 0);
	CHECK_STR(fi.type, "isw_raid_member");
	memset(b, 0, covered->size);
	covered->base(mem_put, b, covered->size);
	covered->member(mem_put, b, covered->size);
	CHECK_INT(member_probe(b, covered->size, covered->size, 1, &fi), 0);
	CHECK_STR(fi.type, "linux_raid_member");
	CHECK_STR(fi.uuid, "11223344-5566-7788-99aa-bbccddeeff00");
	/* the same partition seen from its own start (blkid -p /dev/sdX1): its MBR is not there */
	CHECK_INT(fs(b + 1024 * 1024, covered->size - 1024 * 1024, &fi), 0);
	CHECK_STR(fi.type, "linux_raid_member");
	/* a partition ending 128 KiB short of the superblock's end does not cover it */
	b[0x1BE + 13]--;
	CHECK_INT(fs(b, covered->size, &fi), 0);
	CHECK_STR(fi.type, "linux_raid_member");

	/* On a CD-ROM libblkid looks for no RAID member and no swap ("other"), only for crypto. */
	const struct member_image *swap = member_image_find("swap");
	memset(b, 0, md12->size);
	md12->base(mem_put, b, md12->size);
	md12->member(mem_put, b, md12->size);
	CHECK_INT(member_probe(b, md12->size, md12->size, 2, &fi), 0);
	CHECK_STR(fi.type, "ext4");
	memset(b, 0, swap->size);
	swap->member(mem_put, b, swap->size);
	CHECK_INT(member_probe(b, swap->size, swap->size, 2, &fi), -ENOENT);
	CHECK_INT(member_probe(b, swap->size, swap->size, 0, &fi), 0);
	CHECK_STR(fi.type, "swap");

	/* Up to 1440 KiB (a floppy) no RAID prober runs, as in libblkid; the other members still. */
	const struct member_image *luks = member_image_find("luks2");
	memset(b, 0, luks->size);
	luks->member(mem_put, b, luks->size);
	CHECK_INT(member_probe(b, luks->size, luks->size, 2, &fi), 0);
	CHECK_STR(fi.type, "crypto_LUKS");
	memset(b, 0, 1440 * 1024);
	md12->base(mem_put, b, 1440 * 1024);
	md12->member(mem_put, b, 1440 * 1024);
	CHECK_INT(fs(b, 1440 * 1024, &fi), 0);
	CHECK_STR(fi.type, "ext4");
	CHECK_INT(fs(b, 1440 * 1024 + 512, &fi), 0);
	CHECK_STR(fi.type, "linux_raid_member");
	memset(b, 0, 64 * 1024);
	luks->member(mem_put, b, 64 * 1024);
	CHECK_INT(fs(b, 64 * 1024, &fi), 0);
	CHECK_STR(fi.type, "crypto_LUKS");
	/* nothing at all on a device of 1 KiB or less (superblocks_probe) */
	CHECK_INT(fs(b, 1024, &fi), -ENOENT);
	free(b);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
		return 2;
	}
	test_crc_reference();
	test_empty();
	test_ext();
	test_xfs();
	test_btrfs();
	test_f2fs();
	test_erofs();
	test_squashfs();
	test_iso9660();
	test_vfat();
	test_gpt();
	test_mbr();
	test_logical();
	test_gpt_far();
	test_vfat_far();
	test_members();
	test_btrfs_devids();
	test_corpus(argv[1]);
	test_random();
	return t_done();
}
