/* SPDX-License-Identifier: MIT */
/* Finding block devices without udev and without /sys: device nodes from devtmpfs, identities
 * from their superblocks and partition tables, arrivals from the kernel's uevent socket. */
#ifndef EM_DEVICES_H
#define EM_DEVICES_H
#include "probe.h"
#include "spec.h"

#include <stddef.h>
#include <stdint.h>

/* Reads the head of a block device and probes its filesystem. 0, -ENOENT (nothing known), or the
 * read error (fi then left as it was). */
int dev_probe(const char *path, struct fs_info *fi);
/* The same from offset bytes into the device (a swap file's header, resume_offset=); a btrfs there
 * is not registered. */
int dev_probe_at(const char *path, uint64_t offset, struct fs_info *fi);
/* dev_probe_at at a number of the kernel's pages (resume_offset='s unit); -ENOENT for an offset
 * past any device. */
int dev_probe_page(const char *path, unsigned long long pages, struct fs_info *fi);

/* What the waits below do besides looking and sleeping, given by whoever loads modules (run.c
 * gives modload.c's); without them (NULL, as at the start) a wait only sleeps, and a btrfs member
 * is registered with the modules there are. */
struct dev_hooks {
	/* Work to do instead of a sleep: 1 when there was some (the wait then looks again at once),
	 * 0 when there was none. */
	int (*work)(void);
	/* The module of filesystem type, loaded before earlymount uses the kernel's interface of it on
	 * dev (a btrfs member registered through /dev/btrfs-control). */
	int (*need_fs)(const char *type, const char *dev);
};
void dev_set_hooks(const struct dev_hooks *h);
/* Whether dev_probe registers the btrfs members it meets with the kernel (on: the boot's default).
 * earlymount check turns it off: it looks, and changes nothing in the kernel. */
void dev_set_btrfs_register(int on);

/* Waits until a block device matches d, for at most timeout_s seconds (-1: forever), saying every
 * few seconds what it waits for (what: "root device", desc: the device as plan_source_text shows
 * it). The uevent socket is opened first (uevent_listen), so that no device is announced between
 * a look and the wait. On success fills path with the node's name. On timeout logs what was
 * found and returns -ETIMEDOUT; optional (a nofail mount, whose caller warns and goes on): only
 * returns it. */
int dev_wait(const struct devspec *d, const char *desc, long timeout_s, const char *what, int optional, char *path,
             size_t cap);

/* After dev_wait found path: when it holds a btrfs whose superblock names more than one member,
 * waits until start (log_ms()) + timeout_s seconds (never forever: the kernel itself waits for the
 * root's node only) until a member with every devid is present and registered with the kernel, as udev's "btrfs
 * ready" (64-btrfs.rules) holds systemd's mount back until then. 0 when they are, or when degraded
 * (the mount's options say "degraded"): then a warning names the missing devids and the mount goes
 * on. Otherwise logs why the mount of path on tgt is refused, naming the missing devids and hint
 * (what adds "degraded": "rootflags=degraded"), and returns -ENODEV. */
int dev_btrfs_members(const char *path, unsigned long start, long timeout_s, int degraded, const char *tgt,
                      const char *hint);

/* dev_btrfs_members' count, once and silent (earlymount check): how many members of the btrfs on
 * path are missing now, 0 when path holds no btrfs over several devices, or every member is
 * there (or more than earlymount counts); with the members found ("/dev/vda (devid 1), ...") in
 * present, the missing ones ("devid 2") in missing, and how many the superblock names in
 * *ndevices. */
unsigned dev_btrfs_missing(const char *path, char *present, size_t pcap, char *missing, size_t mcap,
                           unsigned long long *ndevices);

/* One look, no wait: 1 with the node of the first device that matches d in path, 0 when none
 * does (earlymount check). */
int dev_find(const struct devspec *d, char *path, size_t cap);
/* After dev_find or dev_wait found d at found: 1 with another device of the same look that d
 * matches as well in twin (a copy: the same UUID, LABEL, PARTUUID or PARTLABEL; the other members
 * of a multi-device btrfs do not count), else 0. */
int dev_find_twin(const struct devspec *d, const char *found, char *twin, size_t cap);
/* The hooks' work, or a sleep until the next uevent or 250 ms, never past start + timeout_s
 * seconds (start: log_ms() when the wait began; -1: no limit). */
void dev_wait_event(unsigned long start, long timeout_s);
/* One turn of a wait (dev_wait's, the btrfs members', a share's), after a look that found nothing:
 * -1 once start + timeout_s seconds have passed (-1: no limit), 1 when the caller is to say how the
 * wait goes (every 5 s; *last_say, log_ms() when the wait began, then moves on to now), else 0. The
 * caller then sleeps (dev_wait_event). */
int dev_wait_turn(unsigned long start, long timeout_s, unsigned long *last_say);
/* The block devices of /dev that cannot be opened for reading with EACCES or EPERM (a user
 * without the disk group or root; an LSM), listed into list: how many; *err the first error. */
struct sbuf;
int dev_unreadable(struct sbuf *list, int *err);
/* Logs every block device with its type, UUID, label and partitions. */
void dev_report(void);

#endif
