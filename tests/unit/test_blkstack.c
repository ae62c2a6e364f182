/* SPDX-License-Identifier: MIT */
/* What a stacked root needs (blkstack.c's table: the dm uuid prefixes of cryptsetup, lvm2,
 * multipath-tools, dmraid and kpartx), and stackread.c's walk over a sysfs tree laid out as the
 * kernel's (dev/block/M:m links, dm/, md/, loop/, slaves/, partition), built in a temporary
 * directory: the host running the tests need not have device-mapper or md. */
#define _GNU_SOURCE
#include "../t.h"
#include "blkstack.h"
#include "stackread.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[64];

/* mkdir -p root/PATH, and a file root/PATH/NAME holding text when name is given */
static void put(const char *path, const char *name, const char *text)
{
	char p[512];
	snprintf(p, sizeof(p), "%s/%s", root, path);
	for (char *s = p + strlen(root) + 1; (s = strchr(s, '/')); s++) {
		*s = '\0';
		mkdir(p, 0755);
		*s = '/';
	}
	mkdir(p, 0755);
	if (!name)
		return;
	snprintf(p, sizeof(p), "%s/%s/%s", root, path, name);
	FILE *f = fopen(p, "w");
	if (f) {
		fprintf(f, "%s\n", text);
		fclose(f);
	}
}

/* a block device NAME (major:minor) at devices/virtual/block/NAME, or under a disk's directory */
static void dev(const char *dir, const char *name, const char *mm)
{
	char p[512], t[512];
	put(dir, NULL, NULL);
	put("class/block", NULL, NULL);
	put("dev/block", NULL, NULL);
	snprintf(p, sizeof(p), "%s/dev/block/%s", root, mm);
	snprintf(t, sizeof(t), "../../%s", dir);
	CHECK(symlink(t, p) == 0);
	snprintf(p, sizeof(p), "%s/class/block/%s", root, name);
	snprintf(t, sizeof(t), "../../%s", dir);
	CHECK(symlink(t, p) == 0);
	snprintf(t, sizeof(t), "MAJOR=%.*s\nMINOR=%s\nDEVNAME=%s\nDEVTYPE=disk", (int)strcspn(mm, ":"), mm,
	         strchr(mm, ':') + 1, name);
	put(dir, "uevent", t);
}

static void slave(const char *dir, const char *name)
{
	char p[512];
	snprintf(p, sizeof(p), "%s/slaves", dir);
	put(p, NULL, NULL);
	snprintf(p, sizeof(p), "%s/%s/slaves/%s", root, dir, name);
	CHECK(symlink("../../whatever", p) == 0);
}

static const char *mods(const struct stack_report *r)
{
	static char buf[128];
	buf[0] = '\0';
	for (unsigned i = 0; i < r->needs.nmodules; i++)
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s%s", i ? " " : "", r->needs.modules[i]);
	return buf;
}

