/* SPDX-License-Identifier: MIT */
/* The escaping of log lines (untrusted strings from disks) and the shell quoting of `earlymount
 * resolve`'s output. */
#include "../t.h"
#include "util.h"

static const char *esc(const char *s)
{
	static char buf[512];
	struct sbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	sb_put_escaped(&sb, s, (size_t)-1);
	return buf;
}

static const char *shq(const char *s)
{
	static char buf[512];
	struct sbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	sb_put_shquoted(&sb, s);
	return buf;
}

int main(void)
{
	/* The hostile label of the issue: a screen clear, a newline, a fake line. */
	CHECK_STR(esc("\x1b[2J\nEVIL: ok"), "\\x1b[2J\\x0aEVIL: ok");
	CHECK_STR(esc("plain label, with spaces ~!"), "plain label, with spaces ~!");
	CHECK_STR(esc("tab\there\r\x7f"), "tab\\x09here\\x0d\\x7f");
	/* Valid UTF-8 stays (as udev's and blkid's encoding keep it). */
	CHECK_STR(esc("Wurzel \xc3\xa4\xe2\x82\xac\xf0\x9f\x98\x80"), "Wurzel \xc3\xa4\xe2\x82\xac\xf0\x9f\x98\x80");
	/* C1 controls (U+009B is a one-character CSI), invalid and truncated sequences, overlong
	 * forms and surrogates are escaped byte by byte. */
	CHECK_STR(esc("\xc2\x9b" "2J"), "\\xc2\\x9b2J");
	CHECK_STR(esc("\x9b" "2J"), "\\x9b2J");
	CHECK_STR(esc("a\xc3"), "a\\xc3");
	CHECK_STR(esc("\xc0\xaf"), "\\xc0\\xaf");
	CHECK_STR(esc("\xe0\x80\xaf"), "\\xe0\\x80\\xaf");
	CHECK_STR(esc("\xed\xa0\x80"), "\\xed\\xa0\\x80");
	CHECK_STR(esc("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");
	CHECK_STR(esc("\xff\xfe"), "\\xff\\xfe");
	{
		/* n bounds the input. */
		char buf[32];
		struct sbuf sb;
		sb_init(&sb, buf, sizeof(buf));
		sb_put_escaped(&sb, "ab\x1b" "cd", 3);
		CHECK_STR(buf, "ab\\x1b");
	}

	/* Shell quoting: nothing inside can end the quotes. */
	CHECK_STR(shq("/dev/vda1"), "'/dev/vda1'");
	CHECK_STR(shq(""), "''");
	CHECK_STR(shq("/dev/x'; touch /tmp/pwned; echo '"), "'/dev/x'\\''; touch /tmp/pwned; echo '\\'''");
	CHECK_STR(shq("$(reboot)`id`\"\\\n"), "'$(reboot)`id`\"\\\n'");
	return t_done();
}
