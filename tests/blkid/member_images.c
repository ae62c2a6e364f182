/* SPDX-License-Identifier: MIT */
/* The synthetic member images of member_images.h. Each writer sets only what the format's prober
 * in util-linux's libblkid (libblkid/src/superblocks/, named with each) reads; the expected
 * answers are what blkid -p of util-linux 2.38.1 prints for the image, which tests/blkid/run.sh
 * checks on every run (blkid_diff --member). */
#include "member_images.h"

#include <string.h>

static void le32w(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}
static void le64w(uint8_t *p, uint64_t v)
{
	le32w(p, (uint32_t)v);
	le32w(p + 4, (uint32_t)(v >> 32));
}
static void be32w(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (24 - 8 * i));
}
static void be64w(uint8_t *p, uint64_t v)
{
	be32w(p, (uint32_t)(v >> 32));
	be32w(p + 4, (uint32_t)v);
}

static void put_str(mi_put put, void *ctx, uint64_t off, const char *s)
{
	put(ctx, off, s, strlen(s));
}

/* Reflected CRC without inversion (crc32c for Stratis, LVM's crc32 with its own seed). */
static uint32_t crc(uint32_t c, uint32_t poly, const uint8_t *p, size_t n)
{
	while (n--) {
		c ^= *p++;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? (c >> 1) ^ poly : c >> 1;
	}
	return c;
}

#define MiB (1024 * 1024ull)
/* Neither 4 KiB nor 64 KiB aligned: the end-of-device offsets are rounded as libblkid rounds. */
#define ODD (8 * MiB + 3 * 512)
#define DISK (4 * MiB)
static const uint8_t uuid16[16] = {0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
                                   0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f};
#define UUID16 "10111213-1415-1617-1819-1a1b1c1d1e1f"

/* ---- what lies under a member ------------------------------------------------------------------ */

/* A minimal ext4 superblock (extents and filetype: ext4 to both libblkid's ext.c and probe.c). */
static void ext4(mi_put put, void *ctx, uint64_t size)
{
	uint8_t sb[1024] = {0};
	(void)size;
	le32w(sb + 0x04, 1024);       /* s_blocks_count */
	le32w(sb + 0x18, 2);          /* s_log_block_size: 4 KiB */
	sb[0x38] = 0x53, sb[0x39] = 0xEF;
	le32w(sb + 0x4C, 1);          /* s_rev_level */
	le32w(sb + 0x60, 0x40 | 0x2); /* extents, filetype */
	memcpy(sb + 0x68, "\xe4\xe4\xe4\xe4\x00\x01\x40\x02\x80\x03\x04\x05\x06\x07\x08\x09", 16);
	memcpy(sb + 0x78, "under the md", 12);
	put(ctx, 1024, sb, sizeof(sb));
}

/* An MBR whose one partition (type fd, Linux RAID) runs from 1 MiB to the end of the disk. */
static void mbr_to_end(mi_put put, void *ctx, uint64_t size)
{
	uint8_t s[512] = {0};
	uint8_t *e = s + 0x1BE;
	le32w(s + 440, 0x0badcafe);
	e[4] = 0xfd;
	le32w(e + 8, 2048);
	le32w(e + 12, (uint32_t)(size / 512 - 2048));
	s[510] = 0x55, s[511] = 0xAA;
	put(ctx, 0, s, sizeof(s));
}

/* ---- linux_raid.c -------------------------------------------------------------------------------- */

/* md 0.90 at ((size & ~64K) - 64K): the array UUID's words 11223344 55667788 99aabbcc ddeeff00. */
static void md0(mi_put put, void *ctx, uint64_t size, int be, uint32_t minor, uint32_t kib)
{
	void (*w)(uint8_t *, uint32_t) = be ? be32w : le32w;
	uint8_t sb[4096] = {0};
	w(sb, 0xa92b4efc);
	w(sb + 8, minor);
	w(sb + 20, 0x11223344);
	w(sb + 32, kib);
	w(sb + 52, 0x55667788);
	w(sb + 56, 0x99aabbcc);
	w(sb + 60, 0xddeeff00);
	put(ctx, (size & ~0xFFFFull) - 0x10000, sb, sizeof(sb));
}
static void md090_le(mi_put p, void *c, uint64_t s) { md0(p, c, s, 0, 90, 4096); }
static void md090_be(mi_put p, void *c, uint64_t s) { md0(p, c, s, 1, 90, 4096); }
static void md090_minor0(mi_put p, void *c, uint64_t s) { md0(p, c, s, 0, 0, 4096); }
/* the array's size and the 64 KiB reserved do not fit before the device's end */
static void md090_too_big(mi_put p, void *c, uint64_t s) { md0(p, c, s, 0, 90, 8 * 1024); }

