/* SPDX-License-Identifier: MIT */
/* Superblock and partition-table probing: pure functions over byte buffers, no syscalls, so they
 * run on the host in unit tests and fuzzers exactly as at boot. */
#ifndef EM_PROBE_H
#define EM_PROBE_H
#include <stddef.h>
#include <stdint.h>

/* How many bytes from the start of a device the callers read before probing. Covers the btrfs
 * superblock (64 KiB + 4 KiB), the iso9660 volume descriptors (from 32 KiB), and a GPT with its
 * entry array at LBA 2 for 512- and 4096-byte sectors. */
#define PROBE_HEAD_SIZE (128 * 1024)

struct fs_info {
	char type[16];   /* "ext4", "xfs", "btrfs", "vfat", "f2fs", "erofs", "squashfs", "iso9660",
	                    "jbd" (an ext journal device), ... ; "" when nothing was recognised */
	char uuid[40];   /* as blkid prints it (lower-case, dashed for GUIDs, XXXX-XXXX for vfat,
	                    the iso9660 creation-date form); "" when the format has none */
	char label[256]; /* UTF-8, trailing blanks/NULs trimmed as blkid does; "" when none */
};

/* Recognise the filesystem whose first len bytes are in buf. Returns 0 and fills *out, or
 * -ENOENT when no format matched (out->type is then ""). Never reads past buf+len. */
int probe_fs(const uint8_t *buf, size_t len, struct fs_info *out);

#define PROBE_MAX_PARTS 128

struct part_info {
	unsigned number;   /* 1-based partition number, as in the kernel's device name vda<N> */
	char partuuid[40]; /* GPT: the partition GUID, lower-case; MBR: "ssssssss-pp" (hex) */
	char partlabel[144]; /* GPT: the name, UTF-16LE converted to UTF-8; MBR: "" */
};

struct part_table {
	char type[8];      /* "gpt" or "dos" (as blkid's PTTYPE); "" when none */
	char ptuuid[40];   /* GPT disk GUID, or MBR signature "ssssssss" */
	unsigned count;
	struct part_info parts[PROBE_MAX_PARTS];
};

/* Parse a partition table from the first len bytes of a whole disk whose logical sector size is
 * sector_size (512 or 4096). Returns 0 and fills *out, -ENOENT when there is no table, or
 * -EINVAL for a table that is there but inconsistent (bad header CRC, entries out of buf).
 * A protective MBR is not reported as "dos" when a GPT is present. MBR logical partitions
 * (extended/EBR chains) are outside the head buffer and are not reported. */
int probe_parts(const uint8_t *buf, size_t len, unsigned sector_size, struct part_table *out);

#endif
