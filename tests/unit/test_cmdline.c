/* SPDX-License-Identifier: MIT */
/* The tokenizer against the kernel's rules (kernel/params.c next_arg, parse_args). */
#include "../t.h"
#include "../cmdline_t.h"

#include <stdlib.h>

static struct cmdline cl;

static void parse(const char *s)
{
	CHECK_INT(cmdline_parse(&cl, s, strlen(s)), 0);
}

static const char *val(unsigned i)
{
	return i < cl.nargs ? (cl.args[i].value ? cl.args[i].value : "(none)") : "(missing)";
}

static const char *name(unsigned i)
{
	return i < cl.nargs ? cl.args[i].name : "(missing)";
}

int main(void)
{
	parse("root=/dev/vda1 ro quiet");
	CHECK_INT(cl.nargs, 3);
	CHECK_STR(name(0), "root");
	CHECK_STR(val(0), "/dev/vda1");
	CHECK_STR(name(1), "ro");
	CHECK_STR(val(1), "(none)");

	/* Leading, trailing and repeated white space, tabs and the newline of /proc/cmdline. */
	parse("  a=1 \t b=2  \n");
	CHECK_INT(cl.nargs, 2);
	CHECK_STR(val(1), "2");

	/* Quotes around a value group spaces and are removed. */
	parse("earlymount.mount=\"LABEL=my data:/srv\" x");
	CHECK_INT(cl.nargs, 2);
	CHECK_STR(name(0), "earlymount.mount");
	CHECK_STR(val(0), "LABEL=my data:/srv");
	CHECK_STR(name(1), "x");

	/* Quotes around the whole parameter. */
	parse("\"a=b c\" d");
	CHECK_INT(cl.nargs, 2);
	CHECK_STR(name(0), "a");
	CHECK_STR(val(0), "b c");

	/* A quote inside a value (not at its start) groups but stays in the text. */
	parse("a=x\"y z\" b");
	CHECK_INT(cl.nargs, 2);
	CHECK_STR(val(0), "x\"y z\"");

	/* Only the first '=' splits. */
	parse("root=LABEL=a=b");
	CHECK_STR(val(0), "LABEL=a=b");

	/* Empty values: "x=" has an empty value, "x" none, "x=\"\"" an empty one. */
	parse("x= y z=\"\"");
	CHECK_INT(cl.nargs, 3);
	CHECK_STR(val(0), "");
	CHECK_STR(val(1), "(none)");
	CHECK_STR(val(2), "");

	/* Everything after a lone "--" is for init, quotes handled the same way. */
	parse("root=/dev/sda -- single \"two words\" k=v");
	CHECK_INT(cl.nargs, 1);
	CHECK_INT(cl.ninit, 3);
	CHECK_STR(cl.init_args[0], "single");
	CHECK_STR(cl.init_args[1], "two words");
	CHECK_STR(cl.init_args[2], "k=v");
	/* "--=x" and "--x" are ordinary parameters. */
	parse("--x --=y");
	CHECK_INT(cl.nargs, 2);
	CHECK_INT(cl.ninit, 0);

	/* An unterminated quote runs to the end of the line, as in the kernel. */
	parse("a=\"b c d");
	CHECK_INT(cl.nargs, 1);
	CHECK_STR(val(0), "b c d");
	parse("\"a b");
	CHECK_INT(cl.nargs, 1);
	CHECK_STR(name(0), "a b");

	/* Empty and blank lines. */
	parse("");
	CHECK_INT(cl.nargs, 0);
	parse("   \n");
	CHECK_INT(cl.nargs, 0);

	/* A 4 KiB line of parameters. */
	{
		char *big = malloc(4097);
		size_t n = 0;
		unsigned count = 0;
		while (n + 8 < 4096) {
			n += (size_t)sprintf(big + n, "p%03u=v ", count % 1000);
			count++;
		}
		big[n] = '\0';
		CHECK_INT(cmdline_parse(&cl, big, n), 0);
		CHECK_INT(cl.nargs, count);
		CHECK_STR(val(count - 1), "v");
		free(big);
	}

	/* Over the limits: a clear -E2BIG, never an overflow. */
	{
		char *huge = malloc(CMDLINE_MAX + 100);
		memset(huge, 'a', CMDLINE_MAX + 99);
		huge[CMDLINE_MAX + 99] = '\0';
		CHECK(cmdline_parse(&cl, huge, CMDLINE_MAX + 99) < 0);
		for (size_t i = 0; i + 2 < CMDLINE_MAX + 99; i += 2)
			huge[i] = 'a', huge[i + 1] = ' ';
		CHECK(cmdline_parse(&cl, huge, strlen(huge)) < 0);
		free(huge);
	}

	/* Appending: the stored fragment first, the kernel's after it. */
	parse("root=LABEL=a rootfstype=ext4");
	CHECK_INT(cmdline_append(&cl, "root=LABEL=b", 12), 0);
	CHECK_INT(cl.nargs, 3);
	CHECK_STR(val(0), "LABEL=a");
	CHECK_STR(val(2), "LABEL=b");

	/* Text that is not NUL-terminated is cut at len. */
	CHECK_INT(cmdline_parse(&cl, "ro rw", 2), 0);
	CHECK_INT(cl.nargs, 1);
	return t_done();
}
