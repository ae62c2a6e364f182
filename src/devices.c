/* SPDX-License-Identifier: MIT */
/* Finding block devices without udev: the nodes of /dev listed, their superblocks and partition
 * tables read, the wait for one that matches a device spec (woken by uevents, with the caller's
 * work done meanwhile), and the members of a multi-device btrfs registered and awaited. */
#define _GNU_SOURCE
#include "devices.h"
#include "blkread.h"
#include "btrfs.h"
#include "compat.h"
#include "log.h"
#include "mountapi.h"
#include "uevent.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static struct blkdev bd;
static struct part_table ptab;
static const struct dev_hooks *hooks;
static int btrfs_register_off;

void dev_set_hooks(const struct dev_hooks *h)
{
	hooks = h;
}

void dev_set_btrfs_register(int on)
{
	btrfs_register_off = !on;
}

/* The block device nodes at the top of /dev, as "/dev/NAME" strings packed in a pool and indexed
 * by offset. Sized for thousands of nodes (1,000 multipath LUNs with their paths and partitions);
 * reaching either limit is logged. No allocation: musl's opendir and a growing array would. */
#define MAX_DEVS 16384
#define DEV_POOL (MAX_DEVS * 24)
static char pool[DEV_POOL];
static uint32_t devs[MAX_DEVS];
static unsigned ndevs;

static const char *dev_at(unsigned i) { return pool + devs[i]; }

/* The node name of partition n of disk ("/dev/vda", 2 -> "/dev/vda2"; "/dev/nvme0n1" ->
 * "/dev/nvme0n1p2"), as the kernel names them (block/partitions/core.c). */
static void dev_part_name(const char *disk, unsigned n, char *out, size_t cap)
{
	size_t l = strlen(disk);
	int digit = l && disk[l - 1] >= '0' && disk[l - 1] <= '9';
	fmt(out, cap, "%s%s%u", disk, digit ? "p" : "", n);
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* Nodes never read while looking for a device, as udev leaves them alone: systemd's
 * 60-persistent-storage.rules runs its blkid builtin only on the kernel names it lists (floppies,
 * fd*, are not among them: with no disk in, each read spins the drive and times out after
 * seconds) and never on mmcblk[0-9]boot[0-9] (eMMC hardware boot areas); an eMMC RPMB area
 * answers only authenticated frames. NULL when the node (one of the list) may be probed. */
static const char *no_probe(const char *path)
{
	const char *n = path + 5; /* a node of the list: "/dev/NAME" */
	if (n[0] == 'f' && n[1] == 'd' && is_digit(n[2]))
		return "a floppy drive";
	if (str_startswith(n, "mmcblk")) {
		const char *p = n + 6;
		while (is_digit(*p))
			p++;
		if (str_startswith(p, "boot"))
			return "an eMMC boot area";
		if (str_startswith(p, "rpmb"))
			return "an eMMC RPMB area";
	}
	return NULL;
}

/* The node list sorted by name: reports read well, a disk's partitions follow it, and a name is
 * found by a binary search. */
static int dev_cmp(const void *a, const void *b)
{
	return strcmp(pool + *(const uint32_t *)a, pool + *(const uint32_t *)b);
}

static void sort_devs(void)
{
	qsort(devs, ndevs, sizeof(devs[0]), dev_cmp);
}

/* The first len bytes of a path, as bsearch's key. */
struct dev_key {
	const char *path;
	size_t len;
};

/* The key against a node of the list: equal only when the node's name ends after len bytes. */
static int dev_key_cmp(const void *k, const void *node)
{
	const struct dev_key *key = k;
	const char *n = pool + *(const uint32_t *)node;
	int c = strncmp(key->path, n, key->len);
	if (c == 0 && n[key->len])
		c = -1; /* the node's name goes on: it sorts after the key */
	return c;
}

/* Is the first len bytes of path a node in the (sorted) list? */
static int dev_exists(const char *path, size_t len)
{
	struct dev_key key = { path, len };
	return bsearch(&key, devs, ndevs, sizeof(devs[0]), dev_key_cmp) != NULL;
}

struct scan_ctx {
	size_t used;
	int full;
};

static int add_dev(int fd, const char *name, unsigned char type, void *vctx)
{
	struct scan_ctx *c = vctx;
	struct stat st;
	if (type != DT_BLK && type != DT_UNKNOWN)
		return 0;
	if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISBLK(st.st_mode))
		return 0;
	size_t l = strlen(name) + 6;
	if (ndevs == MAX_DEVS || c->used + l > sizeof(pool)) {
		c->full++;
		return 0;
	}
	devs[ndevs++] = (uint32_t)c->used;
	fmt(pool + c->used, l, "/dev/%s", name);
	c->used += l;
	return 0;
}

