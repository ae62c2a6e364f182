/* SPDX-License-Identifier: MIT */
/* earlymount: mounts the root with the new mount API and hands over to init. */
#include "check.h"
#include "log.h"
#include "options.h"
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
	"       earlymount check [--cmdline STRING] [--image FILE] [--modules]\n"
	"       earlymount generator NORMAL_DIR EARLY_DIR LATE_DIR  (dracut's systemd flow)\n"
	"       earlymount --help | --version\n"
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
	"       earlymount --help | --version\n"
	"The /init build (earlymount-init): resolve, plan and check are in the full earlymount.\n"
	"The kernel command line's parameters: see earlymount(8).\n";
#endif

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
	if (!cmd) {
		write_text(2, usage);
		return EXIT_USAGE;
	}
	/* The subcommands, one packed word list (options.h word_index); plan, check and resolve last:
	 * the /init build leaves them out (CMakeLists.txt: earlymount-init). */
	switch (word_index("--help\0-h\0--version\0init\0mount\0generator\0plan\0check\0resolve\0", cmd, str_eq)) {
	case 0:
	case 1:
		write_text(1, usage);
		return EXIT_OK;
	case 2:
		write_text(1, "earlymount " EM_VERSION "\n");
		return EXIT_OK;
	case 3:
		return run_init(argc - 1, argv + 1, envp);
	case 4:
		return run_mount(argc - 1, argv + 1);
#ifndef EM_BOOT_BUILD
	case 5:
		return run_generator(argc - 1, argv + 1);
	case 6:
		return run_plan(argc - 1, argv + 1);
	case 7:
		return run_check(argc - 1, argv + 1);
	case 8:
		return run_resolve(argc - 1, argv + 1);
#else
	case 6:
	case 7:
	case 8:
		return say_usage("earlymount: ", cmd, not_in_this_build, "");
#endif
	}
	return say_usage("earlymount: unknown command '", cmd, "'\n", usage);
}
