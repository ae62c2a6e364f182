/* SPDX-License-Identifier: MIT */
/* Roots built from layers, and shares as the root.
 *
 * Each layer is a mount of its own on a directory under LAYER_DIR: the root device (or a 9p or
 * virtiofs share) read-only on lower/ (or the device holding an image on live/, and the image's
 * loop device on lower/), the writable layer on overlay/ (a tmpfs, or earlymount.overlay='s
 * device). The layers are attached there, not left detached, because overlayfs takes its layers
 * by path and, before Linux 6.15, refuses a detached mount as a layer (fs/namespace.c
 * clone_private_mount: check_mnt). Only the finished root is attached to the sysroot, and nothing is visible there before it is complete.
 * Nothing but the upper layer is ever mounted writable; when the image and the upper layer share a
 * device, live/ is a read-only bind of that device's one mount on overlay/. */
#define _GNU_SOURCE
#include "layers.h"
#include "layerspec.h"
#include "compat.h"
#include "devices.h"
#include "log.h"
#include "loopdev.h"
#include "modload.h"
#include "mountapi.h"
#include "mountentry.h"
#include "plan.h"
#include "resolve.h"
#include "switchroot.h"
#include "uevent.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

/* Each layer's directory under LAYER_DIR. */
static const char *const layer_dirs[] = { LAYER_DIR "/overlay", LAYER_DIR "/lower", LAYER_DIR "/live" };

/* A failed attempt leaves nothing mounted (the next attempt, dracut's own mount, or the rescue
 * shell find /run as it was). The order is the reverse of mounting: a loop device's image lives
 * on live/, under lower/. */
void layers_unmount(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(layer_dirs); i++)
		while (umount2(layer_dirs[i], MNT_DETACH) == 0)
			;
}

/* A new filesystem of type (named by its type, as tmpfs and overlay are) on the directory dir,
 * logged when the mount fails: the tmpfs upper layer, volatile=yes's tmpfs root and the overlay
 * by paths (one copy of the open, mount, close and message). */
static int mount_new_on(const char *type, const struct optset *o, const char *dir)
{
	struct mnt_target t;
	struct mnt_err e;
	int r;
	if ((t.dirfd = open_dir(dir)) < 0)
		return t.dirfd;
	t.path = "";
	t.display = dir;
	r = mnt_new(type, type, o, &t, &e);
	close(t.dirfd);
	if (r < 0)
		mount_log_failure(type, dir, type, r, &e);
	return r;
}

/* The root device's entry as a layer: read-only whatever ro/rw and rootflags= say (a layer under
 * an overlay, or the device an image is read from, is never written). */
static struct mount_entry layer_entry;

static const struct mount_entry *readonly_root(const struct plan *p)
{
	spec_entry_copy(&layer_entry, &p->root);
	layer_entry.opts.ro = 1;
	return &layer_entry;
}

/* ---- the root image on a loop device -------------------------------------------------------- */

/* earlymount.rootimage= looked up inside the device mounted on live/ (carrier: its node, for
 * messages), as if that were "/": a link in it cannot lead outside. An O_PATH fd, or -errno after
 * logging. */
static int find_image(const struct plan *p, const char *carrier)
{
	int ifd, cfd = open_dir(LAYER_DIR "/live");

	if (cfd < 0)
		return cfd;
	ifd = resolve_in_root(cfd, p->rootimage, 0);
	close(cfd);
	if (ifd < 0)
		log_err("earlymount.rootimage=%s: %s on the root device %s (looked up inside it)", p->rootimage,
		        ifd == -ENOENT ? "no such file" : errstr(-ifd), carrier);
	return ifd;
}

/* The image (ifd, find_image's, closed here) attached read-only to a loop device, whose node goes
 * to dev: the loop device's fd, or -errno after logging. */
