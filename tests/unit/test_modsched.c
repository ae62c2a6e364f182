/* SPDX-License-Identifier: MIT */
/* The module load scheduler: dependencies before dependents, independent chains side by side,
 * failures passed on to hard dependents only, softdep loops broken. */
#include "../t.h"
#include "modalias.h"
#include "modsched.h"

static struct modsched s;

static int add(const char *name)
{
	int isnew;
	return modsched_add(&s, name, &isnew);
}

/* One load at a time (earlymount.jobs=1), each done as it starts: the order of starting, names
 * joined by spaces, from priority floor up. */
static const char *order(unsigned char floor)
{
	static char out[512];
	int i, why;
	out[0] = '\0';
	while (modsched_next(&s, floor, &i, &why) == MSN_START) {
		if (out[0])
			strcat(out, " ");
		strcat(out, s.name[i]);
		modsched_done(&s, i, 1);
	}
	return out;
}

/* A module of size bytes: the goal of a match of class cls (0: a dependency only). */
static int addm(const char *name, unsigned size, unsigned char cls)
{
	int i = add(name);
	s.size[i] = size;
	modsched_class(&s, i, cls);
	return i;
}

/* The order among matched modules of one priority (modsched_next): one row per rule. */
static void ranks(void)
{
	/* Class: the IDE controller (ata_piix, PCI class 0x0101) matched first, the virtio-blk
	 * function (0x0100) second: the disk controller's chain goes first, whole, then the legacy
	 * one. */
	memset(&s, 0, sizeof(s));
	int piix = addm("ata_piix", 40000, MODCLASS_SLOW), lata = addm("libata", 300000, 0),
	    scsi = addm("scsi_mod", 200000, 0);
	int vpci = addm("virtio_pci", 30000, MODCLASS_DISK), ring = addm("virtio_ring", 40000, 0);
	modsched_need(&s, piix, lata, 1);
	modsched_need(&s, lata, scsi, 1);
	modsched_need(&s, vpci, ring, 1);
	CHECK_STR(order(0), "virtio_ring virtio_pci scsi_mod libata ata_piix");

	/* A dependency serves the best goal that needs it: scsi_mod, needed by sr_mod (a CD-ROM,
	 * SLOW) and by sd_mod (a disk), goes with the disk; the CD-ROM's own cdrom after. */
	memset(&s, 0, sizeof(s));
	int sr = addm("sr_mod", 30000, MODCLASS_SLOW), cd = addm("cdrom", 60000, 0);
	scsi = addm("scsi_mod", 200000, 0);
	int sd = addm("sd_mod", 60000, MODCLASS_DISK);
	modsched_need(&s, sr, cd, 1);
	modsched_need(&s, sr, scsi, 1);
	modsched_need(&s, sd, scsi, 1);
	CHECK_STR(order(0), "scsi_mod sd_mod cdrom sr_mod");

	/* Of two disk goals, one whose chain is loaded (virtio_blk: virtio_ring is done) before one
	 * that starts a new chain (nvme: nvme_core pending), though the new chain has fewer bytes. */
	memset(&s, 0, sizeof(s));
	ring = addm("virtio_ring", 40000, 0);
	int core = addm("nvme_core", 20000, 0), nvme = addm("nvme", 30000, MODCLASS_DISK);
	int vblk = addm("virtio_blk", 90000, MODCLASS_DISK);
	modsched_need(&s, nvme, core, 1);
	modsched_need(&s, vblk, ring, 1);
	modsched_skip(&s, ring); /* loaded already */
	CHECK_STR(order(0), "virtio_blk nvme_core nvme");

	/* Smaller before larger among equals: two loaded chains by the goal's bytes, two new chains
	 * by the bytes left in the whole chain (megaraid_sas's 180 kB against ahci and libata's). */
	memset(&s, 0, sizeof(s));
	int big = addm("sd_mod", 60000, MODCLASS_DISK), small = addm("virtio_blk", 40000, MODCLASS_DISK);
	CHECK_STR(order(0), "virtio_blk sd_mod");
	(void)big;
	(void)small;
	memset(&s, 0, sizeof(s));
	int ahci = addm("ahci", 50000, MODCLASS_DISK), alib = addm("libahci", 60000, 0);
	lata = addm("libata", 300000, 0);
	int mega = addm("megaraid_sas", 180000, MODCLASS_DISK);
	modsched_need(&s, ahci, alib, 1);
	modsched_need(&s, alib, lata, 1);
	modsched_need(&s, mega, add("raid_class"), 1);
	s.size[modsched_find(&s, "raid_class")] = 10000;
	CHECK_STR(order(0), "raid_class megaraid_sas libata libahci ahci");

	/* A module that serves no goal (a listed module's post: softdep, a dependency of nothing
	 * matched) comes after the goals' chains at its priority, in the order of adding. */
	memset(&s, 0, sizeof(s));
	int lone = addm("loop", 10, 0);
	int usb = addm("xhci_pci", 50000, MODCLASS_OTHER);
	CHECK_STR(order(0), "xhci_pci loop");
	(void)lone;
	(void)usb;

	/* The lowest class of a module matched twice holds (virtio_pci for a virtio-net function,
	 * OTHER, and for a virtio-blk one, DISK); 0 changes nothing. */
	memset(&s, 0, sizeof(s));
	int v = addm("virtio_pci", 1, MODCLASS_OTHER);
	modsched_class(&s, v, MODCLASS_DISK);
	modsched_class(&s, v, MODCLASS_SLOW);
	modsched_class(&s, v, 0);
	CHECK_INT(s.cls[v], MODCLASS_DISK);

	/* Priority before class: a controller's child (hotplug, 1), even an optical one, before a
	 * disk controller of the first walk (coldplug, 0). */
	memset(&s, 0, sizeof(s));
	int ahci2 = addm("ahci", 50000, MODCLASS_DISK), sr2 = addm("sr_mod", 30000, MODCLASS_SLOW);
	modsched_boost(&s, sr2, 1);
	CHECK_STR(order(0), "sr_mod ahci");
	(void)ahci2;

	/* The floor: once the root's device is found, only what its mount needs (priority 4: ext4
	 * and jbd2) starts; a disk goal below it waits, and is no loop. */
	memset(&s, 0, sizeof(s));
	int sd3 = addm("sd_mod", 60000, MODCLASS_DISK), e4 = addm("ext4", 900000, MODCLASS_OTHER),
	    jb = addm("jbd2", 100000, 0);
	modsched_need(&s, e4, jb, 1);
	modsched_boost(&s, e4, 4);
	CHECK_STR(order(4), "jbd2 ext4");
	CHECK_INT(s.state[sd3], MS_PENDING);
	int i, why;
	CHECK_INT(modsched_next(&s, 4, &i, &why), MSN_IDLE);
	CHECK_STR(order(0), "sd_mod");
}

