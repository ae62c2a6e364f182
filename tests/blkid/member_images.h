/* SPDX-License-Identifier: MIT */
/* Synthetic images of the RAID, volume-manager, crypto and other member signatures src/probe.c
 * looks for before any filesystem (and of their near misses), built from each format's layout in
 * util-linux's libblkid (libblkid/src/superblocks/). One table serves two tests:
 * tests/test_probe_unit.c checks probe_fs() against the expected answer written here, and
 * tests/blkid/run.sh (blkid_diff --member) writes every image to a file and compares probe_fs()
 * with libblkid on it field by field, so the expected answers are libblkid's own. Images that the
 * real tools make (mdadm, pvcreate, cryptsetup, mkswap) are compared by tests/blkid/members.sh. */
#ifndef EM_MEMBER_IMAGES_H
#define EM_MEMBER_IMAGES_H
#include <stddef.h>
#include <stdint.h>

/* Writes n bytes at device offset off. */
typedef void (*mi_put)(void *ctx, uint64_t off, const void *p, size_t n);

struct member_image {
	const char *name;
	uint64_t size; /* the device's size in bytes */
	/* What probe_fs() answers: blkid's TYPE ("" nothing), USAGE, UUID and LABEL. */
	const char *type, *usage, *uuid, *label;
	/* What libblkid (blkid -p) answers when it is not the same TYPE: "ambivalent" (two
	 * signatures; probe_fs() names the member), or NULL: the same as probe_fs(). */
	const char *blkid;
	/* probe_fs()'s TYPE for the image without the member signature ("" nothing): the filesystem
	 * the member is found despite (an md 0.90 member's array starts with its filesystem). */
	const char *under;
	/* Write the image: the filesystem or table under the member (may be NULL), then the member. */
	void (*base)(mi_put put, void *ctx, uint64_t size);
	void (*member)(mi_put put, void *ctx, uint64_t size);
};

extern const struct member_image member_images[];
extern const size_t member_images_count;

/* The case named name, or NULL. */
const struct member_image *member_image_find(const char *name);

#endif
