/* SPDX-License-Identifier: MIT */
/* The modprobe.d files of the initramfs (a host-only image carries the host's), read as kmod
 * finds them (libkmod-config.c kmod_config_new, conf_files_list), into one text for modprobed.c's
 * parser. Boot path: fixed buffers, no stdio. */
#define _GNU_SOURCE
#include "modconf.h"
#include "log.h"
#include "modprobed.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* kmod's directories, in its order of precedence (libkmod.c default_config_paths, with
 * /usr/lib as Debian's DISTCONFDIR). */
static const char *const conf_dirs[] = { "/etc/modprobe.d", "/run/modprobe.d", "/usr/local/lib/modprobe.d",
	                                 "/usr/lib/modprobe.d", "/lib/modprobe.d" };

static struct conf_file {
	char name[64];
	unsigned char dir;
} files[64];
static unsigned nfiles, cur_dir;
static char text[32768];

/* One entry of a directory: kept when it is a *.conf or *.alias file (conf_files_filter_out: no
 * hidden name, no directory) whose name no earlier directory had. */
static int add_file(int fd, const char *name, unsigned char type, void *ctx)
{
	size_t n = strlen(name);
	(void)fd;
	(void)ctx;
	if (name[0] == '.' || type == DT_DIR ||
	    !((n > 5 && str_eq(name + n - 5, ".conf")) || (n > 6 && str_eq(name + n - 6, ".alias"))))
		return 0;
	for (unsigned i = 0; i < nfiles; i++)
		if (str_eq(files[i].name, name))
			return 0; /* kmod: "Ignoring duplicate config file" */
	if (nfiles == ARRAY_SIZE(files) || n >= sizeof(files[0].name)) {
		log_err("%s/%s: not read: more than %zu modprobe.d files, or a longer name than %zu bytes",
		        conf_dirs[cur_dir], name, ARRAY_SIZE(files), sizeof(files[0].name) - 1);
		return 0;
	}
	memcpy(files[nfiles].name, name, n + 1);
	files[nfiles++].dir = (unsigned char)cur_dir;
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct conf_file *)a)->name, ((const struct conf_file *)b)->name);
}

const char *modconf_text(size_t *len)
{
	static int done;
	static size_t tlen;

	if (!done) {
		done = 1;
		for (cur_dir = 0; cur_dir < ARRAY_SIZE(conf_dirs); cur_dir++) {
			int fd = open(conf_dirs[cur_dir], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
			if (fd < 0)
				continue;
			(void)dir_each(fd, add_file, NULL);
			close(fd);
		}
		qsort(files, nfiles, sizeof(files[0]), by_name);
		for (unsigned i = 0; i < nfiles; i++) {
			char path[128];
			long n;
			fmt(path, sizeof(path), "%s/%s", conf_dirs[files[i].dir], files[i].name);
			/* at least 2 bytes left: read_file's NUL, or the '\n' and the final NUL */
			n = sizeof(text) - tlen < 3 ? -EFBIG : read_file(AT_FDCWD, path, text + tlen, sizeof(text) - tlen - 1);
			if (n == -EFBIG) {
				log_err("%s and the modprobe.d files after it are not applied: together they are "
				        "longer than %zu bytes", path, sizeof(text) - 2);
				break;
			}
			if (n < 0) {
				log_err("read %s failed: %s", path, errstr((int)-n));
				continue;
			}
			tlen += (size_t)n;
			/* a file's last line ends there, whether or not it has its '\n' */
			text[tlen++] = '\n';
			log_debug("modprobe.d: read %s", path);
		}
		tlen = modprobed_join(text, tlen);
		text[tlen] = '\0';
	}
	*len = tlen;
	return text;
}