/* The block device nodes of /dev, sorted. */
static void scan_dev(void)
{
	static int warned;
	struct scan_ctx c = { 0, 0 };
	int fd = open("/dev", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ndevs = 0;
	if (fd < 0)
		return;
	(void)dir_each(fd, add_dev, &c);
	close(fd);
	sort_devs();
	if (c.full && !warned) {
		log_warn("/dev holds more block devices than earlymount looks at (%u): %d not looked at", ndevs, c.full);
		warned = 1;
	}
}

/* The length of the disk's part of a partition's node name, 0 when the name cannot be one's: the
 * kernel names partition n of disk D "Dn", or "DpN" when D ends in a digit (block/partitions/core.c,
 * as dev_part_name()). "/dev/vda2" -> 8, "/dev/nvme0n1p2" -> 12. */
static size_t part_disk_len(const char *path)
{
	size_t l = strlen(path), k = l;
	while (k && is_digit(path[k - 1]))
		k--;
	if (k == l || k < 6)
		return 0;
	if (path[k - 1] == 'p' && is_digit(path[k - 2]))
		k--;
	return k;
}

/* Is the node a partition of another node in the list? */
static int is_partition(const char *path)
{
	size_t k = part_disk_len(path);
	return k && dev_exists(path, k);
}

/* Does the disk d, at index i, have partition nodes? Then the kernel found a partition table on it,
 * whatever else its first sectors hold. Partitions sort right after their disk, among the other
 * names it begins. */
static int has_partitions(unsigned i, const char *d)
{
	size_t l = strlen(d);
	for (unsigned j = i + 1; j < ndevs && strncmp(dev_at(j), d, l) == 0; j++)
		if (part_disk_len(dev_at(j)) == l)
			return 1;
	return 0;
}

/* The members registered so far: each once, not again on every rescan while earlymount waits
 * (each registration is an open of /dev/btrfs-control and an ioctl). Keyed by the node's device
 * number, the member's devid and the filesystem's UUID, so another filesystem that later gets the
 * same node (a disk unplugged and another plugged) is registered. Past the table's end a member is
 * registered each time it is seen, as before: the kernel takes a known device again without harm
 * (btrfs_scan_one_device finds it in its list). */
#define MAX_BTRFS_REGISTERED 64
struct btrfs_key {
	dev_t rdev;
	uint64_t devid;
	char uuid[sizeof(((struct fs_info *)0)->uuid)];
};
static struct btrfs_key registered[MAX_BTRFS_REGISTERED];
static unsigned nregistered;

/* A btrfs over several devices mounts only once the kernel knows every member; udev's
 * 64-btrfs.rules tells it of each one it sees (its "btrfs ready" builtin). Do the same for every
 * member met while probing. */
static void btrfs_seen(const char *path, const struct fs_info *fi)
{
	static int warned;
	struct stat st;
	struct btrfs_key key;

	if (fi->ndevices < 2 || btrfs_register_off) /* only a btrfs names members (probe_btrfs) */
		return;
	/* rdev 0 (no stat): never a table entry's, so looked up in vain and not kept */
	key.rdev = stat(path, &st) == 0 ? st.st_rdev : 0;
	key.devid = fi->devid;
	memcpy(key.uuid, fi->uuid, sizeof(key.uuid));
	for (unsigned k = 0; k < nregistered; k++)
		if (registered[k].rdev == key.rdev && registered[k].devid == key.devid &&
		    str_eq(registered[k].uuid, key.uuid))
			return;
	/* /dev/btrfs-control comes with the module: a generic image loads it now. */
	if (hooks && hooks->need_fs)
		(void)hooks->need_fs("btrfs", path);
	int r = btrfs_register(path);
	if (r < 0 && !warned) {
		log_warn("cannot register btrfs member %s (UUID=%s) with the kernel: /dev/btrfs-control: %s%s", path,
		         fi->uuid, errstr(-r), r == -ENOENT ? " (is the btrfs module loaded?)" : "");
		warned = 1;
	} else if (r == 0) {
		log_debug("registered btrfs member %s (UUID=%s devid %llu)", path, fi->uuid,
		          (unsigned long long)fi->devid);
		if (key.rdev && nregistered < MAX_BTRFS_REGISTERED)
			registered[nregistered++] = key;
	}
}

int dev_probe_at(const char *path, uint64_t offset, struct fs_info *fi)
{
	int r = blk_open(path, offset, &bd);
	if (r < 0)
		return r; /* fi as it was: no caller reads it after a failure */
	r = probe_fs_r(&bd.r, fi);
	blk_close(&bd);
	if (r == 0 && offset == 0)
		btrfs_seen(path, fi);
	return r;
}

int dev_probe_page(const char *path, unsigned long long pages, struct fs_info *fi)
{
	uint64_t page = (uint64_t)getpagesize();
	return pages > UINT64_MAX / page ? -ENOENT : dev_probe_at(path, pages * page, fi);
}

int dev_probe(const char *path, struct fs_info *fi)
{
	return dev_probe_at(path, 0, fi);
}

static int is_blk(const char *path, struct stat *st)
{
	return stat(path, st) == 0 && S_ISBLK(st->st_mode);
}

/* A node devtmpfs has made is not yet a device that opens: the kernel makes the node (device_add)
 * before it adds the device (bdev_add; block/genhd.c device_add_disk, block/partitions/core.c
 * add_partition), and an open in between fails with ENXIO, which another CPU loading the driver
 * makes easy to meet. udev never sees that window: the disk's "add" uevent is held back until it
 * is live. So a node is there once it opens, or fails to for another reason (said later by
 * whoever reads it). */
static int is_live(const char *path)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return errno != ENXIO;
	close(fd);
	return 1;
}

