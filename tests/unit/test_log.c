/* SPDX-License-Identifier: MIT */
/* log.c's journal mode (dracut's systemd flow): taken only when stderr is the stream that
 * $JOURNAL_STREAM names (systemd.exec(5)); then each line goes there with its <N> level for
 * journald and without the "earlymount: " prefix, which the unit's SyslogIdentifier= gives. */
#define _GNU_SOURCE
#include "../t.h"
#include "log.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static int rd;

/* What the logger wrote since the last call. */
static const char *drain(void)
{
	static char buf[4096];
	ssize_t n = read(rd, buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = 0;
	return buf;
}

static int use(const char *value)
{
	if (value)
		setenv("JOURNAL_STREAM", value, 1);
	else
		unsetenv("JOURNAL_STREAM");
	return log_use_journal();
}

int main(void)
{
	int p[2], null = open("/dev/null", O_WRONLY), out = dup(1);
	struct stat st;
	char v[80];

	if (pipe2(p, O_NONBLOCK) < 0 || null < 0 || out < 0 || fstat(p[1], &st) < 0) {
		perror("test_log: set-up");
		return 1;
	}
	rd = p[0];
	/* stdout is no journal stream here, whatever ran the test: information lines go to stderr */
	dup2(null, 1);
	log_init(p[1]);

	/* Not the journal: the variable missing, malformed, or naming another stream (a shell that
	 * redirected stderr and kept the variable). */
	CHECK_INT(use(NULL), 0);
	CHECK_INT(use(""), 0);
	CHECK_INT(use("garbage"), 0);
	snprintf(v, sizeof(v), "%lu", (unsigned long)st.st_dev);
	CHECK_INT(use(v), 0);
	snprintf(v, sizeof(v), "%lu:%lu", (unsigned long)st.st_dev, (unsigned long)st.st_ino + 1);
	CHECK_INT(use(v), 0);
	snprintf(v, sizeof(v), "%lu:%lux", (unsigned long)st.st_dev, (unsigned long)st.st_ino);
	CHECK_INT(use(v), 0);
	snprintf(v, sizeof(v), "%lu:%lu", (unsigned long)st.st_dev + 1, (unsigned long)st.st_ino);
	CHECK_INT(use(v), 0);
	log_warn("not the journal: %d", 1);
	CHECK_STR(drain(), "earlymount: not the journal: 1\n");

	/* stderr's own device and inode */
	snprintf(v, sizeof(v), "%lu:%lu", (unsigned long)st.st_dev, (unsigned long)st.st_ino);
	CHECK_INT(use(v), 1);
	log_err("mount %s failed", "/dev/vda");
	CHECK_STR(drain(), "<3>mount /dev/vda failed\n");
	log_warn("a warning");
	CHECK_STR(drain(), "<4>a warning\n");
	log_info("mounted");
	CHECK_STR(drain(), "<6>mounted\n");
	/* a label from a disk is still escaped */
	log_info("label %s", "a\nb");
	CHECK_STR(drain(), "<6>label a\\x0ab\n");

	fflush(stdout);
	dup2(out, 1);
	return t_done();
}
