/* SPDX-License-Identifier: MIT */
/* The initramfs's modprobe.d files read into one text, in kmod's order (the boot path). */
#ifndef EM_MODCONF_H
#define EM_MODCONF_H
#include <stddef.h>

/* Every *.conf (and *.alias) file of /etc/modprobe.d, /run/modprobe.d, /usr/local/lib/modprobe.d,
 * /usr/lib/modprobe.d and /lib/modprobe.d, in the order of their names, a name in an earlier
 * directory hiding the same name in a later one (kmod's conf_files_list), concatenated with
 * continued lines joined (modprobed_join). Read on the first call; *len 0 and "" when there are
 * none. Each file that cannot be read, and a text past the buffer, is logged once. */
const char *modconf_text(size_t *len);

#endif
