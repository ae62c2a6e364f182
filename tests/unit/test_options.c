/* SPDX-License-Identifier: MIT */
/* The option splitter: option strings -> mount attributes, propagation and fsconfig calls. */
#include "../t.h"
#include "compat.h"
#include "options.h"

#include <sys/mount.h>

static const struct {
	const char *in;
	uint64_t set, clr, prop;
	int ro, recursive, nofail;
	const char *params; /* fsconfig calls, "key" for SET_FLAG, "key=value" for SET_STRING, ';'-joined */
} cases[] = {
	{ "", 0, 0, 0, -1, 0, 0, "" },
	{ "defaults", 0, 0, 0, -1, 0, 0, "" },
	{ "ro", 0, 0, 0, 1, 0, 0, "" },
	{ "rw", 0, 0, 0, 0, 0, 0, "" },
	{ "ro,rw", 0, 0, 0, 0, 0, 0, "" },
	{ "nosuid,nodev,noexec", EM_MOUNT_ATTR_NOSUID | EM_MOUNT_ATTR_NODEV | EM_MOUNT_ATTR_NOEXEC, 0, 0, -1, 0, 0, "" },
	{ "nosuid,suid", 0, EM_MOUNT_ATTR_NOSUID, 0, -1, 0, 0, "" },
	{ "noatime", EM_MOUNT_ATTR_NOATIME, EM_MOUNT_ATTR__ATIME, 0, -1, 0, 0, "" },
	{ "strictatime", EM_MOUNT_ATTR_STRICTATIME, EM_MOUNT_ATTR__ATIME, 0, -1, 0, 0, "" },
	{ "noatime,relatime", 0, EM_MOUNT_ATTR__ATIME, 0, -1, 0, 0, "" },
	{ "nodiratime,nosymfollow", EM_MOUNT_ATTR_NODIRATIME | EM_MOUNT_ATTR_NOSYMFOLLOW, 0, 0, -1, 0, 0, "" },
	{ "private", 0, 0, EM_MS_PRIVATE, -1, 0, 0, "" },
	{ "shared", 0, 0, EM_MS_SHARED, -1, 0, 0, "" },
	{ "slave", 0, 0, EM_MS_SLAVE, -1, 0, 0, "" },
	{ "unbindable", 0, 0, EM_MS_UNBINDABLE, -1, 0, 0, "" },
	{ "rprivate", 0, 0, EM_MS_PRIVATE, -1, 1, 0, "" },
	/* Userspace-only words never reach the kernel. */
	{ "defaults,auto,noauto,user,users,nouser,_netdev,x-systemd.automount,X-mount.mkdir,comment=foo",
	  0, 0, 0, -1, 0, 0, "" },
	{ "nofail", 0, 0, 0, -1, 0, 1, "" },
	/* Everything else is the filesystem's: flags and key=value strings, in order. */
	{ "data=journal,commit=5,discard", 0, 0, 0, -1, 0, 0, "data=journal;commit=5;discard" },
	{ "subvol=@root,compress=zstd:3", 0, 0, 0, -1, 0, 0, "subvol=@root;compress=zstd:3" },
	/* VFS superblock flags go through fsconfig too, never dropped and never as attributes. */
	{ "sync,dirsync,lazytime,silent,mand,iversion", 0, 0, 0, -1, 0, 0, "sync;dirsync;lazytime;silent;mand;iversion" },
	{ "size=10M,mode=1777,nosuid,nodev", EM_MOUNT_ATTR_NOSUID | EM_MOUNT_ATTR_NODEV, 0, 0, -1, 0, 0, "size=10M;mode=1777" },
	{ "ro,noatime,data=ordered,nosuid,private", EM_MOUNT_ATTR_NOATIME | EM_MOUNT_ATTR_NOSUID, EM_MOUNT_ATTR__ATIME, EM_MS_PRIVATE, 1, 0, 0, "data=ordered" },
	/* Empty words between commas are skipped; a value may be empty. */
	{ ",noatime,,uid=", EM_MOUNT_ATTR_NOATIME, EM_MOUNT_ATTR__ATIME, 0, -1, 0, 0, "uid=" },
	/* A comma inside double quotes does not separate (libmount ul_optstr_next, the kernel's
	 * SELinux opt_len); a value wholly in quotes reaches fsconfig without them, as libmount's
	 * optlist_new_opt hands it over (the kernel's fsconfig path keeps quotes it is given). */
	{ "context=\"system_u:object_r:root_t:s0:c0,c1\",noatime", EM_MOUNT_ATTR_NOATIME, EM_MOUNT_ATTR__ATIME, 0, -1, 0, 0,
	  "context=system_u:object_r:root_t:s0:c0,c1" },
	{ "a=\"x,y\"z,b", 0, 0, 0, -1, 0, 0, "a=\"x,y\"z;b" },  /* not wholly quoted: quotes stay */
	{ "a=\"x,y", 0, 0, 0, -1, 0, 0, "a=\"x,y" },              /* an open quote runs to the end */
	{ "a=\"\",b", 0, 0, 0, -1, 0, 0, "a=;b" },
	{ "x-systemd.device-timeout=5min,noatime", EM_MOUNT_ATTR_NOATIME, EM_MOUNT_ATTR__ATIME, 0, -1, 0, 0, "" },
};

