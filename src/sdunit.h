/* SPDX-License-Identifier: MIT */
/* systemd unit names for dracut's systemd flow (the generator, generator.c). Pure: no syscalls. */
#ifndef EM_SDUNIT_H
#define EM_SDUNIT_H
#include <stddef.h>

/* The device path dracut's label_uuid_to_dev (modules.d/99base/dracut-lib.sh) makes of a root=
 * value: "block:" dropped; LABEL=x and PARTLABEL=x as /dev/disk/by-label/x and by-partlabel/x with
 * '/' written \x2f and ' ' \x20 (as udev names those links); UUID= and PARTUUID= as by-uuid and
 * by-partuuid; anything else as it is. Returns the length, or -ENAMETOOLONG when it does not fit
 * cap (with its NUL). */
int sdunit_dracut_dev(const char *root, char *out, size_t cap);

/* systemd's unit_name_path_escape (`systemd-escape --path`): repeated '/' read as one, leading
 * and trailing '/' dropped ("/" and "" are "-"), each remaining '/' written '-', and every byte but
 * ASCII letters, digits, ':', '_' and '.' (and a '.' at the start) written \xNN. Returns the
 * length, or -ENAMETOOLONG when it does not fit cap (with its NUL). */
int sdunit_path_escape(const char *path, char *out, size_t cap);

#endif
