/* SPDX-License-Identifier: MIT */
#include "uevent.h"
#include "util.h"

#include <errno.h>
#include <string.h>

int uevent_parse(char *msg, size_t len, struct uevent *ev)
{
	char *at = memchr(msg, '@', strnlen(msg, len));
	memset(ev, 0, sizeof(*ev));
	if (!at || at == msg || at[1] != '/')
		return -EINVAL;
	*at = '\0';
	ev->action = msg;
	ev->devpath = at + 1;
	for (size_t i = strlen(at + 1) + (size_t)(at + 1 - msg) + 1; i < len; i += strlen(msg + i) + 1) {
		if (str_startswith(msg + i, "MODALIAS="))
			ev->modalias = msg + i + 9;
		else if (str_startswith(msg + i, "SUBSYSTEM="))
			ev->subsystem = msg + i + 10;
	}
	return 0;
}
