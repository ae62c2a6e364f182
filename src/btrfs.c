/* SPDX-License-Identifier: MIT */
/* Registering a member of a multi-device btrfs with the kernel (BTRFS_IOC_SCAN_DEV), as udev's
 * btrfs builtin does. */
#define _GNU_SOURCE
#include "btrfs.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* From the kernel's include/uapi/linux/btrfs.h, which musl-gcc does not see. The number is built
 * with this libc's _IOW, so it is right on every architecture (the direction bits and the size
 * field differ on ppc, mips and sparc). */
#define EM_BTRFS_IOCTL_MAGIC 0x94
#define EM_BTRFS_PATH_NAME_MAX 4087
struct em_btrfs_ioctl_vol_args {
	int64_t fd;
	char name[EM_BTRFS_PATH_NAME_MAX + 1];
};
_Static_assert(sizeof(struct em_btrfs_ioctl_vol_args) == 4096, "btrfs_ioctl_vol_args is 4 KiB");
#define EM_BTRFS_IOC_SCAN_DEV _IOW(EM_BTRFS_IOCTL_MAGIC, 4, struct em_btrfs_ioctl_vol_args)

int btrfs_register(const char *path)
{
	static struct em_btrfs_ioctl_vol_args args;
	int fd, r = 0;

	fd = open("/dev/btrfs-control", O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/* Static, so fd is 0; the kernel reads name up to its NUL (btrfs_control_ioctl), whatever
	 * an earlier, longer path left after it. */
	em_strlcpy(args.name, path, sizeof(args.name)); /* every path fits: see btrfs.h */
	/* The kernel reads the member's superblock and adds it to its list of devices for that
	 * fsid (btrfs_control_ioctl -> btrfs_scan_one_device). */
	if (ioctl(fd, EM_BTRFS_IOC_SCAN_DEV, &args) < 0)
		r = -errno;
	close(fd);
	return r;
}
