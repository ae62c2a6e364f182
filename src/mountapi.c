/* SPDX-License-Identifier: MIT */
/* Mounting through the new mount API: a filesystem context configured parameter by parameter, a
 * detached mount with its attributes, attached last; the kernel's own messages read back from the
 * context; mount(2) where the kernel has no new API. */
#define _GNU_SOURCE
#include "mountapi.h"
#include "compat.h"
#include "log.h"
#include "syscalls.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

/* Said once per boot: which parts of the new API this kernel lacks. */
static int warned_fsopen, warned_setattr;

static void fallback_note(int *flag, const char *what)
{
	if (!*flag)
		log_warn("%s: not available in this kernel (ENOSYS); falling back to mount(2)", what);
	*flag = 1;
}

/* Reads the fs context's message queue until it is empty (read() gives one message per call and
 * -1/ENODATA at the end; fs/fsopen.c fscontext_read). "e " lines are errors, "w " warnings,
 * "i " information. Errors are collected for the caller; warnings and information are logged. */
void mnt_drain(int fd, struct mnt_err *e)
{
	struct sbuf sb;
	char msg[1024];

	sb_init(&sb, e->kmsg, sizeof(e->kmsg));
	for (int i = 0; i < 16; i++) {
		ssize_t n = read(fd, msg, sizeof(msg) - 1);
		if (n <= 0)
			break;
		while (n > 0 && msg[n - 1] == '\n')
			n--;
		msg[n] = '\0';
		/* the text after the "e "/"w "/"i " tag (a line without one is taken as an error) */
		const char *text = n >= 2 && msg[1] == ' ' ? msg + 2 : msg;
		if (text != msg && msg[0] != 'e') {
			elog(msg[0] == 'w' ? L_WARN : L_INFO, "kernel: %s", text);
			continue;
		}
		if (sb.len)
			sb_puts(&sb, "; ");
		sb_puts(&sb, text);
	}
}

static int fail(struct mnt_err *e, int fd, const char *step)
{
	int err = errno;
	e->step = step;
	if (fd >= 0)
		mnt_drain(fd, e);
	return -err;
}

static unsigned attrs_set(const struct optset *o)
{
	uint64_t a = o->attr_set;
	if (o->ro == 1)
		a |= EM_MOUNT_ATTR_RDONLY;
	return (unsigned)a;
}

const char *mnt_fd_link(char link[MNT_FD_LINK], int fd)
{
	fmt(link, MNT_FD_LINK, "/proc/self/fd/%d", fd);
	return link;
}

ssize_t mnt_fd_path(int fd, char *buf, size_t cap)
{
	char link[MNT_FD_LINK];
	ssize_t n = readlink(mnt_fd_link(link, fd), buf, cap - 1);

	if (n <= 0) {
		em_strlcpy(buf, link, cap);
		return -1;
	}
	buf[n] = '\0';
	return n;
}

/* The target as a path for mount(2). A dirfd becomes the path the kernel reports for it: going
 * through the /proc/self/fd/N link itself would name the directory *under* a mount made there, so
 * a remount or propagation change after the mount would miss it (EINVAL: not a mount root), while
 * a path string is walked down into the mount on top. */
static void legacy_path(const struct mnt_target *t, char *buf, size_t cap)
{
	size_t n;

	if (t->dirfd == AT_FDCWD) {
		em_strlcpy(buf, t->path, cap);
		return;
	}
	(void)mnt_fd_path(t->dirfd, buf, cap);
	n = strlen(buf);
	if (t->path[0])
		fmt(buf + n, cap - n, "/%s", t->path);
}

static int legacy_propagate(const char *path, const struct optset *o, struct mnt_err *e)
{
	if (o->propagation &&
	    mount(NULL, path, NULL, (unsigned long)o->propagation | (o->recursive ? MS_REC : 0), NULL) < 0)
		return fail(e, -1, "mount(MS_PRIVATE/SHARED/SLAVE/UNBINDABLE)");
	return 0;
}

/* options_legacy's flags and data (data: a page, OPT_DATA_MAX + 1 bytes), MS_RDONLY added for "ro" */
static int legacy_options(const struct optset *o, unsigned long *flags, char *data)
{
	int r = options_legacy(o, flags, data, OPT_DATA_MAX + 1);
	if (o->ro == 1)
		*flags |= MS_RDONLY;
	return r;
}

/* mount(2) for both fallbacks: a new mount of fstype from source, or with from (mnt_bind's
 * source, a dirfd and a path like a target) a bind of it. */
