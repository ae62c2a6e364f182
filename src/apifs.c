/* SPDX-License-Identifier: MIT */
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
	 * or be setuid. Its superblock is shared with the kernel's own instance, so it takes no
	 * size/mode parameters worth sending. */
	{ "devtmpfs", "/dev", "nosuid,noexec" },
	/* proc and sysfs hold no devices, programs or setuid files. */
	{ "proc", "/proc", "nosuid,nodev,noexec" },
	{ "sysfs", "/sys", "nosuid,nodev,noexec" },
	/* /run carries sockets and state, programs are not run from it; systemd mounts it the same
	 * way (mode=0755, nosuid, nodev). It stays exec-able because some initrd tools run
	 * helpers from /run; noexec would break them. */
	{ "tmpfs", "/run", "nosuid,nodev,mode=0755" },
};


/* Already a mount point? Its device differs from the directory above it. No /proc needed. */
static int is_mounted(const char *dir)
{
	struct stat a, b;
	char parent[256];
	size_t n = fmt(parent, sizeof(parent), "%s/..", dir);
	(void)n;
	return stat(dir, &a) == 0 && stat(parent, &b) == 0 && a.st_dev != b.st_dev;
}

int apifs_mount_all(const char *prefix)
{
	for (size_t i = 0; i < ARRAY_SIZE(table); i++) {
		const struct apifs *f = &table[i];
		char dir[256], err[256];
		struct optset o;
		struct mnt_err e;
		struct mnt_target t;
		int r;

		fmt(dir, sizeof(dir), "%s%s", prefix, f->dir);
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
		log_debug("mounted %s on %s (%s)", f->fstype, dir, f->options);
	}
	return 0;
}

void apifs_move_into(const char *newroot)
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