/* md 1.x at off, superblock offset field sb_sector (sectors). */
static void md1(mi_put put, void *ctx, uint64_t off, uint64_t sb_sector)
{
	uint8_t sb[512] = {0};
	le32w(sb, 0xa92b4efc);
	le32w(sb + 4, 1);
	memcpy(sb + 16, uuid16, 16);
	memcpy(sb + 32, "host:root", 9);
	le64w(sb + 144, sb_sector);
	put(ctx, off, sb, sizeof(sb));
}
static void md10(mi_put p, void *c, uint64_t s) { md1(p, c, (s & ~0xFFFull) - 0x2000, ((s & ~0xFFFull) - 0x2000) / 512); }
static void md11(mi_put p, void *c, uint64_t s) { (void)s, md1(p, c, 0, 0); }
static void md12(mi_put p, void *c, uint64_t s) { (void)s, md1(p, c, 4096, 8); }
static void md12_wrong_offset(mi_put p, void *c, uint64_t s) { (void)s, md1(p, c, 4096, 0); }

/* ---- ddf_raid.c ----------------------------------------------------------------------------------- */

static void ddf(mi_put put, void *ctx, uint64_t size, unsigned back, int le, uint64_t primary)
{
	uint8_t h[512] = {0};
	(le ? le32w : be32w)(h, 0xDE11DE11);
	memcpy(h + 8, "Linux-MD0123456789abcdef", 24);
	memcpy(h + 32, "01.02.00", 8);
	(le ? le64w : be64w)(h + 96, primary);
	put(ctx, (size / 512 - back) * 512, h, sizeof(h));
}
static void ddf_be_last(mi_put p, void *c, uint64_t s) { ddf(p, c, s, 1, 0, 0); }
/* the anchor 257 sectors from the end, naming itself as the primary header */
static void ddf_le_257(mi_put p, void *c, uint64_t s) { ddf(p, c, s, 257, 1, s / 512 - 257); }
/* the primary header it names is not there */
static void ddf_no_primary(mi_put p, void *c, uint64_t s) { ddf(p, c, s, 1, 0, 100); }

/* ---- the firmware RAIDs (whole disks) ---------------------------------------------------------------- */

static void at_end(mi_put put, void *ctx, uint64_t size, unsigned back, const void *p, size_t n)
{
	put(ctx, (size / 512 - back) * 512, p, n);
}
static void isw(mi_put p, void *c, uint64_t s) { at_end(p, c, s, 2, "Intel Raid ISM Cfg Sig. 1.3.00", 30); }
static void lsi(mi_put p, void *c, uint64_t s) { at_end(p, c, s, 1, "$XIDE$", 6); }
static void nvidia(mi_put p, void *c, uint64_t s) { at_end(p, c, s, 2, "NVIDIA\0\0\0\0\0\0\0\0\0\0\x64\0", 18); }
static void promise(mi_put p, void *c, uint64_t s) { at_end(p, c, s, 951, "Promise Technology, Inc.", 24); }
static void hpt45x(mi_put p, void *c, uint64_t s) { at_end(p, c, s, 11, "\xf3\x16\x78\x5a", 4); }
static void hpt37x(mi_put p, void *c, uint64_t s) { (void)s, p(c, 4640, "\xf0\x16\x78\x5a", 4); }
static void jmicron(mi_put p, void *c, uint64_t s) { at_end(p, c, s, 1, "JM\x01\x02", 4); }

