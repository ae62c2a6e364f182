/* SPDX-License-Identifier: MIT */
/* resume=, resume_offset=, noresume, nohibernate and hibernate= read as the kernel reads them
 * (kernel/power/hibernate.c, Linux 6.1 and 6.12): what the plan holds, its warnings, and what
 * `earlymount plan` prints. */
#include "../t.h"
#include "plan.h"
#include "util.h"

#include <stdio.h>

#include "spec_t.h"

static const struct row {
	const char *line;
	int have, noresume;
	enum devkind kind;
	const char *value;
	unsigned long long offset;
	long wait_s;
	const char *warning; /* a fragment of the plan's warnings, or NULL for none */
} rows[] = {
	{ "root=/dev/vda resume=/dev/vdb", 1, 0, DEV_PATH, "/dev/vdb", 0, 30, NULL },
	{ "root=/dev/vda resume=UUID=0b3c8a2e-5f1d-4c2b-9e7a-1d2c3b4a5f6e", 1, 0, DEV_UUID, "0b3c8a2e-5f1d-4c2b-9e7a-1d2c3b4a5f6e", 0, 30, NULL },
	{ "root=/dev/vda resume=LABEL=swap", 1, 0, DEV_LABEL, "swap", 0, 30, NULL },
	{ "root=/dev/vda resume=PARTLABEL=swap", 1, 0, DEV_PARTLABEL, "swap", 0, 30, NULL },
	{ "root=/dev/vda resume=8:2", 1, 0, DEV_DEVNUM, NULL, 0, 30, NULL },
	/* resume_setup copies each value over the last: the last one counts. */
	{ "root=/dev/vda resume=/dev/vdb resume=/dev/vdc", 1, 0, DEV_PATH, "/dev/vdc", 0, 30, NULL },
	/* an empty last one names no device (resume_file ""): no resume, nothing said */
	{ "root=/dev/vda resume=/dev/vdb resume=", 0, 0, DEV_NONE, NULL, 0, 30, NULL },
	/* one the kernel could not find either: a warning, the boot goes on */
	{ "root=/dev/vda resume=foo", 0, 0, DEV_NONE, NULL, 0, 30, "resume=foo: " },
	{ "root=/dev/vda resume=foo resume=/dev/vdb", 1, 0, DEV_PATH, "/dev/vdb", 0, 30, NULL },
	/* __setup("resume=") needs its '=' */
	{ "root=/dev/vda resume", 0, 0, DEV_NONE, NULL, 0, 30, "resume without '=' is not resume=" },
	/* resume_offset_setup: sscanf %llu, the leading digits */
	{ "root=/dev/vda resume=/dev/vdb resume_offset=34816", 1, 0, DEV_PATH, "/dev/vdb", 34816, 30, NULL },
	{ "root=/dev/vda resume=/dev/vdb resume_offset=12x", 1, 0, DEV_PATH, "/dev/vdb", 12, 30, NULL },
	{ "root=/dev/vda resume=/dev/vdb resume_offset=x", 1, 0, DEV_PATH, "/dev/vdb", 0, 30, "resume_offset=x: not a number" },
	/* the kernel's parameter names take '-' for '_' (parameqn) */
	{ "root=/dev/vda resume=/dev/vdb resume-offset=7", 1, 0, DEV_PATH, "/dev/vdb", 7, 30, NULL },
	/* noresume and nohibernate wherever they stand; hibernate= "no..." but "nocompress..." */
	{ "root=/dev/vda noresume resume=/dev/vdb", 1, 1, DEV_PATH, "/dev/vdb", 0, 30, NULL },
	{ "root=/dev/vda resume=/dev/vdb nohibernate", 1, 1, DEV_PATH, "/dev/vdb", 0, 30, NULL },
	{ "root=/dev/vda resume=/dev/vdb hibernate=noresume", 1, 1, DEV_PATH, "/dev/vdb", 0, 30, NULL },
	{ "root=/dev/vda resume=/dev/vdb hibernate=no", 1, 1, DEV_PATH, "/dev/vdb", 0, 30, NULL },
	{ "root=/dev/vda resume=/dev/vdb hibernate=nocompress", 1, 0, DEV_PATH, "/dev/vdb", 0, 30, NULL },
	{ "root=/dev/vda resume=/dev/vdb hibernate=protect_image", 1, 0, DEV_PATH, "/dev/vdb", 0, 30, NULL },
	/* each hibernate= counts in turn (hibernate_setup sets, never clears) */
	{ "root=/dev/vda resume=/dev/vdb hibernate=noresume hibernate=nocompress", 1, 1, DEV_PATH, "/dev/vdb", 0, 30, NULL },
	/* the wait: the root's, but never forever */
	{ "root=/dev/vda resume=/dev/vdb rootwait=7", 1, 0, DEV_PATH, "/dev/vdb", 0, 7, NULL },
	{ "root=/dev/vda resume=/dev/vdb earlymount.timeout=3", 1, 0, DEV_PATH, "/dev/vdb", 0, 3, NULL },
	{ "root=/dev/vda resume=/dev/vdb rootwait", 1, 0, DEV_PATH, "/dev/vdb", 0, 30, NULL },
	{ "root=/dev/vda resume=/dev/vdb rootwait earlymount.timeout=5", 1, 0, DEV_PATH, "/dev/vdb", 0, 5, NULL },
	/* the same warnings as root='s forms */
	{ "root=/dev/vda resume=/dev/disk/by-id/virtio-swap", 1, 0, DEV_PATH, "/dev/disk/by-id/virtio-swap", 0, 30, "a link that udev makes" },
	{ "root=/dev/vda resume=PARTUUID=0fc63daf", 1, 0, DEV_PARTUUID, "0fc63daf", 0, 30, "the start of a PARTUUID" },
	/* resume= alone is no root= */
	{ "resume=/dev/vdb", 1, 0, DEV_PATH, "/dev/vdb", 0, 30, NULL },
};

