/* SPDX-License-Identifier: MIT */
/* The kernel's uevents: the messages parsed (pure), and the netlink socket they arrive on as an
 * event source that the module loader subscribes to and the device waits wait on. */
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

/* ---- the socket -------------------------------------------------------------------------------
 * One socket for the whole boot, opened before the coldplug walk (modload.c) or the first device
 * wait, so that no device is announced while nobody listens, and kept until uevent_close. */

/* A subscriber: called for each uevent read, with ev NULL when some were lost (the socket's buffer
 * overflowed): the subscriber then looks at every device again. */
typedef void (*uevent_fn)(const struct uevent *ev, void *ctx);
/* Adds a subscriber (the same fn and ctx again: kept once). 0, or -ENOSPC past UEVENT_SUBSCRIBERS. */
#define UEVENT_SUBSCRIBERS 4
int uevent_subscribe(uevent_fn fn, void *ctx);

/* Opens the socket unless it is open: its fd, or -1 when the kernel has none (the waits then
 * rescan /dev every 250 ms). */
int uevent_listen(void);
void uevent_close(void);
/* Waits up to ms for uevents and hands every pending one to the subscribers: 1 when one of them
 * was about a block device or some were lost (a reason to look at the devices again), else 0; -1
 * without a socket (nothing to wait on). */
int uevent_wait(int ms);
/* uevent_wait that also returns as soon as one of the n fds polls readable (the module loader's
 * workers' pidfds: a load's end is seen when it comes, not at the next uevent or timeout). */
int uevent_wait_also(int ms, const int *fds, unsigned n);
/* The same without waiting: 1 or 0 (0 also without a socket). */
int uevent_pump(void);

#endif
