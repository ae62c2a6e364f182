/* SPDX-License-Identifier: MIT */
/* The module load scheduler: dependencies before dependents, independent chains side by side,
 * failures passed on to hard dependents only, softdep loops broken. */
#include "../t.h"
#include "modsched.h"

static struct modsched s;

static int add(const char *name)
{
	int isnew;
	return modsched_add(&s, name, &isnew);
}

int main(void)
{
	int i, why, isnew;

	/* ext4 needs jbd2 and mbcache (hard), crc32c_generic before it (softdep pre:);
	 * virtio_blk needs virtio_ring; nvme is alone. */
	memset(&s, 0, sizeof(s)); /* empty, as modload.c's static table starts */
	int ext4 = add("ext4"), jbd2 = add("jbd2"), mbcache = add("mbcache"), crc = add("crc32c-generic");
	int vblk = add("virtio_blk"), ring = add("virtio_ring"), nvme = add("nvme");
	CHECK_INT(modsched_add(&s, "crc32c_generic", &isnew), crc); /* '-' and '_' equal, added once */
	CHECK_INT(isnew, 0);
	CHECK_STR(s.name[crc], "crc32c-generic"); /* stored as given: the loader's names are normalized */
	CHECK_INT(modsched_find(&s, "virtio-blk"), vblk);
	CHECK_INT(modsched_find(&s, "xfs"), -ENOENT);
	CHECK_INT(modsched_need(&s, ext4, jbd2, 1), 0);
	CHECK_INT(modsched_need(&s, ext4, mbcache, 1), 0);
	CHECK_INT(modsched_need(&s, ext4, crc, 0), 0);
	CHECK_INT(modsched_need(&s, jbd2, crc, 0), 0);
	CHECK_INT(modsched_need(&s, vblk, ring, 1), 0);

	/* The first ready ones in order of adding: jbd2 waits for crc32c, so mbcache first. */
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START);
	CHECK_INT(i, mbcache);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START);
	CHECK_INT(i, crc);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START);
	CHECK_INT(i, ring);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START);
	CHECK_INT(i, nvme);
	CHECK_INT(s.running, 4);
	/* ext4, jbd2 and virtio_blk all wait for running ones. */
	CHECK_INT(modsched_next(&s, &i, &why), MSN_WAIT);
	/* crc32c failing does not stop jbd2 (a softdep), and jbd2 may start now. */
	modsched_done(&s, crc, 0);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START);
	CHECK_INT(i, jbd2);
	modsched_done(&s, ring, 1);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START);
	CHECK_INT(i, vblk);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_WAIT);
	/* jbd2 failing fails ext4 (hard), once mbcache is no reason to wait any more. */
	modsched_done(&s, jbd2, 0);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_DEPFAIL);
	CHECK_INT(i, ext4);
	CHECK_INT(why, jbd2);
	CHECK_INT(s.state[ext4], MS_FAILED);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_WAIT);
	modsched_done(&s, mbcache, 1);
	modsched_done(&s, vblk, 1);
	modsched_done(&s, nvme, 1);
	CHECK_INT(s.running, 0);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_IDLE);

	/* Later rounds (a hotplugged device): a new module needing a done one starts at once; a
	 * skipped one counts as done. */
	int sd = add("sd_mod"), t10 = add("crc_t10dif"), pcl = add("crct10dif_pclmul");
	CHECK_INT(modsched_need(&s, sd, ring, 1), 0);
	CHECK_INT(modsched_need(&s, sd, t10, 1), 0);
	CHECK_INT(modsched_need(&s, t10, pcl, 0), 0);
	modsched_skip(&s, pcl);
	CHECK_INT(s.state[pcl], MS_DONE);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START);
	CHECK_INT(i, t10);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_WAIT);
	modsched_done(&s, t10, 1);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START);
	CHECK_INT(i, sd);
	modsched_done(&s, sd, 1);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_IDLE);

	/* softdeps that name each other: one is failed, the other then loads. */
	int a = add("loop_a"), b = add("loop_b");
	CHECK_INT(modsched_need(&s, a, b, 0), 0);
	CHECK_INT(modsched_need(&s, b, a, 0), 0);
	CHECK_INT(modsched_need(&s, a, a, 1), 0); /* itself: ignored */
	CHECK_INT(modsched_next(&s, &i, &why), MSN_LOOP);
	CHECK_INT(i, a);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START);
	CHECK_INT(i, b);

	/* Priorities (modsched_boost): a coldplug chain (ata_piix on libata), then a module matched
	 * later (virtio_blk on virtio_ring) boosted, and a filesystem (ext4 on jbd2) boosted higher:
	 * the highest ready one starts first, its dependencies carry its priority, and
	 * modsched_busy sees only the levels asked for. */
	memset(&s, 0, sizeof(s));
	int lata = add("libata"), piix = add("ata_piix"), vr = add("virtio_ring"), vb = add("virtio_blk");
	int jb = add("jbd2"), e4 = add("ext4");
	CHECK_INT(modsched_need(&s, piix, lata, 1), 0);
	CHECK_INT(modsched_need(&s, vb, vr, 1), 0);
	CHECK_INT(modsched_need(&s, e4, jb, 1), 0);
	modsched_boost(&s, vb, 1);
	modsched_boost(&s, e4, 2);
	CHECK_INT(s.prio[vr], 1);
	CHECK_INT(s.prio[jb], 2);
	CHECK_INT(s.prio[lata], 0);
	CHECK_INT(modsched_busy(&s, 2), 1);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START);
	CHECK_INT(i, jb);
	modsched_done(&s, jb, 1);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START);
	CHECK_INT(i, e4);
	modsched_done(&s, e4, 1);
	CHECK_INT(modsched_busy(&s, 2), 0);
	CHECK_INT(modsched_busy(&s, 1), 1);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START);
	CHECK_INT(i, vr);
	modsched_boost(&s, piix, 0); /* never lowers */
	modsched_boost(&s, vb, 0);
	CHECK_INT(s.prio[vb], 1);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START); /* virtio_blk waits: libata, the lowest index */
	CHECK_INT(i, lata);
	modsched_done(&s, vr, 1);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START);
	CHECK_INT(i, vb);
	modsched_done(&s, vb, 1);
	CHECK_INT(modsched_busy(&s, 1), 0);
	CHECK_INT(modsched_busy(&s, 0), 1);
	modsched_done(&s, lata, 1);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START);
	CHECK_INT(i, piix);
	modsched_done(&s, piix, 1);
	CHECK_INT(modsched_busy(&s, 0), 0);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_IDLE);

	/* solo_below: a module below it starts only when nothing runs; one above it starts beside it. */
	memset(&s, 0, sizeof(s));
	s.solo_below = 1;
	int c1 = add("ata_piix"), c2 = add("virtio_pci"), h1 = add("virtio_blk");
	modsched_boost(&s, h1, 1);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START);
	CHECK_INT(i, h1);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_WAIT); /* c1 would run beside h1 */
	modsched_done(&s, h1, 1);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START);
	CHECK_INT(i, c1);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_WAIT); /* c2 would run beside c1 */
	int h2 = add("sd_mod");
	modsched_boost(&s, h2, 1);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START); /* above it: beside c1 */
	CHECK_INT(i, h2);
	modsched_done(&s, c1, 1);
	modsched_done(&s, h2, 1);
	CHECK_INT(modsched_next(&s, &i, &why), MSN_START);
	CHECK_INT(i, c2);

	/* Limits: the table and the names. */
	memset(&s, 0, sizeof(s));
	char n[16];
	for (unsigned k = 0; k < MODSCHED_MAX; k++) {
		snprintf(n, sizeof(n), "m%u", k);
		CHECK(add(n) >= 0 || (k < MODSCHED_MAX && 0));
	}
	CHECK_INT(add("one_more"), -ENOSPC);
	CHECK_INT(add("m3"), 3);
	CHECK_INT(add(""), -EINVAL);
	CHECK_INT(add("a_name_longer_than_the_kernels_module_name_limit_of_56_bytes"), -EINVAL);
	for (unsigned k = 0; k < MODSCHED_EDGES; k++)
		(void)modsched_need(&s, (int)(k % 500) + 10, (int)(k / 500), 1);
	CHECK_INT(modsched_need(&s, 0, 511, 1), -ENOSPC);
	return t_done();
}