/* ---- several at once: a fake kernel ------------------------------------------------------------ */

/* One row: the modules ("name:size:class:prio:ticks[:fail]", class and prio as numbers, ticks the
 * load's length in the fake clock, fail: its finit_module fails), the relations ("a>b": a needs b
 * (modules.dep), "a~b": a softdep, a after b), jobs at once, the floor, solo_below, the trace
 * that must come out: "+m" m started, "-m" m loaded, "m!" m's load failed, "m^d" m not loaded
 * because its dependency d failed (MSN_DEPFAIL), "m@" m failed as a softdep loop; then late_prio
 * and late_class (0: no such rule). */
struct simrow {
	const char *what;
	const char *mods[10];
	const char *needs[10];
	unsigned jobs;
	unsigned char floor, solo_below;
	const char *trace;
	unsigned char late_prio, late_class;
};

static char trace[1024];

static void emit(const char *pre, int i, const char *post)
{
	if (trace[0])
		strcat(trace, " ");
	strcat(trace, pre);
	strcat(trace, s.name[i]);
	strcat(trace, post);
}

/* Runs a row as modload.c's run_queue does (as many modsched_next as there are free jobs, then the
 * first load to end, by the fake clock: the lowest index among equal ends) and returns the trace;
 * every module the kernel would see is checked on its start: each hard and soft dependency done
 * (or failed, for a soft one), none pending or running. */