static void via(mi_put put, void *ctx, uint64_t size)
{
	uint8_t v[512] = {0x55, 0xAA, 2};
	unsigned sum = 0;
	le32w(v + 6, 0x12345678); /* a capacity, so that the sum is not trivial */
	for (int i = 0; i < 50; i++)
		sum += v[i];
	v[50] = (uint8_t)sum;
	at_end(put, ctx, size, 1, v, sizeof(v));
}

static void silicon(mi_put put, void *ctx, uint64_t size)
{
	uint8_t s[512] = {0};
	uint32_t sum = 0;
	le32w(s + 0x60, 0x2F000000);
	s[0x116] = 1; /* disk number */
	memcpy(s + 0x2E, "ASCIIVER", 8);
	for (int i = 0; i < 0x13E; i += 2)
		sum += (uint32_t)(s[i] | s[i + 1] << 8);
	s[0x13E] = (uint8_t)(0u - sum), s[0x13F] = (uint8_t)((0u - sum) >> 8);
	at_end(put, ctx, size, 1, s, sizeof(s));
}

static void adaptec(mi_put put, void *ctx, uint64_t size)
{
	uint8_t a[512] = {0x37, 0xFC, 0x4D, 0x1E};
	memcpy(a + 256, "DPTM", 4);
	at_end(put, ctx, size, 1, a, sizeof(a));
}

/* ---- bcache.c, bluestore.c, drbd*.c ---------------------------------------------------------------- */

static void bcache(mi_put put, void *ctx, uint64_t size)
{
	uint8_t sb[512] = {0};
	(void)size;
	le64w(sb + 8, 8); /* offset: sector 8 */
	memcpy(sb + 24, "\xc6\x85\x73\xf6\x4e\x1a\x45\xca\x82\x65\xf5\x7f\x48\xba\x6d\x81", 16);
	memcpy(sb + 40, uuid16, 16);
	put(ctx, 4096, sb, sizeof(sb));
}
static void bluestore(mi_put p, void *c, uint64_t s) { (void)s, put_str(p, c, 0, "bluestore block device\n"); }

static void drbd(mi_put put, void *ctx, uint64_t size, unsigned version)
{
	uint8_t md[4096] = {0};
	be32w(md + 60, 0x83740267u + (version == 9 ? 6 : 4));
	be64w(md + (version == 9 ? 48 : 40), 0x0123456789abcdefull);
	put(ctx, size - 4096, md, sizeof(md));
}
static void drbd84(mi_put p, void *c, uint64_t s) { drbd(p, c, s, 8); }
static void drbd9(mi_put p, void *c, uint64_t s) { drbd(p, c, s, 9); }
static void drbdmanage(mi_put p, void *c, uint64_t s)
{
	(void)s, put_str(p, c, 0, "$DRBDmgr=q 0123456789abcdef0123456789ABCDEF\n");
}

/* ---- lvm.c ----------------------------------------------------------------------------------------- */

static void lvm2(mi_put put, void *ctx, unsigned sector, int bad_crc)
{
	uint8_t l[512] = {0};
	memcpy(l, "LABELONE", 8);
	le64w(l + 8, sector);
	le32w(l + 20, 32);
	memcpy(l + 24, "LVM2 001", 8);
	memcpy(l + 32, "Zq3cfaOuxH2dFl1lfMkE0iSLbzIpKvFj", 32);
	le32w(l + 16, crc(0xF597A6CFu, 0xEDB88320u, l + 20, 492) ^ (uint32_t)bad_crc);
	put(ctx, sector * 512ull, l, sizeof(l));
}
static void lvm2_s1(mi_put p, void *c, uint64_t s) { (void)s, lvm2(p, c, 1, 0); }
static void lvm2_s2(mi_put p, void *c, uint64_t s) { (void)s, lvm2(p, c, 2, 0); }
static void lvm2_bad_crc(mi_put p, void *c, uint64_t s) { (void)s, lvm2(p, c, 1, 1); }
static void lvm1(mi_put put, void *ctx, uint64_t size)
{
	uint8_t h[512] = {'H', 'M', 2};
	(void)size;
	memcpy(h + 44, "LvM1PvUuid0123456789abcdefghijkl", 32);
	put(ctx, 0, h, sizeof(h));
}
static void snapcow(mi_put p, void *c, uint64_t s) { (void)s, put_str(p, c, 0, "SnAp"); }
static void verity(mi_put put, void *ctx, uint64_t size)
{
	uint8_t h[512] = {'v', 'e', 'r', 'i', 't', 'y', 0, 0, 1, 0, 0, 0, 1};
	(void)size;
	memcpy(h + 16, uuid16, 16);
	put(ctx, 0, h, sizeof(h));
}
static void integrity(mi_put p, void *c, uint64_t s) { (void)s, p(c, 0, "integrt\0\x05", 9); }

