/* SPDX-License-Identifier: MIT */
/* The logger: each line to /dev/kmsg (dmesg and the journal keep it) and, unless the kernel
 * already echoes it there or the console level hides it, to the console; or, in a systemd
 * service, to the journal alone. Labels and other disk strings escaped once, here. */
#define _GNU_SOURCE
#include "log.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

static int out_fd = 2;   /* stderr until log_init */
static int kmsg_fd = -1; /* /dev/kmsg, -1 while not open (fd 0 is possible without a console) */
static int kmsg_writes;
static int dev_dir = -1; /* /dev where /dev/kmsg last opened, to open it again while /dev moves */
static int debug_on;
/* In a systemd service whose stderr is the journal (log_use_journal): information and debug lines
 * go to this fd, warnings and errors to out_fd; -1 otherwise. */
static int journal_info_fd = -1;
/* Lines below this level are echoed to the console by the kernel itself, and information lines at or
 * above it are not written there (elog); 0 = unknown: every line is written. */
static int console_level;
static struct timespec t0;

static void now(struct timespec *t)
{
	clock_gettime(CLOCK_MONOTONIC, t);
}

void log_init(int fd)
{
	out_fd = fd;
	now(&t0);
}

/* fd is a stream connected to journald's stdout socket (systemd-journald.socket's
 * ListenStream=/run/systemd/journal/stdout): the peer of a connected AF_UNIX stream socket is the
 * address the listening socket was bound to. */
static int is_journal_stream(int fd)
{
	static const char path[] = "/run/systemd/journal/stdout";
	struct sockaddr_un sa = { 0 };
	socklen_t len = sizeof(sa);

	return getpeername(fd, (struct sockaddr *)&sa, &len) == 0 && sa.sun_family == AF_UNIX &&
	       len >= offsetof(struct sockaddr_un, sun_path) + sizeof(path) - 1 &&
	       memcmp(sa.sun_path, path, sizeof(path) - 1) == 0;
}

int log_use_journal(void)
{
	const char *v = getenv("JOURNAL_STREAM");
	const char *end;
	struct stat st;
	unsigned long dev, ino;

	/* systemd.exec(5), $JOURNAL_STREAM: "DEV:INO" of the stream that stderr (or, without one,
	 * stdout) was connected to, to compare with fstat(): a shell between systemd and earlymount
	 * may have redirected stderr elsewhere and kept the variable. */
	if (!v || fstat(out_fd, &st) < 0)
		return 0;
	dev = parse_leading_ulong(v, &end);
	if (end == v || *end != ':')
		return 0;
	v = end + 1;
	ino = parse_leading_ulong(v, &end);
	if (end == v || *end || (unsigned long)st.st_dev != dev || (unsigned long)st.st_ino != ino)
		return 0;
	/* Information lines to stdout when it is the journal too (the unit's StandardOutput=journal),
	 * not when it is a pipe the caller reads (`earlymount resolve` in $(...)). */
	journal_info_fd = is_journal_stream(1) ? 1 : out_fd;
	if (kmsg_fd >= 0)
		close(kmsg_fd);
	kmsg_fd = -1;
	return 1;
}

void log_open_kmsg(void)
{
	/* journald reads /dev/kmsg too: a line written to both would be in the journal twice */
	if (journal_info_fd >= 0)
		return;
	int fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC | O_NOCTTY);
	if (fd >= 0) {
		int d = open("/dev", O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (d >= 0) {
			if (dev_dir >= 0)
				close(dev_dir);
			dev_dir = d;
		}
	} else if (dev_dir >= 0) {
		/* switch_root has moved /dev into the new root and not yet made that root "/": the
		 * path is gone for a moment, the devtmpfs mount is not */
		fd = openat(dev_dir, "kmsg", O_WRONLY | O_CLOEXEC | O_NOCTTY);
	}
	if (kmsg_fd >= 0)
		close(kmsg_fd);
	kmsg_fd = fd;
	kmsg_writes = 0;
}

