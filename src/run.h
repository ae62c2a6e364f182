/* SPDX-License-Identifier: MIT */
/* The subcommands. Exit statuses: */
#ifndef EM_RUN_H
#define EM_RUN_H

enum {
	EXIT_OK = 0,
	EXIT_FAIL = 1,   /* a mount, device or module step failed */
	EXIT_SPEC = 2,   /* the kernel command line (mount spec) is invalid */
	EXIT_USAGE = 64, /* the earlymount command itself was called wrongly */
};

int run_init(int argc, char **argv, char **envp);
#ifdef EM_BOOT_BUILD
extern const char not_in_this_build[]; /* " is not in this build (...): run the full earlymount\n" */
#endif
/* Writes pre, arg as it is, post and usage to stderr (an empty one: no write at all); EXIT_USAGE.
 * pre, post and usage are texts of the program's (write_text). */
int say_usage(const char *pre, const char *arg, const char *post, const char *usage);
/* Whether arg is -h or --help (every subcommand prints its usage for them, exit 0). */
int is_help(const char *arg);
int run_mount(int argc, char **argv);
int run_plan(int argc, char **argv);
int run_resolve(int argc, char **argv);
/* dracut's systemd flow: systemd's generator interface (NORMAL EARLY LATE in argv[1..3]). */
int run_generator(int argc, char **argv);

#endif
