/* SPDX-License-Identifier: MIT */
/* Module parameters and modprobe.blacklist= from the command line, as kmod collects them
 * (libkmod-config.c kmod_config_parse_kcmdline): MODULE.PARAM[=VALUE], '-' and '_' equal in the
 * module name, the value as the kernel's tokenizer left it (quotes put back around blanks). */
#include "../t.h"
#include "../cmdline_t.h"
#include "modparams.h"

static struct cmdline cl;

static int collect(const char *line, const char *mod, char *out, size_t cap)
{
	cmdline_parse(&cl, line, strlen(line));
	return modparams_collect(&cl, mod, out, cap);
}

int main(void)
{
	char out[256];

	/* The examples. */
	CHECK_INT(collect("root=/dev/vda usb-storage.quirks=0781:5580:u ro", "usb_storage", out, sizeof(out)), 1);
	CHECK_STR(out, "quirks=0781:5580:u");
	CHECK_INT(collect("nvme_core.default_ps_max_latency_us=0", "nvme-core", out, sizeof(out)), 1);
	CHECK_STR(out, "default_ps_max_latency_us=0");
	/* Several, in command-line order (the module's parser takes the last of a repeated one). */
	CHECK_INT(collect("a.x=1 b.y=2 a-b.z=3 a.flag a.x=4", "a", out, sizeof(out)), 3);
	CHECK_STR(out, "x=1 flag x=4");
	CHECK_INT(collect("a.x=1 b.y=2 a-b.z=3", "a_b", out, sizeof(out)), 1);
	CHECK_STR(out, "z=3");
	/* A quoted value with blanks keeps them, quoted again for finit_module. */
	CHECK_INT(collect("dm_mod.create=\"vroot,,,ro,0 1 linear 8:1 0\" quiet", "dm_mod", out, sizeof(out)), 1);
	CHECK_STR(out, "create=\"vroot,,,ro,0 1 linear 8:1 0\"");
	/* Not module parameters: no module part, a '.' in the parameter name, '=' before the '.',
	 * an empty parameter name, another module, and anything after "--" (init's). */
	CHECK_INT(collect("rd.driver.blacklist=a a=b.c .x=1 a. ab.x=1 x.a=1 -- a.y=2", "a", out, sizeof(out)), 0);
	CHECK_STR(out, "");
	CHECK_INT(collect("rd.driver.blacklist=a", "rd", out, sizeof(out)), 0);
	/* Too long for the buffer: refused whole, never cut. */
	CHECK_INT(collect("m.p=0123456789abcdef m.q=0123456789", "m", out, 20), -E2BIG);
	CHECK_STR(out, "");
	CHECK_INT(collect("m.p=0123456789", "m", out, 17), 1);
	CHECK_STR(out, "p=0123456789");

	/* modprobe.blacklist=: comma lists, repeatable, '-' and '_' equal. */
	{
		const char *l = "modprobe.blacklist=nouveau,usb-storage modprobe.blacklist=floppy x.y=1";
		cmdline_parse(&cl, l, strlen(l));
	}
	CHECK_INT(modparams_blacklisted(&cl, "nouveau"), 1);
	CHECK_INT(modparams_blacklisted(&cl, "usb_storage"), 1);
	CHECK_INT(modparams_blacklisted(&cl, "floppy"), 1);
	CHECK_INT(modparams_blacklisted(&cl, "usb"), 0);
	CHECK_INT(modparams_blacklisted(&cl, "nouveau2"), 0);
	cmdline_parse(&cl, "modprobe.blacklist= modprobe.blacklist", strlen("modprobe.blacklist= modprobe.blacklist"));
	CHECK_INT(modparams_blacklisted(&cl, "x"), 0);
	return t_done();
}