static int legacy_mount(const char *fstype, const char *source, const struct mnt_target *from, const struct optset *o,
                        const struct mnt_target *t, struct mnt_err *e)
{
	char data[OPT_DATA_MAX + 1], path[4096], src[4096];
	unsigned long flags;

	if (legacy_options(o, &flags, data) < 0 && !from) {
		e->step = "mount(2) option string";
		return -E2BIG;
	}
	legacy_path(t, path, sizeof(path));
	if (!from) {
		if (mount(source ? source : "none", path, fstype, flags, data[0] ? data : NULL) < 0)
			return fail(e, -1, "mount(2)");
	} else {
		legacy_path(from, src, sizeof(src));
		if (mount(src, path, NULL, MS_BIND | (o->recursive ? MS_REC : 0), NULL) < 0)
			return fail(e, -1, "mount(MS_BIND)");
		/* mount(2) cannot set attributes while binding: the bind is briefly visible with its
		 * parent's attributes. This is the reason the new API is used when there. */
		if ((flags & ~(unsigned long)MS_RELATIME) &&
		    mount(NULL, path, NULL, MS_REMOUNT | MS_BIND | flags, NULL) < 0) {
			int r = fail(e, -1, "mount(MS_REMOUNT|MS_BIND)");
			umount2(path, MNT_DETACH);
			return r;
		}
	}
	return legacy_propagate(path, o, e);
}

/* Propagation is applied after the attach: a mount attached under a shared parent is made a peer
 * of the parent's group by the attach itself (fs/namespace.c attach_recursive_mnt), so setting it
 * on the detached mount would be undone. */
static int propagate(int mfd, const struct optset *o, struct mnt_err *e)
{
	struct em_mount_attr a = { 0 };
	if (!o->propagation)
		return 0;
	a.propagation = o->propagation;
	if (sys_mount_setattr(mfd, "", AT_EMPTY_PATH | (o->recursive ? AT_RECURSIVE : 0), &a, sizeof(a)) < 0) {
		if (errno == ENOSYS) {
			char path[MNT_FD_LINK];
			fallback_note(&warned_setattr, "mount_setattr");
			return legacy_propagate(mnt_fd_link(path, mfd), o, e);
		}
		return fail(e, -1, "mount_setattr(propagation)");
	}
	return 0;
}

/* Attaches the detached mount mfd at t, sets its propagation and closes mfd: the end of mnt_new and
 * mnt_bind. Closing a detached mount fd unmounts it (lazily); an attached one stays. */
static int attach(int mfd, const struct optset *o, const struct mnt_target *t, struct mnt_err *e)
{
	unsigned flags = MOVE_MOUNT_F_EMPTY_PATH | (t->path[0] ? 0 : MOVE_MOUNT_T_EMPTY_PATH);
	int r = sys_move_mount(mfd, "", t->dirfd, t->path, flags) < 0 ? fail(e, -1, "move_mount")
	                                                                 : propagate(mfd, o, e);
	close(mfd);
	return r;
}

/* One fsconfig call of mnt_new: the parameter key (value val; NULL: a flag), or CMD_CREATE with
 * key NULL. 0, or -errno with e->step naming the call (with its value when show_value: not the
 * source's) and e->kmsg the kernel's message. */
static int configure(int fd, const char *key, const char *val, int show_value, struct mnt_err *e)
{
	static char step[128]; /* e->step points at it after the return */
	unsigned cmd = !key ? EM_FSCONFIG_CMD_CREATE : val ? EM_FSCONFIG_SET_STRING : EM_FSCONFIG_SET_FLAG;

	if (sys_fsconfig(fd, cmd, key, val, 0) == 0)
		return 0;
	if (!key)
		return fail(e, fd, "fsconfig(CMD_CREATE)");
	if (!val)
		fmt(step, sizeof(step), "fsconfig(SET_FLAG, \"%s\")", key);
	else if (!show_value)
		fmt(step, sizeof(step), "fsconfig(SET_STRING, \"%s\")", key);
	else
		fmt(step, sizeof(step), "fsconfig(SET_STRING, \"%s\", \"%s\")", key, val);
	return fail(e, fd, step);
}

