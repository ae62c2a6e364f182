/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "devices.h"
#include "compat.h"
#include "log.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static uint8_t head[PROBE_HEAD_SIZE];
static struct part_table ptab;

#define MAX_DEVS 256
static char devs[MAX_DEVS][48];
static unsigned ndevs;

void dev_part_name(const char *disk, unsigned n, char *out, size_t cap)
{
	size_t l = strlen(disk);
	int digit = l && disk[l - 1] >= '0' && disk[l - 1] <= '9';
	fmt(out, cap, "%s%s%u", disk, digit ? "p" : "", n);
}

static long read_head(const char *path, unsigned *sector_size)
{
	/* O_NONBLOCK: a CD drive without a medium answers at once instead of waiting. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	size_t got = 0;
	int ss = 512;

	if (fd < 0)
		return -errno;
	/* An empty drive (a CD-ROM without a medium) has size 0: reading it only makes the kernel
	 * log I/O errors. */
	{
		uint64_t size = 0;
		if (ioctl(fd, BLKGETSIZE64, &size) == 0 && size == 0) {
			close(fd);
			return 0;
		}
	}
	if (sector_size) {
		if (ioctl(fd, BLKSSZGET, &ss) < 0 || ss <= 0)
			ss = 512;
		*sector_size = (unsigned)ss;
	}
	while (got < sizeof(head)) {
		ssize_t r = pread(fd, head + got, sizeof(head) - got, (off_t)got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;
			close(fd);
			return got ? (long)got : -e;
		}
		if (r == 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	return (long)got;
}

int dev_probe(const char *path, struct fs_info *fi)
{
	long n = read_head(path, NULL);
	if (n < 0)
		return (int)n;
	return probe_fs(head, (size_t)n, fi);
}

/* The block device nodes at the top of /dev (devtmpfs puts disks and partitions there), sorted so
 * reports read well. getdents64 directly: musl's opendir allocates. */
static void scan_dev(void)
{
	char buf[4096];
	int fd = open("/dev", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ndevs = 0;
	if (fd < 0)
		return;
	for (;;) {
		long n = syscall(SYS_getdents64, fd, buf, sizeof(buf));
		if (n <= 0)
			break;
		for (long off = 0; off < n;) {
			struct dirent *d = (struct dirent *)(buf + off);
			struct stat st;
			off += d->d_reclen;
			if (d->d_type != DT_BLK && d->d_type != DT_UNKNOWN)
				continue;
			if (fstatat(fd, d->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISBLK(st.st_mode))
				continue;
			if (ndevs >= MAX_DEVS || strlen(d->d_name) + 6 > sizeof(devs[0]))
				continue;
			/* Insertion sort by name. */
			unsigned i = ndevs++;
			char name[48];
			fmt(name, sizeof(name), "/dev/%s", d->d_name);
			while (i > 0 && strcmp(devs[i - 1], name) > 0) {
				memcpy(devs[i], devs[i - 1], sizeof(devs[0]));
				i--;
			}
			memcpy(devs[i], name, sizeof(devs[0]));
		}
	}
	close(fd);
}

static int is_blk(const char *path, struct stat *st)
{
	return stat(path, st) == 0 && S_ISBLK(st->st_mode);
}

/* Does any partition of the disk at path match d? Fills out with the partition's node. */
static int match_part(const char *path, const struct devspec *d, char *out, size_t cap)
{
	unsigned ss = 512;
	long n = read_head(path, &ss);
	struct stat st;
	struct fs_info fi;

	if (n <= 0)
		return 0;
	/* A FAT or ISO filesystem starts with a boot sector that can pass for an MBR; blkid also
	 * trusts the filesystem first. A real disk with a table holds no filesystem at sector 0. */
	if (probe_fs(head, (size_t)n, &fi) == 0 && !str_eq(fi.type, "iso9660"))
		return 0;
	if (probe_parts(head, (size_t)n, ss, &ptab) < 0)
		return 0;
	for (unsigned i = 0; i < ptab.count; i++) {
		const struct part_info *p = &ptab.parts[i];
		int hit = d->kind == DEV_PARTUUID ? str_caseeq(p->partuuid, d->value)
		                                  : str_eq(p->partlabel, d->value);
		if (!hit)
			continue;
		long num = (long)p->number + d->partnroff;
		if (num < 1)
			return 0;
		dev_part_name(path, (unsigned)num, out, cap);
		return is_blk(out, &st);
	}
	return 0;
}

static int matches(const char *path, const struct devspec *d, char *out, size_t cap)
{
	struct stat st;
	struct fs_info fi;

	switch (d->kind) {
	case DEV_DEVNUM:
		if (is_blk(path, &st) && major(st.st_rdev) == d->major && minor(st.st_rdev) == d->minor) {
			em_strlcpy(out, path, cap);
			return 1;
		}
		return 0;
	case DEV_UUID:
	case DEV_LABEL:
		if (dev_probe(path, &fi) < 0)
			return 0;
		if (d->kind == DEV_UUID ? !str_caseeq(fi.uuid, d->value) : !str_eq(fi.label, d->value))
			return 0;
		if (str_eq(fi.type, "jbd"))
			return 0; /* an ext journal device shares its filesystem's UUID */
		em_strlcpy(out, path, cap);
		return 1;
	case DEV_PARTUUID:
	case DEV_PARTLABEL:
		return match_part(path, d, out, cap);
	default:
		return 0;
	}
}

static int find_now(const struct devspec *d, char *out, size_t cap)
{
	struct stat st;
	if (d->kind == DEV_PATH) {
		if (!is_blk(d->value, &st))
			return 0;
		em_strlcpy(out, d->value, cap);
		return 1;
	}
	scan_dev();
	for (unsigned i = 0; i < ndevs; i++)
		if (matches(devs[i], d, out, cap))
			return 1;
	return 0;
}

static int uevent_open(void)
{
	struct em_sockaddr_nl sa = { .nl_family = AF_NETLINK, .nl_groups = 1 /* the kernel's group */ };
	int s = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, NETLINK_KOBJECT_UEVENT);
	if (s < 0)
		return -1;
	if (bind(s, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		close(s);
		return -1;
	}
	return s;
}

/* Reads every pending uevent; returns 1 when one was about a block device (a reason to look again).
 * Messages are "ACTION@DEVPATH\0KEY=VALUE\0..." (lib/kobject_uevent.c). */
static int uevent_drain(int s)
{
	char buf[4096];
	int block = 0;
	for (;;) {
		ssize_t n = recv(s, buf, sizeof(buf) - 1, 0);
		if (n <= 0)
			break;
		buf[n] = '\0';
		for (ssize_t i = 0; i < n; i += (ssize_t)strlen(buf + i) + 1)
			if (str_eq(buf + i, "SUBSYSTEM=block")) {
				block = 1;
				log_debug("uevent: %s", buf);
			}
	}
	return block;
}

int dev_wait(const struct devspec *d, long timeout_s, const char *what, char *path, size_t cap)
{
	char desc[320];
	unsigned long start = log_ms(), last_say = start;
	int s, found;

	if (d->kind == DEV_PATH || d->kind == DEV_BIND || d->kind == DEV_NONE)
		em_strlcpy(desc, d->value, sizeof(desc));
	else if (d->kind == DEV_DEVNUM)
		fmt(desc, sizeof(desc), "%u:%u", d->major, d->minor);
	else if (d->kind == DEV_PARTUUID && d->partnroff)
		fmt(desc, sizeof(desc), "PARTUUID=%s/PARTNROFF=%d", d->value, d->partnroff);
	else
		fmt(desc, sizeof(desc), "%s=%s", spec_kind_name(d->kind), d->value);

	/* Listen before looking, so a device announced between the look and the wait is not
	 * missed. */
	s = uevent_open();
	if (s < 0)
		log_debug("uevent socket unavailable (%s); rescanning /dev instead", errstr(errno));
	for (;;) {
		found = find_now(d, path, cap);
		if (found)
			break;
		unsigned long now = log_ms();
		if (timeout_s >= 0 && now - start >= (unsigned long)timeout_s * 1000)
			break;
		if (now - last_say >= 5000) {
			if (timeout_s >= 0)
				log_info("waiting for %s %s (%lu s of %ld s)", what, desc, (now - start) / 1000, timeout_s);
			else
				log_info("waiting for %s %s (%lu s; rootwait: no limit)", what, desc, (now - start) / 1000);
			last_say = now;
		}
		/* Woken by a block uevent, or every 250 ms for the fallback rescan. */
		long left = timeout_s >= 0 ? (long)((unsigned long)timeout_s * 1000 - (now - start)) : 250;
		struct pollfd pfd = { .fd = s, .events = POLLIN };
		int ms = left < 250 ? (int)left : 250;
		if (s >= 0) {
			if (poll(&pfd, 1, ms) > 0)
				uevent_drain(s);
		} else {
			usleep((unsigned)ms * 1000);
		}
	}
	if (s >= 0)
		close(s);
	if (found) {
		log_debug("found %s %s: %s after %lu ms", what, desc, path, log_ms() - start);
		return 0;
	}
	log_err("timed out after %ld s waiting for %s %s", timeout_s, what, desc);
	dev_report();
	return -ETIMEDOUT;
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
	for (unsigned i = 0; i < ndevs; i++) {
		char line[512];
		struct sbuf sb;
		struct fs_info fi;
		unsigned ss = 512;
		long n = read_head(devs[i], &ss);

		sb_init(&sb, line, sizeof(line));
		sb_printf(&sb, "  %s:", devs[i]);
		if (n < 0) {
			sb_printf(&sb, " unreadable (%s)", errstr((int)-n));
		} else if (probe_fs(head, (size_t)n, &fi) == 0) {
			sb_printf(&sb, " %s", fi.type);
			if (fi.uuid[0])
				sb_printf(&sb, " UUID=%s", fi.uuid);
			if (fi.label[0])
				sb_printf(&sb, " LABEL=\"%s\"", fi.label);
		} else if (probe_parts(head, (size_t)n, ss, &ptab) == 0) {
			sb_printf(&sb, " partition table %s PTUUID=%s", ptab.type, ptab.ptuuid);
			log_err("%s", line);
			for (unsigned j = 0; j < ptab.count; j++) {
				char pn[64];
				dev_part_name(devs[i], ptab.parts[j].number, pn, sizeof(pn));
				sb_init(&sb, line, sizeof(line));
				sb_printf(&sb, "    %s: PARTUUID=%s", pn, ptab.parts[j].partuuid);
				if (ptab.parts[j].partlabel[0])
					sb_printf(&sb, " PARTLABEL=\"%s\"", ptab.parts[j].partlabel);
				log_err("%s", line);
			}
			continue;
		} else {
			sb_puts(&sb, n == 0 ? " empty (no medium?)" : " no known filesystem or partition table");
		}
		log_err("%s", line);
	}
}
