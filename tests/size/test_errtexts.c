/* SPDX-License-Identifier: MIT */
/* The /init build's error texts (tools/errtexts.c, msgpack -e, src/util.c errstr under
 * EM_ERRTEXTS) against musl's strerror, for every errno and past both ends: built with musl-gcc
 * from that build's packed util.c and msgdict.c (tests/size/errtexts.sh). */
#include "util.h"

#include <stdio.h>
#include <string.h>

int main(void)
{
	int bad = 0, n = 0;
	for (int e = -5; e < 4200; e++) {
		char got[600], want[600];
		fmt(got, sizeof(got), "[%s]", errstr(e));
		(void)snprintf(want, sizeof(want), "[%s]", strerror(e));
		n++;
		if (strcmp(got, want)) {
			(void)fprintf(stderr, "errno %d: errstr gives %s, strerror %s\n", e, got, want);
			bad++;
		}
	}
	/* a packed text really is one: it lies in emmsg and is not the plain text */
	if (!strcmp(errstr(2), strerror(2))) {
		(void)fprintf(stderr, "errstr(ENOENT) is not packed: the test tests nothing\n");
		bad++;
	}
	(void)printf("%d errno values, %d differ\n", n, bad);
	return bad != 0;
}
