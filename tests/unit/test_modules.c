/* SPDX-License-Identifier: MIT */
/* The modules.dep reader. */
#include "../t.h"
#include "modules.h"

static const char dep[] =
	"kernel/fs/ext4/ext4.ko: kernel/lib/crc16.ko kernel/fs/mbcache.ko kernel/fs/jbd2/jbd2.ko\n"
	"kernel/lib/crc16.ko:\n"
	"kernel/drivers/block/virtio_blk.ko.xz: kernel/drivers/virtio/virtio.ko.xz kernel/drivers/virtio/virtio_ring.ko.xz\n"
	"kernel/arch/x86/crypto/crc32c-intel.ko.zst:\n"
	"garbage line without colon\n"
	": empty path\n"
	"kernel/fs/fat/vfat.ko.gz: kernel/fs/fat/fat.ko.gz"; /* no final newline */

static const char builtin[] = "kernel/fs/ext4/ext4.ko\nkernel/drivers/scsi/sd_mod.ko\n";

int main(void)
{
	struct moddep_entry e;
	char name[64];

	CHECK_INT(moddep_find(dep, sizeof(dep) - 1, "ext4", &e), 0);
	CHECK_INT((int)e.pathlen, (int)strlen("kernel/fs/ext4/ext4.ko"));
	CHECK(strncmp(e.deps, " kernel/lib/crc16.ko", 20) == 0);
	CHECK_INT(moddep_find(dep, sizeof(dep) - 1, "crc16", &e), 0);
	CHECK_INT((int)e.depslen, 0);
	/* '-' and '_' are the same in module names. */
	CHECK_INT(moddep_find(dep, sizeof(dep) - 1, "virtio-blk", &e), 0);
	CHECK_INT(moddep_find(dep, sizeof(dep) - 1, "crc32c_intel", &e), 0);
	CHECK_INT(moddep_find(dep, sizeof(dep) - 1, "vfat", &e), 0);
	CHECK_INT((int)e.depslen, (int)strlen(" kernel/fs/fat/fat.ko.gz"));
	CHECK_INT(moddep_find(dep, sizeof(dep) - 1, "ext", &e), -ENOENT);
	CHECK_INT(moddep_find(dep, sizeof(dep) - 1, "xfs", &e), -ENOENT);
	CHECK_INT(moddep_find("", 0, "xfs", &e), -ENOENT);

	moddep_name("kernel/arch/x86/crypto/crc32c-intel.ko.zst", 42, name, sizeof(name));
	CHECK_STR(name, "crc32c_intel");
	moddep_name("a/b.ko.xz", 9, name, sizeof(name));
	CHECK_STR(name, "b");
	moddep_name("plain.ko", 8, name, sizeof(name));
	CHECK_STR(name, "plain");

	CHECK_INT(modbuiltin_find(builtin, sizeof(builtin) - 1, "sd-mod"), 0);
	CHECK_INT(modbuiltin_find(builtin, sizeof(builtin) - 1, "ext4"), 0);
	CHECK_INT(modbuiltin_find(builtin, sizeof(builtin) - 1, "xfs"), -ENOENT);
	return t_done();
}
