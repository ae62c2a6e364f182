/* SPDX-License-Identifier: MIT */
/* The switch to the new root: init found and checked (it and its interpreter can run), the
 * initramfs emptied, the new root moved onto /, and init started on the new root's console. */
#define _GNU_SOURCE
#include "switchroot.h"
#include "apifs.h"
#include "compat.h"
#include "elf.h"
#include "log.h"
#include "mountapi.h"
#include "resolve.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

static const char *const kernel_order[] = { "/sbin/init", "/etc/init", "/bin/init", "/bin/sh" };

int reopen_read(int fd)
{
	char link[MNT_FD_LINK];
	int rfd = open(mnt_fd_link(link, fd), O_RDONLY | O_CLOEXEC);
	if (rfd < 0)
		rfd = -errno;
	close(fd);
	return rfd;
}

/* The interpreter the kernel would load with the file open for reading at rfd, into interp (""
 * when none): a script's #! line (fs/binfmt_script.c), or an ELF file's PT_INTERP program header
 * (fs/binfmt_elf.c), whose absence makes execve fail with ENOENT just as a missing file does.
 * *elf says which. Why the file cannot run, or NULL. */
static const char *read_interp(int rfd, char *interp, size_t cap, int *elf)
{
	static char why[192];
	static unsigned char head[4096];
	ssize_t n = read(rfd, head, sizeof(head) - 1);
	uint64_t off, len;

	if (n < 0) {
		fmt(why, sizeof(why), "unreadable (%s)", errstr(errno));
		return why;
	}
	head[n] = '\0';
	if (n >= 2 && head[0] == '#' && head[1] == '!') {
		char *p = (char *)head + 2;
		while (*p == ' ' || *p == '\t')
			p++;
		fmt(interp, cap, "%.*s", (int)strcspn(p, " \t\n"), p);
		return NULL;
	}
	switch (elf_interp(head, (size_t)n, &off, &len)) {
	case -EINVAL:
		return "a malformed ELF file (the kernel refuses it)";
	case 1:
		*elf = 1;
		if (len >= cap)
			return "its program interpreter's name (PT_INTERP) is too long";
		if (off + len <= (uint64_t)n)
			memcpy(interp, head + off, (size_t)len);
		else if (pread(rfd, interp, (size_t)len, (off_t)off) != (ssize_t)len)
			len = 0;
		interp[len] = '\0';
		return interp[0] ? NULL : "its program interpreter (PT_INTERP) cannot be read";
	default:
		/* not ELF, or -ERANGE: program headers past the first 4 KiB (no linker puts them
		 * there); the inode checks are all there is. */
		return NULL;
	}
}

/* Why path is not a usable file to execute: NULL when it is. Besides the inode, the first bytes
 * are read (an init whose blocks cannot be read would otherwise fail only at execve, after the
 * initramfs is gone), and the interpreter the kernel would load with it goes to interp
 * (read_interp). */
