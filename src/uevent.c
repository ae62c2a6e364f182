/* SPDX-License-Identifier: MIT */
/* The kernel's uevents: the messages parsed, and the netlink socket read, each message handed to
 * the subscribers (the module loader matches the modaliases of added devices). */
#include "uevent.h"
#include "compat.h"
#include "log.h"
#include "util.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

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

static struct {
	uevent_fn fn;
	void *ctx;
} subscribers[UEVENT_SUBSCRIBERS];
static unsigned nsubscribers;
static int sock = -1;

int uevent_subscribe(uevent_fn fn, void *ctx)
{
	for (unsigned i = 0; i < nsubscribers; i++)
		if (subscribers[i].fn == fn && subscribers[i].ctx == ctx)
			return 0;
	if (nsubscribers == UEVENT_SUBSCRIBERS)
		return -ENOSPC;
	subscribers[nsubscribers].fn = fn;
	subscribers[nsubscribers++].ctx = ctx;
	return 0;
}

static void publish(const struct uevent *ev)
{
	for (unsigned i = 0; i < nsubscribers; i++)
		subscribers[i].fn(ev, subscribers[i].ctx);
}

static int socket_open(void)
{
	struct em_sockaddr_nl sa = { .nl_family = AF_NETLINK, .nl_groups = 1 /* the kernel's group */ };
	int s = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, NETLINK_KOBJECT_UEVENT);
	if (s < 0)
		return -1;
	/* A driver that makes many devices at once (a SAS HBA's disks, a USB hub's ports) sends
	 * more events than the default buffer holds while the modules load; udev asks for 128 MiB
	 * with SO_RCVBUFFORCE. 4 MiB is thousands of events; an overflow (ENOBUFS) makes the
	 * subscribers walk the devices again. */
	int sz = 4 << 20;
	if (setsockopt(s, SOL_SOCKET, SO_RCVBUFFORCE, &sz, sizeof(sz)) < 0)
		(void)setsockopt(s, SOL_SOCKET, SO_RCVBUF, &sz, sizeof(sz));
	if (bind(s, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		close(s);
		return -1;
	}
	return s;
}

int uevent_listen(void)
{
	if (sock < 0) {
		sock = socket_open();
		if (sock < 0)
			log_debug("uevent socket unavailable (%s); rescanning /dev instead", errstr(errno));
	}
	return sock;
}

void uevent_close(void)
{
	if (sock >= 0)
		close(sock);
	sock = -1;
}

/* Reads every pending uevent and hands it to the subscribers; 1 when one was about a block device
 * or some were lost. */
static int drain(void)
{
	static char buf[8192];
	int block = 0, lost = 0;
	for (;;) {
		struct uevent ev;
		ssize_t n = recv(sock, buf, sizeof(buf) - 1, 0);
		if (n < 0 && errno == ENOBUFS) {
			lost = 1;
			continue;
		}
		if (n <= 0)
			break;
		buf[n] = '\0';
		if (uevent_parse(buf, (size_t)n, &ev) < 0)
			continue;
		if (ev.subsystem && str_eq(ev.subsystem, "block")) {
			block = 1;
			log_debug("uevent: %s@%s", ev.action, ev.devpath);
		}
		publish(&ev);
	}
	if (lost) {
		log_warn("uevents were lost (the socket's buffer overflowed): looking at every device again");
		publish(NULL);
		block = 1;
	}
	return block;
}

int uevent_wait_also(int ms, const int *fds, unsigned n)
{
	struct pollfd pfd[1 + 8];
	if (sock < 0)
		return -1;
	pfd[0].fd = sock;
	pfd[0].events = POLLIN;
	pfd[0].revents = 0;
	if (n > 8)
		n = 8; /* the others are seen at the timeout */
	for (unsigned k = 0; k < n; k++) {
		pfd[1 + k].fd = fds[k];
		pfd[1 + k].events = POLLIN;
	}
	return poll(pfd, 1 + n, ms) > 0 && pfd[0].revents ? drain() : 0;
}

int uevent_wait(int ms)
{
	return uevent_wait_also(ms, NULL, 0);
}

int uevent_pump(void)
{
	return uevent_wait(0) > 0;
}
