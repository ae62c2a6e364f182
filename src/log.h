/* SPDX-License-Identifier: MIT */
/* A fixed-buffer logger: every line goes to /dev/kmsg (so dmesg and the journal keep it) and to the
 * console or stderr, prefixed "earlymount: "; in a systemd service, to the journal only. No stdio,
 * no malloc. */
#ifndef EM_LOG_H
#define EM_LOG_H

enum { L_ERR = 3, L_WARN = 4, L_NOTICE = 5, L_INFO = 6, L_DEBUG = 7 };

/* fd for human-readable output (2 normally). */
void log_init(int out_fd);
/* Opens /dev/kmsg (after devtmpfs is mounted, or when it already is). Harmless when absent. */
void log_open_kmsg(void);
/* On /dev/console (PID 1, or a hook of dracut's shell init) the kernel echoes kmsg lines to the
 * console itself when their level is below the console log level (/proc/sys/kernel/printk);
 * writing them ourselves too would print every line twice. Information lines at or above that
 * level (`quiet`, `loglevel=`) stay in the kernel's log only, unless earlymount.debug is on. Reads
 * that level once /proc is there; on any other output every line is written. */
void log_read_console_level(void);
/* In a systemd service whose stderr is the journal's stream ($JOURNAL_STREAM, dracut's systemd
 * flow): from now on every line goes to the journal only, never to /dev/kmsg, which journald
 * reads too. 1 when so, 0 (nothing changed) otherwise. */
int log_use_journal(void);
void log_set_debug(int on);
int log_debug_enabled(void);
/* Milliseconds since log_init (CLOCK_MONOTONIC). */
unsigned long log_ms(void);

void elog(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#define log_err(...) elog(L_ERR, __VA_ARGS__)
#define log_warn(...) elog(L_WARN, __VA_ARGS__)
#define log_info(...) elog(L_INFO, __VA_ARGS__)
/* Debug lines only with earlymount.debug: the arguments are not evaluated otherwise. */
#define log_debug(...)                          \
	do {                                    \
		if (log_debug_enabled())        \
			elog(L_DEBUG, __VA_ARGS__); \
	} while (0)

#endif