int main(void)
{
	/* the table */
	CHECK_STR(blkstack_dm("CRYPT-LUKS2-0a1b2c3d-luks-0a1b")->module, "crypt");
	CHECK_STR(blkstack_dm("CRYPT-PLAIN-swap")->module, "crypt");
	CHECK_STR(blkstack_dm("LVM-Xk2cVYz3aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789abcdefghijklmnopq")->module, "lvm");
	CHECK_STR(blkstack_dm("mpath-3600508b400105e210000900000490000")->module, "multipath");
	CHECK_STR(blkstack_dm("DMRAID-isw_dhbdaabbc_Volume0")->module, "dmraid");
	CHECK(blkstack_dm("part1-mpath-3600508b4001")->partition);
	CHECK(blkstack_dm("part12-LVM-abc")->partition);
	CHECK(blkstack_dm("part1-mpath-3600508b4001")->module == NULL);
	/* not kpartx's form: no number, or no '-' after it */
	CHECK(!blkstack_dm("partial-thing")->partition);
	CHECK(!blkstack_dm("part1")->partition);
	CHECK(blkstack_dm("")->module == NULL);
	CHECK(blkstack_dm("crypt-lowercase")->module == NULL); /* the prefixes are case-sensitive */
	CHECK_STR(blkstack_md.module, "mdraid");
	CHECK(blkstack_loop.module == NULL);
	struct stack_needs n = { { 0 }, 0 };
	blkstack_need(&n, "lvm");
	blkstack_need(&n, NULL);
	blkstack_need(&n, "crypt");
	blkstack_need(&n, "lvm");
	CHECK_INT(n.nmodules, 2);

	/* the walk, over a tree of our own */
	strcpy(root, "/tmp/em-blkstack.XXXXXX");
	if (!mkdtemp(root)) {
		perror("mkdtemp");
		return 1;
	}
	dev("devices/pci0000:00/virtio1/block/vda", "vda", "254:0");
	dev("devices/pci0000:00/virtio1/block/vda/vda2", "vda2", "254:2");
	put("devices/pci0000:00/virtio1/block/vda/vda2", "partition", "2");
	/* LVM on LUKS on vda2 */
	dev("devices/virtual/block/dm-0", "dm-0", "253:0");
	put("devices/virtual/block/dm-0/dm", "uuid", "CRYPT-LUKS2-0a1b-luks");
	put("devices/virtual/block/dm-0/dm", "name", "luks");
	slave("devices/virtual/block/dm-0", "vda2");
	dev("devices/virtual/block/dm-1", "dm-1", "253:1");
	put("devices/virtual/block/dm-1/dm", "uuid", "LVM-vg0lvroot");
	put("devices/virtual/block/dm-1/dm", "name", "vg0-root");
	slave("devices/virtual/block/dm-1", "dm-0");
	/* a partition of an md array */
	dev("devices/virtual/block/md0", "md0", "9:0");
	put("devices/virtual/block/md0/md", "level", "raid1");
	slave("devices/virtual/block/md0", "vda");
	dev("devices/virtual/block/md0/md0p1", "md0p1", "259:0");
	put("devices/virtual/block/md0/md0p1", "partition", "1");
	/* a loop device, and a dm device nobody named */
	dev("devices/virtual/block/loop3", "loop3", "7:3");
	put("devices/virtual/block/loop3/loop", "backing_file", "/srv/root.img");
	dev("devices/virtual/block/dm-2", "dm-2", "253:2");
	put("devices/virtual/block/dm-2/dm", "uuid", "");
	put("devices/virtual/block/dm-2/dm", "name", "plain");
	slave("devices/virtual/block/dm-2", "loop3");

	int fd = open(root, O_RDONLY | O_DIRECTORY);
	static struct stack_report r;
	CHECK_INT(stack_read(fd, 254, 2, &r), 0);
	CHECK_INT(r.stacked, 0);
	CHECK_STR(r.text, "");
	CHECK_INT(stack_read(fd, 253, 1, &r), 0);
	CHECK_INT(r.stacked, 1);
	CHECK_STR(mods(&r), "lvm crypt");
	CHECK_STR(r.text, "dm-1: an LVM logical volume (dm name vg0-root, dm uuid LVM-vg0lvroot); "
	                  "dm-0: a dm-crypt volume (dm name luks, dm uuid CRYPT-LUKS2-0a1b-luks)");
	CHECK_INT(stack_read(fd, 259, 0, &r), 0);
	CHECK_STR(mods(&r), "mdraid");
	CHECK_STR(r.text, "md0p1: a partition of md0; md0: an md RAID array (raid1)");
	CHECK_INT(stack_read(fd, 253, 2, &r), 0);
	CHECK_STR(mods(&r), "");
	CHECK_INT(r.loop, 1);
	CHECK_INT(r.unknown, 1);
	CHECK_STR(r.text, "dm-2: a device-mapper device of no kind dracut sets up (dm name plain, no dm uuid); "
	                  "loop3: a loop device (backed by /srv/root.img)");
	CHECK_INT(stack_read(fd, 1, 99, &r), -ENOENT);
	close(fd);
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	CHECK(system(cmd) == 0);
	return t_done();
}
