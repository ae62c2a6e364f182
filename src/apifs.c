/* SPDX-License-Identifier: MIT */
/* The API filesystems: /dev, /proc, /sys and /run mounted with their options before anything
 * reads them, and moved into the new root at the switch. */
#include "apifs.h"
#include "compat.h"
#include "log.h"
#include "mountapi.h"
#include "options.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>

static const struct apifs {
	const char *fstype;
	const char *dir;
	const char *options; /* split by options_add like any other option string */
} table[] = {
	/* devtmpfs: device nodes live here, so no nodev; nothing in it is meant to run (noexec)
	 * or be setuid. size=4m is systemd's limit for /dev (src/shared/mount-util.h
	 * TMPFS_LIMITS_DEV, used by mount-setup.c for devtmpfs: "device nodes and symlinks don't
	 * consume any space"; no inode limit, which large storage arrays would reach). Every
	 * devtmpfs mount shares the kernel's one internal superblock: kernels with the legacy
	 * public_dev_mount (up to 6.x, Debian 12's 6.1 among them) apply size= to it as a
	 * reconfigure, as they do for systemd's mount; later ones (devtmpfs_get_tree) parse and
	 * ignore it. Either way nothing is refused. */
	{ "devtmpfs", "/dev", "nosuid,noexec,size=4m" },
	/* proc and sysfs hold no devices, programs or setuid files. */
	{ "proc", "/proc", "nosuid,nodev,noexec" },
	{ "sysfs", "/sys", "nosuid,nodev,noexec" },
	/* /run carries sockets and state, programs are not run from it; systemd mounts it the same
	 * way (mode=0755, nosuid, nodev) with its limits (mount-util.h TMPFS_LIMITS_RUN, the same
	 * in systemd 252 and later: 20% of RAM, 800k inodes), so nothing in the booted system can
	 * fill memory through it. It stays exec-able because some initrd tools run helpers from
	 * /run; noexec would break them. */
	{ "tmpfs", "/run", "nosuid,nodev,mode=0755,size=20%,nr_inodes=800k" },
};

/* Which ones this process mounted: only those are its to move (helper mode). Set once mounted;
 * a failed mount ends the caller (init and mount give up on it), so nothing clears it. */
static int mine[ARRAY_SIZE(table)];

/* Already a mount point? Its device differs from the directory above it. No /proc needed. */
static int is_mounted(const char *dir)
{
	struct stat a, b;
	char parent[256];
	fmt(parent, sizeof(parent), "%s/..", dir);
	return stat(dir, &a) == 0 && stat(parent, &b) == 0 && a.st_dev != b.st_dev;
}

int apifs_mount_all(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(table); i++) {
		const struct apifs *f = &table[i];
		const char *dir = f->dir;
		char err[256];
		struct optset o;
		struct mnt_err e;
		struct mnt_target t;
		int r;

		if (is_mounted(dir)) {
			log_debug("%s is already mounted", dir);
			continue;
		}
		if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
			r = -errno;
			log_err("create %s failed: %s", dir, errstr(-r));
			return r;
		}
		options_init(&o);
		options_add(&o, f->options, err, sizeof(err));
		t.dirfd = AT_FDCWD;
		t.path = dir;
		t.display = dir;
		r = mnt_new(f->fstype, f->fstype, &o, &t, &e);
		if (r < 0) {
			log_err("mount %s on %s failed at %s: %s%s%s", f->fstype, dir, e.step, errstr(-r),
			        e.kmsg[0] ? "; kernel: " : "", e.kmsg);
			return r;
		}
		mine[i] = 1;
		log_debug("mounted %s on %s (%s)", f->fstype, dir, f->options);
	}
	return 0;
}

void apifs_move_into(const char *newroot, int all)
{
	/* MS_MOVE refuses a mount whose parent is shared. Only the initramfs root itself is made
	 * private: a recursive change would also undo the propagation asked for on the new root's
	 * mounts (rootflags=shared, earlymount.mount=...:shared). */
	int r = mnt_make_private("/", 0);
	if (r < 0)
		log_warn("making / private failed: %s", errstr(-r));
	for (size_t i = 0; i < ARRAY_SIZE(table); i++) {
		const char *d = table[i].dir;
		char dst[512];
		struct stat st;
		fmt(dst, sizeof(dst), "%s%s", newroot, d);
		if (!all && !mine[i]) {
			/* Someone else's mount (dracut's, a shell /init's): moving it would pull it from
			 * under whoever made it and still uses it. */
			if (is_mounted(d))
				log_warn("%s was mounted before earlymount ran: left where it is, not moved "
				         "into %s (its owner moves it)", d, newroot);
			continue;
		}
		if (stat(dst, &st) < 0 || !S_ISDIR(st.st_mode)) {
			log_warn("%s has no %s directory; unmounting %s", newroot, d, d);
			umount2(d, MNT_DETACH);
			continue;
		}
		r = mnt_move(d, dst);
		if (r < 0) {
			log_warn("moving %s to %s failed: %s; unmounting it", d, dst, errstr(-r));
			umount2(d, MNT_DETACH);
		}
	}
}
