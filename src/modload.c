/* SPDX-License-Identifier: MIT */
/* Loading kernel modules through finit_module (the boot path); the modules.dep reader it uses is
 * modules.c's, pure and fuzzed apart from this. */
#define _GNU_SOURCE
#include "modules.h"
#include "compat.h"
#include "log.h"
#include "modparams.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

/* ---- loading (the boot path) ------------------------------------------------------------------ */

#define MAX_LOADED 512
static char loaded[MAX_LOADED][56];
static unsigned nloaded;
static int moddir_fd = -1;
static const char *dep_text, *builtin_text;
static size_t dep_len, builtin_len;
static char release[65];
static const struct cmdline *kcl;

static int is_loaded(const char *name)
{
	for (unsigned i = 0; i < nloaded; i++)
		if (str_eq(loaded[i], name))
			return 1;
	return 0;
}

static void mark_loaded(const char *name)
{
	if (nloaded < MAX_LOADED)
		em_strlcpy(loaded[nloaded++], name, sizeof(loaded[0]));
}

static const char *map_file(int dirfd, const char *name, size_t *len)
{
	struct stat st;
	void *p;
	int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC);
	*len = 0;
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0 || st.st_size == 0) {
		close(fd);
		return NULL;
	}
	p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED)
		return NULL;
	*len = (size_t)st.st_size;
	return p;
}

static int load_path(const char *path, size_t len)
{
	char rel[512], name[56];
	int fd, flags = 0;

	moddep_name(path, len, name, sizeof(name));
	if (is_loaded(name))
		return 0;
	if (len >= sizeof(rel))
		return -ENAMETOOLONG;
	memcpy(rel, path, len);
	rel[len] = '\0';
	fd = openat(moddir_fd, rel, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;
		log_err("load module %s failed: cannot open /lib/modules/%s/%s: %s", name, release, rel, errstr(e));
		return -e;
	}
	if (len < 3 || !str_eq(rel + len - 3, ".ko"))
		flags = MODULE_INIT_COMPRESSED_FILE;
	/* The command line's NAME.PARAM=VALUE reach a loadable module only through whoever loads
	 * it: modprobe collects them from /proc/cmdline (kernel-parameters.rst), and so do we. */
	static char params[4096];
	int np = kcl ? modparams_collect(kcl, name, params, sizeof(params)) : 0;
	if (np < 0) {
		log_err("module %s: its parameters on the kernel command line are longer than %zu bytes; "
		        "loading it without them", name, sizeof(params) - 1);
		params[0] = '\0';
	} else if (np > 0) {
		log_info("module %s: parameters from the kernel command line: %s", name, params);
	}
	if (syscall(SYS_finit_module, fd, np > 0 ? params : "", flags) < 0 && errno != EEXIST) {
		int e = errno;
		close(fd);
		if (e == ENODEV) {
			/* The module's init found no hardware for it (crc32c-intel without SSE4.2,
			 * for instance): nothing is wrong, and udev/modprobe stay quiet too. */
			mark_loaded(name);
			log_debug("module %s: no device for it here (ENODEV); skipped", name);
			return 0;
		}
		if (np > 0 && (e == EINVAL || e == ENOENT || e == ERANGE))
			log_err("load module %s failed: %s; the module refused its parameters from the "
			        "kernel command line (%s)? the kernel's log says which", name, errstr(e), params);
		else if (flags && (e == EINVAL || e == EOPNOTSUPP))
			log_err("load module %s failed: it is compressed (%s) and this kernel cannot "
			        "decompress modules (CONFIG_MODULE_DECOMPRESS): store it decompressed",
			        name, strrchr(rel, '.'));
		else
			log_err("load module %s (/lib/modules/%s/%s) failed: %s", name, release, rel, errstr(e));
		return -e;
	}
	close(fd);
	mark_loaded(name);
	log_debug("loaded module %s", name);
	return 0;
}