static int is_live_blk(const char *path, struct stat *st)
{
	return is_blk(path, st) && is_live(path);
}

/* What probe_node found: blk_open's result (err), probe_fs_r's (fs, -ENOENT when nothing was read)
 * and the filesystem (fi). */
static struct {
	int err, fs;
	struct fs_info fi;
} node;

/* Reads node i as match_part() and dev_report() look at it: opens it, probes its filesystem (into
 * node) and returns probe_parts_r's result for its table in ptab, or -ENOENT when none was looked
 * for. A FAT or ISO filesystem starts with a boot sector that can pass for an MBR; blkid also
 * trusts the filesystem first. But when the kernel made partition nodes it parsed a table there,
 * and a filesystem signature on the whole disk is stale (mkfs on the disk, then a table written
 * over it): the table counts. The kernel looks for no table inside a partition; an extended
 * partition's node even starts with an EBR that passes for an MBR. table_only (match_part): a
 * partition is not opened at all (node.err not set), since only the table is wanted. */
static int probe_node(unsigned i, int table_only)
{
	const char *path = dev_at(i);
	int part = is_partition(path), pt = -ENOENT;

	node.fs = -ENOENT;
	if (part && table_only)
		return pt; /* not opened at all: there is no table in it */
	node.err = blk_open(path, 0, &bd);
	if (node.err < 0)
		return pt;
	/* An empty drive (r.size 0) reads as nothing: -ENOENT from both, without a read. */
	node.fs = probe_fs_r(&bd.r, &node.fi);
	if (!part && (has_partitions(i, path) || node.fs < 0 || str_eq(node.fi.type, "iso9660")))
		pt = probe_parts_r(&bd.r, bd.sector_size, &ptab);
	blk_close(&bd);
	return pt;
}