static int attach_image(const struct plan *p, const char *carrier, int ifd, char *dev, size_t cap)
{
	/* The three failures share one message: what failed, then the step and the error where
	 * there are. */
	const char *what, *step = "", *sep = "", *why = "", *hint = "";
	struct stat st;
	int r, rfd;

	if (fstat(ifd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(ifd);
		r = -EINVAL;
		what = "not a regular file (an image file is needed)";
		goto fail;
	}
	/* The O_PATH fd opened again for reading, through its /proc link: the loop device reads
	 * the very file that was looked up. */
	r = rfd = reopen_read(ifd);
	if (rfd < 0) {
		what = "opening it: ";
		why = errstr(-r);
		goto fail;
	}
	r = loop_attach_ro(rfd, p->rootimage, dev, cap, &step);
	close(rfd);
	if (r >= 0)
		return r;
	what = "attaching it to a loop device failed at ";
	sep = ": ";
	why = errstr(-r);
	if (r == -ENOENT || r == -ENODEV)
		hint = " (is the loop module in the initramfs? earlymount-mkinitramfs --module loop)";
fail:
	log_err("earlymount.rootimage=%s on %s: %s%s%s%s%s", p->rootimage, carrier, what, step, sep, why, hint);
	return r;
}

/* The image (earlymount.rootimage=, looked up in the device carrier mounted on live/) on a loop
 * device, mounted on dir. */
static int mount_image_from(const struct plan *p, const char *carrier, const char *dir)
{
	static struct mount_entry img;
	struct fs_info fi;
	int r, ifd, lfd;

	if ((ifd = find_image(p, carrier)) < 0)
		return ifd;
	/* A generic image has the loop module but nothing else loads it: devtmpfs has no node
	 * before the module registers one, and the kernel's own request (drivers/char/misc.c
	 * misc_open: request_module("char-major-10-237"), when a static node made by kmod
	 * static-nodes is opened) needs a modprobe, which the initramfs has not. The alias udev's
	 * static nodes use (modules.devname, from the module's MODULE_ALIAS_MISCDEV) names the
	 * module that makes the node; loop_init registers the misc device, and devtmpfs has the
	 * node before finit_module returns (devtmpfs_create_node waits for it). Built in, or
	 * loaded up front by a host-only image: the node is there and nothing is queued. */
	if (access("/dev/loop-control", F_OK) < 0)
		(void)modules_alias("devname:loop-control", "earlymount.rootimage");
	lfd = attach_image(p, carrier, ifd, img.src.value, sizeof(img.src.value));
	if (lfd < 0)
		return lfd;
	img.role = ROLE_LAYER;
	img.param = "earlymount.rootimage";
	img.src.kind = DEV_PATH;
	img.src.text = img.src.value;
	img.target = "/";
	/* fstypes "" (probed: mount_on loads the probed type's module, squashfs, erofs, ...) and
	 * wait_s 0 (the loop device is there): as the static entry starts, nothing writes them */
	options_init(&img.opts);
	img.opts.ro = 1;
	if (dev_probe(img.src.value, &fi) == -ENOENT)
		log_warn("earlymount.rootimage=%s on %s: no filesystem earlymount knows in it; trying the "
		         "kernel's", p->rootimage, carrier);
	r = mount_on(p, &img, dir, NULL, 0);
	if (r < 0)
		log_err("earlymount.rootimage=%s on %s (%s): the image could not be mounted", p->rootimage,
		        carrier, img.src.value);
	/* The mount holds the loop device now; on failure this detaches it (autoclear). */
	close(lfd);
	return r;
}

/* Mounts the device holding earlymount.rootimage= read-only on live/, attaches the image to a
 * loop device and mounts that on dir. */
static int mount_image(const struct plan *p, const char *dir)
{
	char carrier[128];
	int r = mount_on(p, readonly_root(p), LAYER_DIR "/live", carrier, sizeof(carrier));

	return r < 0 ? r : mount_image_from(p, carrier, dir);
}

/* ---- the image and the writable layer on one device ------------------------------------------ */

/* The block device an entry names, waited for as its mount waits (what: the messages' name for
 * it): 0 with *rdev, 1 when the entry names no block device, -errno after logging. */
static int entry_rdev(const struct mount_entry *m, const char *what, dev_t *rdev)
{
	char src[320], node[128];
	struct stat st;
	int r;

	if (m->src.kind == DEV_NONE || m->bind)
		return 1;
	plan_source_text(&m->src, src, sizeof(src));
	if ((r = dev_wait(&m->src, src, m->wait_s, what, 0, node, sizeof(node))) < 0)
		return r;
	if (stat(node, &st) < 0 || !S_ISBLK(st.st_mode))
		return 1;
	*rdev = st.st_rdev;
	return 0;
}

/* 1 when earlymount.rootimage='s device is also earlymount.overlay='s (a persistent live USB:
 * dracut's rd.live.overlay on the live medium itself, 90dmsquash-live), 0 when not, -errno after
 * logging (a device never came). */
static int image_beside_overlay(const struct plan *p)
{
	dev_t root, upper;
	int r;

	if (!p->rootimage || !p->have_overlay)
		return 0;
	if ((r = entry_rdev(&p->root, "root device", &root)) != 0 ||
	    (r = entry_rdev(&p->overlay, "overlay device", &upper)) != 0)
		return r < 0 ? r : 0;
	return root == upper;
}

/* The device that holds both the image and the writable layer, mounted once: read-write as
 * earlymount.overlay= asks, on overlay/ (where upper/ and work/ are made), and bound read-only on
 * live/, where the image is looked up. Mounting it twice (read-only on live/ as the image's
 * device, read-write on overlay/) is what the kernel refuses: a block filesystem has one
 * superblock per device, a second mount of the device gets the first one's (fs/super.c
 * get_tree_bdev -> sget_fc finds it by the device), and a read-only state other than that
 * superblock's is refused ("Can't mount, would change RO state", EBUSY): it would take a
 * reconfiguration of the mounted filesystem, which get_tree_bdev does not do. With one mount,
 * the read-only bind is what makes the image's side safe: the image is opened through it
 * (O_RDONLY, a read-only loop device), and a read-only mount updates no access time, so nothing
 * but upper/ and work/ is written. The device node goes to carrier. */
static int mount_shared_carrier(const struct plan *p, char *carrier, size_t cap)
{
	struct mnt_target t;
	struct mnt_err e;
	struct optset ro;
	int r, sfd;

	if ((r = mount_on(p, &p->overlay, LAYER_DIR "/overlay", carrier, cap)) < 0)
		return r;
	if ((sfd = open_dir(LAYER_DIR "/overlay")) < 0)
		return sfd;
	if ((t.dirfd = open_dir(LAYER_DIR "/live")) < 0) {
		close(sfd);
		return t.dirfd;
	}
	t.path = "";
	t.display = LAYER_DIR "/live";
	options_init(&ro);
	ro.ro = 1;
	r = mnt_bind(sfd, "", &ro, &t, &e);
	close(sfd);
	close(t.dirfd);
	if (r < 0) {
		mount_log_failure(LAYER_DIR "/overlay", LAYER_DIR "/live", NULL, r, &e);
		return r;
	}
	log_info("%s holds the image and the writable layer: bound read-only on %s", carrier, LAYER_DIR "/live");
	return 0;
}

static int mount_share(const struct mount_entry *m, const char *dir);

/* The read-only lower layer on dir: the image when there is one, else the root device or share.
 * overlayfs takes a virtiofs (FUSE) or 9p directory as a lower layer: every layer is refused when
 * its dentries are "weird" (fs/overlayfs/util.c ovl_dentry_weird: automount, managed transit, or a
 * d_hash/d_compare of their own, which neither has; checked by ovl_mount_dir_noesc, params.c from
 * Linux 6.5, super.c before). Only the upper layer has a further check (ovl_mount_dir: no d_real;
 * older kernels refused a remote upper there). A remote lower layer (ovl_dentry_remote: dentries
 * with d_revalidate, as FUSE's and 9p's cached ones have) only makes overlayfs revalidate what it
 * takes from it (ovl_lower_dir). The share is mounted read-only like a device (SB_RDONLY and
 * MOUNT_ATTR_RDONLY), which is what keeps the host's directory unwritten. */
static int mount_lower(const struct plan *p, const char *dir)
{
	if (p->rootimage)
		return mount_image(p, dir);
	return p->share_root ? mount_share(readonly_root(p), dir) : mount_on(p, readonly_root(p), dir, NULL, 0);
}

/* ---- overlay ------------------------------------------------------------------------------- */

/* The running kernel's version as major * 1000 + minor (6.8 -> 6008), 0 when unknown. */
static unsigned long kernel_version(void)
{
	struct utsname u;
	unsigned long major, minor = 0;
	const char *end;
	if (uname(&u) < 0)
		return 0;
	major = parse_leading_ulong(u.release, &end);
	if (*end == '.')
		minor = parse_leading_ulong(end + 1, &end);
	return major * 1000 + minor;
}

/* Linux 6.13 takes the layers as file descriptors (fsconfig(FSCONFIG_SET_FD) for lowerdir+,
 * upperdir and workdir: fs/overlayfs/params.c): the very directories opened here, no path looked
 * up again by the kernel. 0, -errno, or -ENOTSUP when an older kernel refuses the form (the caller
 * then passes paths). */
static int overlay_by_fds(const char *sysroot, const char *const dirs[3], struct mnt_err *e)
{
	/* the fsconfig calls in turn: each layer by its fd (SET_FD), "rw" (SET_FLAG), CMD_CREATE; step
	 * names the call in a failure's message, as mnt_new's do */
	static const struct {
		const char *key;
		unsigned cmd;
		int layer; /* the index into dirs of the fd it passes, -1 none */
		const char *step;
	} calls[] = {
		{ "lowerdir+", EM_FSCONFIG_SET_FD, 0, "fsconfig(SET_FD, \"lowerdir+\")" },
		{ "upperdir", EM_FSCONFIG_SET_FD, 1, "fsconfig(SET_FD, \"upperdir\")" },
		{ "workdir", EM_FSCONFIG_SET_FD, 2, "fsconfig(SET_FD, \"workdir\")" },
		{ "rw", EM_FSCONFIG_SET_FLAG, -1, "fsconfig(SET_FLAG, \"rw\")" },
		{ NULL, EM_FSCONFIG_CMD_CREATE, -1, "fsconfig(CMD_CREATE)" },
	};
	static char open_step[96]; /* e->step points at it after a failed open */
	int layer[3] = { -1, -1, -1 }, mfd = -1, rootfd = -1, fd, r = 0;

	e->kmsg[0] = '\0';
	/* "fsopen": mount_describe names a missing overlay module after ENODEV there */
	e->step = "fsopen";
	if ((fd = sys_fsopen("overlay", FSOPEN_CLOEXEC)) < 0)
		return -errno;
	e->step = "";
	for (size_t i = 0; i < ARRAY_SIZE(calls) && r == 0; i++) {
		int l = calls[i].layer, arg = 0;
		if (l >= 0 && (arg = layer[l] = open_dir(dirs[l])) < 0) {
			fmt(open_step, sizeof(open_step), "open(%s)", dirs[l]);
			e->step = open_step;
			r = arg;
			break;
		}
		if (sys_fsconfig(fd, calls[i].cmd, calls[i].key, NULL, arg) == 0)
			continue;
		/* a kernel before 6.13 refuses the first layer given by its fd */
		r = i == 0 && errno == EINVAL ? -ENOTSUP : -errno;
		e->step = calls[i].step;
	}
	if (r == 0 && (mfd = sys_fsmount(fd, FSMOUNT_CLOEXEC, 0)) < 0) {
		r = -errno;
		e->step = "fsmount";
	}
	if (r == 0 && (rootfd = open_dir(sysroot)) < 0) {
		r = rootfd;
		fmt(open_step, sizeof(open_step), "open(%s)", sysroot);
		e->step = open_step;
	}
	if (r == 0 && sys_move_mount(mfd, "", rootfd, "", MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_EMPTY_PATH) < 0) {
		r = -errno;
		e->step = "move_mount";
	}
	if (r < 0 && r != -ENOTSUP)
		mnt_drain(fd, e);
	for (size_t i = 0; i < ARRAY_SIZE(layer); i++)
		if (layer[i] >= 0)
			close(layer[i]);
	if (mfd >= 0)
		close(mfd);
	if (rootfd >= 0)
		close(rootfd);
	close(fd);
	return r;
}

/* The upper and work directories on the writable layer's filesystem (made on first use); the
 * upper one, which becomes the root directory of the overlay, with the lower root's mode and
 * owner (overlayfs takes a merged directory's attributes from its upper part). */
static int make_upper(const char *what, const char *dev, const struct stat *lower_root)
{
	/* O_PATH is enough: mkdirat, fchownat and fchmodat take it as the directory of a name. */
	int fd = open_dir(LAYER_DIR "/overlay"), r = 0;
	if (fd < 0)
		return fd;
	if (mkdirat(fd, "upper", 0755) == 0) {
		if (fchownat(fd, "upper", lower_root->st_uid, lower_root->st_gid, 0) < 0 ||
		    fchmodat(fd, "upper", lower_root->st_mode & 07777, 0) < 0)
			r = -errno;
	} else if (errno != EEXIST) {
		r = -errno;
	}
	if (r == 0 && mkdirat(fd, "work", 0700) < 0 && errno != EEXIST)
		r = -errno;
	close(fd);
	if (r < 0)
		log_err("%s: making the upper and work directories on %s failed: %s%s", what, dev, errstr(-r),
		        r == -EROFS || r == -EACCES ? " (the writable layer must be writable)" : "");
	return r;
}

static int mount_overlay(const char *sysroot)
{
	static const char *const lower = LAYER_DIR "/lower", *const upper = LAYER_DIR "/overlay/upper",
	                  *const work = LAYER_DIR "/overlay/work";
	static struct optset o;
	struct mnt_err e;
	unsigned long version = kernel_version();
	int r;

	(void)modules_fs("overlay", LAYER_DIR);
	if (version >= 6013) {
		static const char *const dirs[3] = { lower, upper, work };
		log_debug("overlay: the layers by file descriptor (Linux 6.13 and later)");
		r = overlay_by_fds(sysroot, dirs, &e);
		if (r == 0)
			goto done;
		if (r != -ENOTSUP) {
			mount_log_failure("overlay", sysroot, "overlay", r, &e);
			return r;
		}
	}
	options_init(&o);
	o.ro = 0;
	/* Linux 6.8 takes the lower layers one by one (lowerdir+, each path its own fsconfig call,
	 * so the 256-byte value limit is per layer); older kernels only the joined lowerdir=. */
	o.params[0].key = version >= 6008 ? "lowerdir+" : "lowerdir";
	log_debug("overlay: the lower layer passed as %s (%s)", o.params[0].key,
	          version >= 6008 ? "Linux 6.8 and later" : "before Linux 6.8");
	o.params[0].value = lower;
	o.params[1].key = "upperdir";
	o.params[1].value = upper;
	o.params[2].key = "workdir";
	o.params[2].value = work;
	o.nparams = 3;
	/* The kernel copies at most 256 bytes of a value (fs/fsopen.c: strndup_user(_value, 256))
	 * and refuses a longer one; never hand it a cut string. The three are fixed paths, so this
	 * is checked when the program is built (a check at run time could never fail). */
	_Static_assert(sizeof(LAYER_DIR "/overlay/upper") <= FSCONFIG_VALUE_MAX &&
	               sizeof(LAYER_DIR "/overlay/work") <= FSCONFIG_VALUE_MAX &&
	               sizeof(LAYER_DIR "/lower") <= FSCONFIG_VALUE_MAX, "an overlay layer's path is too long for fsconfig");
	if ((r = mount_new_on("overlay", &o, sysroot)) < 0)
		return r;
	r = 1; /* by paths */
done:
	log_info("mounted overlay on %s (lower %s, upper %s%s)", sysroot, lower, upper,
	         r ? "" : ", by file descriptor");
	return 0;
}

/* ---- volatile=yes: a tmpfs root with /usr from the root device --------------------------------- */

struct links_ctx {
	int lower, root;
	int r;
};

/* The usr-merge links of the root device (bin -> usr/bin, lib64 -> usr/lib64, ...) made again on
 * the tmpfs, so init is found by its usual paths (/sbin/init). */
static int copy_usr_link(int fd, const char *name, unsigned char type, void *vctx)
{
	struct links_ctx *c = vctx;
	char target[256];
	ssize_t n;
	(void)fd;
	if (type != DT_LNK && type != DT_UNKNOWN)
		return 0;
	n = readlinkat(c->lower, name, target, sizeof(target) - 1);
	if (n <= 0)
		return 0;
	target[n] = '\0';
	if (!str_startswith(target, "usr/") && !str_startswith(target, "/usr/"))
		return 0;
	if (symlinkat(target, c->root, name) < 0 && errno != EEXIST) {
		c->r = -errno;
		log_err("earlymount.volatile=yes: making the link /%s -> %s on the tmpfs root: %s", name,
		        target, errstr(errno));
		return 1;
	}
	return 0;
}

/* The root device's /usr (lower: its root directory) as an O_PATH fd, when the device is
 * usr-merged: only /usr comes along, and a root whose /bin, /sbin or /lib are directories of
 * their own would boot without them. The fd, or -errno after logging. */
static int open_lower_usr(int lower)
{
	static const char *const merged[] = { "bin", "sbin", "lib" };
	struct stat st;
	int usr;

	for (size_t i = 0; i < ARRAY_SIZE(merged); i++) {
		if (fstatat(lower, merged[i], &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode)) {
			log_err("earlymount.volatile=yes: the root device is not usr-merged: /%s on it is a "
			        "directory, not a link into /usr, and only /usr is kept on the tmpfs root "
			        "(use earlymount.volatile=overlay)", merged[i]);
			return -ENOTDIR;
		}
	}
	usr = resolve_in_root(lower, "/usr", 1);
	if (usr < 0)
		log_err("earlymount.volatile=yes: the root device has no /usr (%s); volatile=yes keeps only "
		        "/usr of it", errstr(-usr));
	return usr;
}

/* The tmpfs root's directories and the root device's usr-merge links (lc: both roots). The mount
 * points the switch needs (dev, proc, sys, run), /usr's, and the directories systemd makes at the
 * switch (src/shared/base-filesystem.c), with their usual modes. 0, or -errno after logging. */
static int fill_tmpfs_root(struct links_ctx *lc)
{
	static const struct {
		char name[6];
		unsigned short mode;
	} dirs[] = { { "usr", 0755 }, { "dev", 0755 }, { "proc", 0555 }, { "sys", 0555 }, { "run", 0755 },
		     { "etc", 0755 }, { "var", 0755 }, { "root", 0700 }, { "tmp", 01777 } };

	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++)
		if (mkdirat(lc->root, dirs[i].name, 0700) < 0 || fchmodat(lc->root, dirs[i].name, dirs[i].mode, 0) < 0) {
			int r = -errno;
			log_err("earlymount.volatile=yes: making /%s on the tmpfs root: %s", dirs[i].name, errstr(-r));
			return r;
		}
	if (dir_each(lc->lower, copy_usr_link, lc) < 0 || lc->r < 0)
		return lc->r < 0 ? lc->r : -EIO;
	return 0;
}

