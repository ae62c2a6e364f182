/* SPDX-License-Identifier: MIT */
/* Mounting one entry of the plan: its device waited for and probed, the types tried in turn with
 * its options, and what failed said with the kernel's own message. The root, /usr, the extra
 * mounts (mountplan.c) and the layers of a layered root (layers.c) all go through here. */
#define _GNU_SOURCE
#include "mountentry.h"
#include "devices.h"
#include "fstypes.h"
#include "log.h"
#include "modload.h"
#include "mountapi.h"
#include "options.h"
#include "plan.h"
#include "resolve.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <unistd.h>

/* "mount /dev/vda on /sysroot as xfs failed: Invalid argument; kernel: xfs: ..."; without a type,
 * a bind's: "bind /srv on /sysroot/srv failed: ..." */
static void mount_describe(char *buf, size_t cap, const char *src, const char *tgt, const char *type, int r,
                           const struct mnt_err *e)
{
	struct sbuf sb;
	sb_init(&sb, buf, cap);
	sb_printf(&sb, "%s %s on %s%s%s failed: %s", type ? "mount" : "bind", src, tgt, type ? " as " : "",
	          type ? type : "", errstr(-r));
	if (e->kmsg[0])
		sb_printf(&sb, "; kernel: %s", e->kmsg);
	else if (e->step[0])
		sb_printf(&sb, " (at %s)", e->step);
	if (r == -ENODEV && type && (str_eq(e->step, "fsopen") || str_eq(e->step, "mount(2)")))
		sb_printf(&sb, "; this kernel has no %s filesystem: put its module in the initramfs "
		          "(earlymount-mkinitramfs --fs %s) or load it (earlymount.modules=%s)", type, type, type);
}

void mount_log_failure(const char *src, const char *tgt, const char *type, int r, const struct mnt_err *e)
{
	char msg[640];

	mount_describe(msg, sizeof(msg), src, tgt, type, r, e);
	log_err("%s", msg);
}

/* The device node the last mount_one found (for mount_on's caller). */
static char last_dev[128];

/* What the messages call an entry's device, and where its type is named, by role. */
static const struct {
	const char *device;    /* what a wait for it says it waits for */
	const char *type_from; /* the parameter that names its type, for a device that needs it */
	const char *type_hint; /* the same, for a device no type probed or tried took */
	const char *degraded;  /* how its options take "degraded" (a btrfs with a member missing) */
} roles[] = {
	[ROLE_ROOT] = { "root device", "rootfstype=", "rootfstype=", "rootflags=degraded" },
	[ROLE_USR] = { "/usr device", "mount.usrfstype=", "its FSTYPE", "mount.usrflags=degraded" },
	[ROLE_EXTRA] = { "device", "WHAT:WHERE:FSTYPE", "its FSTYPE", "degraded to its OPTIONS" },
	[ROLE_LAYER] = { "overlay device", "WHAT:WHERE:FSTYPE", "its FSTYPE", "degraded to its options" },
};

/* The device of m, awaited: dev_wait, then the other members of a multi-device btrfs
 * (dev_btrfs_members). A nofail mount's device that does not come is a warning that names the
 * mount and the device, and -ETIMEDOUT: the caller goes on without it (mountplan.c). */
static int await_device(const struct mount_entry *m, const char *src, const char *tgt)
{
	unsigned long start = log_ms();
	int r = dev_wait(&m->src, src, m->wait_s, roles[m->role].device, m->opts.nofail, last_dev, sizeof(last_dev));
	if (r == -ETIMEDOUT && m->opts.nofail)
		log_warn("%s=%s on %s: nofail: its device did not appear within %ld s (%s); going on without it",
		         m->param, src, tgt, m->wait_s, m->wait_from);
	if (r < 0)
		return r;
	/* The members share the device's deadline, as systemd's device units start their timeouts
	 * together; after a wait without one (rootwait) theirs starts now. */
	if (m->wait_s < 0)
		start = log_ms();
	return dev_btrfs_members(last_dev, start, m->members_wait_s, options_has_flag(&m->opts, "degraded"), tgt,
	                         roles[m->role].degraded);
}

/* BLKROGET: 1 when the block device is read-only (a write-protected card, a read-only loop
 * device, QEMU's readonly=on), 0 when writable, -errno when it cannot be asked. */
