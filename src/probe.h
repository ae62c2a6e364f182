/* SPDX-License-Identifier: MIT */
/* Superblock and partition-table probing: pure functions over byte buffers, no syscalls, so they
 * run on the host in unit tests and fuzzers exactly as at boot. */
#ifndef EM_PROBE_H
#define EM_PROBE_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* How many bytes from the start of a device the callers read before probing. Covers the btrfs
 * superblock (64 KiB + 4 KiB), reiserfs's (at 64 KiB), jfs's and the iso9660 volume descriptors
 * (from 32 KiB), and a GPT with its entry array at LBA 2 for 512- and 4096-byte sectors. What
 * lies further (a GPT entry array moved away, MBR logical partitions, a FAT root directory, the
 * metadata RAID members keep at the end of the device, nilfs2's superblock copy, ZFS's labels)
 * is read through a probe_reader. */
#define PROBE_HEAD_SIZE (128 * 1024)

/* The most the probers ask of one read (an erofs block of 64 KiB less its first KiB; the GPT
 * entry array is read in pieces). */
#define PROBE_READ_MAX ((size_t)64 * 1024)

/* A device's bytes for the probers. read(ctx, off, n) returns a pointer to the n bytes at device
 * offset off, or NULL when they cannot be had (past the end, an I/O error). A pointer into the
 * first PROBE_HEAD_SIZE bytes must stay valid for the whole probe; one to bytes beyond them need
 * stay valid only until the next read beyond them (so a device reader needs the head and one
 * window of PROBE_READ_MAX bytes, no allocation). */
struct probe_reader {
	const uint8_t *(*read)(void *ctx, uint64_t off, size_t n);
	void *ctx;
	uint64_t size; /* the device's size in bytes (where a backup GPT ends, where md 0.90/1.0,
	                  DDF and the firmware RAIDs keep their metadata), UINT64_MAX unknown: the
	                  probers of the device's end then do not run */
	uint8_t partition; /* 1: the device is a partition, not a whole disk or an image file.
	                      libblkid looks for the firmware RAIDs (Intel, LSI, VIA, ...) only on
	                      whole disks and files, and a whole disk's md 0.90 superblock only
	                      where no partition of its table covers the array */
	uint8_t cdrom;     /* 1: a CD-ROM drive (CDROM_GET_CAPABILITY answers), where libblkid
	                      looks for no RAID member, swap or other signature */
};

/* What probe_fs found, as libblkid's USAGE names it (superblocks.c blkid_probe_set_usage). It is
 * libblkid's classification, not a verdict on mounting: see probe_mountable(). */
enum probe_usage {
	PROBE_USAGE_NONE,   /* nothing recognised */
	PROBE_USAGE_FS,     /* "filesystem" */
	PROBE_USAGE_RAID,   /* "raid": md, DDF and firmware RAID members, LVM PVs, DRBD, ... */
	PROBE_USAGE_CRYPTO, /* "crypto": LUKS, BitLocker, dm-verity hash, dm-integrity */
	PROBE_USAGE_OTHER,  /* "other": swap, bcache, Ceph BlueStore, VDO, an ext journal, ... */
};

struct fs_info {
	/* A filesystem over several devices (btrfs): how many members its superblock names, and
	 * this member's devid; 0 for the others. (First, and the arrays after them, so that each
	 * field is reached with a one-byte offset.) */
	uint64_t ndevices, devid;
	uint8_t usage;   /* enum probe_usage */
	char type[32];   /* blkid's TYPE: "ext4", "xfs", "btrfs", "jfs", "reiserfs", "nilfs2", "vfat",
	                    "f2fs", "erofs", "squashfs", "iso9660", "jbd" (an ext journal device);
	                    the members and other signatures libblkid reports before any
	                    filesystem: "linux_raid_member", "LVM2_member", "crypto_LUKS", "swap",
	                    "zfs_member", ... (probe.c lists them); "" when nothing was recognised */
	char uuid[41];   /* as blkid prints it (lower-case, dashed for GUIDs, XXXX-XXXX for vfat,
	                    the iso9660 creation-date form; an md member's array UUID, an LVM PV's
	                    6-4-4-4-4-4-6 form, the 40 characters a LUKS header may hold); "" when
	                    the format has none */
	char label[256]; /* UTF-8, trailing blanks/NULs trimmed as blkid does; "" when none */
	char also[32];   /* a second filesystem's type, where the device holds two signatures
	                    (libblkid: "ambivalent"): type is then the first, usage
	                    PROBE_USAGE_NONE, uuid and label "" as blkid reports none; "" else */
};