/* earlymount.volatile=yes: a tmpfs root with the device's /usr mounted into it (systemd's
 * volatile=yes). */
static int mount_volatile_yes(const struct plan *p, const char *sysroot)
{
	static const char *const lower = LAYER_DIR "/lower";
	struct mnt_target t;
	struct links_ctx lc = { -1, -1, 0 };
	struct mnt_err e;
	struct optset ro;
	int r, usr = -1;

	if ((r = mount_lower(p, lower)) < 0)
		return r;
	if ((lc.lower = open(lower, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return -errno;
	if ((r = usr = open_lower_usr(lc.lower)) < 0)
		goto out;
	if ((r = mount_new_on("tmpfs", &p->tmpfs_opts, sysroot)) < 0)
		goto out;
	/* O_PATH: the directory of the names made below and of the /usr bind */
	if ((r = lc.root = open_dir(sysroot)) < 0)
		goto out;
	if ((r = fill_tmpfs_root(&lc)) < 0)
		goto out;
	options_init(&ro);
	ro.ro = 1;
	t.dirfd = lc.root;
	t.path = "usr";
	t.display = sysroot;
	r = mnt_bind(usr, "", &ro, &t, &e);
	if (r < 0) {
		mount_log_failure(LAYER_DIR "/lower/usr", "/usr", NULL, r, &e);
		goto out;
	}
	log_info("mounted tmpfs on %s with /usr from the root device, read-only", sysroot);
out:
	if (usr >= 0)
		close(usr);
	if (lc.root >= 0)
		close(lc.root);
	close(lc.lower);
	if (r < 0)
		while (umount2(sysroot, MNT_DETACH) == 0)
			;
	return r;
}

/* ---- shares --------------------------------------------------------------------------------- */

/* The tags the kernel offers: 9p's from its virtio devices' mount_tag, virtiofs's from
 * /sys/fs/virtiofs (Linux 6.9+; earlier kernels list them nowhere). */
static int add_tag(int fd, const char *name, unsigned char type, void *vctx)
{
	struct sbuf *sb = vctx;
	char f[300], tag[128];
	(void)type;
	fmt(f, sizeof(f), "%s/%s", name, str_startswith(name, "virtio") ? "mount_tag" : "tag");
	long n = read_file(fd, f, tag, sizeof(tag));
	if (n > 0) {
		tag[strcspn(tag, "\n")] = '\0';
		sb_printf(sb, "%s'%s'", sb->len ? ", " : "", tag);
	}
	return 0;
}

static void log_tags(void)
{
	static const char *const where[] = { "/sys/bus/virtio/drivers/9pnet_virtio", "/sys/fs/virtiofs" };
	char list[512];
	struct sbuf sb;
	sb_init(&sb, list, sizeof(list));
	for (size_t i = 0; i < ARRAY_SIZE(where); i++) {
		int fd = open(where[i], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fd >= 0) {
			(void)dir_each(fd, add_tag, &sb);
			close(fd);
		}
	}
	log_err("share tags offered: %s", sb.len ? list : "none (the kernel lists 9p's under "
	        "/sys/bus/virtio/drivers/9pnet_virtio, virtiofs's under /sys/fs/virtiofs from Linux 6.9)");
}

/* A share (m: the root's entry, or its read-only copy as a lower layer) on dir, retried until its
 * tag appears: the kernel answers ENOENT for a 9p tag no device offers (net/9p/trans_virtio.c
 * p9_virtio_create) and EINVAL for a virtiofs tag (fs/fuse/virtio_fs.c virtio_fs_get_tree), both
 * at CMD_CREATE; any other failure is final. */
static int mount_share(const struct mount_entry *m, const char *dir)
{
	unsigned long start = log_ms(), last_say = start;
	struct mnt_target t;
	struct mnt_err e;
	int r = -EINVAL;

	if ((t.dirfd = open_dir(dir)) < 0)
		return t.dirfd;
	t.path = "";
	t.display = dir;
	(void)uevent_listen();
	for (;;) {
		int absent = 0;
		for (const char *ty = m->fstypes; *ty;) {
			char type[32];
			size_t n = strcspn(ty, ",");
			fmt(type, sizeof(type), "%.*s", (int)n, ty);
			ty += n + (ty[n] == ',');
			(void)modules_fs(type, m->src.value);
			r = mnt_new(type, m->src.value, &m->opts, &t, &e);
			if (r == 0) {
				log_info("mounted the %s share '%s' on %s", type, m->src.value, dir);
				goto out;
			}
			if (str_eq(e.step, "fsconfig(CMD_CREATE)") &&
			    (r == -ENOENT || (r == -EINVAL && str_eq(type, "virtiofs")))) {
				absent = 1;
				continue;
			}
			mount_log_failure(m->src.value, dir, type, r, &e);
			goto out;
		}
		(void)absent;
		int turn = dev_wait_turn(start, m->wait_s, &last_say);
		if (turn < 0) {
			log_err("timed out after %ld s waiting for the %s share with tag '%s'", m->wait_s,
			        m->fstypes, m->src.value);
			log_tags();
			r = -ETIMEDOUT;
			goto out;
		}
		if (turn)
			log_info("waiting for the %s share with tag '%s' (%lu s)", m->fstypes, m->src.value,
			         (last_say - start) / 1000);
		dev_wait_event(start, m->wait_s);
	}
out:
	close(t.dirfd);
	return r;
}

/* ---- the layered root ----------------------------------------------------------------------- */

/* LAYER_DIR and the layers' directories in it. 0, or -errno after logging. */
static int make_layer_dirs(void)
{
	/* LAYER_DIR 0700: the layers are the system's disks, for root to inspect. Only its failure
	 * counts: a layer's directory that cannot be made fails that layer's mount, which says so. */
	if (mkdir(LAYER_DIR, 0700) < 0 && errno != EEXIST) {
		int r = -errno;
		log_err("making %s for the root's layers failed: %s", LAYER_DIR, errstr(-r));
		return r;
	}
	for (size_t i = 0; i < ARRAY_SIZE(layer_dirs); i++)
		(void)mkdir(layer_dirs[i], 0755);
	return 0;
}

/* After the writable layer's device was refused (EBUSY): when it is the root device itself (no
 * image on it), say why and what works. Both devices are there by then, so entry_rdev waits for
 * nothing. The lower layer holds that device read-only, and a block filesystem has one
 * superblock per device, so a read-write mount of it is refused ("Can't mount,
 * would change RO state": fs/super.c get_tree_bdev); and were it writable, overlayfs refuses an
 * upper layer inside its lower one (overlapping layers, ELOOP: "ovl: detect overlapping layers",
 * Linux 5.2). A filesystem that mounts subvolumes read-only and read-write side by side (btrfs)
 * gets past the first, which is why this is a hint after the failure, not a refusal before. */
static void upper_on_lower_hint(const struct plan *p)
{
	dev_t root, upper;

	if (p->rootimage || p->share_root || entry_rdev(&p->root, "root device", &root) != 0 ||
	    entry_rdev(&p->overlay, "overlay device", &upper) != 0 || root != upper)
		return;
	log_err("earlymount.overlay=%s is the root device itself, which the lower layer holds read-only: "
	        "put the writable layer on another device or partition, keep the root as an image file on "
	        "this one (earlymount.rootimage=), or use earlymount.volatile=overlay", p->overlay.src.text);
}

/* The writable layer on overlay/: earlymount.overlay='s device, or a tmpfs; then the upper and
 * work directories on it. */
static int mount_upper(const struct plan *p, const struct stat *lower_root)
{
	char dev[128];
	int r;

	if (!p->have_overlay) {
		r = mount_new_on("tmpfs", &p->tmpfs_opts, LAYER_DIR "/overlay");
		return r < 0 ? r : make_upper("earlymount.volatile=overlay", "tmpfs", lower_root);
	}
	/* the entry as the command line gave it: its options as they are (rw unless it says) */
	r = mount_on(p, &p->overlay, LAYER_DIR "/overlay", dev, sizeof(dev));
	if (r < 0) {
		log_err("earlymount.overlay=%s: the writable layer could not be mounted read-write", p->overlay.src.text);
		if (r == -EBUSY) /* the kernel's refusal, not a device that never came (no second wait) */
			upper_on_lower_hint(p);
		return r;
	}
	return make_upper("earlymount.overlay", dev, lower_root);
}

/* An overlay root: the lower layer (the root device or its image), the writable one, and the
 * overlay of both on sysroot. */
static int mount_overlay_root(const struct plan *p, const char *sysroot)
{
	struct stat lower_root;
	char carrier[128];
	int r, shared = image_beside_overlay(p);

	if (shared < 0)
		return shared;
	if (shared && (r = mount_shared_carrier(p, carrier, sizeof(carrier))) == 0)
		r = mount_image_from(p, carrier, LAYER_DIR "/lower");
	else if (!shared)
		r = mount_lower(p, LAYER_DIR "/lower");
	if (r < 0)
		return r;
	if (stat(LAYER_DIR "/lower", &lower_root) < 0)
		return -errno;
	if ((r = shared ? make_upper("earlymount.overlay", carrier, &lower_root) : mount_upper(p, &lower_root)) < 0)
		return r;
	return mount_overlay(sysroot);
}

int layers_mount_root(const struct plan *p, const char *sysroot)
{
	int r;

	if (!layers_stacked(p)) /* a share alone (volatile=state's /var is an extra mount) */
		return mount_share(&p->root, sysroot);
	if ((r = make_layer_dirs()) < 0)
		return r;
	if (p->volatile_mode == VOL_YES)
		r = mount_volatile_yes(p, sysroot);
	else if (p->volatile_mode != VOL_OVERLAY && !p->have_overlay)
		r = mount_image(p, sysroot); /* earlymount.rootimage= alone: the image is the root */
	else
		r = mount_overlay_root(p, sysroot);
	if (r < 0)
		layers_unmount();
	return r;
}
