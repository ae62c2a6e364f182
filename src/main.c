/* SPDX-License-Identifier: MIT */
/* earlymount: mounts the root with the new mount API and hands over to init. */
#include "check.h"
#include "log.h"
#include "run.h"
#include "util.h"

#include <string.h>
#include <unistd.h>

#ifndef EM_VERSION
#define EM_VERSION "dev"
#endif

#ifndef EM_BOOT_BUILD
static const char usage[] =
	"usage: earlymount                    (as /init, PID 1: mount everything and switch root)\n"
	"       earlymount init               (the same, by name)\n"
	"       earlymount mount --sysroot DIR [--api-fs] [--cmdline STRING | --dracut]\n"
	"                        [--rules kernel|systemd] [--wait SECONDS]\n"
	"       earlymount resolve [--cmdline STRING | --dracut] [--rules kernel|systemd] [--wait SECONDS]\n"
	"       earlymount plan [--cmdline STRING | --dracut] [--sysroot DIR] [--rules kernel|systemd]\n"
	"       earlymount check [--cmdline STRING] [--stored STRING | --image FILE] [--modules]\n"
	"       earlymount generator NORMAL_DIR EARLY_DIR LATE_DIR  (dracut's systemd flow)\n"
	"       earlymount [COMMAND] -h | --help,  earlymount --version\n"
	"The mount spec comes from the kernel command line: root=, rootfstype=, rootflags=, ro, rw,\n"
	"rootwait[=S], rootdelay=S, init=, mount.usr=, mount.usrfstype=, mount.usrflags=,\nearlymount.mount=WHAT:WHERE[:FSTYPE[:OPTIONS]], earlymount.timeout=S, earlymount.debug,\nearlymount.onfail=shell|reboot|poweroff|halt|panic, earlymount.modules=a,b, earlymount.jobs=N.\n"
	"Layered roots: earlymount.volatile=overlay|state|yes, earlymount.overlay=DEVICE,\nearlymount.overlayflags=, earlymount.rootimage=PATH, earlymount.tmpfsflags=; shares:\n"
	"rootfstype=9p|virtiofs root=TAG.\n"
	"See earlymount(8).\n";
#else
/* The /init build's: its subcommands only; the parameters are in the manual (and in the full
 * earlymount's --help), not in every image. */
static const char *const usage =
	"usage: earlymount                    (as /init, PID 1: mount everything and switch root)\n"
	"       earlymount init               (the same, by name)\n"
	"       earlymount mount --sysroot DIR [--api-fs] [--cmdline STRING] [--wait SECONDS]\n"
	"       earlymount [COMMAND] -h | --help,  earlymount --version\n"
	"The /init build (earlymount-init): resolve, plan and check are in the full earlymount.\n"
	"The kernel command line's parameters: see earlymount(8).\n";
#endif

/* The subcommands by name. The /init build has no generator, and says of plan, check and resolve
 * that they are the full build's (CMakeLists.txt: earlymount-init). */
enum command { C_HELP, C_VERSION, C_INIT, C_MOUNT, C_GENERATOR, C_PLAN, C_CHECK, C_RESOLVE };
static const struct {
	const char *name;
	enum command command;
} commands[] = {
	{ "--help", C_HELP },
	{ "-h", C_HELP },
	{ "--version", C_VERSION },
	{ "init", C_INIT },
	{ "mount", C_MOUNT },
#ifndef EM_BOOT_BUILD
	{ "generator", C_GENERATOR },
#endif
	{ "plan", C_PLAN },
	{ "check", C_CHECK },
	{ "resolve", C_RESOLVE },
};

/* Runs subcommand c with its arguments (argv[0] is its name). */
static int run_command(enum command c, int argc, char **argv, char **envp)
{
	switch (c) {
	case C_HELP:
		write_text(1, usage);
		return EXIT_OK;
	case C_VERSION:
		write_text(1, "earlymount " EM_VERSION "\n");
		return EXIT_OK;
	case C_INIT:
		/* Not PID 1 here (main): init refuses to run, but says what it is when asked. */
		if (argc > 1 && is_help(argv[1])) {
			write_text(1, "usage: earlymount init  (as PID 1 only: mount everything and switch root; "
			              "the kernel's arguments are init's)\n");
			return EXIT_OK;
		}
		return run_init(argc, argv, envp);
	case C_MOUNT:
		return run_mount(argc, argv);
#ifndef EM_BOOT_BUILD
	case C_GENERATOR:
		return run_generator(argc, argv);
	case C_PLAN:
		return run_plan(argc, argv);
	case C_CHECK:
		return run_check(argc, argv);
	case C_RESOLVE:
		return run_resolve(argc, argv);
#else
	case C_GENERATOR: /* not in this build's table */
	case C_PLAN:
	case C_CHECK:
	case C_RESOLVE:
		return say_usage("earlymount: ", argv[0], not_in_this_build, "");
#endif
	}
	return EXIT_USAGE; /* every command has its case above */
}

int main(int argc, char **argv, char **envp)
{
	const char *cmd = argc > 1 ? argv[1] : NULL;

	log_init(2);
	/* As PID 1 the kernel passes its unknown parameters as arguments: they are init's, not
	 * subcommands. */
	if (getpid() == 1)
		return run_init(argc, argv, envp);
#ifndef EM_BOOT_BUILD
	/* dracut's module installs earlymount as systemd's earlymount-generator too (a link): no
	 * shell to start for it (see dracut.c). */
	const char *base = argc > 0 && argv[0] ? strrchr(argv[0], '/') : NULL;
	base = base ? base + 1 : argc > 0 && argv[0] ? argv[0] : "";
	if (str_eq(base, "earlymount-generator"))
		return run_generator(argc, argv);
#endif
	if (!cmd)
		return say_usage("earlymount: no command (earlymount runs as init only as PID 1)", "", "\n", usage);
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (str_eq(cmd, commands[i].name))
			return run_command(commands[i].command, argc - 1, argv + 1, envp);
	return say_usage("earlymount: unknown command '", cmd, "'\n", usage);
}
