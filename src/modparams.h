/* SPDX-License-Identifier: MIT */
/* Module parameters and the module blacklist from the kernel command line, read the way modprobe
 * reads them (kmod, libkmod-config.c kmod_config_parse_kcmdline). Pure: no syscalls. */
#ifndef EM_MODPARAMS_H
#define EM_MODPARAMS_H
#include "cmdline.h"

#include <stddef.h>

/* Collects the command line's MODULE.PARAM[=VALUE] parameters for module ('-' and '_' equal in
 * the module name) into out as finit_module's param_values wants them: "PARAM=VALUE" joined by
 * spaces, in command-line order, a value with blanks in double quotes (the kernel's parser,
 * kernel/params.c next_arg, removes them again). Returns the number of parameters (0: out is ""),
 * or -E2BIG when they do not fit in cap (out is then ""). */
int modparams_collect(const struct cmdline *cl, const char *module, char *out, size_t cap);

/* 1 when module is named in a modprobe.blacklist=a,b,... parameter (any of them), else 0. */
int modparams_blacklisted(const struct cmdline *cl, const char *module);

#endif
