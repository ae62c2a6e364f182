/* SPDX-License-Identifier: MIT */
/* fstab.c: the /usr line of a root's /etc/fstab, read as initramfs-tools' read_fstab_entry,
 * dracut's 98usrmount and libmount read fstab(5), and the plan's /usr made from it (spec.c). */
#include "../t.h"
#include "fstab.h"
#include "spec.h"

static struct fstab_entry e;
static char err[256];

static int find(const char *text) { return fstab_find(text, "/usr", &e, err, sizeof(err)); }

int main(void)
{
	/* comments, blank lines, the root's line; the first /usr line counts */
	CHECK_INT(find("# /etc/fstab\n\n  \t\nUUID=1 / ext4 defaults 0 1\n"
	               "LABEL=usr /usr xfs noatime,nofail 0 2\n/dev/vdc /usr ext4 ro 0 0\n"), 1);
	CHECK_STR(e.spec, "LABEL=usr");
	CHECK_STR(e.type, "xfs");
	CHECK_STR(e.opts, "noatime,nofail");
	CHECK_INT((int)e.line, 5);
	/* tabs, a trailing slash, \040 (space) and \134 (backslash) as fstab(5) writes them, a DOS
	 * line end, no newline at the end */
	CHECK_INT(find("\tLABEL=my\\040usr\\134x\t/usr/\text4\tdefaults\t0\t2\r"), 1);
	CHECK_STR(e.spec, "LABEL=my usr\\x");
	CHECK_STR(e.opts, "defaults");
	/* fields left out: "auto" and "defaults", as mount(8) takes them */
	CHECK_INT(find("/dev/vdb /usr\n"), 1);
	CHECK_STR(e.type, "auto");
	CHECK_STR(e.opts, "defaults");
	/* not /usr: /usr/local, /usrx, a commented line, no mount point */
	CHECK_INT(find("/dev/a /usr/local ext4 defaults\n/dev/b /usrx ext4 defaults\n#/dev/c /usr ext4 x\n/dev/d\n"), 0);
	CHECK_INT(find(""), 0);
	/* a field too long: an error for the /usr line only */
	char big[2048];
	memset(big, 'o', sizeof(big));
	memcpy(big, "/dev/x /srv ext4 ", 17);
	big[sizeof(big) - 1] = '\0';
	CHECK_INT(find(big), 0);
	memcpy(big, "/dev/x /usr ext4 ", 17);
	CHECK_INT(find(big), -EINVAL);
	CHECK_STR(err, "line 1: its options is longer than 1023 bytes");

	/* the plan's /usr from the line: its device, type and options, read-only with the root */
	struct plan p;
	memset(&p, 0, sizeof(p));
	p.root.opts.ro = 1;
	p.wait_s = 30;
	p.wait_from = "default";
	CHECK_INT(find("UUID=0a1b2c3d-4e5f-4061-8293-a4b5c6d7e8f9 /usr ext4 noatime,errors=remount-ro 0 2\n"), 1);
	CHECK_INT(spec_usr_from_fstab(&p, &e, err, sizeof(err)), 0);
	CHECK_INT(p.have_usr, 1);
	CHECK_INT(p.usr.role, ROLE_USR);
	CHECK_INT(p.usr.src.kind, DEV_UUID);
	CHECK_STR(p.usr.src.value, "0a1b2c3d-4e5f-4061-8293-a4b5c6d7e8f9");
	CHECK_STR(p.usr.fstypes, "ext4");
	CHECK_INT(p.usr.opts.ro, 1);
	CHECK_INT((int)p.usr.wait_s, 30);
	CHECK_INT((int)p.usr.opts.nparams, 1); /* errors=; noatime is an attribute */
	/* a rw root leaves the line's own ro/rw; auto probes */
	p.root.opts.ro = 0;
	CHECK_INT(find("/dev/vdb /usr auto ro\n"), 1);
	CHECK_INT(spec_usr_from_fstab(&p, &e, err, sizeof(err)), 0);
	CHECK_STR(p.usr.fstypes, "");
	CHECK_INT(p.usr.opts.ro, 1);
	CHECK_INT(find("/dev/vdb /usr ext4 defaults\n"), 1);
	CHECK_INT(spec_usr_from_fstab(&p, &e, err, sizeof(err)), 0);
	CHECK_INT(p.usr.opts.ro, -1);
	/* what mount.usr= would refuse, with the line */
	CHECK_INT(find("server:/export /usr nfs defaults\n"), 1);
	CHECK_INT(spec_usr_from_fstab(&p, &e, err, sizeof(err)), -EINVAL);
	CHECK_STR(err, "line 1: /usr on server:/export: not a device earlymount mounts");
	CHECK_INT(find("/dev/vdb /usr ext4 defaults,remount\n"), 1);
	CHECK_INT(spec_usr_from_fstab(&p, &e, err, sizeof(err)), -EINVAL);
	CHECK_STR(err, "line 1: the options defaults,remount: option 'remount' is not allowed here: earlymount "
	               "only makes new mounts");
	/* a bind of another directory on /usr is no device either */
	CHECK_INT(find("/srv/usr /usr none bind 0 0\n"), 1);
	CHECK_INT(spec_usr_from_fstab(&p, &e, err, sizeof(err)), -EINVAL);
	return t_done();
}
