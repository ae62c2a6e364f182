/* SPDX-License-Identifier: MIT */
/* modprobe.d lines read as kmod reads them (libkmod-config.c kmod_config_parse), for the modules
 * the boot loads: "options" become module parameters, "blacklist" keeps a module from being
 * loaded for a device's alias, "softdep" adds modules before or after one. Pure: no syscalls. */
#include "modprobed.h"

#include <string.h>

/* kmod splits a line at blanks and tabs (strtok_r "\t "); '\r' counts too, so that a file with
 * CRLF line ends reads the same, as modalias.c reads modules.alias. */
static int blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* The next word of [*p, e): 1 with w and n set and *p past it, 0 at the end of the line. */
static int word(const char **p, const char *e, const char **w, size_t *n)
{
	const char *s = *p;
	while (s < e && blank(*s))
		s++;
	*w = s;
	while (s < e && !blank(*s))
		s++;
	*n = (size_t)(s - *w);
	*p = s;
	return *n > 0;
}

/* The line at *pos: 1 with [*l, *e) set (no '\n') and *pos past it, 0 at the end of the text. */
static int next_line(const char *text, size_t len, size_t *pos, const char **l, const char **e)
{
	const char *nl;
	if (*pos >= len)
		return 0;
	*l = text + *pos;
	nl = memchr(*l, '\n', len - *pos);
	*e = nl ? nl : text + len;
	*pos = (size_t)(*e - text) + 1;
	return 1;
}

/* A line's command and module: 1 when its first word is cmd and a second word follows (mod, n),
 * with *rest after the module's word; else 0. kmod skips a line whose first byte is '#'; one
 * whose first word only starts with '#' is an unknown command to it, and ignored as well. */
static int command(const char *l, const char *e, const char *cmd, const char **mod, size_t *n, const char **rest)
{
	const char *w;
	size_t wn;
	if (l < e && *l == '#')
		return 0;
	if (!word(&l, e, &w, &wn) || wn != strlen(cmd) || memcmp(w, cmd, wn) != 0 || !word(&l, e, mod, n))
		return 0;
	*rest = l;
	return 1;
}

size_t modprobed_join(char *text, size_t len)
{
	size_t o = 0;
	for (size_t i = 0; i < len; i++) {
		if (text[i] == '\\' && i + 1 < len && text[i + 1] == '\n') {
			i++;
			continue;
		}
		text[o++] = text[i];
	}
	if (o < len)
		text[o] = '\0';
	return o;
}

int modprobed_options(const char *text, size_t len, const char *module, struct sbuf *out)
{
	const char *l, *e, *mod, *rest;
	size_t pos = 0, n;
	int count = 0;

	while (next_line(text, len, &pos, &l, &e)) {
		if (!command(l, e, "options", &mod, &n, &rest) || !param_eqn(mod, n, module) || strlen(module) != n)
			continue;
		/* kmod keeps the rest of the line as it is (strtok_r with no delimiter); the blanks
		 * around it mean nothing to the kernel's parser, so they are trimmed */
		while (rest < e && blank(*rest))
			rest++;
		while (e > rest && blank(e[-1]))
			e--;
		if (rest == e)
			continue; /* "options MODULE" alone: kmod's syntax error */
		if (out->len)
			sb_putc(out, ' ');
		sb_putn(out, rest, (size_t)(e - rest));
		count++;
	}
	return count;
}

int modprobed_blacklisted(const char *text, size_t len, const char *module)
{
	const char *l, *e, *mod, *rest;
	size_t pos = 0, n;

	while (next_line(text, len, &pos, &l, &e))
		if (command(l, e, "blacklist", &mod, &n, &rest) && param_eqn(mod, n, module) && strlen(module) == n)
			return 1;
	return 0;
}

int modprobed_softdeps(const char *text, size_t len, const char *module, int post, modalias_cb cb, void *ctx)
{
	/* modalias_softdeps reads "softdep" lines with kmod's rules and passes over every other
	 * line: the same reader for modules.softdep and for modprobe.d. */
	struct modalias_db db;

	memset(&db, 0, sizeof(db));
	db.softdep = text;
	db.softdep_len = len;
	return modalias_softdeps(&db, module, post, cb, ctx);
}

int modprobed_unapplied(const char *text, size_t len, modprobed_cb cb, void *ctx)
{
	/* each command kmod knows and the words it needs after the command */
	static const struct {
		const char *cmd, *why;
		unsigned char words;
	} cmds[] = {
		{ "options", NULL, 2 },
		{ "blacklist", NULL, 1 },
		{ "softdep", NULL, 2 },
		{ "alias", NULL, 2 },
		{ "install", "an install command needs a shell, which the initramfs has not: not run", 2 },
		{ "remove", "a remove command is for unloading, which the initramfs never does", 2 },
	};
	const char *l, *e;
	size_t pos = 0;
	int count = 0;

	while (next_line(text, len, &pos, &l, &e)) {
		const char *p = l, *w, *why = "kmod ignores it (an unknown command, or one without its fields)";
		size_t n;
		if ((l < e && *l == '#') || !word(&p, e, &w, &n))
			continue;
		for (size_t i = 0; i < ARRAY_SIZE(cmds); i++) {
			if (n != strlen(cmds[i].cmd) || memcmp(w, cmds[i].cmd, n) != 0)
				continue;
			unsigned k = 0;
			const char *x;
			size_t xn;
			while (k < cmds[i].words && word(&p, e, &x, &xn))
				k++;
			why = k < cmds[i].words ? why : cmds[i].why;
			break;
		}
		if (why) {
			count++;
			if (cb)
				cb(ctx, l, (size_t)(e - l), why);
		}
	}
	return count;
}
