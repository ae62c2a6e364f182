/* SPDX-License-Identifier: MIT */
/* Splits a mount option string the way the new mount API wants it: per-mount attributes
 * (MOUNT_ATTR_*), propagation, userspace-only words that never reach the kernel, and everything
 * else as filesystem parameters for fsconfig(). Pure: no syscalls. */
#ifndef EM_OPTIONS_H
#define EM_OPTIONS_H
#include <stddef.h>
#include <stdint.h>

/* A mount's options are held to what the kernel hands a filesystem: one page of data with its NUL
 * (mount(2) copies a page, fs/namespace.c copy_mount_options, and path_mount ends it at
 * PAGE_SIZE - 1; the kernel's own root mount copies rootflags= into a page, init/do_mounts.c
 * do_mount_root). 4 KiB pages: x86-64, and arm64 as Debian builds it. The buffer is that page;
 * earlymount.mount='s WHERE, which spec.c keeps in front of the options, takes from it. */
#define OPT_BUF 4096
#define OPT_DATA_MAX (OPT_BUF - 1)
#define OPT_MAX_PARAMS 32
/* fsconfig() copies a key and a string value with strndup_user(.., 256) and fails with EINVAL
 * beyond (fs/fsopen.c): at most 255 bytes each. A longer one goes to mount(2) instead. */
#define FSCONFIG_VALUE_MAX 256

struct fsparam {
	const char *key;
	const char *value; /* NULL: fsconfig(SET_FLAG, key); else SET_STRING */
	int quoted;        /* the value was written in double quotes (removed here, as libmount does) */
};

struct optset {
	size_t used;       /* bytes of buf in use */
	size_t data;       /* bytes of option text added, joined with ',' (at most OPT_DATA_MAX) */
	unsigned attr_set; /* MOUNT_ATTR_* to set (all fit in 32 bits, as struct mount_attr's u64 holds them) */
	unsigned attr_clr; /* MOUNT_ATTR_* to clear (binds; atime modes need MOUNT_ATTR__ATIME) */
	unsigned propagation; /* MS_PRIVATE/MS_SHARED/MS_SLAVE/MS_UNBINDABLE, or 0 */
	int ro;               /* -1 not said, 0 rw, 1 ro (the last one said wins) */
	int recursive;        /* rbind or r<propagation> */
	int nofail;           /* a failure of this mount is not fatal */
	const char *device_timeout; /* x-systemd.device-timeout= (used under --rules systemd), or NULL */
	unsigned nparams;
	struct fsparam params[OPT_MAX_PARAMS];
	char buf[OPT_BUF]; /* private copy of the option text, split in place */
};

/* The index of w among the words packed one after the other in list, ended by an empty word, as
 * eq compares them (eq(w, word): str_eq, str_caseeq, param_eq, str_startswith); -1 when none is. */
int word_index(const char *list, const char *w, int (*eq)(const char *, const char *));

void options_init(struct optset *o);
/* Adds the options in text (comma-separated; may be NULL or empty) to o. Returns 0, -EINVAL with a
 * message in err naming the option and why it is refused, or -E2BIG when the options together pass
 * a page (OPT_DATA_MAX), the message saying how long they are (not quoting them). A comma inside double quotes does
 * not separate (libmount's ul_optstr_next, the kernel's SELinux opt_len), and a value wholly in
 * double quotes loses them (libmount's optlist_new_opt) before it reaches fsconfig(). */
int options_add(struct optset *o, const char *text, char *err, size_t errlen);

/* The first parameter of o that fsconfig() cannot take (a key or a value over FSCONFIG_VALUE_MAX - 1
 * bytes), NULL when every one fits: such a mount goes through mount(2), whose data is a page. */
const struct fsparam *options_fsconfig_misfit(const struct optset *o);

/* Copies src to dst with dst's parameters pointing into dst's own buffer (a plain struct copy
 * would leave them pointing into src's). dst and src must not overlap. */
void options_copy(struct optset *dst, const struct optset *src);
/* Whether the filesystem's options hold the flag key (no value): "degraded", which btrfs takes as
 * BTRFS_MOUNT_DEGRADED (fs/btrfs/super.c), read_one_dev's leave for a device to be missing. */
int options_has_flag(const struct optset *o, const char *key);
/* MOUNT_ATTR_* flags -> "MOUNT_ATTR_RDONLY|MOUNT_ATTR_NOATIME" ("0" when none). An atime mode is
 * named when clr has MOUNT_ATTR__ATIME (relatime is the value 0, so it needs that to show). */
void options_attr_names(uint64_t set, uint64_t clr, char *buf, size_t cap);
/* MS_* propagation -> "MS_PRIVATE", "MS_SHARED", "MS_SLAVE", "MS_UNBINDABLE" ("" for any other). */
const char *options_propagation_name(uint64_t prop);

/* For the mount(2) fallback: the MS_* flags for the attributes and the VFS superblock flags among
 * the parameters, and the remaining parameters joined as "k=v,k" for the data argument (a value
 * that was quoted is quoted again, as libmount does, so its commas stay inside it).
 * Returns 0 or -E2BIG when data does not fit. */
int options_legacy(const struct optset *o, unsigned long *msflags, char *data, size_t cap);

#endif
