/* SPDX-License-Identifier: MIT */
/* The subcommands that read the kernel command line into a plan and act on it: init (PID 1: the
 * boot sequence), mount, plan, resolve and dracut's systemd generator. */
#define _GNU_SOURCE
#include "run.h"
#include "apifs.h"
#include "cmdline.h"
#include "compat.h"
#include "devices.h"
#ifndef EM_BOOT_BUILD
#include "dracut.h"
#endif
#include "layerspec.h"
#include "log.h"
#include "modload.h"
#include "mountplan.h"
#include "plan.h"
#include "resume.h"
#include "spec.h"
#include "switchroot.h"
#include "uevent.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/ioctl.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <unistd.h>

static struct cmdline cl;
static struct plan plan;

#ifdef EM_BOOT_BUILD
/* What this build says of a subcommand or option it leaves out (main.c too). dracut's
 * module-setup.sh finds the /init build by this text in the file. */
const char not_in_this_build[] = " is not in this build (earlymount-init, the /init build): run the full earlymount\n";
#endif

/* Writes s as it is (an argument, a buffer). */
static void out(int fd, const char *s)
{
	(void)write_all(fd, s, strlen(s));
}

/* -h or --help, which every subcommand takes: its usage on stdout, exit 0. */
int is_help(const char *arg)
{
	return str_eq(arg, "--help") || str_eq(arg, "-h");
}

/* A usage error: pre (a text of the program's), the argument as it is, post (a text), then usage.
 * An empty one writes nothing (no write(2) either). EXIT_USAGE. */
int say_usage(const char *pre, const char *arg, const char *post, const char *usage)
{
	write_text(2, pre);
	out(2, arg);
	write_text(2, post);
	write_text(2, usage);
	return EXIT_USAGE;
}

/* Reads one command-line file whole into text (CMDLINE_MAX bytes); EXIT_OK, or the exit status
 * with err set. Only an optional file may be absent. */