static const char *check_file(int rootfd, const char *path, char *interp, size_t cap, int *elf)
{
	struct stat st;
	int fd = resolve_in_root(rootfd, path, 0), rfd;
	const char *r = NULL;

	interp[0] = '\0';
	*elf = 0;
	if (fd < 0) {
		/* A name that exists but leads nowhere is a dangling symlink: say so. */
		if (fd == -ENOENT && fstatat(rootfd, path + 1, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISLNK(st.st_mode))
			return "a dangling symbolic link";
		return errstr(-fd);
	}
	if (fstat(fd, &st) < 0)
		r = errstr(errno);
	else if (!S_ISREG(st.st_mode))
		r = "not a regular file";
	else if (!(st.st_mode & 0111))
		r = "not executable";
	if (r) {
		close(fd);
		return r;
	}
	/* Reopened for reading through /proc (an O_PATH fd cannot read); without /proc the inode
	 * checks above are all there is. */
	rfd = reopen_read(fd);
	if (rfd < 0)
		return rfd == -ENOENT ? NULL : errstr(-rfd);
	r = read_interp(rfd, interp, cap, elf);
	close(rfd);
	return r;
}

/* Why path is not a usable init: the file itself, then its interpreter (one level: the kernel
 * allows more, but an interpreter that is itself a script is rare enough not to chase). */
static const char *check_one(int rootfd, const char *path)
{
	static char why[384];
	char interp[256], dummy[256];
	int elf, ielf;
	const char *r = check_file(rootfd, path, interp, sizeof(interp), &elf);

	if (r || !interp[0])
		return r;
	if (interp[0] != '/' && !elf) {
		fmt(why, sizeof(why), "its interpreter '%s' is not an absolute path", interp);
		return why;
	}
	/* An ELF interpreter is opened relative to the working directory, which is the new root
	 * when init starts: resolved inside the new root either way. */
	r = check_file(rootfd, interp, dummy, sizeof(dummy), &ielf);
	if (!r)
		return NULL;
	fmt(why, sizeof(why), "its %s %s: %s", elf ? "program interpreter (PT_INTERP)" : "interpreter",
	    interp, r);
	return why;
}

int find_init(int rootfd, const char *requested, char *out, size_t cap, char *why, size_t whylen)
{
	/* init= alone when given: the kernel panics when it cannot run rather than trying others;
	 * so do we. */
	const char *const *list = requested ? &requested : kernel_order;
	size_t n = requested ? 1 : ARRAY_SIZE(kernel_order);
	struct sbuf sb;
	int unusable = 0;

	sb_init(&sb, why, whylen);
	/* Without init= the kernel tries each candidate in turn whatever made the one before fail
	 * (init/main.c kernel_init: try_to_run_init_process, which only stays quiet about
	 * ENOENT); so do we, and say so when one that exists was passed over. */
	for (size_t i = 0; i < n; i++) {
		const char *r = check_one(rootfd, list[i]);
		if (!r) {
			if (unusable)
				log_warn("%s; using %s", why, list[i]);
			em_strlcpy(out, list[i], cap);
			return 0;
		}
		if (!str_eq(r, errstr(ENOENT)))
			unusable = 1;
		sb_printf(&sb, "%s%s%s: %s", i ? ", " : "", list[i], requested ? " (init=)" : "", r);
	}
	return -ENOENT;
}

void console_fds(int all)
{
	int c = open("/dev/console", O_RDWR | O_NOCTTY);
	if (c < 0)
		return;
	for (int fd = 0; fd < 3; fd++)
		if (c != fd && (all || fcntl(fd, F_GETFD) < 0))
			dup2(c, fd);
	if (c > 2)
		close(c);
}

struct delete_ctx {
	dev_t dev;
	int removed;
};

static void delete_below(int dirfd, dev_t dev);

static int delete_one(int dirfd, const char *name, unsigned char type, void *vctx)
{
	struct delete_ctx *c = vctx;
	struct stat st;
	(void)type;
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0 || st.st_dev != c->dev)
		return 0;
	if (S_ISDIR(st.st_mode)) {
		int sub = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sub >= 0) {
			delete_below(sub, c->dev);
			close(sub);
		}
		if (unlinkat(dirfd, name, AT_REMOVEDIR) == 0)
			c->removed++;
	} else if (unlinkat(dirfd, name, 0) == 0) {
		c->removed++;
	}
	return 0;
}

/* Deletes everything below dirfd on the device dev, not crossing into other mounts (the new root
 * and anything else mounted stays untouched). */
static void delete_below(int dirfd, dev_t dev)
{
	struct delete_ctx c = { dev, 1 };
	/* Entries were removed while reading: read again from the top until a pass removes nothing. */
	while (c.removed) {
		c.removed = 0;
		if (dir_each(dirfd, delete_one, &c) < 0)
			return;
		lseek(dirfd, 0, SEEK_SET);
	}
}

int switch_root(const char *newroot, const char *init, char *const argv[], char *const envp[])
{
	struct statfs sfs;
	struct stat rst;
	int r, oldroot;

	if (chdir(newroot) < 0) {
		r = -errno;
		log_err("switch root: chdir %s failed: %s", newroot, errstr(-r));
		return r;
	}
	apifs_move_into(newroot, 1);
	oldroot = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (oldroot >= 0 && fstatfs(oldroot, &sfs) == 0 && fstat(oldroot, &rst) == 0 &&
	    ((unsigned long)sfs.f_type == RAMFS_MAGIC || (unsigned long)sfs.f_type == TMPFS_MAGIC)) {
		/* Only the initramfs (ramfs/tmpfs) is emptied: its memory is freed this way, and a
		 * real disk mounted on / by mistake is never touched. */
		delete_below(oldroot, rst.st_dev);
		log_debug("switch root: deleted the initramfs's files");
	} else {
		log_warn("switch root: / is not ramfs or tmpfs; leaving its files alone");
	}
	if (oldroot >= 0)
		close(oldroot);
	r = mnt_move(".", "/");
	if (r < 0) {
		log_err("switch root: moving %s onto / failed: %s", newroot, errstr(-r));
		return r;
	}
	if (chroot(".") < 0 || chdir("/") < 0) {
		r = -errno;
		log_err("switch root: chroot into %s failed: %s", newroot, errstr(-r));
		return r;
	}
	/* fds 0-2 still refer to the initramfs's /dev/console node, now deleted: give init the new
	 * root's console instead. */
	console_fds(1);
	log_info("switching to %s", init);
	execve(init, argv, envp);
	r = -errno;
	log_err("exec %s failed: %s", init, errstr(-r));
	return r;
}
