/* SPDX-License-Identifier: MIT */
/* modprobe.d configuration (the options, blacklist and softdep lines of /etc/modprobe.d and the
 * other directories kmod reads), applied to the modules the boot loads as modprobe applies them
 * (kmod, libkmod-config.c kmod_config_parse). Pure: no syscalls; the text is every file's,
 * concatenated in kmod's order (modconf.c reads them). */
#ifndef EM_MODPROBED_H
#define EM_MODPROBED_H
#include "modalias.h"
#include "util.h"

#include <stddef.h>

/* A line that ends in '\' goes on at the next one (kmod's getline_wrapped): each "\\\n" removed in
 * place. Returns the new length. */
size_t modprobed_join(char *text, size_t len);

/* The text of every "options MODULE TEXT" line for module ('-' and '_' equal) appended to out,
 * joined by spaces, in file order (kmod_module_get_options: the module's own name, no glob).
 * Returns the number of lines that matched. */
int modprobed_options(const char *text, size_t len, const char *module, struct sbuf *out);

/* 1 when a "blacklist MODULE" line names module ('-' and '_' equal), else 0. */
int modprobed_blacklisted(const char *text, size_t len, const char *module);

/* The names of the "pre:" (post 0) or "post:" (post 1) list of the first "softdep" line whose
 * MODULE (a glob) matches module, to cb, read as modalias_softdeps reads modules.softdep; the
 * count. The boot adds them to modules.softdep's. */
int modprobed_softdeps(const char *text, size_t len, const char *module, int post, modalias_cb cb, void *ctx);

/* The lines earlymount cannot apply, each to cb with its text (without the '\n') and why:
 * "install" and "remove" (commands for a shell, which the initramfs has not), and lines kmod
 * ignores itself (an unknown command, a command without its fields). Comments, blank lines and
 * "alias" lines (kmod's own aliases; the image's modules.alias is what earlymount matches) are
 * not reported. Returns how many. */
typedef void (*modprobed_cb)(void *ctx, const char *line, size_t n, const char *why);
int modprobed_unapplied(const char *text, size_t len, modprobed_cb cb, void *ctx);

#endif
