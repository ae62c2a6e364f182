/* SPDX-License-Identifier: MIT */
/* The boot side of generic images: the uevent messages the matcher reads (lib/kobject_uevent.c's
 * format), and earlymount.jobs= in the plan. */
#include "../t.h"
#include "spec.h"
#include "uevent.h"

#include "spec_t.h"

static size_t msg(char *buf, const char *const *parts, unsigned n)
{
	size_t len = 0;
	for (unsigned i = 0; i < n; i++) {
		memcpy(buf + len, parts[i], strlen(parts[i]) + 1);
		len += strlen(parts[i]) + 1;
	}
	return len - 1; /* the last NUL is the terminator uevent_parse wants at msg[len] */
}

int main(void)
{
	char buf[512];
	struct uevent ev;

	/* A virtio device made by virtio_pci: "add@DEVPATH" then KEY=VALUE fields. */
	static const char *const add[] = { "add@/devices/pci0000:00/0000:00:04.0/virtio1", "ACTION=add",
		"DEVPATH=/devices/pci0000:00/0000:00:04.0/virtio1", "SUBSYSTEM=virtio",
		"MODALIAS=virtio:d00000002v00001AF4", "SEQNUM=812" };
	size_t len = msg(buf, add, 6);
	CHECK_INT(uevent_parse(buf, len, &ev), 0);
	CHECK_STR(ev.action, "add");
	CHECK_STR(ev.devpath, "/devices/pci0000:00/0000:00:04.0/virtio1");
	CHECK_STR(ev.subsystem, "virtio");
	CHECK_STR(ev.modalias, "virtio:d00000002v00001AF4");

	/* A block device: no MODALIAS. */
	static const char *const blk[] = { "add@/devices/virtual/block/loop0", "ACTION=add", "SUBSYSTEM=block",
		"DEVNAME=loop0" };
	len = msg(buf, blk, 4);
	CHECK_INT(uevent_parse(buf, len, &ev), 0);
	CHECK_STR(ev.subsystem, "block");
	CHECK(ev.modalias == NULL);

	/* "bind" after the driver took the device: parsed, the caller matches "add" only. */
	static const char *const bind[] = { "bind@/devices/pci0000:00/0000:00:04.0", "MODALIAS=pci:v00001AF4d00001001sv00001AF4sd00000002bc01sc00i00" };
	len = msg(buf, bind, 2);
	CHECK_INT(uevent_parse(buf, len, &ev), 0);
	CHECK_STR(ev.action, "bind");
	CHECK_STR(ev.modalias, "pci:v00001AF4d00001001sv00001AF4sd00000002bc01sc00i00");

	/* Not the kernel's: udev's "libudev" frames, a header without '@', an empty message. */
	memcpy(buf, "libudev\0\xfe\xed\xca\xfe", 13);
	CHECK_INT(uevent_parse(buf, 12, &ev), -EINVAL);
	strcpy(buf, "add");
	CHECK_INT(uevent_parse(buf, 3, &ev), -EINVAL);
	strcpy(buf, "@/devices/x");
	CHECK_INT(uevent_parse(buf, strlen(buf), &ev), -EINVAL);
	buf[0] = '\0';
	CHECK_INT(uevent_parse(buf, 0, &ev), -EINVAL);
	/* A field cut at the end of the datagram still ends at msg[len]. */
	static const char *const cut[] = { "add@/devices/x", "MODALIAS=usb:v1D6Bp0003" };
	len = msg(buf, cut, 2);
	CHECK_INT(uevent_parse(buf, len - 4, &ev), 0);
	buf[len - 4] = '\0';
	CHECK_STR(ev.modalias, "usb:v1D6Bp");

	/* earlymount.jobs=N: the default is 0 (the CPUs), the last one counts, 1 and up. */
	CHECK_INT(build("root=/dev/vda"), 0);
	CHECK_INT(p.jobs, 0);
	CHECK_INT(build("root=/dev/vda earlymount.jobs=1"), 0);
	CHECK_INT(p.jobs, 1);
	CHECK_INT(build("root=/dev/vda earlymount.jobs=3 earlymount.jobs=2"), 0);
	CHECK_INT(p.jobs, 2);
	CHECK_INT(build("root=/dev/vda earlymount.jobs=0"), -EINVAL);
	CHECK_STR(err, "earlymount.jobs=0: expected a number of modules to load at once, 1 or more");
	CHECK_INT(build("root=/dev/vda earlymount.jobs=two"), -EINVAL);
	CHECK_STR(err, "earlymount.jobs=two: expected a number of modules to load at once, 1 or more");
	CHECK_INT(build("root=/dev/vda earlymount.jobs=two earlymount.jobs=4"), 0); /* only the last counts */
	CHECK_INT(p.jobs, 4);
	CHECK_INT(build("root=/dev/vda earlymount.jobs"), -EINVAL);
	CHECK_INT(build("root=/dev/vda earlymount.jobs=1000"), 0);
	CHECK_INT(p.jobs, 64);
	CHECK(p.nwarnings == 1 && strstr(p.warnings, "earlymount.jobs=1000: more than 64; loading at most 64 modules at once\n"));
	return t_done();
}
