/* SPDX-License-Identifier: MIT */
/* Kernel modules: the modules.dep reader (pure) and loading through finit_module. */
#ifndef EM_MODULES_H
#define EM_MODULES_H
#include "cmdline.h"

#include <stddef.h>

struct moddep_entry {
	const char *path; /* relative to the module directory, e.g. kernel/fs/ext4/ext4.ko */
	size_t pathlen;
	const char *deps; /* space-separated paths: the whole closure, deepest last */
	size_t depslen;
};

/* Finds the module called name ('-' and '_' equal) in modules.dep text. 0 or -ENOENT. */
int moddep_find(const char *text, size_t len, const char *name, struct moddep_entry *out);
/* Finds name in modules.builtin text (one path per line). 0 or -ENOENT. */
int modbuiltin_find(const char *text, size_t len, const char *name);
/* The module name of a path: basename without .ko/.ko.xz/.ko.zst/.ko.gz, '-' as '_'. */
void moddep_name(const char *path, size_t len, char *out, size_t cap);

/* Loads the modules named in /etc/earlymount/modules and in names[] with their dependencies, from
 * /lib/modules/<release>. Modules already loaded or built in are fine. Each module gets the
 * command line's MODULE.PARAM=VALUE parameters (cl; modparams.c), and the initramfs's list skips
 * what modprobe.blacklist= names. Each failure is logged with the module and the reason; returns
 * the number of failures, 0 when all loaded. */
int modules_load(const struct cmdline *cl, const char *const *names, unsigned n);

#endif
