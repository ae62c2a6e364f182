/* SPDX-License-Identifier: MIT */
/* modprobe.d lines as kmod reads them (libkmod-config.c kmod_config_parse; getline_wrapped for
 * continued lines; kmod_module_get_options joins a module's options lines with spaces). */
#include "../t.h"
#include "modprobed.h"

static char got[512];
static unsigned ngot;

static void on_name(void *ctx, const char *m, size_t n, const char *pat, size_t pl)
{
	(void)ctx;
	(void)pat;
	(void)pl;
	ngot += (unsigned)snprintf(got + ngot, sizeof(got) - ngot, "%s%.*s", ngot ? " " : "", (int)n, m);
}

static const char *softdeps(const char *text, const char *mod, int post)
{
	ngot = 0;
	got[0] = '\0';
	(void)modprobed_softdeps(text, strlen(text), mod, post, on_name, NULL);
	return got;
}

static int options(const char *text, const char *mod, char *out, size_t cap)
{
	struct sbuf sb;
	sb_init(&sb, out, cap);
	int n = modprobed_options(text, strlen(text), mod, &sb);
	return sb.overflow ? -1 : n;
}

static void on_line(void *ctx, const char *l, size_t n, const char *why)
{
	(void)why;
	ngot += (unsigned)snprintf(got + ngot, sizeof(got) - ngot, "%s%.*s", ngot ? "|" : "", (int)n, l);
	(*(int *)ctx)++;
}

int main(void)
{
	char out[256];
	static const char conf[] =
		"# options loop max_part=99\n"
		"options loop max_part=5\n"
		"options\tusb-storage   quirks=0781:5580:u  \r\n"
		"  options loop max_loop=4\n"
		"options loop_x a=1\n"
		"options loop\n"
		"blacklist floppy\n"
		"blacklist pcspkr extra words\n"
		"softdep btr?s pre: crc32c post: zstd\n"
		"softdep btrfs pre: sha256\n"
		"install nvidia /sbin/modprobe --ignore-install nvidia\n"
		"remove nvidia /bin/true\n"
		"alias my-alias loop\n"
		"frobnicate x\n"
		"blacklist\n"
		"#blacklist loop\n";

	/* options: every line of the module, in file order, joined by a space; '-' as '_'; a
	 * line's blanks around its text dropped; "options loop" alone is kmod's syntax error. */
	CHECK_INT(options(conf, "loop", out, sizeof(out)), 2);
	CHECK_STR(out, "max_part=5 max_loop=4");
	CHECK_INT(options(conf, "usb_storage", out, sizeof(out)), 1);
	CHECK_STR(out, "quirks=0781:5580:u");
	CHECK_INT(options(conf, "loop_x", out, sizeof(out)), 1);
	CHECK_STR(out, "a=1");
	CHECK_INT(options(conf, "lo", out, sizeof(out)), 0);
	CHECK_STR(out, "");
	/* too long for the caller's buffer: said by the sbuf, never a cut string taken as whole */
	CHECK_INT(options(conf, "loop", out, 8), -1);

	/* blacklist: the module's own name ('-' as '_'), not a prefix; a comment is no line */
	CHECK_INT(modprobed_blacklisted(conf, strlen(conf), "floppy"), 1);
	CHECK_INT(modprobed_blacklisted(conf, strlen(conf), "pcspkr"), 1);
	CHECK_INT(modprobed_blacklisted(conf, strlen(conf), "flopp"), 0);
	CHECK_INT(modprobed_blacklisted(conf, strlen(conf), "loop"), 0);
	CHECK_INT(modprobed_blacklisted("blacklist usb-storage", 21, "usb_storage"), 1);

	/* softdep: the first line whose glob matches counts (kmod_module_get_softdeps) */
	CHECK_STR(softdeps(conf, "btrfs", 0), "crc32c");
	CHECK_STR(softdeps(conf, "btrfs", 1), "zstd");
	CHECK_STR(softdeps(conf, "ext4", 0), "");

	/* what cannot be applied: install/remove commands, lines kmod ignores */
	{
		int n = 0;
		ngot = 0;
		CHECK_INT(modprobed_unapplied(conf, strlen(conf), on_line, &n), 5);
		CHECK_INT(n, 5);
		CHECK_STR(got, "options loop|install nvidia /sbin/modprobe --ignore-install nvidia|remove nvidia "
		               "/bin/true|frobnicate x|blacklist");
	}

	/* continued lines: "\\\n" removed (kmod's getline_wrapped), nothing else */
	{
		char t[] = "options loop \\\nmax_part=3\nblacklist a\\b\n";
		size_t n = modprobed_join(t, strlen(t));
		CHECK_INT(n, strlen("options loop max_part=3\nblacklist a\\b\n"));
		CHECK_STR(t, "options loop max_part=3\nblacklist a\\b\n");
		CHECK_INT(options(t, "loop", out, sizeof(out)), 1);
		CHECK_STR(out, "max_part=3");
	}
	/* no text at all (no modprobe.d in the image) */
	CHECK_INT(modprobed_blacklisted(NULL, 0, "x"), 0);
	CHECK_INT(options("", "x", out, sizeof(out)), 0);
	return t_done();
}
