/* SPDX-License-Identifier: MIT */
/* The modules.dep and modules.builtin readers (pure: no syscalls; the text comes mapped from the
 * initramfs's /lib/modules/KVER). */
#ifndef EM_MODULES_H
#define EM_MODULES_H
#include <stddef.h>

struct moddep_entry {
	const char *path; /* relative to the module directory, e.g. kernel/fs/ext4/ext4.ko */
	size_t pathlen;
	const char *deps; /* space-separated paths: the whole closure, deepest last */
	size_t depslen;
};

/* Finds the module called name ('-' and '_' equal) in modules.dep text (NULL with len 0: no file,
 * nothing found). 0 or -ENOENT (always for a name of 64 bytes or more: no module's is). */
int moddep_find(const char *text, size_t len, const char *name, struct moddep_entry *out);
/* Finds name in modules.builtin text (one path per line; NULL with len 0 as above). 0 or -ENOENT. */
int modbuiltin_find(const char *text, size_t len, const char *name);
/* The module name of a path: basename without .ko/.ko.xz/.ko.zst/.ko.gz, '-' as '_'. */
void moddep_name(const char *path, size_t len, char *out, size_t cap);

#endif