/* ---- luks.c ------------------------------------------------------------------------------------------ */

static void luks(mi_put put, void *ctx, uint64_t off, const char *magic, unsigned version)
{
	uint8_t h[512] = {0};
	memcpy(h, magic, 6);
	h[7] = (uint8_t)version;
	if (version == 2)
		memcpy(h + 24, "cryptroot", 9);
	memcpy(h + 168, "6f1b3c52-0d59-4ac8-9c1e-2f0c1f0e7a11", 36);
	be64w(h + 256, off); /* hdr_offset, as cryptsetup writes it */
	put(ctx, off, h, sizeof(h));
}
static void luks1(mi_put p, void *c, uint64_t s) { (void)s, luks(p, c, 0, "LUKS\xba\xbe", 1); }
static void luks2(mi_put p, void *c, uint64_t s) { (void)s, luks(p, c, 0, "LUKS\xba\xbe", 2); }
/* the primary header wiped, the secondary one at 32 KiB */
static void luks2_secondary(mi_put p, void *c, uint64_t s) { (void)s, luks(p, c, 0x8000, "SKUL\xba\xbe", 2); }
/* a primary header's magic where only a secondary one counts */
static void luks2_primary_at_32k(mi_put p, void *c, uint64_t s) { (void)s, luks(p, c, 0x8000, "LUKS\xba\xbe", 2); }

/* ---- vmfs.c, ubi.c, vdo.c, stratis.c, bitlocker.c --------------------------------------------------- */

static void vmfs_volume(mi_put p, void *c, uint64_t s)
{
	(void)s;
	p(c, MiB, "\x0d\xd0\x01\xc0\x05", 5);
	put_str(p, c, MiB + 512 + 20, "4f3a1b2c-0123abcd-ef01-001122334455");
}
static void ubi(mi_put p, void *c, uint64_t s) { (void)s, p(c, 0, "UBI#\x01\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\x10\x92", 28); }
static void vdo(mi_put p, void *c, uint64_t s)
{
	(void)s;
	put_str(p, c, 0, "dmvdo001");
	p(c, 40, uuid16, 16);
}

/* the first copy's checksum broken: the second copy is read */
static void stratis(mi_put put, void *ctx, uint64_t size)
{
	uint8_t sb[512] = {0};
	(void)size;
	memcpy(sb + 4, "!Stra0tis\x86\xff\x02^\x41rh", 16);
	memcpy(sb + 32, "0123456789abcdef0123456789abcdef", 32);
	memcpy(sb + 64, "fedcba9876543210fedcba9876543210", 32);
	le32w(sb, ~crc(~0u, 0x82F63B78u, sb + 4, 508));
	put(ctx, 4608, sb, sizeof(sb));
	sb[0] ^= 1;
	put(ctx, 512, sb, sizeof(sb));
}

static void bitlocker_win7(mi_put put, void *ctx, uint64_t size)
{
	uint8_t h[512] = {0xeb, 0x58, 0x90, '-', 'F', 'V', 'E', '-', 'F', 'S', '-'};
	(void)size;
	le32w(h + 67, 123456);
	le64w(h + 176, 0x10000);
	put(ctx, 0, h, sizeof(h));
	put_str(put, ctx, 0x10000, "-FVE-FS-\x30\0\x02\0");
}
static void bitlocker_vista(mi_put p, void *c, uint64_t s) { (void)s, p(c, 0, "\xeb\x52\x90-FVE-FS-", 11); }
static void bitlocker_togo(mi_put put, void *ctx, uint64_t size)
{
	uint8_t h[512] = {0xeb, 0x58, 0x90, 'M', 'S', 'W', 'I', 'N', '4', '.', '1'};
	(void)size;
	le64w(h + 440, 0x2000);
	put(ctx, 0, h, sizeof(h));
	put_str(put, ctx, 0x2000, "-FVE-FS-");
}

