/* SPDX-License-Identifier: MIT */
/* libFuzzer target: mount option strings (rootflags=, mount.usrflags=, earlymount.mount's OPTIONS).
 * NUL bytes split the input into several strings added one after another to the same set, as
 * spec.c does (the mount point first, then the options). Each string is an exactly-sized heap copy,
 * so ASan sees a read past its NUL. Then the set is turned into what the mount(2) fallback and the
 * plan printer make of it, into buffers of several sizes. */
#include "options.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "require.h"

static int in_buf(const struct optset *o, const char *s)
{
	return s >= o->buf && s < o->buf + o->used;
}

static void check_set(const struct optset *o)
{
	int misfit = 0;
	REQUIRE(o->used <= sizeof(o->buf));
	REQUIRE(o->data <= OPT_DATA_MAX && (o->data == 0 || o->data + 1 == o->used));
	REQUIRE(o->nparams <= OPT_MAX_PARAMS);
	REQUIRE(o->ro >= -1 && o->ro <= 1);
	for (unsigned i = 0; i < o->nparams; i++) {
		const struct fsparam *p = &o->params[i];
		REQUIRE(in_buf(o, p->key) && *p->key);
		misfit |= strlen(p->key) >= FSCONFIG_VALUE_MAX;
		/* A comma only inside double quotes (the splitter's rule). */
		{
			int q = 0;
			for (const char *c = p->key; *c; c++) {
				q ^= *c == '"';
				REQUIRE(*c != ',' || q);
			}
		}
		REQUIRE(!p->value || in_buf(o, p->value));
		misfit |= p->value && strlen(p->value) >= FSCONFIG_VALUE_MAX;
	}
	/* a key or value over fsconfig's 255 bytes sends the mount to mount(2) */
	REQUIRE(misfit == (options_fsconfig_misfit(o) != NULL));
}

static void names(uint64_t set, uint64_t clr)
{
	static const size_t caps[] = { 1, 9, 40, 256 };
	for (size_t i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
		char *b = malloc(caps[i]);
		REQUIRE(b);
		options_attr_names(set, clr, b, caps[i]);
		REQUIRE(memchr(b, '\0', caps[i]) != NULL);
		free(b);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct optset o; /* 4.5 KiB; static like the plan's */
	static const size_t caps[] = { 1, 17, 4096 };
	uint64_t raw[2] = { 0, 0 };
	char err[192];
	size_t pos = 0;
	int r = 0;

	options_init(&o);
	while (pos < size && r == 0) {
		const uint8_t *nul = memchr(data + pos, 0, size - pos);
		size_t n = nul ? (size_t)(nul - data - pos) : size - pos;
		char *s = malloc(n + 1);
		REQUIRE(s);
		memcpy(s, data + pos, n);
		s[n] = '\0';
		memset(err, 0x55, sizeof(err));
		r = options_add(&o, s, err, sizeof(err));
		REQUIRE(r == 0 || r == -EINVAL || r == -E2BIG);
		if (r < 0)
			REQUIRE(memchr(err, '\0', sizeof(err)) != NULL && err[0]);
		free(s);
		pos += n + 1;
	}
	check_set(&o);
	for (size_t i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
		char *b = malloc(caps[i]);
		unsigned long fl;
		REQUIRE(b);
		r = options_legacy(&o, &fl, b, caps[i]);
		/* what options_add took fits mount(2)'s page */
		REQUIRE(r == 0 || (r == -E2BIG && caps[i] <= OPT_DATA_MAX));
		REQUIRE(memchr(b, '\0', caps[i]) != NULL);
		free(b);
	}
	names(o.attr_set, o.attr_clr);
	(void)options_propagation_name(o.propagation);
	/* Arbitrary flag words too (plan.c passes derived masks). */
	memcpy(raw, data, size < sizeof(raw) ? size : sizeof(raw));
	names(raw[0], raw[1]);
	(void)options_propagation_name(raw[0]);
	return 0;
}
