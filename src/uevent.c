/* SPDX-License-Identifier: MIT */
#include "uevent.h"
#include "util.h"

#include <errno.h>
#include <string.h>

int uevent_parse(char *msg, size_t len, struct uevent *ev)
{
	char *at = strchr(msg, '@'); /* in the header, which ends at its NUL (msg[len] at the latest) */
	if (!at || at == msg || at[1] != '/')
		return -EINVAL;
	*at = '\0';
	ev->action = msg;
	ev->devpath = at + 1;
	ev->modalias = ev->subsystem = NULL;
	/* the KEY=VALUE fields after the header's NUL, each NUL-terminated, the last at msg[len] */
	for (char *f = at + 1; (f += strlen(f) + 1) < msg + len;) {
		if (str_startswith(f, "MODALIAS="))
			ev->modalias = f + 9;
		else if (str_startswith(f, "SUBSYSTEM="))
			ev->subsystem = f + 10;
	}
	return 0;
}
