/* SPDX-License-Identifier: MIT */
/* Constants and structures of the new mount API and friends.  musl's headers do not see
 * <linux/mount.h> and must not be mixed with <sys/mount.h>, so the project defines what it needs
 * here, each guarded so a libc that has it wins. Values: include/uapi/linux/mount.h. */
#ifndef EM_COMPAT_H
#define EM_COMPAT_H
#include <stdint.h>

/* No system call number is defined here: each architecture numbers the calls its own way
 * (finit_module is 313 on x86-64, 273 on arm64, 379 on 32-bit arm), so they come from the
 * target's libc headers (<sys/syscall.h>: musl 1.2.3 and glibc 2.36 have every SYS_ earlymount
 * calls). An older libc without one fails to compile, rather than calling some other system call
 * on another architecture. */

#ifndef FSOPEN_CLOEXEC
#define FSOPEN_CLOEXEC 0x00000001
#endif
#ifndef FSMOUNT_CLOEXEC
#define FSMOUNT_CLOEXEC 0x00000001
#endif
#ifndef OPEN_TREE_CLONE
#define OPEN_TREE_CLONE 1
#endif
#ifndef OPEN_TREE_CLOEXEC
#define OPEN_TREE_CLOEXEC 02000000 /* O_CLOEXEC */
#endif
#ifndef AT_RECURSIVE
#define AT_RECURSIVE 0x8000
#endif
#ifndef AT_EMPTY_PATH
#define AT_EMPTY_PATH 0x1000
#endif
#ifndef MOVE_MOUNT_F_EMPTY_PATH
#define MOVE_MOUNT_F_EMPTY_PATH 0x00000004
#endif
#ifndef MOVE_MOUNT_T_EMPTY_PATH
#define MOVE_MOUNT_T_EMPTY_PATH 0x00000040
#endif

enum {
	EM_FSCONFIG_SET_FLAG = 0,
	EM_FSCONFIG_SET_STRING = 1,
	EM_FSCONFIG_SET_BINARY = 2,
	EM_FSCONFIG_SET_PATH = 3,
	EM_FSCONFIG_SET_PATH_EMPTY = 4,
	EM_FSCONFIG_SET_FD = 5,
	EM_FSCONFIG_CMD_CREATE = 6,
	EM_FSCONFIG_CMD_RECONFIGURE = 7,
};

#define EM_MOUNT_ATTR_RDONLY 0x00000001ULL
#define EM_MOUNT_ATTR_NOSUID 0x00000002ULL
#define EM_MOUNT_ATTR_NODEV 0x00000004ULL
#define EM_MOUNT_ATTR_NOEXEC 0x00000008ULL
#define EM_MOUNT_ATTR__ATIME 0x00000070ULL
#define EM_MOUNT_ATTR_RELATIME 0x00000000ULL
#define EM_MOUNT_ATTR_NOATIME 0x00000010ULL
#define EM_MOUNT_ATTR_STRICTATIME 0x00000020ULL
#define EM_MOUNT_ATTR_NODIRATIME 0x00000080ULL
#define EM_MOUNT_ATTR_NOSYMFOLLOW 0x00200000ULL

/* Propagation values are the MS_* flags mount_setattr takes in mount_attr.propagation. */
#define EM_MS_UNBINDABLE (1UL << 17)
#define EM_MS_PRIVATE (1UL << 18)
#define EM_MS_SLAVE (1UL << 19)
#define EM_MS_SHARED (1UL << 20)
/* mount(2)'s nosymfollow (Linux 5.10, as MOUNT_ATTR_NOSYMFOLLOW): older headers lack it. */
#define EM_MS_NOSYMFOLLOW 256UL

struct em_mount_attr {
	uint64_t attr_set;
	uint64_t attr_clr;
	uint64_t propagation;
	uint64_t userns_fd;
};

struct em_open_how {
	uint64_t flags;
	uint64_t mode;
	uint64_t resolve;
};
/* The kernel takes both by size (copy_struct_from_user): only fixed-width fields, so the same on
 * every architecture, and the sizes are the UAPI's first versions. */
_Static_assert(sizeof(struct em_mount_attr) == 32, "MOUNT_ATTR_SIZE_VER0 is 32");
_Static_assert(sizeof(struct em_open_how) == 24, "OPEN_HOW_SIZE_VER0 is 24");
#define EM_RESOLVE_NO_MAGICLINKS 0x02
#define EM_RESOLVE_IN_ROOT 0x10

#ifndef MODULE_INIT_COMPRESSED_FILE
#define MODULE_INIT_COMPRESSED_FILE 4
#endif

#ifndef RAMFS_MAGIC
#define RAMFS_MAGIC 0x858458f6
#endif
#ifndef TMPFS_MAGIC
#define TMPFS_MAGIC 0x01021994
#endif


/* Netlink bits from <linux/netlink.h>, which musl-gcc does not see. Block ioctls (BLKGETSIZE64,
 * BLKSSZGET) are not here: <sys/mount.h> of both musl and glibc builds them with _IO/_IOR, right
 * for every architecture (see blkread.c). */
#ifndef NETLINK_KOBJECT_UEVENT
#define NETLINK_KOBJECT_UEVENT 15
#endif
struct em_sockaddr_nl {
	unsigned short nl_family;
	unsigned short nl_pad;
	uint32_t nl_pid;
	uint32_t nl_groups;
};
_Static_assert(sizeof(struct em_sockaddr_nl) == 12, "struct sockaddr_nl is 12 bytes in the UAPI");

#endif
