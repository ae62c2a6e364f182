/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the kernel command line as earlymount's boot path handles it (run.c
 * load_cmdline): tokenize, build the mount plan, print it. The input may hold NUL bytes: the part
 * before the first NUL is the initramfs's stored default fragment (/etc/earlymount/cmdline), the
 * rest the kernel's line, appended after it, as run.c does. Both are handed over as exactly-sized
 * heap copies without a terminating NUL, so ASan sees any read past the given length. Where the
 * line names no /usr, the kernel's part is read as the new root's /etc/fstab too, and its /usr
 * line made into the plan's /usr (fstab.c, spec_usr_from_fstab), as mountplan.c does. */
#include "../cmdline_t.h"
#include "fstab.h"
#include "plan.h"
#include "spec.h"
#include "util.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Tens of KiB each: static, not on the fuzzer's stack. */
static struct cmdline cl;
static struct plan plan;
static char out[1 << 17];
static char small[97];

#include "require.h"

static char *copy(const uint8_t *p, size_t n)
{
	char *c = malloc(n ? n : 1);
	REQUIRE(c);
	if (n)
		memcpy(c, p, n);
	return c;
}

static int in_buf(const char *s)
{
	return s >= cl.buf && s < cl.buf + cl.used;
}

/* A refusal always explains itself, NUL-terminated within the buffer. */
static void check_err(const char *err, size_t cap)
{
	REQUIRE(memchr(err, '\0', cap) != NULL && err[0]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, 0, size);
	size_t n1 = nul ? (size_t)(nul - data) : size;
	char *frag = copy(data, n1);
	char *line = nul ? copy(nul + 1, size - n1 - 1) : NULL;
	char err[256];
	int r;

	memset(err, 0x55, sizeof(err));
	r = cmdline_parse(&cl, frag, n1);
	if (r == 0 && line)
		r = cmdline_append(&cl, line, size - n1 - 1);
	REQUIRE(r == 0 || r == -E2BIG);
	REQUIRE(cl.used <= sizeof(cl.buf) && cl.nargs <= CMDLINE_MAX_ARGS && cl.ninit <= CMDLINE_MAX_ARGS);
	for (unsigned i = 0; i < cl.nargs; i++) {
		REQUIRE(in_buf(cl.args[i].name));
		REQUIRE(!cl.args[i].value || in_buf(cl.args[i].value));
	}
	for (unsigned i = 0; i < cl.ninit; i++)
		REQUIRE(in_buf(cl.init_args[i]));
	/* Both readings: the kernel's, and systemd-fstab-generator's (chosen by the first byte, so
	 * the corpus reaches both). */
	enum spec_rules rules = size && (data[0] & 1) ? SPEC_RULES_SYSTEMD : SPEC_RULES_KERNEL;
	if (r == 0) {
		r = spec_build(&cl, rules, &plan, err, sizeof(err));
		REQUIRE(r == 0 || r == -EINVAL || r == -EOPNOTSUPP);
		if (r < 0)
			check_err(err, sizeof(err));
		if (r == 0) {
			struct sbuf sb, ss;
			REQUIRE(plan.nextra <= PLAN_MAX_EXTRA && plan.nmodules <= PLAN_MAX_MODULES);
			/* Warnings: whole lines, each one reachable, none past the count. */
			REQUIRE(memchr(plan.warnings, '\0', sizeof(plan.warnings)) != NULL);
			for (unsigned i = 0; i < plan.nwarnings; i++) {
				const char *w;
				size_t wl;
				REQUIRE(spec_warning(&plan, i, &w, &wl) == 0 && !memchr(w, '\n', wl));
			}
			{
				const char *w;
				size_t wl;
				REQUIRE(spec_warning(&plan, plan.nwarnings, &w, &wl) == -ENOENT);
			}
			REQUIRE(!plan.have_root || plan.root.wait_s >= -1);
			if (!plan.have_usr && line && rules == SPEC_RULES_KERNEL) {
				static struct fstab_entry e; /* the plan's /usr points into it */
				char *text = malloc(size - n1);
				REQUIRE(text);
				memcpy(text, nul + 1, size - n1 - 1);
				text[size - n1 - 1] = '\0';
				memset(err, 0x55, sizeof(err));
				int f = fstab_find(text, "/usr", &e, err, sizeof(err));
				REQUIRE(f >= -EINVAL && f <= 1);
				if (f > 0) {
					REQUIRE(e.line >= 1 && e.type[0] && e.opts[0]);
					f = spec_usr_from_fstab(&plan, &e, err, sizeof(err));
					REQUIRE(f == 0 || f == -EINVAL);
					REQUIRE(plan.have_usr == (f == 0));
				}
				if (f < 0)
					check_err(err, sizeof(err));
				free(text);
			}
			REQUIRE(!plan.init || plan.init[0] == '/');
			sb_init(&sb, out, sizeof(out));
			plan_print(&sb, &plan, "/sysroot");
			REQUIRE(sb.len < sizeof(out) && out[sb.len] == '\0');
			/* The same plan into a small buffer: cut, flagged, and a prefix of the full text. */
			sb_init(&ss, small, sizeof(small));
			plan_print(&ss, &plan, "/sysroot");
			REQUIRE(ss.len < sizeof(small) && small[ss.len] == '\0');
			REQUIRE(memcmp(small, out, ss.len) == 0);
			REQUIRE(ss.overflow == (sb.len >= sizeof(small)) || sb.overflow);
			sb_init(&sb, out, sizeof(out));
			plan_print(&sb, &plan, "/");
			/* The mount(2) fallback's view of each entry's options. */
			const struct mount_entry *all[2 + PLAN_MAX_EXTRA];
			unsigned n = 0;
			if (plan.have_root)
				all[n++] = &plan.root;
			if (plan.have_usr)
				all[n++] = &plan.usr;
			for (unsigned i = 0; i < plan.nextra; i++)
				all[n++] = &plan.extra[i];
			for (unsigned i = 0; i < n; i++) {
				char data[4096], tgt[512], src[320];
				unsigned long fl;
				(void)options_legacy(&all[i]->opts, &fl, data, sizeof(data));
				REQUIRE(memchr(data, '\0', sizeof(data)) != NULL);
				plan_target_path(all[i], "/sysroot", tgt, sizeof(tgt));
				plan_source_text(&all[i]->src, src, sizeof(src));
			}
		}
	}
	free(frag);
	free(line);
	return 0;
}