static const char *simulate(const struct simrow *r)
{
	unsigned ticks[MODSCHED_MAX], end[MODSCHED_MAX], now = 0;
	unsigned char fails[MODSCHED_MAX];
	int i, why;

	memset(&s, 0, sizeof(s));
	trace[0] = '\0';
	s.solo_below = r->solo_below;
	s.late_prio = r->late_prio;
	s.late_class = r->late_class;
	for (unsigned k = 0; k < 10 && r->mods[k]; k++) {
		char name[MODSCHED_NAME];
		unsigned size, cls, prio, t, f = 0;
		CHECK(sscanf(r->mods[k], "%55[^:]:%u:%u:%u:%u:%u", name, &size, &cls, &prio, &t, &f) >= 5);
		i = add(name);
		s.size[i] = size;
		modsched_class(&s, i, (unsigned char)cls);
		modsched_boost(&s, i, (unsigned char)prio);
		ticks[i] = t;
		fails[i] = (unsigned char)f;
	}
	for (unsigned k = 0; k < 10 && r->needs[k]; k++) {
		char a[MODSCHED_NAME], b[MODSCHED_NAME], rel;
		CHECK(sscanf(r->needs[k], "%55[^>~]%c%55s", a, &rel, b) == 3);
		CHECK(modsched_find(&s, a) >= 0 && modsched_find(&s, b) >= 0);
		CHECK_INT(modsched_need(&s, modsched_find(&s, a), modsched_find(&s, b), rel == '>'), 0);
	}
	/* a dependency's priority is its dependent's (modload.c boosts after adding the relations) */
	for (unsigned k = 0; k < s.n; k++)
		modsched_boost(&s, (int)k, s.prio[k]);
	for (;;) {
		enum modsched_next v = MSN_WAIT;
		while (s.running < r->jobs && (v = modsched_next(&s, r->floor, &i, &why)) != MSN_WAIT && v != MSN_IDLE) {
			if (v == MSN_DEPFAIL) {
				emit("", i, "^");
				strcat(trace, s.name[why]);
			} else if (v == MSN_LOOP) {
				emit("", i, "@");
			} else {
				for (unsigned e = 0; e < s.nedges; e++)
					if (s.from[e] == i)
						CHECK(s.state[s.to[e]] == MS_DONE || (!s.hard[e] && s.state[s.to[e]] == MS_FAILED));
				emit("+", i, "");
				end[i] = now + ticks[i];
			}
		}
		if (!s.running)
			break;
		int first = -1;
		for (unsigned k = 0; k < s.n; k++)
			if (s.state[k] == MS_RUNNING && (first < 0 || end[k] < end[first]))
				first = (int)k;
		CHECK(s.running <= r->jobs);
		now = end[first];
		modsched_done(&s, first, !fails[first]);
		emit(fails[first] ? "" : "-", first, fails[first] ? "!" : "");
	}
	return trace;
}

/* The rows: DISK 1, OTHER 2, SLOW 3 (modalias.h); priorities as modload.c's: 0 the first walk,
 * 1 a controller's children, 2 a filesystem named up front (late_prio), 3 the list, 4 a mount. */