int mnt_new(const char *fstype, const char *source, const struct optset *o,
            const struct mnt_target *t, struct mnt_err *e)
{
	int fd, mfd, r;

	e->step = "";
	e->kmsg[0] = '\0';
	/* fsconfig() takes no key or value over 255 bytes, mount(2) a page of data (a btrfs subvol=
	 * with a long path, an overlay's long lowerdir=): such a mount is made the monolithic way,
	 * as the kernel mounts its own root, with the data that rootflags= would give it. */
	const struct fsparam *big = options_fsconfig_misfit(o);
	if (big) {
		log_debug("mounting %s on %s with mount(2): option '%s' is longer than the %d bytes fsconfig "
		          "takes; the kernel's own messages go to its log", fstype, t->display, big->key,
		          FSCONFIG_VALUE_MAX - 1);
		return legacy_mount(fstype, source, NULL, o, t, e);
	}
	fd = sys_fsopen(fstype, FSOPEN_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOSYS) {
			fallback_note(&warned_fsopen, "fsopen");
			return legacy_mount(fstype, source, NULL, o, t, e);
		}
		return fail(e, -1, "fsopen");
	}
	/* One fsconfig call per step, in this order: the source, "ro" or "rw", the parameters, then
	 * CMD_CREATE. "ro" on a new mount makes the superblock read-only too, as MS_RDONLY does for
	 * mount(2): MOUNT_ATTR_RDONLY alone would leave the filesystem free to write its superblock. */
	r = source ? configure(fd, "source", source, 0, e) : 0;
	if (r == 0 && o->ro >= 0)
		r = configure(fd, o->ro ? "ro" : "rw", NULL, 1, e);
	for (unsigned i = 0; r == 0 && i < o->nparams; i++)
		r = configure(fd, o->params[i].key, o->params[i].value, 1, e);
	if (r == 0)
		r = configure(fd, NULL, NULL, 0, e);
	if (r < 0)
		goto out;
	mnt_drain(fd, e); /* logs warnings; no error lines after a success */
	e->kmsg[0] = '\0';
	mfd = sys_fsmount(fd, FSMOUNT_CLOEXEC, attrs_set(o));
	if (mfd < 0) {
		r = fail(e, fd, "fsmount");
		goto out;
	}
	r = attach(mfd, o, t, e);
out:
	close(fd);
	return r;
}

int mnt_bind(int srcfd, const char *srcpath, const struct optset *o, const struct mnt_target *t,
             struct mnt_err *e)
{
	struct em_mount_attr a = { 0 };
	struct mnt_target from = { srcfd, srcpath, "" };
	unsigned rec = o->recursive ? AT_RECURSIVE : 0;
	int mfd;

	e->step = "";
	e->kmsg[0] = '\0';
	mfd = sys_open_tree(srcfd, srcpath, OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | rec |
	                                        (srcpath[0] ? 0 : AT_EMPTY_PATH));
	if (mfd >= 0) {
		a.attr_set = attrs_set(o);
		a.attr_clr = o->attr_clr | (o->ro == 0 ? EM_MOUNT_ATTR_RDONLY : 0);
		if (!(a.attr_set || a.attr_clr) || sys_mount_setattr(mfd, "", AT_EMPTY_PATH | rec, &a, sizeof(a)) == 0)
			return attach(mfd, o, t, e);
		close(mfd); /* errno stays mount_setattr's: close sets it only when it fails */
	}
	/* ENOSYS: open_tree came with 5.2; kernels 5.2 to 5.11 have it but not mount_setattr. */
	if (errno == ENOSYS) {
		if (mfd < 0)
			fallback_note(&warned_fsopen, "open_tree");
		else
			fallback_note(&warned_setattr, "mount_setattr");
		return legacy_mount(NULL, NULL, &from, o, t, e);
	}
	return fail(e, -1, mfd < 0 ? "open_tree(OPEN_TREE_CLONE)" : "mount_setattr");
}

/* The end of mnt_move and mnt_make_private: r is the new API's result (0, or -1 with errno); a
 * kernel without the call (ENOSYS) gets the same request from mount(2). 0 or -errno. */
static int or_mount(int r, const char *src, const char *path, unsigned long flags)
{
	if (r == 0)
		return 0;
	if (errno != ENOSYS)
		return -errno;
	return mount(src, path, NULL, flags, NULL) < 0 ? -errno : 0;
}

int mnt_move(const char *from, const char *to)
{
	return or_mount(sys_move_mount(AT_FDCWD, from, AT_FDCWD, to, 0), from, to, MS_MOVE);
}

int mnt_make_private(const char *path, int recursive)
{
	struct em_mount_attr a = { .propagation = EM_MS_PRIVATE };
	return or_mount(sys_mount_setattr(AT_FDCWD, path, recursive ? AT_RECURSIVE : 0, &a, sizeof(a)), NULL, path,
	                (recursive ? MS_REC : 0) | MS_PRIVATE);
}
