/* SPDX-License-Identifier: MIT */
/* Resuming from hibernation (resume=, resume_offset=, noresume). The kernel tries resume= itself
 * only at late_initcall (kernel/power/hibernate.c software_resume_initcall), before the initramfs
 * has loaded the disk's driver; after that it is the initramfs's job, done before any mount by
 * initramfs-tools (scripts/local-premount/resume), dracut (95resume) and systemd
 * (systemd-hibernate-resume): the hibernated system still holds its filesystems mounted in the
 * image, and a mount now (a journal is replayed even read-only) would change them under it, while
 * booting on would leave the image to be wiped when the swap is next used. */
#define _GNU_SOURCE
#include "resume.h"
#include "devices.h"
#include "log.h"
#include "plan.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* Writes text to a file of /sys/power. 0 or -errno. */
static int power_write(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), r;
	if (fd < 0)
		return -errno;
	r = write_all(fd, text, strlen(text));
	close(fd);
	return r;
}

/* Hands dev to the kernel: resume_offset first (the kernel read resume_offset= from its own line,
 * but not from the initramfs's stored one), then MAJ:MIN to /sys/power/resume, which every kernel
 * takes (6.1 name_to_dev_t; 6.5+ lookup_bdev, then MAJ:MIN) and which runs software_resume: it
 * restores the image and never returns, or returns when there is none or it cannot be used (the
 * kernel logs why, and has already put the swap signature back: a second try finds plain swap). */
static int hand_over(const char *dev, unsigned long long offset)
{
	struct stat st;
	char text[48];
	int r;

	if (stat(dev, &st) < 0)
		return -errno;
	fmt(text, sizeof(text), "%llu\n", offset);
	r = power_write("/sys/power/resume_offset", text);
	if (r < 0 && offset)
		return r;
	fmt(text, sizeof(text), "%u:%u\n", major(st.st_rdev), minor(st.st_rdev));
	return power_write("/sys/power/resume", text);
}

void resume_from_hibernation(const struct plan *p)
{
	const char *v = p->resume.text;
	char desc[320], dev[128];
	struct fs_info fi;
	int r;

	if (!p->have_resume)
		return;
	if (p->noresume) {
		log_debug("resume=%s: noresume given; not resuming", v);
		return;
	}
	if (access("/sys/power/resume", F_OK) < 0) {
		log_warn("resume=%s: this kernel cannot resume from hibernation (no /sys/power/resume); booting normally", v);
		return;
	}
	plan_source_text(&p->resume, desc, sizeof(desc));
	if (dev_wait(&p->resume, desc, p->resume_wait_s, "resume device", 1, dev, sizeof(dev)) < 0) {
		log_warn("resume=%s: no device after %ld s; booting without resuming", v, p->resume_wait_s);
		return;
	}
	/* The swap header of a swap file: resume_offset= pages into its filesystem's device. */
	r = dev_probe_page(dev, p->resume_offset, &fi);
	if (r < 0 && r != -ENOENT) {
		log_warn("resume=%s: read %s failed: %s; booting without resuming", v, dev, errstr(-r));
		return;
	}
	if (r == 0 && str_eq(fi.type, "swsuspend")) {
		log_info("resume: a hibernation image on %s (resume=%s): resuming from it", dev, v);
		r = hand_over(dev, p->resume_offset);
		if (r < 0)
			log_warn("resume: handing %s to the kernel (/sys/power/resume) failed: %s; booting normally",
			         dev, errstr(-r));
		else
			log_warn("resume: the kernel did not resume from %s (the kernel's log says why); booting normally", dev);
		return;
	}
	if (r == 0 && str_eq(fi.type, "swap")) {
		log_debug("resume: %s (resume=%s) is swap space without a hibernation image; booting normally", dev, v);
		if ((r = hand_over(dev, p->resume_offset)) < 0)
			log_debug("resume: handing %s to the kernel failed: %s", dev, errstr(-r));
		return;
	}
	log_warn("resume=%s: %s is not swap space (%s): not resuming from it", v, dev,
	         r == 0 ? fi.type : "no known signature");
}