static void params_text(const struct optset *o, char *buf, size_t cap)
{
	size_t n = 0;
	buf[0] = '\0';
	for (unsigned i = 0; i < o->nparams; i++)
		n += (size_t)snprintf(buf + n, cap - n, "%s%s%s%s", i ? ";" : "", o->params[i].key,
		                      o->params[i].value ? "=" : "", o->params[i].value ? o->params[i].value : "");
}

int main(void)
{
	struct optset o;
	char err[256], buf[1024];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		options_init(&o);
		int r = options_add(&o, cases[i].in, err, sizeof(err));
		if (r)
			fprintf(stderr, "case '%s': %s\n", cases[i].in, err);
		CHECK_INT(r, 0);
		if (o.attr_set != cases[i].set || o.attr_clr != cases[i].clr)
			fprintf(stderr, "case '%s': set %llx clr %llx\n", cases[i].in,
			        (unsigned long long)o.attr_set, (unsigned long long)o.attr_clr);
		CHECK(o.attr_set == cases[i].set);
		CHECK(o.attr_clr == cases[i].clr);
		CHECK(o.propagation == cases[i].prop);
		CHECK_INT(o.ro, cases[i].ro);
		CHECK_INT(o.recursive, cases[i].recursive);
		CHECK_INT(o.nofail, cases[i].nofail);
		params_text(&o, buf, sizeof(buf));
		CHECK_STR(buf, cases[i].params);
	}

	/* Two calls add up (rootflags after the kernel's ro/rw, for instance). */
	options_init(&o);
	CHECK_INT(options_add(&o, "data=journal", err, sizeof(err)), 0);
	CHECK_INT(options_add(&o, "commit=9,noatime", err, sizeof(err)), 0);
	params_text(&o, buf, sizeof(buf));
	CHECK_STR(buf, "data=journal;commit=9");

	/* Refusals, each with its reason. */
	static const struct {
		const char *in, *msg;
	} refused[] = {
		{ "bind", "option 'bind' is not allowed here: give 'bind' as the filesystem type (WHAT:WHERE:bind:OPTIONS)" },
		{ "remount", "option 'remount' is not allowed here: earlymount only makes new mounts" },
		{ "move", "option 'move' is not allowed here: earlymount only makes new mounts" },
		{ "rec", "option 'rec' is not allowed here: use rbind or r<propagation> (rprivate, rshared, ...)" },
		{ "=5", "option '=5' has no name before '='" },
	};
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		options_init(&o);
		CHECK_INT(options_add(&o, refused[i].in, err, sizeof(err)), -EINVAL);
		CHECK_STR(err, refused[i].msg);
	}

	/* A value over the 255 bytes fsconfig() takes (fs/fsopen.c strndup_user(.., 256)) is kept
	 * whole and flagged for mount(2); a key likewise. One of 255 bytes fits fsconfig(). */
	{
		char longopt[400] = "lowerdir=";
		memset(longopt + 9, 'a', 256);
		longopt[9 + 256] = '\0';
		options_init(&o);
		CHECK_INT(options_add(&o, longopt, err, sizeof(err)), 0);
		CHECK_INT((int)strlen(o.params[0].value), 256);
		CHECK(options_fsconfig_misfit(&o) == &o.params[0]);
		longopt[9 + 255] = '\0';
		options_init(&o);
		CHECK_INT(options_add(&o, "noatime,commit=5", err, sizeof(err)), 0);
		CHECK_INT(options_add(&o, longopt, err, sizeof(err)), 0);
		CHECK_INT((int)strlen(o.params[1].value), 255);
		CHECK(options_fsconfig_misfit(&o) == NULL);
		memset(longopt, 'k', 256);
		longopt[256] = '\0';
		options_init(&o);
		CHECK_INT(options_add(&o, longopt, err, sizeof(err)), 0);
		CHECK(options_fsconfig_misfit(&o) == &o.params[0]);
	}
	/* A page of options: mount(2) takes 4095 bytes and its NUL (fs/namespace.c path_mount); the
	 * kernel's root mount copies rootflags= into a page (init/do_mounts.c do_mount_root). The
	 * joined options of several adds (systemd's rootflags=) count with their commas. */
	{
		static char page[OPT_BUF + 2], data[OPT_BUF];
		unsigned long f;
		memcpy(page, "subvol=", 7);
		memset(page + 7, 'p', OPT_DATA_MAX - 7);
		page[OPT_DATA_MAX] = '\0';
		options_init(&o);
		CHECK_INT(options_add(&o, page, err, sizeof(err)), 0);
		CHECK_INT(options_legacy(&o, &f, data, sizeof(data)), 0);
		CHECK_INT((int)strlen(data), OPT_DATA_MAX);
		page[OPT_DATA_MAX] = 'p';
		page[OPT_DATA_MAX + 1] = '\0';
		options_init(&o);
		CHECK_INT(options_add(&o, page, err, sizeof(err)), -E2BIG);
		CHECK_STR(err, "4096 bytes of options; at most 4095 fit (a page of mount data, the kernel's limit)");
		page[OPT_DATA_MAX - 10] = '\0';
		options_init(&o);
		CHECK_INT(options_add(&o, page, err, sizeof(err)), 0);
		CHECK_INT(options_add(&o, "noatime,ssd", err, sizeof(err)), -E2BIG);
		CHECK_STR(err, "4097 bytes of options; at most 4095 fit (a page of mount data, the kernel's limit)");
		CHECK_INT(options_add(&o, "ssd", err, sizeof(err)), 0);
		CHECK_INT(options_legacy(&o, &f, data, sizeof(data)), 0);
		CHECK_INT((int)strlen(data), OPT_DATA_MAX - 10 + 4);
	}
	/* nosymfollow reaches mount(2) as MS_NOSYMFOLLOW (Linux 5.10, as MOUNT_ATTR_NOSYMFOLLOW). */
	{
		char data[64];
		unsigned long f;
		options_init(&o);
		CHECK_INT(options_add(&o, "nosymfollow,noatime", err, sizeof(err)), 0);
		CHECK_INT(options_legacy(&o, &f, data, sizeof(data)), 0);
		CHECK(f == (EM_MS_NOSYMFOLLOW | MS_NOATIME));
	}
	/* Too many parameters. */
	{
		char many[1024] = "";
		for (int i = 0; i < OPT_MAX_PARAMS + 1; i++)
			sprintf(many + strlen(many), "%so%d", i ? "," : "", i);
		options_init(&o);
		CHECK_INT(options_add(&o, many, err, sizeof(err)), -EINVAL);
		CHECK_STR(err, "too many options (at most 32 filesystem options)");
	}

	/* Names for the plan. */
	options_attr_names(EM_MOUNT_ATTR_RDONLY | EM_MOUNT_ATTR_NOSUID | EM_MOUNT_ATTR_NOATIME, EM_MOUNT_ATTR__ATIME, buf, sizeof(buf));
	CHECK_STR(buf, "MOUNT_ATTR_RDONLY|MOUNT_ATTR_NOSUID|MOUNT_ATTR_NOATIME");
	options_attr_names(0, EM_MOUNT_ATTR__ATIME, buf, sizeof(buf));
	CHECK_STR(buf, "MOUNT_ATTR_RELATIME");
	options_attr_names(0, 0, buf, sizeof(buf));
	CHECK_STR(buf, "0");

	/* The mount(2) fallback: attributes and VFS superblock flags as MS_*, the rest as data. */
	{
		unsigned long f;
		options_init(&o);
		CHECK_INT(options_add(&o, "ro,nosuid,noatime,sync,data=journal,lazytime,discard", err, sizeof(err)), 0);
		CHECK_INT(options_legacy(&o, &f, buf, sizeof(buf)), 0);
		CHECK(f == (MS_NOSUID | MS_NOATIME | MS_SYNCHRONOUS | MS_LAZYTIME));
		CHECK_STR(buf, "data=journal,discard");
		/* A quoted value is quoted again for mount(2)'s data, where the kernel's SELinux
		 * hook (selinux_sb_eat_lsm_opts) finds the commas inside the quotes. */
		options_init(&o);
		CHECK_INT(options_add(&o, "context=\"a:b:c:s0:c0,c1\",data=journal", err, sizeof(err)), 0);
		CHECK_INT(o.params[0].quoted, 1);
		CHECK_INT(options_legacy(&o, &f, buf, sizeof(buf)), 0);
		CHECK_STR(buf, "context=\"a:b:c:s0:c0,c1\",data=journal");
	}
	options_init(&o);
	CHECK_INT(options_add(&o, "x-systemd.device-timeout=5min", err, sizeof(err)), 0);
	CHECK_STR(o.device_timeout, "5min");
	return t_done();
}