static int read_cmdline(const char *path, int optional, char *text, long *n, char *err, size_t errlen)
{
	*n = read_file(AT_FDCWD, path, text, CMDLINE_MAX);
	if (*n == -EFBIG) {
		fmt(err, errlen, "%s is %ld bytes, more than the %d earlymount reads: refused rather than cut",
		    path, file_size_read(AT_FDCWD, path), CMDLINE_MAX - 1);
		return EXIT_SPEC;
	}
	if (*n < 0 && (*n != -ENOENT || !optional)) {
		fmt(err, errlen, "read %s failed: %s", path, errstr((int)-*n));
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

#ifndef EM_BOOT_BUILD
/* --dracut: dracut's command-line files, each appended as getcmdline appends them (their lines
 * joined by spaces: the tokenizer reads a newline as one). */
struct dracut_read {
	char *err;
	size_t errlen;
};

static int append_dracut_file(const char *path, void *vctx)
{
	static char text[CMDLINE_MAX];
	struct dracut_read *d = vctx;
	long n;
	int r = read_cmdline(path, 1, text, &n, d->err, d->errlen);
	if (r != EXIT_OK)
		return r;
	if (n > 0 && cmdline_append(&cl, text, (size_t)n) < 0) {
		fmt(d->err, d->errlen, "%s (%ld bytes) with what came before it: more than %d bytes or %d parameters",
		    path, n, CMDLINE_MAX - 1, CMDLINE_MAX_ARGS);
		return EXIT_SPEC;
	}
	return EXIT_OK;
}
#endif

/* The files read before the kernel's own line, each appended to cl (text: a CMDLINE_MAX buffer to
 * read into): with dracut, dracut's (its getcmdline's: /etc/cmdline.d/ *.conf, /etc/cmdline),
 * otherwise the initramfs's stored fragment (earlymount-mkinitramfs --cmdline). EXIT_OK, or the
 * exit status with err set. */
static int append_files_before(int dracut, char *text, char *err, size_t errlen)
{
	long n;
	int r;

#ifndef EM_BOOT_BUILD
	if (dracut) {
		struct dracut_read d = { err, errlen };
		r = dracut_cmdline_files(append_dracut_file, &d);
		if (r < 0) {
			fmt(err, errlen, "read /etc/cmdline.d failed: %s", r == -E2BIG ? "more than 256 *.conf files" : errstr(-r));
			return EXIT_FAIL;
		}
		return r;
	}
#else
	(void)dracut;
#endif
	if ((r = read_cmdline("/etc/earlymount/cmdline", 1, text, &n, err, errlen)) != EXIT_OK)
		return r;
	if (n > 0 && cmdline_append(&cl, text, (size_t)n) < 0) {
		fmt(err, errlen, "/etc/earlymount/cmdline (%ld bytes): more than %d bytes or %d "
		    "parameters", n, CMDLINE_MAX - 1, CMDLINE_MAX_ARGS);
		return EXIT_SPEC;
	}
	return EXIT_OK;
}

/* The command line into cl and the plan built from it: given (--cmdline's text), else the files
 * (append_files_before) and then /proc/cmdline, whose parameters come later and so win. EXIT_OK,
 * or the exit status with err set. */
static int load_cmdline(const char *given, int dracut, enum spec_rules rules, char *err, size_t errlen)
{
	static char text[CMDLINE_MAX];
	long n;
	int r;

	cl.nargs = cl.ninit = 0;
	cl.used = 0;
#ifdef EM_BOOT_BUILD
	dracut = 0; /* --dracut is the full build's */
#endif
	if (!given) {
		if ((r = append_files_before(dracut, text, err, errlen)) != EXIT_OK)
			return r;
		/* A line longer than the buffer (bootconfig can make /proc/cmdline long) is refused
		 * with its size, never cut: a cut line could drop or change the last parameter. */
		if ((r = read_cmdline("/proc/cmdline", 0, text, &n, err, errlen)) != EXIT_OK)
			return r;
		given = text;
	}
	size_t len = strlen(given);
	if (cmdline_append(&cl, given, len) < 0) {
		fmt(err, errlen, "the kernel command line (%zu bytes%s) with what came before it is longer "
		    "than %d bytes or has more than %d parameters: refused rather than cut", len,
		    cl.used ? (dracut ? ", after dracut's /etc/cmdline.d and /etc/cmdline" : ", after /etc/earlymount/cmdline")
		            : "", CMDLINE_MAX - 1, CMDLINE_MAX_ARGS);
		return EXIT_SPEC;
	}
	if (spec_build(&cl, rules, &plan, err, errlen) < 0)
		return EXIT_SPEC;
	return EXIT_OK;
}

/* The plan's warnings: spec.c may note what it accepted but the kernel would have read otherwise
 * (a form it ignores, a value it corrects). They are logged here, once per reading of the command
 * line, by every subcommand that boots (init, mount, resolve); `plan` prints them itself. */
/* What the command line has that the kernel accepts or ignores but a person should hear about
 * (spec.c collects them: an OFFSET the kernel drops, rootdelay=5s read as 5, ...). */
static void log_plan_warnings(void)
{
	const char *s;
	size_t len;
	for (unsigned i = 0; spec_warning(&plan, i, &s, &len) == 0; i++)
		log_warn("%.*s", (int)len, s);
	if (plan.warnings_cut)
		log_warn("more command-line warnings were dropped (the buffer for them is full)");
}

/* The command line read by a subcommand that boots (init, mount, resolve): a failure logged (resolve
 * also needs root=), then earlymount.debug and the plan's warnings applied. EXIT_OK or the status. */
static int load_plan(const char *given, int dracut, enum spec_rules rules, int need_root)
{
	char err[512];
	int r = load_cmdline(given, dracut, rules, err, sizeof(err));
	if (r == EXIT_OK && need_root && !plan.have_root)
		fmt(err, sizeof(err), "no root= parameter"), r = EXIT_SPEC;
	if (r != EXIT_OK) {
		log_err("%s%s", r == EXIT_SPEC ? "invalid kernel command line: " : "", err);
		return r;
	}
	log_set_debug(plan.debug);
	log_plan_warnings();
	return EXIT_OK;
}

/* The subcommands' options. Each accepts the ones its usage line names. */
struct args {
	const char *cmdline, *sysroot;
	int api_fs;
	int dracut;            /* --dracut: dracut's command line (its files, then /proc/cmdline) */
	enum spec_rules rules; /* --rules kernel|systemd */
	long wait_s;           /* --wait SECONDS, or -2 when not given */
};
enum { A_CMDLINE = 1, A_SYSROOT = 2, A_APIFS = 4, A_RULES = 8, A_WAIT = 16, A_DRACUT = 32 };
static const struct {
	const char *name;
	unsigned bit;
} options[] = {
	{ "--cmdline", A_CMDLINE }, { "--sysroot", A_SYSROOT }, { "--api-fs", A_APIFS },
	{ "--rules", A_RULES },     { "--wait", A_WAIT },       { "--dracut", A_DRACUT },
};

/* The A_ bit of option o, 0 for none. */
static unsigned option_bit(const char *o)
{
	for (size_t i = 0; i < ARRAY_SIZE(options); i++)
		if (str_eq(o, options[i].name))
			return options[i].bit;
	return 0;
}

/* parse_args' result for -h/--help: the usage was printed, the subcommand exits EXIT_OK. */
#define ARGS_HELP (-1)

/* The subcommand's options into a: EXIT_OK, ARGS_HELP, or EXIT_USAGE after saying what was wrong. */
static int parse_args(int argc, char **argv, unsigned allowed, const char *usage, struct args *a)
{
	/* The usage errors' one exit: pre (a text of the program's), the argument, post. */
	const char *pre, *bad, *post = "'\n";

	for (int i = 1; i < argc; i++) {
		unsigned takes = option_bit(argv[i]);
		bad = argv[i];
		if (is_help(bad)) {
			write_text(1, usage);
			return ARGS_HELP;
		}
		if (!(takes & allowed)) {
			pre = "earlymount: unknown argument '";
			goto usage;
		}
		if (takes == A_APIFS) {
			a->api_fs = 1;
			continue;
		}
		if (takes == A_DRACUT) {
			a->dracut = 1;
			continue;
		}
		if (i + 1 >= argc) {
			pre = "earlymount: ";
			post = " needs a value\n";
			goto usage;
		}
		bad = argv[++i];
		switch (takes) {
		case A_RULES: {
			int systemd = str_eq(bad, "systemd");
			if (!systemd && !str_eq(bad, "kernel")) {
				pre = "earlymount: --rules takes kernel or systemd, not '";
				goto usage;
			}
#ifdef EM_BOOT_BUILD
			/* The /init build has only the kernel's rules: systemd's are for dracut's systemd
			 * flow, which installs the full earlymount (CMakeLists.txt, earlymount-init). */
			if (systemd) /* "" writes nothing: the two writes as before */
				return say_usage("earlymount: --rules systemd", "", not_in_this_build, "");
			/* a->rules stays the kernel's, as every caller starts it */
#else
			a->rules = systemd ? SPEC_RULES_SYSTEMD : SPEC_RULES_KERNEL;
#endif
			break;
		}
		case A_WAIT: {
			unsigned long v;
			if (parse_ulong(bad, &v) < 0 || v > 86400) {
				pre = "earlymount: --wait takes a number of seconds (0 to 86400), not '";
				goto usage;
			}
			a->wait_s = (long)v;
			break;
		}
		case A_CMDLINE:
			a->cmdline = bad;
			break;
		default: /* A_SYSROOT */
			a->sysroot = bad;
		}
	}
	/* The usage line's "--cmdline STRING | --dracut": one command line or the other. */
	if (a->cmdline && a->dracut)
		return say_usage("earlymount: --cmdline and --dracut: one command line or the other", "", "\n", usage);
	return EXIT_OK;
usage:
	return say_usage(pre, bad, post, usage);
}

/* --wait SECONDS: the caller has already waited for the devices (dracut's initqueue, systemd's
 * device units), so every mount's device wait is this long (0: one look), whatever the command
 * line's rootwait, earlymount.timeout= or systemd's 90 s for /usr say. */
static void set_wait(struct mount_entry *m, long wait_s)
{
	m->wait_s = m->members_wait_s = wait_s;
	m->wait_from = "--wait";
}

static void apply_wait(const struct args *a)
{
	if (a->wait_s < 0)
		return;
	set_wait(&plan.root, a->wait_s);
	set_wait(&plan.usr, a->wait_s);
	set_wait(&plan.overlay, a->wait_s);
	for (unsigned i = 0; i < plan.nextra; i++)
		set_wait(&plan.extra[i], a->wait_s);
	plan.resume_wait_s = a->wait_s;
}

/* The modules and the mounts of a subcommand that boots (init, mount): the list, then, with
 * match_devices, what the devices ask for (coldplug), several at once; later devices and the
 * filesystems while the mounts wait for them (devices.c, mountplan.c). Unless under dracut
 * (whose resume and usrmount modules do those jobs), the hibernation image of resume= before any
 * mount (resume.c), and /usr from the new root's fstab when the line names none (mountplan.c).
 * Then the plan mounted on sysroot. The list is in after it; what the devices asked for and the
 * mounts did not need is left to the new root (modload.h). mount_plan's result. */
static int modules_and_mounts(int match_devices, int dracut, const char *sysroot)
{
	/* The device waits load what is queued while they wait, and a btrfs member's module before
	 * it is registered. */
	static const struct dev_hooks load_while_waiting = { modules_step, modules_fs };
	int r;
	dev_set_hooks(&load_while_waiting);
	modules_setup(&plan, match_devices);
	if (modules_load(&cl, plan.modules, plan.nmodules) > 0)
		log_warn("some modules did not load; going on");
	if (!dracut)
		resume_from_hibernation(&plan);
	plan.usr_from_fstab = !dracut;
	r = mount_plan(&plan, sysroot);
	modules_settle();
	uevent_close();
	return r;
}

/* ---- earlymount plan ------------------------------------------------------------------------- */

int run_plan(int argc, char **argv)
{
	static char buf[65536];
	struct args a = { .sysroot = "/sysroot", .wait_s = -2 };
	char err[512];
	struct sbuf sb;
	int r = parse_args(argc, argv, A_CMDLINE | A_SYSROOT | A_RULES | A_DRACUT,
	                   "usage: earlymount plan [--cmdline STRING | --dracut] [--sysroot DIR] [--rules kernel|systemd]\n", &a);

	if (r != EXIT_OK)
		return r == ARGS_HELP ? EXIT_OK : r;
	r = load_cmdline(a.cmdline, a.dracut, a.rules, err, sizeof(err));
	if (r != EXIT_OK) {
		fmt(buf, sizeof(buf), "earlymount: %s%s\n", r == EXIT_SPEC ? "invalid kernel command line: " : "", err);
		out(2, buf);
		return r;
	}
	if (!plan.have_root) {
		write_text(2, "earlymount: invalid kernel command line: no root= parameter: nothing to mount as the root\n");
		return EXIT_SPEC;
	}
	sb_init(&sb, buf, sizeof(buf));
	plan_print(&sb, &plan, a.sysroot);
	out(1, buf);
	return EXIT_OK;
}

/* ---- earlymount mount ------------------------------------------------------------------------ */

int run_mount(int argc, char **argv)
{
#ifndef EM_BOOT_BUILD
	static const char usage[] = "usage: earlymount mount --sysroot DIR [--api-fs] [--cmdline STRING | --dracut] "
	                            "[--rules kernel|systemd] [--wait SECONDS]\n";
	const unsigned allowed = A_CMDLINE | A_SYSROOT | A_APIFS | A_RULES | A_WAIT | A_DRACUT;
#else
	static const char *const usage = "usage: earlymount mount --sysroot DIR [--api-fs] [--cmdline STRING] "
	                                         "[--rules kernel|systemd] [--wait SECONDS]\n";
	/* no --dracut: dracut's flows install the full earlymount */
	const unsigned allowed = A_CMDLINE | A_SYSROOT | A_APIFS | A_RULES | A_WAIT;
#endif
	struct args a = { .wait_s = -2 };
	int r = parse_args(argc, argv, allowed, usage, &a);
	const char *sysroot = a.sysroot;

	if (r != EXIT_OK)
		return r == ARGS_HELP ? EXIT_OK : r;
	if (!sysroot) {
		write_text(2, "earlymount mount: --sysroot DIR is required\n");
		write_text(2, usage);
		return EXIT_USAGE;
	}
	if (a.api_fs && apifs_mount_all() < 0)
		return EXIT_FAIL;
#ifndef EM_BOOT_BUILD
	/* dracut's systemd flow runs it as a service (the full earlymount, as resolve) */
	log_use_journal();
#endif
	log_open_kmsg();
	log_read_console_level();
	if ((r = load_plan(a.cmdline, a.dracut, a.rules, 0)) != EXIT_OK)
		return r;
	apply_wait(&a);
	/* Devices are matched to modules only for a shell /init that mounted the API filesystems
	 * itself (--api-fs): under dracut, udev does that. A failure exits 1 after saying why once
	 * (mount_plan logs it, and leaves the sysroot as it was): dracut's hook takes any non-zero
	 * status as "earlymount did not mount it" and lets dracut's own mount run. */
	if (modules_and_mounts(a.api_fs, a.dracut, sysroot) < 0)
		return EXIT_FAIL;
	/* A shell /init that had nothing mounted gets a root ready for a plain switch_root
	 * (busybox's does not move /dev, /proc, /sys and /run itself). */
	if (a.api_fs)
		apifs_move_into(sysroot, 0);
	return EXIT_OK;
}

/* ---- earlymount resolve --------------------------------------------------------------------- */

/* Not in the /init build: resolve serves dracut's hooks, which run the full earlymount (as plan and
 * check do). */
#ifndef EM_BOOT_BUILD

/* Prints NAME_DEVICE='...' and NAME_FSTYPE='...' for a mount's device (for a filesystem check
 * before the mount, e.g. dracut's fsck); the type is the probed one, else the first of the list. */
static int resolve_one(const char *name, const struct mount_entry *m)
{
	char dev[128], line[1024], desc[320];
	struct fs_info fi;
	struct sbuf sb;
	int r;

	plan_source_text(&m->src, desc, sizeof(desc));
	r = dev_wait(&m->src, desc, m->wait_s, m->role == ROLE_ROOT ? "root device" : "/usr device", 0, dev, sizeof(dev));
	if (r < 0)
		return r;
	if (dev_probe(dev, &fi) < 0 || str_eq(fi.type, "jbd"))
		fmt(fi.type, sizeof(fi.type), "%.*s", (int)strcspn(m->fstypes, ","), m->fstypes);
	/* dracut's hook evals this: each value in single quotes, a ' in it written as '\'', so no
	 * byte of a device path or of a type from the command line can end the quoting. */
	sb_init(&sb, line, sizeof(line));
	sb_printf(&sb, "%s_DEVICE=", name);
	sb_put_shquoted(&sb, dev);
	sb_printf(&sb, "\n%s_FSTYPE=", name);
	sb_put_shquoted(&sb, fi.type);
	sb_putc(&sb, '\n');
	if (sb.overflow) {
		log_err("resolve: the %s device's name or type is too long to print", name);
		return -E2BIG;
	}
	out(1, line);
	return 0;
}

int run_resolve(int argc, char **argv)
{
	struct args a = { .wait_s = -2 };
	int r = parse_args(argc, argv, A_CMDLINE | A_RULES | A_WAIT | A_DRACUT,
	                   "usage: earlymount resolve [--cmdline STRING | --dracut] [--rules kernel|systemd] "
	                   "[--wait SECONDS]\n", &a);

	if (r != EXIT_OK)
		return r == ARGS_HELP ? EXIT_OK : r;
	log_use_journal();
	log_open_kmsg();
	log_read_console_level();
	if ((r = load_plan(a.cmdline, a.dracut, a.rules, 1)) != EXIT_OK)
		return r;
	apply_wait(&a);
	if (layers_wanted(&plan)) {
		/* dracut's hooks step aside on LAYERED= and let dracut's own modules build it. */
		char why[400], line[512];
		struct sbuf sb;
		layers_dracut_aside(&plan, why, sizeof(why));
		sb_init(&sb, line, sizeof(line));
		sb_puts(&sb, "LAYERED=");
		sb_put_shquoted(&sb, why);
		sb_putc(&sb, '\n');
		out(1, line);
		return EXIT_OK;
	}
	if (plan.root.src.kind == DEV_NONE || resolve_one("ROOT", &plan.root) < 0)
		return EXIT_FAIL;
	if (plan.have_usr && resolve_one("USR", &plan.usr) < 0)
		return EXIT_FAIL;
	return EXIT_OK;
}

/* ---- earlymount-generator (dracut's systemd flow) -------------------------------------------- */

/* systemd runs /usr/lib/systemd/system-generators/earlymount-generator (a link to earlymount) as
 * GENERATOR NORMAL_DIR EARLY_DIR LATE_DIR. With a command line earlymount takes (as `plan` would
 * print it), it writes the drop-ins that put earlymount-sysroot.service before systemd's own
 * mounts of /sysroot (dracut.c); otherwise it says why in the kernel log and writes nothing, so
 * the other generators' units mount as without earlymount. */
int run_generator(int argc, char **argv)
{
	static const char usage[] = "usage: earlymount generator NORMAL_DIR EARLY_DIR LATE_DIR  (dracut's systemd flow)\n";
	char err[512], why[600];
	int r;

	if (argc > 1 && is_help(argv[1])) {
		write_text(1, usage);
		return EXIT_OK;
	}
	/* systemd passes a generator its three output directories (systemd.generator(7)); the
	 * drop-ins go into the early one. */
	if (argc != 4 || !argv[1][0] || !argv[2][0] || !argv[3][0])
		return say_usage("earlymount generator: expected three directories, NORMAL_DIR EARLY_DIR LATE_DIR",
		                 "", "\n", usage);
	r = load_cmdline(NULL, 1, SPEC_RULES_SYSTEMD, err, sizeof(err));
	if (r == EXIT_OK && !plan.have_root)
		fmt(err, sizeof(err), "no root= parameter: nothing to mount as the root"), r = EXIT_SPEC;
	if (r != EXIT_OK) {
		fmt(why, sizeof(why), "leaving /sysroot to systemd: %s%s", r == EXIT_SPEC ? "invalid kernel command line: " : "", err);
		dracut_generator_say(5, why);
		return EXIT_OK;
	}
	/* dracut's getarg root=: the last one on its command line */
	const char *root = "";
	for (unsigned i = 0; i < cl.nargs; i++)
		if (str_eq(cl.args[i].name, "root") && cl.args[i].value)
			root = cl.args[i].value;
	return dracut_generator_write(argv[2], root) < 0 ? EXIT_FAIL : EXIT_OK;
}
#endif

/* ---- PID 1 ------------------------------------------------------------------------------------ */

static int has_shell(void)
{
	return access("/bin/sh", X_OK) == 0;
}

/* A rescue shell on the console; returns when it exits (then the boot is tried again). */
static void rescue_shell(void)
{
	static char *const argv[] = { "sh", NULL };
	static char *const envp[] = { "PATH=/bin:/sbin:/usr/bin:/usr/sbin", "HOME=/", "TERM=linux",
		                      "PS1=earlymount rescue# ", NULL };
	pid_t pid;

	log_err("starting a rescue shell; leave it (exit) to try the boot again");
	pid = fork();
	if (pid == 0) {
		/* A session of its own with the console as its controlling terminal: without one
		 * the tty sends no SIGINT/SIGTSTP for Ctrl-C/Ctrl-Z, and the shell's job control
		 * is off (busybox's cttyhack and systemd's emergency shell do the same). */
		setsid();
		if (ioctl(0, TIOCSCTTY, 1) < 0)
			log_warn("the rescue shell gets no controlling terminal (TIOCSCTTY on the console: "
			         "%s): Ctrl-C will not reach what runs in it", errstr(errno));
		execve("/bin/sh", argv, envp);
		_exit(127);
	}
	if (pid < 0)
		return;
	/* As PID 1 we reap every child, not just the shell. */
	for (;;) {
		pid_t w = wait(NULL);
		if (w == pid || (w < 0 && errno == ECHILD))
			break;
	}
}

/* earlymount.onfail='s ends that are reboot(2) commands. */
static const struct {
	enum onfail how;
	const char *said;
	int cmd;
} machine_ends[] = {
	{ ONFAIL_REBOOT, "rebooting", RB_AUTOBOOT },
	{ ONFAIL_POWEROFF, "powering off", RB_POWER_OFF },
	{ ONFAIL_HALT, "halting", RB_HALT_SYSTEM },
};

static void on_failure(enum onfail how)
{
	int shell = has_shell();

	if (how == ONFAIL_DEFAULT)
		how = shell ? ONFAIL_SHELL : ONFAIL_PANIC;
	for (size_t i = 0; i < ARRAY_SIZE(machine_ends); i++)
		if (how == machine_ends[i].how) {
			log_err("%s", machine_ends[i].said);
			sync();
			reboot(machine_ends[i].cmd);
			_exit(1);
		}
	if (how == ONFAIL_SHELL) {
		if (shell) {
			rescue_shell();
			return;
		}
		log_err("no /bin/sh in this initramfs for a rescue shell (earlymount-mkinitramfs --busybox)");
	}
	/* ONFAIL_PANIC, or a shell that is not there */
	if (how != ONFAIL_PANIC || plan.onfail == ONFAIL_DEFAULT) {
		log_err("giving up in 10 s (the kernel then panics; panic=N reboots)");
		sleep(10);
	}
	_exit(1);
}

/* Undoes a half-done attempt so the next one starts clean. */
static void unmount_sysroot(const char *sysroot)
{
	while (umount2(sysroot, MNT_DETACH) == 0)
		;
}

/* As busybox's switch_root: only PID 1, only on an initramfs. Anywhere else the switch would move
 * /dev, /proc, /sys and /run away from a running system and delete files that are not its own.
 * Returns EXIT_OK, or EXIT_USAGE when not PID 1; never returns when / is not an initramfs. */
static int refuse_unless_initramfs(void)
{
	struct statfs sfs;

	if (getpid() != 1) {
		write_text(2, "earlymount init: refused: not PID 1 (it moves /dev, /proc, /sys and /run and deletes "
		              "the initramfs's files; use `earlymount mount --sysroot DIR` from another init)\n");
		return EXIT_USAGE;
	}
	if (statfs("/", &sfs) == 0 && (unsigned long)sfs.f_type != RAMFS_MAGIC &&
	    (unsigned long)sfs.f_type != TMPFS_MAGIC) {
		console_fds(0);
		log_err("refused to run as init: / is not an initramfs (ramfs or tmpfs; statfs type 0x%lx)",
		        (unsigned long)sfs.f_type);
		for (;;)
			on_failure(ONFAIL_DEFAULT);
	}
	return EXIT_OK;
}

/* /dev, /proc, /sys and /run, then the console on fds 0-2 and the kernel log. */
static void start_console(void)
{
	if (apifs_mount_all() < 0) {
		/* Without /dev, /proc or /sys there is nothing to boot with. */
		console_fds(0);
		on_failure(ONFAIL_DEFAULT);
	}
	console_fds(0);
	log_open_kmsg();
	log_read_console_level();
}

/* The init to start in the mounted sysroot (init= or the kernel's candidates), into init. 0, or
 * -errno after logging why none can run. */
static int choose_init(const char *sysroot, char *init, size_t cap)
{
	char why[512];
	int r, rootfd = open_dir(sysroot);

	r = rootfd < 0 ? rootfd : find_init(rootfd, plan.init, init, cap, why, sizeof(why));
	if (rootfd >= 0)
		close(rootfd);
	if (r < 0 && rootfd < 0)
		fmt(why, sizeof(why), "%s", errstr(-rootfd));
	if (r < 0)
		/* Nothing destructive has happened: the initramfs is intact. */
		log_err("no init found in %s: %s; initramfs left intact", sysroot, why);
	return r;
}

/* With earlymount.debug, what the boot cost: the peak of memory and the time to the switch. */
static void log_boot_cost(void)
{
	char st[4096];

	if (!log_debug_enabled())
		return;
	if (read_file(AT_FDCWD, "/proc/self/status", st, sizeof(st)) > 0) {
		const char *v = strstr(st, "VmHWM:");
		if (v) {
			/* The kernel pads the value with a tab, which the log would escape: print it
			 * after one space. */
			for (v += 6; *v == ' ' || *v == '\t'; v++)
				;
			log_debug("VmHWM: %.*s", (int)strcspn(v, "\n"), v);
		}
	}
	log_debug("switching root after %lu ms", log_ms());
}

/* One attempt at the boot: the command line read, the modules loaded and the plan mounted on
 * sysroot, init found, the root switched. Returns only when it failed, with what to do then
 * (earlymount.onfail=). */
static enum onfail boot(const char *sysroot, char **argv, char **envp)
{
	char init[256];

	if (load_plan(NULL, 0, SPEC_RULES_KERNEL, 0) != EXIT_OK)
		return plan.onfail;
	log_debug("command line read; %u mounts planned", plan.have_root + plan.have_usr + plan.nextra);
	mkdir(sysroot, 0755);
	if (modules_and_mounts(1, 0, sysroot) < 0 || choose_init(sysroot, init, sizeof(init)) < 0) {
		unmount_sysroot(sysroot);
		return plan.onfail;
	}
	log_debug("init is %s; switching root (peak memory in /proc/self/status VmHWM)", init);
	log_boot_cost();
	argv[0] = init;
	switch_root(sysroot, init, argv, envp);
	/* Past the point of no return: the initramfs may be gone. */
	log_err("the switch to %s failed; nothing left to try", sysroot);
	return plan.onfail == ONFAIL_SHELL ? ONFAIL_PANIC : plan.onfail;
}

int run_init(int argc, char **argv, char **envp)
{
	int r;

	(void)argc;
	if ((r = refuse_unless_initramfs()) != EXIT_OK)
		return r;
	start_console();
	/* A failed attempt ends in on_failure: a rescue shell returns to try again. */
	for (;;)
		on_failure(boot("/sysroot", argv, envp));
}
