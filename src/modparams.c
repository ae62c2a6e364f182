/* SPDX-License-Identifier: MIT */
/* Module parameters (MODULE.PARAM=VALUE) and modprobe.blacklist= from the kernel command line,
 * read as modprobe reads them (kmod, libkmod-config.c kmod_config_parse_kcmdline), for
 * finit_module. Pure: no syscalls. */
#include "modparams.h"
#include "util.h"

#include <errno.h>
#include <string.h>

/* Splits "MODULE.PARAM" as kmod does: the module name ends at the first '.'; a parameter name
 * with another '.' in it (rd.driver.blacklist) is not a module parameter, and kmod ignores it. */
static const char *param_of(const char *name, const char *module)
{
	const char *dot = strchr(name, '.');
	if (!dot || dot == name || !dot[1] || strchr(dot + 1, '.'))
		return NULL;
	return param_eqn(name, (size_t)(dot - name), module) ? dot + 1 : NULL;
}

int modparams_collect(const struct cmdline *cl, const char *module, char *out, size_t cap)
{
	struct sbuf sb;
	int n = 0;

	sb_init(&sb, out, cap);
	for (unsigned i = 0; i < cl->nargs; i++) {
		const struct cmdline_arg *a = &cl->args[i];
		const char *param = param_of(a->name, module);
		if (!param)
			continue;
		if (sb.len)
			sb_putc(&sb, ' ');
		sb_puts(&sb, param);
		if (a->value) {
			/* The kernel's tokenizer removed the quotes that grouped the value; put them
			 * back where it has blanks, or the module's own parser would split it. */
			const char *q = a->value[strcspn(a->value, " \t\n")] ? "\"" : "";
			sb_printf(&sb, "=%s%s%s", q, a->value, q);
		}
		n++;
	}
	if (sb.overflow) {
		out[0] = '\0';
		return -E2BIG;
	}
	return n;
}

int modparams_blacklisted(const struct cmdline *cl, const char *module)
{
	for (unsigned i = 0; i < cl->nargs; i++) {
		const struct cmdline_arg *a = &cl->args[i];
		if (!a->value || !param_eq(a->name, "modprobe.blacklist"))
			continue;
		for (const char *s = a->value; *s;) {
			size_t l = strcspn(s, ",");
			if (l && param_eqn(s, l, module))
				return 1;
			s += l;
			if (*s)
				s++;
		}
	}
	return 0;
}