/* Recognise what the device whose first len bytes are in buf holds (the head, or the whole
 * device; len is taken as the device's size). As libblkid's safe probe (blkid -p) does, the RAID,
 * volume-manager, crypto and other member signatures are looked for first, in libblkid's order,
 * and the first found is the answer whatever filesystem lies at offset 0 (an md 0.90 or 1.0
 * member shows its array's filesystem there). Past a floppy's size, a second filesystem makes the
 * answer ambivalent, as libblkid's (fs_info.also). Returns 0 and fills *out (usage set), or
 * -ENOENT when no format matched (out->type is then "", out->usage PROBE_USAGE_NONE). Never reads
 * past buf+len. */
int probe_fs(const uint8_t *buf, size_t len, struct fs_info *out);
/* The same over a reader (its read set, as every reader has it). -EINVAL without one. */
int probe_fs_r(const struct probe_reader *r, struct fs_info *out);

/* The devids of every device a btrfs has (the DEV_ITEMs of its chunk tree, which a mount without
 * -o degraded needs all of), read through one of its members whose copy of the system chunks
 * holds the chunk tree: how many went to ids (at most cap), -ENOENT when that member holds no copy
 * (another may), -EOVERFLOW when there are more than cap or than its first leaf holds, -EINVAL for
 * no btrfs, -EBADMSG for a tree block that fails its checks, -EIO when unreadable. */
int probe_btrfs_devids(const struct probe_reader *r, uint64_t *ids, unsigned cap);

/* May what probe_fs found be mounted as it is? Only a filesystem: never a RAID, LVM, ZFS or
 * DRBD member, an encrypted container, swap or a cache device, which need assembling or
 * opening first, nor a device with two filesystem signatures (usage PROBE_USAGE_NONE).
 * zfs_member is USAGE "filesystem" to libblkid 2.38 (and so to udev, which links it by UUID and
 * LABEL) but names a pool member, not a filesystem the kernel mounts. */
static inline int probe_mountable(const struct fs_info *fi)
{
	return fi->usage == PROBE_USAGE_FS && strcmp(fi->type, "zfs_member") != 0;
}

/* Swap space, with or without a hibernation image (swsuspend): what resume= names. */
static inline int probe_is_swap(const struct fs_info *fi)
{
	return strcmp(fi->type, "swap") == 0 || strcmp(fi->type, "swsuspend") == 0;
}

/* For what probe_mountable() refuses: what it is and what brings up what it holds (dracut's
 * module), as the end of a sentence "it is ...". */
const char *probe_unmountable_why(const struct fs_info *fi);

/* The kernel makes at most DISK_MAX_PARTS (256) partitions of a disk (block/partitions/core.c:
 * state->limit), so no disk has more nodes than this. */
#define PROBE_MAX_PARTS 256

struct part_info {
	unsigned number;   /* 1-based partition number, as in the kernel's device name vda<N> */
	uint8_t container;   /* MBR extended partition: the kernel's node for it is 1 KiB of the EBR
	                        and has no PARTUUID; blkid still lists it */
	char partuuid[40]; /* GPT: the partition GUID, lower-case; MBR: "ssssssss-pp" (hex) */
	char partlabel[144]; /* GPT: the name, UTF-16LE converted to UTF-8; MBR: "" */
};

struct part_table {
	char type[8];      /* "gpt" or "dos" (as blkid's PTTYPE); "" when none */
	char ptuuid[40];   /* GPT disk GUID, or MBR signature "ssssssss" */
	unsigned count;
	uint8_t truncated; /* more partitions than PROBE_MAX_PARTS: the rest are not listed */
	struct part_info parts[PROBE_MAX_PARTS];
};

/* Parse a partition table from the first len bytes of a whole disk whose logical sector size is
 * sector_size (512 or 4096; 0: unknown). Returns 0 and fills *out (parts sorted by number), -ENOENT
 * when there is no table, or -EINVAL for a table that is there but inconsistent (bad header CRC,
 * entries out of buf). A protective MBR is not reported as "dos" when a GPT is present. A GPT
 * whose primary header or array is damaged is read from its backup header in the last sector of
 * buf (len is then taken as the disk's size). The GPT entry array is read where the header puts it; MBR logical partitions follow the EBR chain and
 * are numbered from 5, as the kernel does, as far as the EBRs are inside buf. */
int probe_parts(const uint8_t *buf, size_t len, unsigned sector_size, struct part_table *out);
/* The same over a reader. */
int probe_parts_r(const struct probe_reader *r, unsigned sector_size, struct part_table *out);

#endif
