/* SPDX-License-Identifier: MIT */
/* Multi-device btrfs: the kernel assembles a filesystem only from members it has been told about.
 * Without udev, earlymount tells it, as udev's 64-btrfs.rules does for dracut. */
#ifndef EM_BTRFS_H
#define EM_BTRFS_H

/* Registers the btrfs member at path with the kernel: BTRFS_IOC_SCAN_DEV on /dev/btrfs-control
 * (which exists once the btrfs module is loaded). 0 or -errno (-ENOENT: no /dev/btrfs-control).
 * path is shorter than the ioctl's 4088 bytes: dev_probe's callers hand it a node of /dev (at most
 * 261 bytes), a devspec's value (256) or a 128-byte buffer. */
int btrfs_register(const char *path);

#endif