/* Does any partition of the disk at index i match d? Fills out with the partition's node. */
static int match_part(unsigned i, const struct devspec *d, char *out, size_t cap)
{
	static int warned;
	const char *path = dev_at(i);
	struct stat st;

	if (probe_node(i, 1) < 0)
		return 0;
	if (ptab.truncated && !warned) {
		log_warn("%s: more than %u partitions; the rest are not looked at", path, PROBE_MAX_PARTS);
		warned = 1;
	}
	for (unsigned k = 0; k < ptab.count; k++) {
		const struct part_info *p = &ptab.parts[k];
		/* The kernel gives an extended partition no PARTUUID (msdos_partition() does not call
		 * set_info() for it): root=PARTUUID= never names it. */
		if (p->container)
			continue;
		/* The kernel compares a PARTUUID over the length given, in any case
		 * (match_dev_by_uuid), so the start of one names the first partition that has it. */
		int hit = d->kind == DEV_PARTUUID ? strncasecmp(p->partuuid, d->value, strlen(d->value)) == 0
		                                  : str_eq(p->partlabel, d->value);
		if (!hit)
			continue;
		long num = (long)p->number + d->partnroff;
		if (num < 1)
			return 0;
		dev_part_name(path, (unsigned)num, out, cap);
		return is_live_blk(out, &st);
	}
	return 0;
}

static int matches(unsigned i, const struct devspec *d, char *out, size_t cap)
{
	const char *path = dev_at(i);
	struct stat st;
	struct fs_info fi;
	int hit;

	if (d->kind == DEV_DEVNUM)
		hit = is_blk(path, &st) && major(st.st_rdev) == d->major && minor(st.st_rdev) == d->minor &&
		      is_live(path);
	else if (no_probe(path) || d->kind < DEV_UUID || d->kind > DEV_PARTLABEL)
		return 0;
	else if (d->kind >= DEV_PARTUUID)
		return match_part(i, d, out, cap);
	else
		/* Never a whole disk whose partitions the kernel made: the kernel found a table there,
		 * so a filesystem signature on the whole disk is stale (mkfs on the disk, then a table
		 * written over it), and mounting it would replay an old journal over the partitions;
		 * libblkid ignores a signature a partition covers, and udev links no such disk by UUID
		 * or LABEL. And only a filesystem: never a member (RAID, LVM, LUKS, ...) or an ext
		 * journal device, which share a UUID or a LABEL with what they hold. resume='s device
		 * is swap space, which udev links by UUID and LABEL too (60-persistent-storage:
		 * ID_FS_USAGE "other"), or the filesystem that holds a swap file (resume=UUID= of it
		 * with resume_offset=, as systemd, dracut and initramfs-tools resolve it: by that link). */
		hit = (is_partition(path) || !has_partitions(i, path)) && dev_probe(path, &fi) >= 0 &&
		      (probe_mountable(&fi) || (d->swap && probe_is_swap(&fi))) &&
		      (d->kind == DEV_UUID ? str_caseeq(fi.uuid, d->value) : str_eq(fi.label, d->value));
	if (hit)
		em_strlcpy(out, path, cap);
	return hit;
}

/* The node a udev link (/dev/disk/by-id/..., by-path/...) points to, as mount(8) canonicalizes a
 * source path before mounting (libmount's mnt_resolve_path -> realpath), so the mount shows
 * /dev/vda as it does with dracut's own mount. /dev/mapper/NAME stays: libmount keeps (and prints)
 * device-mapper names rather than /dev/dm-N. Anything unexpected keeps the path as given. */
static void canonical_node(const char *path, char *out, size_t cap)
{
	char target[128];
	const char *src = path;
	struct stat st;
	ssize_t n;
	int fd;

	if (!str_startswith(path, "/dev/mapper/") && lstat(path, &st) == 0 && S_ISLNK(st.st_mode) &&
	    (fd = open(path, O_PATH | O_CLOEXEC)) >= 0) {
		n = mnt_fd_path(fd, target, sizeof(target));
		close(fd);
		if (n > 0 && (size_t)n < cap && str_startswith(target, "/dev/") && is_blk(target, &st))
			src = target;
	}
	em_strlcpy(out, src, cap);
}

