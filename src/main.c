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
	"       earlymount mount --sysroot DIR [--api-fs] [--cmdline STRING] [--rules kernel|systemd]\n"
	"                        [--wait SECONDS]\n"
	"       earlymount resolve [--cmdline STRING] [--rules kernel|systemd] [--wait SECONDS]\n"
	"       earlymount plan [--cmdline STRING] [--sysroot DIR] [--rules kernel|systemd]\n"
	"       earlymount check [--cmdline STRING] [--image FILE] [--modules]\n"
	"       earlymount --help | --version\n"
	"The mount spec comes from the kernel command line: root=, rootfstype=, rootflags=, ro, rw,\n"
	"rootwait[=S], rootdelay=S, init=, mount.usr=, mount.usrfstype=, mount.usrflags=,\n"
	"earlymount.mount=WHAT:WHERE[:FSTYPE[:OPTIONS]], earlymount.timeout=S, earlymount.debug,\n"
	"earlymount.onfail=shell|reboot|poweroff|halt|panic, earlymount.modules=a,b, earlymount.jobs=N.\n"
	"Layered roots: earlymount.volatile=overlay|state|yes, earlymount.overlay=DEVICE,\n"
	"earlymount.overlayflags=, earlymount.rootimage=PATH, earlymount.tmpfsflags=; shares:\n"
	"rootfstype=9p|virtiofs root=TAG.\n"
	"See earlymount(8).\n";
#else
/* The /init build's: its subcommands only; the parameters are in the manual (and in the full
 * earlymount's --help), not in every image. */
static const char usage[] =
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
	if (!cmd) {
		(void)write_all(2, usage, strlen(usage));
		return EXIT_USAGE;
	}
	if (str_eq(cmd, "--help") || str_eq(cmd, "-h")) {
		(void)write_all(1, usage, strlen(usage));
		return EXIT_OK;
	}
	if (str_eq(cmd, "--version")) {
		(void)write_all(1, "earlymount " EM_VERSION "\n", strlen("earlymount " EM_VERSION "\n"));
		return EXIT_OK;
	}
	if (str_eq(cmd, "init"))
		return run_init(argc - 1, argv + 1, envp);
	if (str_eq(cmd, "mount"))
		return run_mount(argc - 1, argv + 1);
#ifndef EM_BOOT_BUILD
	if (str_eq(cmd, "resolve"))
		return run_resolve(argc - 1, argv + 1);
	if (str_eq(cmd, "plan"))
		return run_plan(argc - 1, argv + 1);
	if (str_eq(cmd, "check"))
		return run_check(argc - 1, argv + 1);
#else
	/* The /init build leaves out what only the host and dracut's hooks run (CMakeLists.txt:
	 * earlymount-init). */
	if (str_eq(cmd, "plan") || str_eq(cmd, "check") || str_eq(cmd, "resolve")) {
		static const char m[] = " is not in this build (earlymount-init, the /init build): run the "
		                        "full earlymount\n";
		(void)write_all(2, "earlymount: ", 12);
		(void)write_all(2, cmd, strlen(cmd));
		(void)write_all(2, m, sizeof(m) - 1);
		return EXIT_USAGE;
	}
#endif
	(void)write_all(2, "earlymount: unknown command '", 29);
	(void)write_all(2, cmd, strlen(cmd));
	(void)write_all(2, "'\n", 2);
	(void)write_all(2, usage, strlen(usage));
	return EXIT_USAGE;
}
