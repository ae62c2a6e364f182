/* SPDX-License-Identifier: MIT */
/* dracut's command-line files and the systemd generator's files, in C: the shell versions sourced
 * dracut-lib.sh and ran systemd-escape, mkdir, cat and ln, which cost a dracut systemd-flow boot
 * about 290 ms of guest CPU under QEMU TCG (-icount), and made `dracut --add earlymount` boot
 * 1.02x slower than dracut alone (bench/boot's dracut-default-em row). */
#include "dracut.h"
#include "log.h"
#include "sdunit.h"
#include "util.h"

#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CMDLINE_D "/etc/cmdline.d"
#define MAX_CONF 256

struct confs {
	char names[MAX_CONF][256];
	unsigned n;
	int over;
};

static int add_conf(int fd, const char *name, unsigned char type, void *vctx)
{
	struct confs *c = vctx;
	size_t len = strlen(name);
	(void)fd;
	/* the glob takes any entry named *.conf; getcmdline reads nothing from a directory */
	if (type == DT_DIR)
		return 0;
	if (len < 5 || !str_eq(name + len - 5, ".conf") || name[0] == '.')
		return 0; /* the shell's '*' matches no leading '.' */
	if (c->n == MAX_CONF) {
		c->over = 1;
		return 1;
	}
	em_strlcpy(c->names[c->n++], name, sizeof(c->names[0]));
	return 0;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

int dracut_cmdline_files(int (*fn)(const char *path, void *ctx), void *ctx)
{
	static struct confs c;
	char path[300];
	int fd, r;

	c.n = 0;
	c.over = 0;
	fd = open(CMDLINE_D, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0 && errno != ENOENT && errno != ENOTDIR)
		return -errno;
	if (fd >= 0) {
		r = dir_each(fd, add_conf, &c);
		close(fd);
		if (r < 0)
			return r;
		if (c.over)
			return -E2BIG;
	}
	/* by name, as the shell's glob sorts them in the C locale */
	qsort(c.names, c.n, sizeof(c.names[0]), name_cmp);
	for (unsigned i = 0; i < c.n; i++) {
		fmt(path, sizeof(path), CMDLINE_D "/%s", c.names[i]);
		if ((r = fn(path, ctx)) != 0)
			return r;
	}
	return fn("/etc/cmdline", ctx);
}

void dracut_generator_say(int level, const char *text)
{
	char line[1024];
	struct sbuf sb;
	sb_init(&sb, line, sizeof(line) - 1);
	sb_printf(&sb, "<%d>earlymount-generator: ", level);
	/* The text can hold a command-line value (the root= refused): escaped as elog does (\xNN for
	 * what is not printable ASCII or UTF-8), so that a newline cannot start a record of its own
	 * and an ESC cannot reach the console. */
	sb_put_escaped(&sb, text, strlen(text));
	line[sb.len++] = '\n';
	int fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		(void)write_all(2, line + 3, sb.len - 3);
		return;
	}
	(void)write_all(fd, line, sb.len);
	close(fd);
}

/* mkdir -p of DIR/NAME (DIR exists: systemd made it). NAME is a path, not a format: the program's
 * name spelled out in it (util.h, EARLYMOUNT). */
static int mkdir_in(const char *dir, const char *name, char *path, size_t cap)
{
	fmt(path, cap, "%s/%s", dir, name);
	if (mkdir(path, 0755) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}

static int write_new(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644), r;
	if (fd < 0)
		return -errno;
	r = write_all(fd, text, strlen(text));
	if (close(fd) < 0 && r == 0)
		r = -errno;
	return r;
}

static int failed(const char *what, const char *path, int r)
{
	char msg[600];
	fmt(msg, sizeof(msg), "%s %s failed: %s", what, path, errstr(-r));
	dracut_generator_say(3, msg);
	return r;
}

int dracut_generator_write(const char *early, const char *root)
{
	/* The units systemd-fstab-generator (or dracut-rootfs-generator) writes for root= and
	 * mount.usr=, and the directory each mounts. */
	static const struct {
		const char *unit, *where;
	} mounts[] = {
		{ "sysroot.mount", "/sysroot" },
		{ "sysusr-usr.mount", "/sysroot/usr" },
		{ "sysroot-usr.mount", "/sysroot/usr" },
	};
	char dir[512], path[600], text[800], dev[512], esc[1024];
	int r;

	for (size_t i = 0; i < ARRAY_SIZE(mounts); i++) {
		fmt(path, sizeof(path), "%s.d", mounts[i].unit);
		if ((r = mkdir_in(early, path, dir, sizeof(dir))) < 0)
			return failed("mkdir", dir, r);
		/* When the unit's job runs before systemd has read earlymount's mount from mountinfo,
		 * the condition skips it; otherwise the unit is already active. Either way mount(8)
		 * does not run again. */
		fmt(text, sizeof(text),
		    "# Written by earlymount-generator: earlymount-sysroot.service mounts %s first when it can.\n"
		    "[Unit]\nWants=earlymount-sysroot.service\nAfter=earlymount-sysroot.service\n"
		    "ConditionPathIsMountPoint=!%s\n", mounts[i].where, mounts[i].where);
		fmt(path, sizeof(path), "%s/50-earlymount.conf", dir);
		if ((r = write_new(path, text)) < 0)
			return failed("write", path, r);
	}
	if ((r = mkdir_in(early, "initrd-root-fs.target.wants", dir, sizeof(dir))) < 0)
		return failed("mkdir", dir, r);
	fmt(path, sizeof(path), "%s/earlymount-sysroot.service", dir);
	if (unlink(path) < 0 && errno != ENOENT)
		return failed("unlink", path, -errno);
	if (symlink("/usr/lib/systemd/system/earlymount-sysroot.service", path) < 0)
		return failed("symlink", path, -errno);
	/* dracut-rootfs-generator's sysroot.mount (root= only in /etc/cmdline.d) checks the device
	 * with systemd-fsck@DEVICE.service: earlymount mounts after that check too (dracut's own
	 * name for the device: label_uuid_to_dev, then dev_unit_name). */
	if (sdunit_dracut_dev(root, dev, sizeof(dev)) < 0 || sdunit_path_escape(dev, esc, sizeof(esc)) < 0) {
		fmt(text, sizeof(text), "root=%.200s: too long for a unit name; no ordering after its check", root);
		dracut_generator_say(4, text);
		return 0;
	}
	if ((r = mkdir_in(early, "earlymount-sysroot.service.d", dir, sizeof(dir))) < 0)
		return failed("mkdir", dir, r);
	fmt(text, sizeof(text), "[Unit]\nAfter=systemd-fsck@%s.service\n", esc);
	fmt(path, sizeof(path), "%s/50-fsck.conf", dir);
	if ((r = write_new(path, text)) < 0)
		return failed("write", path, r);
	return 0;
}