static int find_now(const struct devspec *d, char *out, size_t cap)
{
	struct stat st;
	if (d->kind == DEV_PATH) {
		if (!is_live_blk(d->value, &st))
			return 0;
		canonical_node(d->value, out, cap);
		return 1;
	}
	scan_dev();
	for (unsigned i = 0; i < ndevs; i++)
		if (matches(i, d, out, cap))
			return 1;
	return 0;
}

/* The hooks' work when there is some (a generic image: the drivers the devices asked for load
 * while their disks are awaited), else a sleep until a uevent on the socket uevent_listen opened
 * or at most 250 ms (the fallback rescan; without the socket all of them), never past the
 * deadline. */
static void wait_a_little(unsigned long start, long timeout_s)
{
	if (hooks && hooks->work && hooks->work())
		return;
	unsigned long now = log_ms();
	long left = timeout_s >= 0 ? (long)((unsigned long)timeout_s * 1000 - (now - start)) : 250;
	int ms = left < 250 ? (int)left : 250;
	if (ms > 0 && uevent_wait(ms) < 0)
		usleep((unsigned)ms * 1000);
}

int dev_find(const struct devspec *d, char *path, size_t cap)
{
	return find_now(d, path, cap);
}

/* Are found and other two members of one multi-device btrfs? They share its UUID and label by
 * design, each with its own devid: not copies of each other. */
static int btrfs_members_apart(const char *found, const char *other)
{
	struct fs_info a, b;

	return dev_probe(found, &a) >= 0 && dev_probe(other, &b) >= 0 && str_eq(a.type, "btrfs") &&
	       str_eq(b.type, "btrfs") && a.devid != b.devid;
}

/* A copy of a filesystem (a cloned disk, dd of a partition, a VM's image attached twice) carries
 * its UUID and label, and a copied disk its partitions' PARTUUIDs and names. The kernel takes the
 * first partition it finds for PARTUUID= (class_find_device in devt_from_partuuid: init/do_mounts.c
 * before 6.5, block/early-lookup.c since), udev links a tag to one of the devices (by link
 * priority, else whichever it settled on); neither says so, and the next boot may take the other.
 * found is probed again only when another device matches, which is rare. */
int dev_find_twin(const struct devspec *d, const char *found, char *twin, size_t cap)
{
	if (d->kind < DEV_UUID || d->kind > DEV_PARTLABEL)
		return 0;
	for (unsigned i = 0; i < ndevs; i++) {
		if (!matches(i, d, twin, cap) || str_eq(twin, found))
			continue;
		if (d->kind < DEV_PARTUUID && btrfs_members_apart(found, twin))
			continue;
		return 1;
	}
	return 0;
}

void dev_wait_event(unsigned long start, long timeout_s)
{
	(void)uevent_listen();
	wait_a_little(start, timeout_s);
}

int dev_wait_turn(unsigned long start, long timeout_s, unsigned long *last_say)
{
	unsigned long now = log_ms();
	if (timeout_s >= 0 && now - start >= (unsigned long)timeout_s * 1000)
		return -1;
	if (now - *last_say < 5000)
		return 0;
	*last_say = now;
	return 1;
}

/* The devids of one btrfs seen so far, and the node of each; a filesystem has as many members as
 * its superblock says. 1024 is far beyond what btrfs is used with; past it counting stops, which
 * is logged. */
#define MAX_BTRFS_MEMBERS 1024
static uint64_t member_id[MAX_BTRFS_MEMBERS + 1]; /* and the sentinel of a lookup */
static unsigned member_node[MAX_BTRFS_MEMBERS];

/* The members of the btrfs root (its devices with root's UUID) present now, each devid once,
 * listed into sb ("none" for none): how many. *capped is set when there are more than
 * MAX_BTRFS_MEMBERS (the rest not counted). */