void log_read_console_level(void)
{
	struct stat st;
	char buf[64];
	/* Only where earlymount's lines and the kernel's echo meet: out_fd on /dev/console (5:1), as
	 * the kernel opens it for PID 1 and dracut's shell init hands it to its hooks. A journal
	 * stream (dracut's systemd flow), a pipe or a terminal of its own gets every line. */
	if (fstat(out_fd, &st) < 0 || !S_ISCHR(st.st_mode) || st.st_rdev != makedev(5, 1))
		return;
	/* "4 4 1 7": the first number is the console's level */
	if (read_file(AT_FDCWD, "/proc/sys/kernel/printk", buf, sizeof(buf)) > 0)
		console_level = (int)parse_leading_ulong(buf, NULL);
	/* ignore_loglevel: the kernel prints every level on the console whatever that level says
	 * (kernel/printk/printk.c suppress_message_printing), so it echoes every line. */
	if (console_level && read_file(AT_FDCWD, "/sys/module/printk/parameters/ignore_loglevel", buf, sizeof(buf)) > 0 &&
	    buf[0] == 'Y')
		console_level = L_DEBUG + 1;
}

void log_set_debug(int on)
{
	debug_on = on;
}

int log_debug_enabled(void)
{
	return debug_on;
}

unsigned long log_ms(void)
{
	struct timespec t;
	now(&t);
	return (unsigned long)((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000);
}

void elog(int level, const char *f, ...)
{
	char msg[1024], buf[2048];
	struct sbuf sb, mb;
	va_list ap;

	sb_init(&mb, msg, sizeof(msg));
	va_start(ap, f);
	sb_vprintf(&mb, f, ap);
	va_end(ap);
	sb_init(&sb, buf, sizeof(buf) - 1);
	/* In the journal, the unit's SyslogIdentifier=earlymount names the program (dracut's own
	 * warn() drops its "dracut" there too, dracut-lib.sh under DRACUT_SYSTEMD); journald takes
	 * the <N> for the line's priority and removes it (systemd.exec(5), SyslogLevelPrefix=). */
	sb_printf(&sb, journal_info_fd >= 0 ? "<%d>" : "<%d>earlymount: ", level);
	if (debug_on) {
		unsigned long ms = log_ms();
		sb_printf(&sb, "[%lu.%03lu] ", ms / 1000, ms % 1000);
	}
	/* Labels, partition names and other strings read from a disk end up in messages: a disk is
	 * untrusted input, and an ESC or a newline in a label would reach the console raw (the
	 * kernel echoes /dev/kmsg lines to the console unescaped, and a newline in a record starts
	 * what looks like a line of its own). Every line is escaped here, once, the way udev and
	 * libblkid encode such strings: \xNN for every byte that is not printable ASCII or valid
	 * UTF-8. */
	sb_put_escaped(&sb, msg, mb.len);
	if (sb.overflow)
		sb.len = sizeof(buf) - 5;
	if (sb.overflow || mb.overflow)
		sb_puts(&sb, "...");
	buf[sb.len++] = '\n';

	if (journal_info_fd >= 0) {
		/* As dracut-lib.sh's info() and warn() under systemd: information lines to stdout,
		 * which the unit keeps in the journal; warnings and errors to stderr, which it also
		 * sends to the console (StandardError=journal+console, as dracut's own units). */
		(void)write_all(level <= L_WARN ? out_fd : journal_info_fd, buf, sb.len);
		return;
	}
	if (kmsg_fd >= 0) {
		/* /dev/kmsg rate-limits each open file to a burst of 10 lines per 5 s unless
		 * printk.devkmsg=on (kernel/printk/printk.c devkmsg_write); a fresh open gets a fresh
		 * budget, so reopen before the burst runs out rather than lose boot messages. */
		if (++kmsg_writes > 8)
			log_open_kmsg(), kmsg_writes = 1;
		if (kmsg_fd >= 0 && write_all(kmsg_fd, buf, sb.len) == 0 && console_level) {
			if (level < console_level)
				return; /* the kernel prints it on the console */
			/* Kept in the kernel's log, and kept off the console as the kernel keeps its own
			 * information there: `quiet` (console level 4) or a low `loglevel=` asked for a
			 * quiet console. dracut's info() and systemd (show_status=error under quiet) do
			 * the same; warnings and errors still reach the console, and earlymount.debug
			 * shows every line. */
			if (level == L_INFO && !debug_on)
				return;
		}
	}
	const char *p = buf;
	while (*p != '>')
		p++;
	p++;
	(void)write_all(out_fd, p, sb.len - (size_t)(p - buf));
}
