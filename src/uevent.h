/* SPDX-License-Identifier: MIT */
/* The kernel's uevent messages (pure: no syscalls). */
#ifndef EM_UEVENT_H
#define EM_UEVENT_H
#include <stddef.h>

struct uevent {
	const char *action;    /* "add", "remove", "bind", ... (NUL-terminated inside the message) */
	const char *devpath;   /* "/devices/pci0000:00/..." */
	const char *subsystem; /* SUBSYSTEM= value, or NULL */
	const char *modalias;  /* MODALIAS= value, or NULL */
};

/* Parses one netlink message "ACTION@DEVPATH\0KEY=VALUE\0..." (lib/kobject_uevent.c); msg must be
 * NUL-terminated at msg[len]. The header's '@' is replaced by a NUL. 0, or -EINVAL for a message
 * that is not the kernel's (udev's own "libudev" messages, a header without '@'), ev then left
 * alone. */
int uevent_parse(char *msg, size_t len, struct uevent *ev);

#endif