/* ---- swap.c ------------------------------------------------------------------------------------------ */

static void swap(mi_put put, void *ctx, uint64_t magic_at, const char *magic, uint32_t lastpage)
{
	uint8_t h[512] = {0};
	le32w(h, 1);
	le32w(h + 4, lastpage);
	memcpy(h + 12, uuid16, 16);
	memcpy(h + 28, "swaplabel", 9);
	put(ctx, 1024, h, sizeof(h));
	put_str(put, ctx, magic_at, magic);
}
static void swap_v1(mi_put p, void *c, uint64_t s) { (void)s, swap(p, c, 4096 - 10, "SWAPSPACE2", 255); }
static void swap_64k(mi_put p, void *c, uint64_t s) { (void)s, swap(p, c, 65536 - 10, "SWAPSPACE2", 255); }
static void swap_v0(mi_put p, void *c, uint64_t s) { (void)s, put_str(p, c, 4096 - 10, "SWAP-SPACE"); }
static void swap_no_last_page(mi_put p, void *c, uint64_t s) { (void)s, swap(p, c, 4096 - 10, "SWAPSPACE2", 0); }
static void swsuspend(mi_put p, void *c, uint64_t s) { (void)s, swap(p, c, 4096 - 10, "S1SUSPEND", 255); }

/* ---- zfs.c --------------------------------------------------------------------------------------------- */

static size_t nvpair(uint8_t *o, const char *name, uint32_t type, const void *val, size_t vlen)
{
	/* nvp_size, an unused word, nvp_namelen, the name padded to 4; the value's type, its number
	 * of elements, the value */
	size_t nl = strlen(name), pad = (nl + 3) & ~(size_t)3, size = 12 + pad + 8 + vlen;
	memset(o, 0, size);
	be32w(o, (uint32_t)size);
	be32w(o + 8, (uint32_t)nl);
	memcpy(o + 12, name, nl);
	be32w(o + 12 + pad, type);
	be32w(o + 16 + pad, 1);
	memcpy(o + 20 + pad, val, vlen);
	return size;
}

/* Uberblock magics in the first n slots of label 0, and the label's nvlist: name "tank",
 * pool_guid 14567474344228015773, guid 12118259113354326730. */
static void zfs(mi_put put, void *ctx, unsigned n)
{
	uint8_t nv[512] = {0}, v[16] = {0};
	size_t o = 12;
	for (unsigned i = 0; i < n; i++)
		put(ctx, 128 * 1024 + i * 1024ull, "\x0c\xb1\xba\0\0\0\0\0", 8);
	be64w(v, 5000);
	o += nvpair(nv + o, "version", 8, v, 8);
	be32w(v, 4);
	memcpy(v + 4, "tank", 4);
	o += nvpair(nv + o, "name", 9, v, 8);
	be64w(v, 14567474344228015773ull);
	o += nvpair(nv + o, "pool_guid", 8, v, 8);
	be64w(v, 12118259113354326730ull);
	o += nvpair(nv + o, "guid", 8, v, 8);
	put(ctx, 16 * 1024, nv, o + 8);
}
static void zfs4(mi_put p, void *c, uint64_t s) { (void)s, zfs(p, c, 4); }
static void zfs3(mi_put p, void *c, uint64_t s) { (void)s, zfs(p, c, 3); }

/* ---- the table ---------------------------------------------------------------------------------------- */