static const struct simrow simrows[] = {
	{ "one job: the order of ranks(), each load alone",
	  { "virtio_ring:40:0:0:5", "virtio_pci:30:1:0:5", "libata:300:0:0:5", "ata_piix:40:3:0:5" },
	  { "virtio_pci>virtio_ring", "ata_piix>libata" }, 1, 0, 1,
	  "+virtio_ring -virtio_ring +virtio_pci -virtio_pci +libata -libata +ata_piix -ata_piix", 0, 0 },
	{ "two jobs, two disk controllers (either may hold the root): their chains side by side, the "
	  "smaller chain first (nvme's 50 bytes before virtio_blk's 130), each module after its dependencies",
	  { "nvme_core:20:0:0:10", "nvme:30:1:0:10", "virtio_blk:90:1:0:30", "virtio_ring:40:0:0:1" },
	  { "nvme>nvme_core", "virtio_blk>virtio_ring" }, 2, 0, 1,
	  "+nvme_core +virtio_ring -virtio_ring +virtio_blk -nvme_core +nvme -nvme -virtio_blk", 0, 0 },
	{ "two jobs, the first walk: the IDE chain (SLOW) never beside the disk's (DISK), only in a gap",
	  { "virtio:10:0:0:2", "virtio_ring:10:0:0:2", "virtio_pci:30:1:0:5", "scsi_mod:200:0:0:4",
	    "libata:300:0:0:4", "ata_piix:40:3:0:4" },
	  { "virtio_pci>virtio", "virtio_pci>virtio_ring", "ata_piix>libata", "libata>scsi_mod" }, 2, 0, 1,
	  "+virtio +virtio_ring -virtio -virtio_ring +virtio_pci -virtio_pci +scsi_mod -scsi_mod +libata "
	  "-libata +ata_piix -ata_piix", 0, 0 },
	{ "a controller's child (priority 1, above solo_below) goes beside the IDE chain; the IDE chain "
	  "does not go beside it",
	  { "scsi_mod:200:0:0:4", "libata:300:0:0:4", "ata_piix:40:3:0:4", "virtio_blk:90:1:1:6" },
	  { "ata_piix>libata", "libata>scsi_mod" }, 2, 0, 1,
	  "+virtio_blk -virtio_blk +scsi_mod -scsi_mod +libata -libata +ata_piix -ata_piix", 0, 0 },
	{ "a dependency shared by two chains loads once, before both; its dependents then side by side",
	  { "scsi_common:10:0:0:3", "scsi_mod:200:0:0:3", "sd_mod:60:1:0:5", "virtio_scsi:40:1:0:2" },
	  { "scsi_mod>scsi_common", "sd_mod>scsi_mod", "sd_mod>scsi_common", "virtio_scsi>scsi_mod",
	    "virtio_scsi>scsi_common" }, 3, 0, 1,
	  "+scsi_common -scsi_common +scsi_mod -scsi_mod +virtio_scsi +sd_mod -virtio_scsi -sd_mod", 0, 0 },
	{ "the loads end in another order than they started: a module waits for the last of its "
	  "dependencies, whichever it is",
	  { "crc16:5:0:3:9", "mbcache:5:0:3:2", "jbd2:10:0:3:2", "ext4:90:2:3:4" },
	  { "ext4>crc16", "ext4>mbcache", "ext4>jbd2" }, 3, 3, 1,
	  "+crc16 +mbcache +jbd2 -mbcache -jbd2 -crc16 +ext4 -ext4", 0, 0 },
	{ "a load fails: its hard dependents are not loaded (as modprobe), a softdep's dependent and "
	  "the other chain go on (nvme, a loaded chain, first)",
	  { "libata:300:0:0:3:1", "ata_piix:40:1:0:2", "crc32c:5:0:0:1:1", "jbd2:10:1:0:2", "nvme:30:1:0:6" },
	  { "ata_piix>libata", "jbd2~crc32c" }, 2, 0, 1,
	  "+nvme +crc32c crc32c! +jbd2 -jbd2 +libata libata! ata_piix^libata -nvme", 0, 0 },
	{ "a dependency fails while an independent chain is in flight: its dependent and the dependent's "
	  "dependent are not loaded, the other chain ends",
	  { "scsi_mod:200:0:0:2:1", "sd_mod:60:1:0:2", "uas:30:1:0:2", "virtio_blk:90:1:0:5" },
	  { "sd_mod>scsi_mod", "uas>sd_mod", "uas>scsi_mod" }, 2, 0, 1,
	  "+virtio_blk +scsi_mod scsi_mod! sd_mod^scsi_mod uas^sd_mod -virtio_blk", 0, 0 },
	{ "the floor: once the root's device is found, free jobs stay free rather than start what the "
	  "mount does not need",
	  { "sd_mod:60:1:0:1", "jbd2:10:0:4:3", "ext4:90:2:4:3", "nvme:30:1:1:1" },
	  { "ext4>jbd2" }, 4, 4, 1,
	  "+jbd2 -jbd2 +ext4 -ext4", 0, 0 },
	{ "no goal, no class (the list's modules, solo_below 0): all side by side as the jobs allow",
	  { "a:1:0:3:3", "b:1:0:3:1", "c:1:0:3:1", "d:1:0:3:1" },
	  { "d>a" }, 2, 0, 0,
	  "+a +b -b +c -c -a +d -d", 0, 0 },
	/* q35's AHCI disk and a preset image's list (--fs ext4): ext4's chain (late_prio) and the
	 * AHCI controller's (the first walk's DISK goal). The sizes are 6.12's kB. */
	{ "without the rule (late_class 0): the list's filesystem chain first, the disk's after",
	  { "crc32c_generic:11:0:2:3", "jbd2:433:0:2:5", "mbcache:30:0:2:3", "crc16:6:0:2:3", "ext4:2477:0:2:20",
	    "scsi_common:17:0:0:2", "scsi_mod:692:0:0:5", "libata:989:0:0:8", "libahci:152:0:0:2", "ahci:149:1:0:20" },
	  { "ext4>jbd2", "ext4>mbcache", "ext4>crc16", "ext4~crc32c_generic", "jbd2~crc32c_generic",
	    "ahci>libahci", "libahci>libata", "libata>scsi_mod", "scsi_mod>scsi_common" }, 1, 0, 1,
	  "+crc32c_generic -crc32c_generic +jbd2 -jbd2 +mbcache -mbcache +crc16 -crc16 +ext4 -ext4 +scsi_common "
	  "-scsi_common +scsi_mod -scsi_mod +libata -libata +libahci -libahci +ahci -ahci", 0, 0 },
	{ "one job: the disk controller's chain first, whole, then the filesystem's, in the list's order",
	  { "crc32c_generic:11:0:2:3", "jbd2:433:0:2:5", "mbcache:30:0:2:3", "crc16:6:0:2:3", "ext4:2477:0:2:20",
	    "scsi_common:17:0:0:2", "scsi_mod:692:0:0:5", "libata:989:0:0:8", "libahci:152:0:0:2", "ahci:149:1:0:20" },
	  { "ext4>jbd2", "ext4>mbcache", "ext4>crc16", "ext4~crc32c_generic", "jbd2~crc32c_generic",
	    "ahci>libahci", "libahci>libata", "libata>scsi_mod", "scsi_mod>scsi_common" }, 1, 0, 1,
	  "+scsi_common -scsi_common +scsi_mod -scsi_mod +libata -libata +libahci -libahci +ahci -ahci "
	  "+crc32c_generic -crc32c_generic +jbd2 -jbd2 +mbcache -mbcache +crc16 -crc16 +ext4 -ext4",
	  2, 1 },
	{ "two jobs: the filesystem's chain takes the job the disk's chain leaves free (its next module "
	  "not ready), never one the disk's chain could take, and goes on beside ahci's long load",
	  { "crc32c_generic:11:0:2:3", "jbd2:433:0:2:5", "mbcache:30:0:2:3", "crc16:6:0:2:3", "ext4:2477:0:2:20",
	    "scsi_common:17:0:0:2", "scsi_mod:692:0:0:5", "libata:989:0:0:8", "libahci:152:0:0:2", "ahci:149:1:0:20" },
	  { "ext4>jbd2", "ext4>mbcache", "ext4>crc16", "ext4~crc32c_generic", "jbd2~crc32c_generic",
	    "ahci>libahci", "libahci>libata", "libata>scsi_mod", "scsi_mod>scsi_common" }, 2, 0, 1,
	  "+scsi_common +crc32c_generic -scsi_common +scsi_mod -crc32c_generic +jbd2 -scsi_mod +libata -jbd2 "
	  "+mbcache -mbcache +crc16 -crc16 +ext4 -libata +libahci -libahci +ahci -ext4 -ahci", 2, 1 },
	{ "a late module that a disk's chain needs (sd_mod needs crc_t10dif) is not held: it would hold "
	  "the disk; another late one (ext4) waits for the disk",
	  { "ext4:90:0:2:1", "crc_t10dif:10:0:2:1", "sd_mod:60:1:0:1" },
	  { "sd_mod>crc_t10dif" }, 1, 0, 1,
	  "+crc_t10dif -crc_t10dif +sd_mod -sd_mod +ext4 -ext4", 2, 1 },
	{ "the mount raised the filesystem (priority 4, above late_prio): it goes first, before the "
	  "disk's chain, as does the list (3)",
	  { "ahci:149:1:0:1", "ext4:90:0:4:1", "loop:10:0:3:1" },
	  { NULL }, 1, 0, 1,
	  "+ext4 -ext4 +loop -loop +ahci -ahci", 2, 1 },
	{ "no disk goal (the machine's controller has no driver in the image): the filesystem loads at "
	  "once, before the IDE chain (SLOW) and a USB controller (OTHER) of the first walk",
	  { "ata_piix:40:3:0:1", "xhci_pci:50:2:0:1", "ext4:90:0:2:1" },
	  { NULL }, 1, 0, 1,
	  "+ext4 -ext4 +xhci_pci -xhci_pci +ata_piix -ata_piix", 2, 1 },
	{ "a disk found while the filesystem waits (sd_mod, a controller's child: priority 1, DISK) goes "
	  "before it too",
	  { "ext4:90:0:2:1", "ahci:149:1:0:1", "sd_mod:60:1:1:1" },
	  { NULL }, 1, 0, 1,
	  "+sd_mod -sd_mod +ahci -ahci +ext4 -ext4", 2, 1 },
};