static int load_name(const char *name)
{
	struct moddep_entry m;
	const char *dep[64];
	size_t deplen[64];
	unsigned nd = 0;
	char norm[56];

	em_strlcpy(norm, name, sizeof(norm));
	modname_normalize(norm);
	if (is_loaded(norm))
		return 0;
	if (!dep_text || moddep_find(dep_text, dep_len, norm, &m) < 0) {
		if (builtin_text && modbuiltin_find(builtin_text, builtin_len, norm) == 0) {
			mark_loaded(norm);
			log_debug("module %s is built into the kernel", norm);
			return 0;
		}
		log_err("load module %s failed: not in /lib/modules/%s/modules.dep%s", norm, release,
		        dep_text ? "" : " (no modules.dep in this initramfs)");
		return -ENOENT;
	}
	/* modules.dep lists the whole dependency closure with the deepest last; loading it from
	 * the end gives every module what it needs first (kmod does the same). */
	for (size_t i = 0; i < m.depslen && nd < ARRAY_SIZE(dep);) {
		while (i < m.depslen && m.deps[i] == ' ')
			i++;
		size_t s = i;
		while (i < m.depslen && m.deps[i] != ' ')
			i++;
		if (i > s)
			dep[nd] = m.deps + s, deplen[nd++] = i - s;
	}
	while (nd--) {
		int r = load_path(dep[nd], deplen[nd]);
		if (r < 0) {
			log_err("load module %s failed: its dependency %.*s did not load", norm, (int)deplen[nd], dep[nd]);
			return r;
		}
	}
	return load_path(m.path, m.pathlen);
}

int modules_load(const struct cmdline *cl, const char *const *names, unsigned n)
{
	static char listbuf[8192];
	struct utsname u;
	char dir[128];
	long len;
	int failures = 0;
	unsigned long t0 = log_ms();

	kcl = cl;
	len = read_file(AT_FDCWD, "/etc/earlymount/modules", listbuf, sizeof(listbuf));
	if (len < 0 && len != -ENOENT)
		log_err("read /etc/earlymount/modules failed: %s", errstr((int)-len));
	if (len <= 0 && n == 0)
		return 0;
	if (uname(&u) < 0)
		return 1;
	em_strlcpy(release, u.release, sizeof(release));
	fmt(dir, sizeof(dir), "/lib/modules/%s", release);
	moddir_fd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (moddir_fd < 0) {
		log_err("load modules failed: %s: %s (the initramfs was built for another kernel?)", dir,
		        errstr(errno));
		return 1;
	}
	dep_text = map_file(moddir_fd, "modules.dep", &dep_len);
	builtin_text = map_file(moddir_fd, "modules.builtin", &builtin_len);
	for (char *s = listbuf; len > 0 && *s;) {
		char *nl = strchr(s, '\n');
		if (nl)
			*nl = '\0';
		while (*s == ' ' || *s == '\t')
			s++;
		size_t l = strlen(s);
		while (l && (s[l - 1] == ' ' || s[l - 1] == '\t' || s[l - 1] == '\r'))
			s[--l] = '\0';
		if (*s && *s != '#' && cl && modparams_blacklisted(cl, s))
			/* As udev's autoloading does (kmod's KMOD_PROBE_APPLY_BLACKLIST): the initramfs's
			 * list is what the hardware would load; a module named explicitly
			 * (earlymount.modules=) or needed by another still loads, as with modprobe. */
			log_info("module %s: not loaded: modprobe.blacklist= names it", s);
		else if (*s && *s != '#' && load_name(s) < 0)
			failures++;
		if (!nl)
			break;
		s = nl + 1;
	}
	for (unsigned i = 0; i < n; i++)
		if (load_name(names[i]) < 0)
			failures++;
	if (dep_text)
		munmap((void *)dep_text, dep_len);
	if (builtin_text)
		munmap((void *)builtin_text, builtin_len);
	dep_text = builtin_text = NULL;
	close(moddir_fd);
	moddir_fd = -1;
	log_debug("modules: %u loaded or built in, %d failed, %lu ms", nloaded, failures, log_ms() - t0);
	return failures;
}