static unsigned count_members(const struct fs_info *root, struct sbuf *sb, int *capped)
{
	struct fs_info fi;
	unsigned have = 0;

	scan_dev();
	for (unsigned i = 0; i < ndevs; i++) {
		const char *p = dev_at(i);
		/* a btrfs (as root is) with root's UUID */
		if (no_probe(p) || dev_probe(p, &fi) < 0 || !str_eq(fi.type, root->type) || !str_eq(fi.uuid, root->uuid))
			continue;
		unsigned k = 0;
		member_id[have] = fi.devid;
		while (member_id[k] != fi.devid)
			k++;
		if (k < have)
			continue; /* another path to a member already counted (multipath) */
		if (have == MAX_BTRFS_MEMBERS) {
			*capped = 1;
			continue;
		}
		member_node[have] = i;
		member_id[have++] = fi.devid;
		sb_printf(sb, "%s%s (devid %llu)", have > 1 ? ", " : "", p, (unsigned long long)fi.devid);
	}
	if (!have)
		sb_puts(sb, "none"); /* what the messages say of an empty list */
	return have;
}

/* The devids none of the have members present carries, listed into sb ("devid 2", "devid 2, devid
 * 5"), from the filesystem's own list of its devices (its chunk tree, read through the first member
 * that holds a copy of it, probe_btrfs_devids). When that cannot be read (no member present holds
 * a copy, the system chunks are striped), only how many are missing: "1 device(s)". */
static void list_missing(unsigned have, uint64_t ndevices, struct sbuf *sb)
{
	static uint64_t ids[MAX_BTRFS_MEMBERS];
	static struct blkdev m;
	int n = -ENOENT;
	unsigned miss = 0;

	for (unsigned k = 0; k < have && n == -ENOENT; k++)
		if ((n = blk_open(dev_at(member_node[k]), 0, &m)) == 0) {
			n = probe_btrfs_devids(&m.r, ids, MAX_BTRFS_MEMBERS);
			blk_close(&m);
		}
	if (n < 0)
		n = 0; /* not known: only how many */
	for (int i = 0; i < n; i++) {
		unsigned k = 0;
		member_id[have] = ids[i];
		while (member_id[k] != ids[i])
			k++;
		if (k == have)
			sb_printf(sb, "%sdevid %llu", miss++ ? ", " : "", (unsigned long long)ids[i]);
	}
	if (!miss) /* the list unreadable, or num_devices says more than it holds */
		sb_printf(sb, "%llu device(s)", (unsigned long long)(ndevices - have));
}

/* A list cut at its buffer's end ends in "...", so the message does not pass it off as whole. */
static void sb_mark_cut(struct sbuf *sb)
{
	if (sb->overflow)
		memcpy(sb->buf + sb->cap - 4, "...", 4);
}