static void several(void)
{
	for (size_t k = 0; k < sizeof(simrows) / sizeof(simrows[0]); k++) {
		const char *got = simulate(&simrows[k]);
		if (strcmp(got, simrows[k].trace) != 0)
			fprintf(stderr, "row: %s\n", simrows[k].what);
		CHECK_STR(got, simrows[k].trace);
	}
}

int main(void)
{
	int i, why, isnew;

	/* ext4 needs jbd2 and mbcache (hard), crc32c_generic before it (softdep pre:);
	 * virtio_blk needs virtio_ring; nvme is alone. */
	memset(&s, 0, sizeof(s)); /* empty, as modload.c's static table starts */
	int ext4 = add("ext4"), jbd2 = add("jbd2"), mbcache = add("mbcache"), crc = add("crc32c-generic");
	int vblk = add("virtio_blk"), ring = add("virtio_ring"), nvme = add("nvme");
	CHECK_INT(modsched_add(&s, "crc32c_generic", &isnew), crc); /* '-' and '_' equal, added once */
	CHECK_INT(isnew, 0);
	CHECK_STR(s.name[crc], "crc32c-generic"); /* stored as given: the loader's names are normalized */
	CHECK_INT(modsched_find(&s, "virtio-blk"), vblk);
	CHECK_INT(modsched_find(&s, "xfs"), -ENOENT);
	CHECK_INT(modsched_need(&s, ext4, jbd2, 1), 0);
	CHECK_INT(modsched_need(&s, ext4, mbcache, 1), 0);
	CHECK_INT(modsched_need(&s, ext4, crc, 0), 0);
	CHECK_INT(modsched_need(&s, jbd2, crc, 0), 0);
	CHECK_INT(modsched_need(&s, vblk, ring, 1), 0);

	/* The first ready ones in order of adding: jbd2 waits for crc32c, so mbcache first. */
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START);
	CHECK_INT(i, mbcache);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START);
	CHECK_INT(i, crc);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START);
	CHECK_INT(i, ring);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START);
	CHECK_INT(i, nvme);
	CHECK_INT(s.running, 4);
	/* ext4, jbd2 and virtio_blk all wait for running ones. */
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_WAIT);
	/* crc32c failing does not stop jbd2 (a softdep), and jbd2 may start now. */
	modsched_done(&s, crc, 0);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START);
	CHECK_INT(i, jbd2);
	modsched_done(&s, ring, 1);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START);
	CHECK_INT(i, vblk);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_WAIT);
	/* jbd2 failing fails ext4 (hard), once mbcache is no reason to wait any more. */
	modsched_done(&s, jbd2, 0);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_DEPFAIL);
	CHECK_INT(i, ext4);
	CHECK_INT(why, jbd2);
	CHECK_INT(s.state[ext4], MS_FAILED);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_WAIT);
	modsched_done(&s, mbcache, 1);
	modsched_done(&s, vblk, 1);
	modsched_done(&s, nvme, 1);
	CHECK_INT(s.running, 0);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_IDLE);

	/* Later rounds (a hotplugged device): a new module needing a done one starts at once; a
	 * skipped one counts as done. */
	int sd = add("sd_mod"), t10 = add("crc_t10dif"), pcl = add("crct10dif_pclmul");
	CHECK_INT(modsched_need(&s, sd, ring, 1), 0);
	CHECK_INT(modsched_need(&s, sd, t10, 1), 0);
	CHECK_INT(modsched_need(&s, t10, pcl, 0), 0);
	modsched_skip(&s, pcl);
	CHECK_INT(s.state[pcl], MS_DONE);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START);
	CHECK_INT(i, t10);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_WAIT);
	modsched_done(&s, t10, 1);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START);
	CHECK_INT(i, sd);
	modsched_done(&s, sd, 1);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_IDLE);

	/* softdeps that name each other: one is failed, the other then loads. */
	int a = add("loop_a"), b = add("loop_b");
	CHECK_INT(modsched_need(&s, a, b, 0), 0);
	CHECK_INT(modsched_need(&s, b, a, 0), 0);
	CHECK_INT(modsched_need(&s, a, a, 1), 0); /* itself: ignored */
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_LOOP);
	CHECK_INT(i, a);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START);
	CHECK_INT(i, b);

	/* Priorities (modsched_boost): a coldplug chain (ata_piix on libata), then a module matched
	 * later (virtio_blk on virtio_ring) boosted, and a filesystem (ext4 on jbd2) boosted higher:
	 * the highest ready one starts first, its dependencies carry its priority, and
	 * modsched_busy sees only the levels asked for. */
	memset(&s, 0, sizeof(s));
	int lata = add("libata"), piix = add("ata_piix"), vr = add("virtio_ring"), vb = add("virtio_blk");
	int jb = add("jbd2"), e4 = add("ext4");
	CHECK_INT(modsched_need(&s, piix, lata, 1), 0);
	CHECK_INT(modsched_need(&s, vb, vr, 1), 0);
	CHECK_INT(modsched_need(&s, e4, jb, 1), 0);
	modsched_boost(&s, vb, 1);
	modsched_boost(&s, e4, 2);
	CHECK_INT(s.prio[vr], 1);
	CHECK_INT(s.prio[jb], 2);
	CHECK_INT(s.prio[lata], 0);
	CHECK_INT(modsched_busy(&s, 2), 1);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START);
	CHECK_INT(i, jb);
	modsched_done(&s, jb, 1);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START);
	CHECK_INT(i, e4);
	modsched_done(&s, e4, 1);
	CHECK_INT(modsched_busy(&s, 2), 0);
	CHECK_INT(modsched_busy(&s, 1), 1);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START);
	CHECK_INT(i, vr);
	modsched_boost(&s, piix, 0); /* never lowers */
	modsched_boost(&s, vb, 0);
	CHECK_INT(s.prio[vb], 1);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START); /* virtio_blk waits: libata, the lowest index */
	CHECK_INT(i, lata);
	modsched_done(&s, vr, 1);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START);
	CHECK_INT(i, vb);
	modsched_done(&s, vb, 1);
	CHECK_INT(modsched_busy(&s, 1), 0);
	CHECK_INT(modsched_busy(&s, 0), 1);
	modsched_done(&s, lata, 1);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START);
	CHECK_INT(i, piix);
	modsched_done(&s, piix, 1);
	CHECK_INT(modsched_busy(&s, 0), 0);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_IDLE);

	/* solo_below: a module below it starts only when nothing runs; one above it starts beside it. */
	memset(&s, 0, sizeof(s));
	s.solo_below = 1;
	int c1 = add("ata_piix"), c2 = add("virtio_pci"), h1 = add("virtio_blk");
	modsched_boost(&s, h1, 1);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START);
	CHECK_INT(i, h1);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_WAIT); /* c1 would run beside h1 */
	modsched_done(&s, h1, 1);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START);
	CHECK_INT(i, c1);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_WAIT); /* c2 would run beside c1 */
	int h2 = add("sd_mod");
	modsched_boost(&s, h2, 1);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START); /* above it: beside c1 */
	CHECK_INT(i, h2);
	modsched_done(&s, c1, 1);
	modsched_done(&s, h2, 1);
	CHECK_INT(modsched_next(&s, 0, &i, &why), MSN_START);
	CHECK_INT(i, c2);

	/* Limits: the table and the names. */
	memset(&s, 0, sizeof(s));
	char n[16];
	for (unsigned k = 0; k < MODSCHED_MAX; k++) {
		snprintf(n, sizeof(n), "m%u", k);
		CHECK(add(n) >= 0 || (k < MODSCHED_MAX && 0));
	}
	CHECK_INT(add("one_more"), -ENOSPC);
	CHECK_INT(add("m3"), 3);
	CHECK_INT(add(""), -EINVAL);
	CHECK_INT(add("a_name_longer_than_the_kernels_module_name_limit_of_56_bytes"), -EINVAL);
	for (unsigned k = 0; k < MODSCHED_EDGES; k++)
		(void)modsched_need(&s, (int)(k % 500) + 10, (int)(k / 500), 1);
	CHECK_INT(modsched_need(&s, 0, 511, 1), -ENOSPC);

	ranks();
	several();
	return t_done();
}
