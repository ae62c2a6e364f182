/* SPDX-License-Identifier: MIT */
/* The loop device of earlymount.rootimage=: an image file attached read-only, detached by the
 * kernel once nothing uses it. */
#define _GNU_SOURCE
#include "loopdev.h"
#include "log.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* include/uapi/linux/loop.h (musl-gcc does not see the kernel's headers). The numbers are the
 * same on every architecture: plain 0x4Cxx, not _IOW-encoded. */
#define EM_LOOP_SET_FD 0x4C00
#define EM_LOOP_CLR_FD 0x4C01
#define EM_LOOP_SET_STATUS64 0x4C04
#define EM_LOOP_CONFIGURE 0x4C0A /* 5.8 */
#define EM_LOOP_CTL_GET_FREE 0x4C82
#define EM_LO_FLAGS_READ_ONLY 1
#define EM_LO_FLAGS_AUTOCLEAR 4
#define EM_LO_FLAGS_DIRECT_IO 16

struct em_loop_info64 {
	uint64_t lo_device, lo_inode, lo_rdevice, lo_offset, lo_sizelimit;
	uint32_t lo_number, lo_encrypt_type, lo_encrypt_key_size, lo_flags;
	uint8_t lo_file_name[64], lo_crypt_name[64], lo_encrypt_key[32];
	uint64_t lo_init[2];
};
struct em_loop_config {
	uint32_t fd, block_size;
	struct em_loop_info64 info;
	uint64_t reserved[8];
};
_Static_assert(sizeof(struct em_loop_config) == 304, "struct loop_config is 304 bytes in the UAPI");

int loop_attach_ro(int filefd, const char *name, char *dev, size_t cap, const char **step)
{
	int ctl = open("/dev/loop-control", O_RDWR | O_CLOEXEC), r = 0;

	*step = "open /dev/loop-control";
	if (ctl < 0)
		return -errno;
	/* Another process may take the free device between the question and the attach (EBUSY):
	 * ask again, as util-linux's loopcxt_setup_device does. */
	for (int tries = 0; tries < 16; tries++) {
		int n = ioctl(ctl, EM_LOOP_CTL_GET_FREE);
		*step = "LOOP_CTL_GET_FREE";
		if (n < 0) {
			r = -errno;
			break;
		}
		fmt(dev, cap, "/dev/loop%d", n);
		/* The node comes from devtmpfs, made before GET_FREE returns (devtmpfs_create_node
		 * waits for it). Opened read-only, the loop device is read-only as well
		 * (drivers/block/loop.c loop_configure: no FMODE_WRITE -> LO_FLAGS_READ_ONLY). */
		int lfd = open(dev, O_RDONLY | O_CLOEXEC);
		*step = "open the loop device";
		if (lfd < 0) {
			r = -errno;
			break;
		}
		struct em_loop_config c;
		memset(&c, 0, sizeof(c));
		c.fd = (uint32_t)filefd;
		c.info.lo_flags = EM_LO_FLAGS_READ_ONLY | EM_LO_FLAGS_AUTOCLEAR | EM_LO_FLAGS_DIRECT_IO;
		em_strlcpy((char *)c.info.lo_file_name, name, sizeof(c.info.lo_file_name));
		*step = "LOOP_CONFIGURE";
		r = ioctl(lfd, EM_LOOP_CONFIGURE, &c) < 0 ? -errno : 0;
		if (r == -EINVAL || r == -ENOTTY) {
			/* Before 5.8: LOOP_SET_FD (read-only by the fds' modes), then the flags that
			 * LOOP_SET_STATUS64 can set (autoclear; direct I/O has its own ioctl, left out),
			 * with the same name as LOOP_CONFIGURE's info. */
			*step = "LOOP_SET_FD";
			r = ioctl(lfd, EM_LOOP_SET_FD, filefd) < 0 ? -errno : 0;
			if (r == 0) {
				c.info.lo_flags = EM_LO_FLAGS_AUTOCLEAR;
				*step = "LOOP_SET_STATUS64";
				if (ioctl(lfd, EM_LOOP_SET_STATUS64, &c.info) < 0) {
					r = -errno;
					ioctl(lfd, EM_LOOP_CLR_FD, 0);
				}
			}
		}
		if (r == 0) {
			close(ctl);
			log_debug("%s: attached %s read-only", dev, name);
			return lfd;
		}
		close(lfd);
		if (r != -EBUSY)
			break;
	}
	close(ctl);
	return r;
}