int dev_btrfs_members(const char *path, unsigned long start, long timeout_s, int degraded, const char *tgt,
                      const char *hint)
{
	struct fs_info root;
	char list[400], missing[200];
	struct sbuf sb, ms;
	unsigned long last_say = log_ms();
	unsigned have = 0;
	int said = 0, capped = 0;

	if (dev_probe(path, &root) < 0 || root.ndevices < 2) /* a btrfs over several devices */
		return 0;
	for (;;) {
		sb_init(&sb, list, sizeof(list));
		have = count_members(&root, &sb, &capped);
		if (have >= root.ndevices) {
			log_info("btrfs UUID=%s: all %llu devices present: %s", root.uuid,
			         (unsigned long long)root.ndevices, list);
			return 0;
		}
		if (capped) {
			log_warn("btrfs UUID=%s names %llu devices; earlymount counts at most %u", root.uuid,
			         (unsigned long long)root.ndevices, MAX_BTRFS_MEMBERS);
			return 0;
		}
		if (!said) {
			log_info("btrfs UUID=%s spans %llu devices: waiting for the %llu missing (found: %s)", root.uuid,
			         (unsigned long long)root.ndevices, (unsigned long long)(root.ndevices - have), list);
			said = 1;
		}
		int turn = dev_wait_turn(start, timeout_s, &last_say);
		if (turn < 0)
			break;
		if (turn)
			log_info("waiting for btrfs UUID=%s: %u of %llu devices present (%s)", root.uuid, have,
			         (unsigned long long)root.ndevices, list);
		wait_a_little(start, timeout_s);
	}
	sb_mark_cut(&sb);
	sb_init(&ms, missing, sizeof(missing));
	list_missing(have, root.ndevices, &ms);
	sb_mark_cut(&ms);
	/* The kernel refuses a btrfs with a device missing unless mounted with -o degraded
	 * (fs/btrfs/volumes.c read_one_dev: "devid %llu uuid %pU is missing", -ENOENT), and then
	 * read-write only while every chunk keeps a copy (btrfs_check_rw_degradable). */
	if (degraded) {
		log_warn("btrfs UUID=%s: %s missing after %ld s (%u of %llu devices present: %s); mounting it "
		         "degraded, as its options say", root.uuid, missing, timeout_s, have,
		         (unsigned long long)root.ndevices, list);
		return 0;
	}
	log_err("mount %s on %s refused: btrfs UUID=%s is missing %s after %ld s (%u of %llu devices present: %s); "
	        "the kernel mounts it without them only with -o degraded: attach the missing device, or add %s "
	        "(with ro, nothing is written)", path, tgt, root.uuid, missing, timeout_s, have,
	        (unsigned long long)root.ndevices, list, hint);
	return -ENODEV;
}

unsigned dev_btrfs_missing(const char *path, char *present, size_t pcap, char *missing, size_t mcap,
                           unsigned long long *ndevices)
{
	struct fs_info root;
	struct sbuf sb, ms;
	int capped = 0;

	*ndevices = 0;
	sb_init(&sb, present, pcap);
	sb_init(&ms, missing, mcap);
	if (dev_probe(path, &root) < 0 || root.ndevices < 2)
		return 0;
	*ndevices = root.ndevices;
	unsigned have = count_members(&root, &sb, &capped);
	sb_mark_cut(&sb);
	if (capped || have >= root.ndevices)
		return 0;
	list_missing(have, root.ndevices, &ms);
	sb_mark_cut(&ms);
	return (unsigned)(root.ndevices - have);
}

int dev_wait(const struct devspec *d, const char *desc, long timeout_s, const char *what, int optional, char *path,
             size_t cap)
{
	unsigned long start = log_ms(), last_say = start;
	int found;

	/* Listen before looking, so a device announced between the look and the wait is not
	 * missed. */
	(void)uevent_listen();
	for (;;) {
		found = find_now(d, path, cap);
		if (found)
			break;
		int turn = dev_wait_turn(start, timeout_s, &last_say);
		if (turn < 0)
			break;
		if (turn) {
			unsigned long secs = (last_say - start) / 1000;
			if (timeout_s >= 0)
				log_info("waiting for %s %s (%lu s of %ld s)", what, desc, secs, timeout_s);
			else
				log_info("waiting for %s %s (%lu s; rootwait: no limit)", what, desc, secs);
		}
		wait_a_little(start, timeout_s);
	}
	if (found) {
		char twin[128];
		log_debug("found %s %s: %s after %lu ms", what, desc, path, log_ms() - start);
		if (dev_find_twin(d, path, twin, sizeof(twin)))
			log_warn("%s %s: both %s and %s match it (a copy?); using %s, the first found, but "
			         "another boot may find the other first: give the copy a new UUID and label "
			         "(tune2fs -U/-L, xfs_admin -U/-L, btrfstune -u, sgdisk -G) or detach it",
			         what, desc, path, twin, path);
		return 0;
	}
	if (optional) /* the caller says it goes on without it */
		return -ETIMEDOUT;
	log_err("timed out after %ld s waiting for %s %s", timeout_s, what, desc);
	dev_report();
	const struct devspec_stack *st = devspec_stacked(d);
	if (st)
		log_err("%s is %s, which earlymount never sets up: it appears only where %s does", desc, st->what,
		        st->who);
	return -ETIMEDOUT;
}