#define NONE NULL
const struct member_image member_images[] = {
	/* name, size, type, usage, uuid, label, blkid, under, base, member */
	{"md-0.90-le-over-ext4", ODD, "linux_raid_member", "raid", "11223344-5566-7788-99aa-bbccddeeff00", "",
	 NONE, "ext4", ext4, md090_le},
	{"md-0.90-be-over-ext4", ODD, "linux_raid_member", "raid", "11223344-5566-7788-99aa-bbccddeeff00", "",
	 NONE, "ext4", ext4, md090_be},
	{"md-0.90-minor-0", ODD, "linux_raid_member", "raid", "11223344-0000-0000-0000-000000000000", "",
	 NONE, "ext4", ext4, md090_minor0},
	{"md-0.90-array-past-end", ODD, "ext4", "filesystem", "e4e4e4e4-0001-4002-8003-040506070809",
	 "under the md", NONE, "ext4", ext4, md090_too_big},
	{"md-0.90-covered-by-mbr-partition", ODD, "", "", "", "", NONE, "", mbr_to_end, md090_le},
	{"md-1.0-over-ext4", ODD, "linux_raid_member", "raid", UUID16, "host:root", NONE, "ext4", ext4, md10},
	{"md-1.1", ODD, "linux_raid_member", "raid", UUID16, "host:root", NONE, "ext4", ext4, md11},
	{"md-1.2-stale-over-ext4", ODD, "linux_raid_member", "raid", UUID16, "host:root", NONE, "ext4", ext4, md12},
	{"md-1.2-wrong-sb-offset", ODD, "ext4", "filesystem", "e4e4e4e4-0001-4002-8003-040506070809",
	 "under the md", NONE, "ext4", ext4, md12_wrong_offset},
	{"md-1.2-floppy-size", 1440 * 1024, "ext4", "filesystem", "e4e4e4e4-0001-4002-8003-040506070809",
	 "under the md", NONE, "ext4", ext4, md12},
	{"ddf-be-last-sector", DISK, "ddf_raid_member", "raid", "Linux-MD0123456789abcdef", "", NONE, "ext4",
	 ext4, ddf_be_last},
	{"ddf-le-257-sectors-back", DISK, "ddf_raid_member", "raid", "Linux-MD0123456789abcdef", "", NONE, "",
	 NULL, ddf_le_257},
	{"ddf-primary-header-missing", DISK, "", "", "", "", NONE, "", NULL, ddf_no_primary},
	{"isw-over-ext4", DISK, "isw_raid_member", "raid", "", "", NONE, "ext4", ext4, isw},
	{"lsi", DISK, "lsi_mega_raid_member", "raid", "", "", NONE, "", NULL, lsi},
	{"via", DISK, "via_raid_member", "raid", "", "", NONE, "", NULL, via},
	{"silicon", DISK, "silicon_medley_raid_member", "raid", "", "", NONE, "", NULL, silicon},
	{"nvidia", DISK, "nvidia_raid_member", "raid", "", "", NONE, "", NULL, nvidia},
	{"promise", DISK, "promise_fasttrack_raid_member", "raid", "", "", NONE, "", NULL, promise},
	{"hpt45x", DISK, "hpt45x_raid_member", "raid", "", "", NONE, "", NULL, hpt45x},
	{"hpt37x", DISK, "hpt37x_raid_member", "raid", "", "", NONE, "", NULL, hpt37x},
	{"adaptec", DISK, "adaptec_raid_member", "raid", "", "", NONE, "", NULL, adaptec},
	{"jmicron", DISK, "jmicron_raid_member", "raid", "", "", NONE, "", NULL, jmicron},
	{"bcache", DISK, "bcache", "other", UUID16, "", NONE, "", NULL, bcache},
	{"bcache-over-ext4", DISK, "bcache", "other", UUID16, "", "ambivalent", "ext4", ext4, bcache},
	{"ceph-bluestore", DISK, "ceph_bluestore", "other", "", "", NONE, "", NULL, bluestore},
	{"drbd-8.4", DISK, "drbd", "raid", "123456789abcdef", "", NONE, "ext4", ext4, drbd84},
	{"drbd-9", DISK, "drbd", "raid", "123456789abcdef", "", NONE, "", NULL, drbd9},
	{"drbdmanage", DISK, "drbdmanage_control_volume", "other", "0123456789abcdef0123456789ABCDEF", "",
	 NONE, "", NULL, drbdmanage},
	{"lvm2-sector-1-over-ext4", DISK, "LVM2_member", "raid", "Zq3cfa-OuxH-2dFl-1lfM-kE0i-SLbz-IpKvFj", "",
	 NONE, "ext4", ext4, lvm2_s1},
	{"lvm2-sector-2", DISK, "LVM2_member", "raid", "Zq3cfa-OuxH-2dFl-1lfM-kE0i-SLbz-IpKvFj", "", NONE, "",
	 NULL, lvm2_s2},
	{"lvm2-bad-label-crc", DISK, "ext4", "filesystem", "e4e4e4e4-0001-4002-8003-040506070809",
	 "under the md", NONE, "ext4", ext4, lvm2_bad_crc},
	{"lvm1", DISK, "LVM1_member", "raid", "LvM1Pv-Uuid-0123-4567-89ab-cdef-ghijkl", "", NONE, "", NULL, lvm1},
	{"dm-snapshot-cow", DISK, "DM_snapshot_cow", "other", "", "", NONE, "", NULL, snapcow},
	{"dm-verity-hash", DISK, "DM_verity_hash", "crypto", UUID16, "", NONE, "", NULL, verity},
	{"dm-integrity", DISK, "DM_integrity", "crypto", "", "", NONE, "", NULL, integrity},
	{"luks1", DISK, "crypto_LUKS", "crypto", "6f1b3c52-0d59-4ac8-9c1e-2f0c1f0e7a11", "", NONE, "", NULL, luks1},
	{"luks2", DISK, "crypto_LUKS", "crypto", "6f1b3c52-0d59-4ac8-9c1e-2f0c1f0e7a11", "cryptroot", NONE, "",
	 NULL, luks2},
	{"luks2-secondary-header-only", DISK, "crypto_LUKS", "crypto", "6f1b3c52-0d59-4ac8-9c1e-2f0c1f0e7a11",
	 "cryptroot", NONE, "ext4", ext4, luks2_secondary},
	{"luks2-primary-magic-at-32k", DISK, "ext4", "filesystem", "e4e4e4e4-0001-4002-8003-040506070809",
	 "under the md", NONE, "ext4", ext4, luks2_primary_at_32k},
	{"vmfs-volume", DISK, "VMFS_volume_member", "raid", "4f3a1b2c-0123abcd-ef01-001122334455", "", NONE, "",
	 NULL, vmfs_volume},
	{"ubi", DISK, "ubi", "raid", "4242", "", NONE, "", NULL, ubi},
	{"vdo", DISK, "vdo", "other", UUID16, "", NONE, "", NULL, vdo},
	{"stratis-second-copy", DISK, "stratis", "raid", "fedcba98-7654-3210-fedc-ba9876543210", "", NONE, "",
	 NULL, stratis},
	{"bitlocker-win7", DISK, "BitLocker", "crypto", "0000000000123456", "", NONE, "", NULL, bitlocker_win7},
	{"bitlocker-vista", DISK, "BitLocker", "crypto", "", "", NONE, "", NULL, bitlocker_vista},
	{"bitlocker-to-go", DISK, "BitLocker", "crypto", "", "", NONE, "", NULL, bitlocker_togo},
	{"swap", DISK, "swap", "other", UUID16, "swaplabel", NONE, "", NULL, swap_v1},
	{"swap-64k-pages", DISK, "swap", "other", UUID16, "swaplabel", NONE, "", NULL, swap_64k},
	{"swap-v0", DISK, "swap", "other", "", "", NONE, "", NULL, swap_v0},
	{"swap-no-last-page", DISK, "", "", "", "", NONE, "", NULL, swap_no_last_page},
	{"swsuspend", DISK, "swsuspend", "other", UUID16, "swaplabel", NONE, "", NULL, swsuspend},
	{"zfs", 80 * MiB, "zfs_member", "filesystem", "14567474344228015773", "tank", NONE, "", NULL, zfs4},
	{"zfs-three-uberblocks", 80 * MiB, "", "", "", "", NONE, "", NULL, zfs3},
};
const size_t member_images_count = sizeof(member_images) / sizeof(member_images[0]);

const struct member_image *member_image_find(const char *name)
{
	for (size_t i = 0; i < member_images_count; i++)
		if (!strcmp(member_images[i].name, name))
			return &member_images[i];
	return NULL;
}