int main(void)
{
	static char out[8192];
	struct sbuf sb;

	for (size_t i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct row *w = &rows[i];
		int failed = t_fail;
		CHECK_INT(build(w->line), 0);
		CHECK_INT(p.have_resume, w->have);
		CHECK_INT(p.noresume, w->noresume);
		if (w->have) {
			CHECK_INT(p.resume.swap, 1); /* a UUID= or LABEL= names swap space */
			CHECK_INT(p.resume.kind, w->kind);
			if (w->value)
				CHECK_STR(p.resume.value, w->value);
		}
		CHECK(p.resume_offset == w->offset);
		CHECK_INT(p.resume_wait_s, w->wait_s);
		if (w->warning)
			CHECK(strstr(p.warnings, w->warning) != NULL);
		else
			CHECK_STR(p.warnings, "");
		if (t_fail != failed)
			fprintf(stderr, "  (the line: %s)\n", w->line);
	}

	/* 8:2 is the device 8:2 */
	CHECK_INT(build("root=/dev/vda resume=8:2"), 0);
	CHECK_INT(p.resume.major, 8);
	CHECK_INT(p.resume.minor, 2);

	/* What `earlymount plan` says. */
	CHECK_INT(build("root=/dev/vda resume=UUID=0b3c8a2e-5f1d-4c2b-9e7a-1d2c3b4a5f6e resume_offset=9 earlymount.timeout=4"), 0);
	sb_init(&sb, out, sizeof(out));
	plan_print(&sb, &p, "/sysroot");
	CHECK(strstr(out, "resume: before any mount, from a hibernation image on UUID=0b3c8a2e-5f1d-4c2b-9e7a-1d2c3b4a5f6e "
	                  "at page 9 (resume_offset=); waits up to 4 s for the device, then boots without\n") != NULL);
	CHECK_INT(build("root=/dev/vda resume=/dev/vdb noresume"), 0);
	sb_init(&sb, out, sizeof(out));
	plan_print(&sb, &p, "/sysroot");
	CHECK(strstr(out, "resume: off (noresume, nohibernate or hibernate=no...): /dev/vdb is not looked at\n") != NULL);
	CHECK_INT(build("root=/dev/vda"), 0);
	sb_init(&sb, out, sizeof(out));
	plan_print(&sb, &p, "/sysroot");
	CHECK(strstr(out, "resume:") == NULL);
	return t_done();
}