/* dev_report's line for node i: what it holds. probe_node's result for its table (0: ptab holds
 * the table to list), -ENOENT for none, or when the node was not read or could not be. */
static int report_node(unsigned i)
{
	const char *path = dev_at(i), *skip = no_probe(path);
	char line[512];
	struct sbuf sb;
	int pt = -ENOENT;

	sb_init(&sb, line, sizeof(line));
	sb_printf(&sb, "  %s:", path);
	if (skip) {
		sb_printf(&sb, " not read (%s)", skip);
		log_err("%s", line);
		return pt;
	}
	/* As match_part(): a table where the kernel made partition nodes, or where no filesystem
	 * (other than a hybrid ISO) claims sector 0. */
	pt = probe_node(i, 0);
	if (node.err < 0) {
		sb_printf(&sb, " unreadable (%s)", errstr(-node.err));
	} else if (pt == 0) {
		sb_printf(&sb, " partition table %s PTUUID=%s", ptab.type, ptab.ptuuid);
		if (node.fs == 0 && !str_eq(node.fi.type, "iso9660"))
			sb_printf(&sb, " (and a stale %s signature, ignored)", node.fi.type);
	} else if (node.fs == 0 && node.fi.also[0]) {
		sb_printf(&sb, " %s and %s signatures (one is stale: matched by no UUID or LABEL, mounted only "
		          "as a type named)", node.fi.type, node.fi.also);
	} else if (node.fs == 0) {
		sb_printf(&sb, " %s", node.fi.type);
		if (node.fi.uuid[0])
			sb_printf(&sb, " UUID=%s", node.fi.uuid);
		if (node.fi.label[0])
			sb_printf(&sb, " LABEL=\"%s\"", node.fi.label);
		if (node.fi.ndevices > 1)
			sb_printf(&sb, " (device %llu of a %llu-device btrfs)", (unsigned long long)node.fi.devid,
			          (unsigned long long)node.fi.ndevices);
		if (!probe_mountable(&node.fi))
			sb_puts(&sb, " (not a filesystem: never mounted)");
	} else {
		sb_printf(&sb, "%s", !bd.r.size ? " empty (no medium?)" : " no known filesystem or partition table");
	}
	log_err("%s", line);
	return pt;
}

/* dev_report's lines for the partitions in ptab, the table of disk path. */
static void report_partitions(const char *path)
{
	for (unsigned j = 0; j < ptab.count; j++) {
		char pn[300];
		const struct part_info *pi = &ptab.parts[j];
		int lab = pi->partlabel[0] != '\0';
		dev_part_name(path, pi->number, pn, sizeof(pn));
		if (pi->container)
			log_err("    %s: extended partition (holds the logical ones)", pn);
		else
			log_err("    %s: PARTUUID=%s%s%s%s", pn, pi->partuuid, lab ? " PARTLABEL=\"" : "", pi->partlabel,
			        lab ? "\"" : "");
	}
	if (ptab.truncated)
		log_err("    (more than %u partitions: the rest are not listed)", PROBE_MAX_PARTS);
}

void dev_report(void)
{
	scan_dev();
	if (!ndevs) {
		log_err("block devices found: none (is the disk driver in the initramfs? "
		        "see earlymount-mkinitramfs --module/--preset)");
		return;
	}
	log_err("block devices found:");
	for (unsigned i = 0; i < ndevs; i++)
		if (report_node(i) == 0) /* else no table: none found, the node unreadable or not read */
			report_partitions(dev_at(i));
}

int dev_unreadable(struct sbuf *list, int *err)
{
	int n = 0;
	scan_dev();
	*err = 0;
	for (unsigned i = 0; i < ndevs; i++) {
		const char *p = dev_at(i);
		if (no_probe(p))
			continue;
		int fd = open(p, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		if (fd >= 0) {
			close(fd);
			continue;
		}
		if (errno != EACCES && errno != EPERM)
			continue;
		if (!*err)
			*err = errno;
		sb_printf(list, "%s%s", n++ ? ", " : "", p);
	}
	return n;
}
