/* SPDX-License-Identifier: MIT */
/* Carrying out the plan: the root on the sysroot (a device, or a root built from layers), then
 * /usr (mount.usr=, else the new root's /etc/fstab) and the extra mounts inside it; on a failure,
 * nothing left mounted. */
#define _GNU_SOURCE
#include "mountplan.h"
#include "fstab.h"
#include "layers.h"
#include "layerspec.h"
#include "log.h"
#include "mountentry.h"
#include "plan.h"
#include "resolve.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mount.h>
#include <unistd.h>

/* A separate /usr is the initramfs's to mount: the root's init and libraries live there
 * (merged /usr), and initramfs-tools (read_fstab_entry), dracut (98usrmount) and systemd
 * (initrd-parse-etc) all take it from the new root's /etc/fstab when the command line names
 * none. The first line for /usr counts, as theirs. */
int plan_usr_from_fstab(struct plan *p, int rootfd, char *msg, size_t cap)
{
	static char text[65536];
	static struct fstab_entry e; /* the plan's /usr points into it */
	char path[64];
	int fd = resolve_in_root(rootfd, "/etc/fstab", 0);
	long n = fd;

	if (fd >= 0) {
		fmt(path, sizeof(path), "/proc/self/fd/%d", fd);
		n = read_file(AT_FDCWD, path, text, sizeof(text));
		close(fd);
	}
	if (n == -ENOENT)
		return 0;
	if (n < 0) {
		fmt(msg, cap, "reading it: %s%s", errstr((int)-n), n == -EFBIG ? " (it is longer than 64 KiB)" : "");
		return (int)n;
	}
	int r = fstab_find(text, "/usr", &e, msg, cap);
	if (r > 0 && (r = spec_usr_from_fstab(p, &e, msg, cap)) == 0) {
		fmt(msg, cap, "line %u: %s (%s, %s)", e.line, e.spec, e.type, e.opts);
		return 1;
	}
	return r;
}

int mount_plan(struct plan *p, const char *sysroot)
{
	int rootfd, r;
	unsigned long t0 = log_ms();

	if (!p->have_root) {
		log_err("no root= on the kernel command line: nothing to mount on %s", sysroot);
		return -EINVAL;
	}
	if (p->rootdelay_s) {
		log_info("rootdelay: waiting %lu s before looking for the root", p->rootdelay_s);
		sleep((unsigned)p->rootdelay_s);
	}
	r = layers_wanted(p) ? layers_mount_root(p, sysroot) : mount_on(p, &p->root, sysroot, NULL, 0);
	if (r < 0)
		return r;
	rootfd = open_dir(sysroot);
	if (rootfd < 0) {
		log_err("open %s failed: %s", sysroot, errstr(-rootfd));
		return rootfd;
	}
	if (p->usr_from_fstab && !p->have_usr && p->volatile_mode != VOL_YES) {
		char msg[512];
		r = plan_usr_from_fstab(p, rootfd, msg, sizeof(msg));
		if (r < 0) {
			log_err("mount /usr from %s/etc/fstab refused: %s", sysroot, msg);
			goto out;
		}
		if (r > 0)
			log_info("/usr from %s/etc/fstab %s", sysroot, msg);
	}
	/* /usr (when there is one), then the extra mounts */
	for (int i = p->have_usr ? -1 : 0; i < (int)p->nextra; i++) {
		const struct mount_entry *x = i < 0 ? &p->usr : &p->extra[i];
		/* Re-resolved each time: a mount may land inside one made just before. */
		r = mount_in_root(p, x, rootfd, sysroot);
		if (r < 0 && x->opts.nofail) {
			if (i >= 0 && r != -ETIMEDOUT) { /* a device that never came: mount_in_root said it */
				char src[SPEC_VALUE_MAX + 32]; /* LABEL=..., as the line wrote it */
				plan_source_text(&x->src, src, sizeof(src));
				log_warn("earlymount.mount=%s on %s: nofail, going on", src, x->target);
			}
			r = 0;
		}
		if (r < 0)
			goto out;
	}
	r = 0;
	log_debug("mounts done in %lu ms", log_ms() - t0);
out:
	close(rootfd);
	if (r < 0) {
		/* Leave nothing half-done: the caller (a rescue shell, dracut's emergency handling)
		 * finds the sysroot as it was. */
		if (umount2(sysroot, MNT_DETACH) == 0)
			log_info("unmounted %s again after the failure", sysroot);
		if (layers_wanted(p))
			layers_unmount();
	}
	return r;
}