static int dev_readonly(const char *dev)
{
	int ro = 0, fd = open(dev, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (ioctl(fd, BLKROGET, &ro) < 0)
		ro = -errno;
	close(fd);
	return ro;
}

/* The parameter that names the root's external journal (dracut's root.journaldev=) for a type:
 * dracut's mount-root.sh adds logdev= for xfs; ext3/ext4 name an external journal by path with
 * journal_path= (the superblock keeps only its old device number). NULL for other types. */
static const char *journal_key(const char *type)
{
	static const struct {
		const char *type, *key;
	} keys[] = { { "xfs", "logdev" }, { "ext4", "journal_path" }, { "ext3", "journal_path" } };
	for (size_t i = 0; i < ARRAY_SIZE(keys); i++)
		if (str_eq(type, keys[i].type))
			return keys[i].key;
	return NULL;
}

/* One type: the mount with the entry's options, plus dracut's root.journaldev= for the root. A
 * rw mount that a write-protected device refuses is retried read-only with a warning, as the
 * kernel does for its root (init/do_mounts.c mount_root_generic: after every type failed with
 * EACCES or EINVAL it tries them all again with SB_RDONLY) and mount(8) for a mount that did not
 * say rw (libmount: "WARNING: source write-protected, mounted read-only"). Only when the device
 * says it is read-only (BLKROGET): an EACCES of another cause (an LSM, a permission) is reported
 * as it is, never hidden behind a read-only mount. */
static int mount_type(const struct plan *p, const struct mount_entry *m, const char *dev,
                      const struct mnt_target *t, const char *type, struct mnt_err *e)
{
	static struct optset o;
	int r;

	o = m->opts;
	if (m->role == ROLE_ROOT && p->journaldev && p->journaldev[0] && o.nparams < OPT_MAX_PARAMS) {
		const char *key = journal_key(type);
		if (key) {
			o.params[o.nparams].key = key;
			o.params[o.nparams++].value = p->journaldev;
		}
	}
	r = mnt_new(type, dev, &o, t, e);
	if ((r == -EACCES || r == -EROFS) && o.ro != 1 && (m->role == ROLE_ROOT || o.ro == -1) &&
	    dev_readonly(dev) == 1) {
		log_warn("%s is write-protected: mounting it on %s read-only although %s (as the kernel "
		         "and mount(8) do)", dev, t->display,
		         o.ro == 0 ? "rw was asked" : "read-write is the default");
		o.ro = 1;
		r = mnt_new(type, dev, &o, t, e);
	}
	return r;
}

/* Mounts a device with each type of a comma list in turn (the entry's, or the probed type), each
 * type's module loaded when its turn comes; the first that works wins, as the kernel does with
 * rootfstype=. When none does, each failure is logged (the first three and the last). */
static int mount_types(const struct plan *p, const struct mount_entry *m, const char *dev,
                       const struct mnt_target *t, const char *types)
{
	char type[sizeof(m->fstypes)], msgs[4][640];
	unsigned nmsg = 0;
	struct mnt_err e;
	int r = -EINVAL;

	while (fst_next(&types, type, sizeof(type))) {
		/* A generic image's filesystem module (alias fs-TYPE): an xfs root never loads ext4. */
		(void)modules_fs(type, dev);
		r = mount_type(p, m, dev, t, type, &e);
		if (r == 0) {
			log_info("mounted %s on %s (%s)", dev, t->display, type);
			return 0;
		}
		mount_describe(msgs[nmsg < 4 ? nmsg : 3], sizeof(msgs[0]), dev, t->display, type, r, &e);
		if (nmsg < 4)
			nmsg++;
	}
	for (unsigned i = 0; i < nmsg; i++)
		log_err("%s", msgs[i]);
	return r;
}

/* The kernel's filesystems that need a device (the lines of /proc/filesystems without "nodev"),
 * tried in that order when no type is given and none probed: as the kernel does for its root, it
 * goes on while they answer EINVAL or EACCES ("not mine") and stops at any other error
 * (init/do_mounts.c get_filesystem_list, mount_root_generic). The list is read now, after every
 * filesystem module of a generic image loaded, so that those count. */
static int mount_kernel_types(const struct plan *p, const struct mount_entry *m, const char *dev,
                              const struct mnt_target *t)
{
	static char list[4096];
	char last[640], tried[512];
	const char *how = roles[m->role].type_hint;
	struct sbuf sb;
	struct mnt_err e;
	int r = -ENODEV, n = 0;
	long len;

	modules_fs_all(dev);
	len = read_file(AT_FDCWD, "/proc/filesystems", list, sizeof(list));
	if (len == -EFBIG) {
		log_warn("/proc/filesystems is longer than %zu bytes: trying the types in its first %zu",
		         sizeof(list) - 1, sizeof(list) - 1);
		char *nl = strrchr(list, '\n');
		if (nl)
			nl[1] = '\0';
	} else if (len < 0) {
		log_err("mount %s on %s failed: no known filesystem on it, and reading /proc/filesystems "
		        "for the kernel's list failed: %s; name the type with %s", dev, t->display,
		        errstr((int)-len), how);
		return (int)len;
	}
	sb_init(&sb, tried, sizeof(tried));
	for (char *type = list, *next; *type; type = next) {
		next = type + strcspn(type, "\n");
		if (*next)
			*next++ = '\0';
		if (str_startswith(type, "nodev"))
			continue;
		while (*type == '\t' || *type == ' ')
			type++;
		if (!*type)
			continue;
		r = mount_type(p, m, dev, t, type, &e);
		if (r == 0) {
			log_info("mounted %s on %s (%s: the first of the kernel's filesystems in /proc/filesystems "
			         "that took it)", dev, t->display, type);
			return 0;
		}
		log_debug("%s as %s: %s", dev, type, errstr(-r));
		if (n++)
			sb_puts(&sb, ", ");
		sb_puts(&sb, type);
		if (r != -EINVAL && r != -EACCES) {
			mount_describe(last, sizeof(last), dev, t->display, type, r, &e);
			log_err("%s (trying the kernel's filesystems in turn; tried %s)", last, tried);
			return r;
		}
	}
	if (sb.overflow)
		sb_puts(&sb, "...");
	log_err("mount %s on %s failed: no known filesystem on it, and none of the kernel's %d "
	        "block filesystems took it (tried %s); load the module of its filesystem "
	        "(earlymount.modules=) or name the type with %s", dev, t->display, n,
	        n ? tried : "none: /proc/filesystems lists none", how);
	return r;
}

/* Mounts a device: with the entry's types, else the type its superblock names, else the kernel's
 * filesystems in turn. */
static int mount_device(const struct plan *p, const struct mount_entry *m, const char *dev,
                        const struct mnt_target *t)
{
	struct fs_info fi;
	int r;

	if (m->fstypes[0] && m->src.kind == DEV_NONE) /* not a device: "tmpfs", a share's tag */
		return mount_types(p, m, dev, t, m->fstypes);
	r = dev_probe(dev, &fi);
	/* The same decision as earlymount check's (fstypes.c). */
	switch (fst_decide(m->fstypes, r, &fi)) {
	case FST_MEMBER:
		/* A member is never mounted: mounting a mirror's member lets it diverge, and a LUKS
		 * or LVM volume is no filesystem at all. */
		log_err("mount %s on %s refused: %s is %s (%s)", dev, t->display, dev, probe_unmountable_why(&fi),
		        fi.type);
		return -EMEDIUMTYPE;
	case FST_LIST:
		return mount_types(p, m, dev, t, m->fstypes);
	case FST_KERNEL:
		return mount_kernel_types(p, m, dev, t);
	case FST_UNREADABLE:
		/* Naming a type would not help a device that cannot be read. */
		log_err("mount %s on %s failed: reading its superblock: %s", dev, t->display, errstr(-r));
		return r;
	case FST_JOURNAL:
		log_err("mount %s on %s failed: it is an ext journal device, not a filesystem; "
		        "name the type with %s", dev, t->display, roles[m->role].type_from);
		return -EINVAL;
	case FST_AMBIVALENT:
		/* Which one is stale cannot be told from the signatures: mounting the wrong one
		 * rw would write over the other. */
		log_err("mount %s on %s refused: %s holds two filesystem signatures, %s and %s, and one "
		        "of them is stale; name the type with %s, or remove the stale one (wipefs)",
		        dev, t->display, dev, fi.type, fi.also, roles[m->role].type_from);
		return -EMEDIUMTYPE;
	case FST_PROBED:
		break;
	}
	log_debug("%s: probed type %s", dev, fi.type);
	return mount_types(p, m, dev, t, fi.type);
}

/* The mount point of m as an O_PATH fd in t (t->path ""): the directory sysroot itself (rootfd
 * < 0), or m->target resolved inside the new root rootfd. src and tgt name the mount in messages.
 * 0, or -errno after logging. */
static int open_target(const struct mount_entry *m, int rootfd, const char *sysroot, const char *src,
                       const char *tgt, struct mnt_target *t)
{
	int fd;

	t->display = tgt;
	t->path = "";
	if (rootfd < 0) {
		/* The sysroot as a directory fd, symlinks followed as mount(8) and mount(2) follow
		 * them: move_mount does not follow a symlink at the target's last component without
		 * MOVE_MOUNT_T_SYMLINKS, and an fd with MOVE_MOUNT_T_EMPTY_PATH needs no flag that
		 * older kernels lack. */
		fd = open_dir(sysroot);
		if (fd < 0) {
			log_err("mount %s on %s failed: opening the mount point: %s", src, tgt, errstr(-fd));
			return fd;
		}
		t->dirfd = fd;
		return 0;
	}
	/* Resolved inside the new root: a symlink in it cannot send the mount elsewhere. */
	fd = resolve_in_root(rootfd, m->target, 1);
	if (fd < 0) {
		log_err("mount %s on %s failed: the mount point %s in the new root: %s", src, tgt, m->target,
		        errstr(-fd));
		return fd;
	}
	/* A link such as /usr -> / resolves to the new root itself: mounting there would cover the
	 * whole root, so refuse. */
	if (same_inode(fd, rootfd)) {
		log_err("mount %s on %s failed: the mount point %s resolves to the new root itself "
		        "(a symbolic link in it?)", src, tgt, m->target);
		close(fd);
		return -ELOOP;
	}
	t->dirfd = fd;
	return 0;
}

/* A bind of m's source, a path inside the new root rootfd, on t. */
static int mount_bind(const struct mount_entry *m, int rootfd, const char *src, const struct mnt_target *t)
{
	struct mnt_err e;
	int r, sfd = resolve_in_root(rootfd, m->src.value, 0);

	if (sfd < 0) {
		log_err("bind %s on %s failed: the source %s in the new root: %s", src, t->display, m->src.value,
		        errstr(-sfd));
		return sfd;
	}
	r = mnt_bind(sfd, "", &m->opts, t, &e);
	close(sfd);
	if (r < 0)
		mount_log_failure(src, t->display, NULL, r, &e);
	else
		log_info("bound %s on %s", src, t->display);
	return r;
}

/* Mounts m on the mount point m->target inside the new root rootfd, or, with rootfd < 0, on the
 * directory sysroot itself (the root, and the layers of a layered root). */
static int mount_one(const struct plan *p, const struct mount_entry *m, int rootfd, const char *sysroot)
{
	char tgt[512], src[320];
	struct mnt_target t;
	int r;

	plan_target_path(m, sysroot, tgt, sizeof(tgt));
	plan_source_text(&m->src, src, sizeof(src));
	last_dev[0] = '\0';
	if ((r = open_target(m, rootfd, sysroot, src, tgt, &t)) < 0)
		return r;
	if (m->bind)
		r = mount_bind(m, rootfd, src, &t);
	else if (m->src.kind == DEV_NONE)
		r = mount_device(p, m, m->src.value, &t);
	else if ((r = await_device(m, src, tgt)) == 0)
		r = mount_device(p, m, last_dev, &t);
	close(t.dirfd);
	return r;
}

int mount_on(const struct plan *p, const struct mount_entry *m, const char *dir, char *dev, size_t cap)
{
	int r = mount_one(p, m, -1, dir);
	if (dev)
		em_strlcpy(dev, last_dev, cap);
	return r;
}

int mount_in_root(const struct plan *p, const struct mount_entry *m, int rootfd, const char *sysroot)
{
	return mount_one(p, m, rootfd, sysroot);
}
