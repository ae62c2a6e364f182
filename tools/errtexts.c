/* SPDX-License-Identifier: MIT */
/* errtexts: prints the C library's text for each errno, one a line, errno 0 first, up to the last
 * number that has a text of its own (musl gives errno 0's text, "No error information", to every
 * number past its table and to the gaps in it: src/string/strerror.c). Built with the target's
 * compiler and C library (musl-gcc) and run at build time, in native builds only: msgpack -e packs
 * the texts with the messages, and src/util.c's errstr reads them there (EM_ERRTEXTS), so the /init
 * build carries musl's texts without musl's unpacked table. The texts are the library's own, read
 * from it where it runs: nothing here names or copies them.
 *
 * Exit status: 0, or 1 when a text holds a newline (it could not be told from the next) or the
 * output cannot be written. */
#include <stdio.h>
#include <string.h>

/* Past any errno a Linux architecture has (the largest, 1133, is MIPS's EDQUOT). */
#define ERRNO_LIMIT 4096

int main(void)
{
	char none[256];
	int last = 0;

	(void)snprintf(none, sizeof(none), "%s", strerror(0));
	for (int e = 1; e < ERRNO_LIMIT; e++)
		if (strcmp(strerror(e), none))
			last = e;
	for (int e = 0; e <= last; e++) {
		const char *t = strerror(e);
		if (strchr(t, '\n')) {
			(void)fprintf(stderr, "errtexts: the text of errno %d holds a newline\n", e);
			return 1;
		}
		(void)printf("%s\n", t);
	}
	return (ferror(stdout) | fclose(stdout)) ? 1 : 0;
}
