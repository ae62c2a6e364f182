/* SPDX-License-Identifier: MIT */
/* The generator's unit names: dracut's label_uuid_to_dev and systemd-escape --path. With
 * arguments (tests/unit/sdunit_diff.sh): prints, for each, "ROOT<TAB>DEVICE<TAB>ESCAPED" for the
 * comparison with dracut-lib.sh and systemd-escape themselves. */
#include "../t.h"
#include "sdunit.h"

static const char *dev(const char *root)
{
	static char buf[512];
	return sdunit_dracut_dev(root, buf, sizeof(buf)) < 0 ? "(too long)" : buf;
}

static const char *esc(const char *path)
{
	static char buf[1024];
	return sdunit_path_escape(path, buf, sizeof(buf)) < 0 ? "(too long)" : buf;
}

int main(int argc, char **argv)
{
	if (argc > 1) {
		for (int i = 1; i < argc; i++) {
			char d[512];
			printf("%s\t%s\t%s\n", argv[i], dev(argv[i]), esc(strcpy(d, dev(argv[i]))));
		}
		return 0;
	}
	CHECK_STR(dev("LABEL=root"), "/dev/disk/by-label/root");
	CHECK_STR(dev("LABEL=my root/1"), "/dev/disk/by-label/my\\x20root\\x2f1");
	CHECK_STR(dev("PARTLABEL=a b"), "/dev/disk/by-partlabel/a\\x20b");
	CHECK_STR(dev("UUID=1234-ABCD"), "/dev/disk/by-uuid/1234-ABCD");
	CHECK_STR(dev("PARTUUID=0011aabb-01"), "/dev/disk/by-partuuid/0011aabb-01");
	CHECK_STR(dev("block:UUID=x"), "/dev/disk/by-uuid/x");
	CHECK_STR(dev("/dev/vda1"), "/dev/vda1");
	CHECK_STR(dev("252:1"), "252:1");
	CHECK_STR(dev(""), "");

	CHECK_STR(esc("/dev/vda1"), "dev-vda1");
	CHECK_STR(esc("/dev/disk/by-label/my\\x20root"), "dev-disk-by\\x2dlabel-my\\x5cx20root");
	CHECK_STR(esc("/"), "-");
	CHECK_STR(esc(""), "-");
	CHECK_STR(esc("//dev//vda/"), "dev-vda");
	CHECK_STR(esc("/.hidden/x"), "\\x2ehidden-x");
	CHECK_STR(esc("/a/.b"), "a-.b");
	CHECK_STR(esc("/dev/mapper/vg-root"), "dev-mapper-vg\\x2droot");
	CHECK_STR(esc("/a:b_c.d"), "a:b_c.d");
	CHECK_STR(esc("/\xc3\xa4"), "\\xc3\\xa4");

	char small[8];
	CHECK_INT(sdunit_path_escape("/dev/vda1", small, sizeof(small)), -ENAMETOOLONG);
	CHECK_INT(sdunit_path_escape("/dev/vda", small, 9), 7);
	CHECK_INT(sdunit_dracut_dev("LABEL=x", small, sizeof(small)), -ENAMETOOLONG);
	printf("%d passed, %d failed\n", t_pass, t_fail);
	return t_fail != 0;
}
