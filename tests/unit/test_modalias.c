/* SPDX-License-Identifier: MIT */
/* The modalias matcher (src/modalias.c): kmod's alias lookup, softdeps and CPU gating. The exact
 * answers of kmod itself on a real kernel are compared by tests/modalias (modalias_kmod_diff). */
#define _GNU_SOURCE
#include "../t.h"
#include "modalias.h"
#include "../modalias/prepare.h"

#include <fnmatch.h>
#include <stdlib.h>

/* The hits of one lookup as "module<pattern> module<pattern> ...", in file order. */
struct hits {
	char buf[16384];
	size_t len;
};

static void collect(void *ctx, const char *module, size_t modlen, const char *pattern, size_t patlen)
{
	struct hits *h = ctx;
	int n = snprintf(h->buf + h->len, sizeof(h->buf) - h->len, "%s%.*s", h->len ? " " : "",
	                 (int)modlen, module);
	h->len += (size_t)n;
	if (pattern) {
		n = snprintf(h->buf + h->len, sizeof(h->buf) - h->len, "<%.*s>", (int)patlen, pattern);
		h->len += (size_t)n;
	}
}

static struct modalias_db db_of(const char *alias, const char *softdep)
{
	struct modalias_db db = { alias, alias ? strlen(alias) : 0, softdep, softdep ? strlen(softdep) : 0, NULL, 0 };
	return db;
}

/* The lookup of key in alias text, as a string ("" for no hit); checks the count too. */
static const char *look(const char *alias, const char *key)
{
	static struct hits h;
	struct modalias_db db = db_of(alias, NULL);
	int n;
	h.len = 0;
	h.buf[0] = '\0';
	n = modalias_lookup(&db, key, collect, &h);
	/* through the index: the same callbacks, in the same order */
	{
		static struct hits hi;
		static unsigned buf[4096];
		struct modalias_db idb = db;
		hi.len = 0;
		hi.buf[0] = '\0';
		if (alias && modalias_index(&idb, buf, sizeof(buf) / sizeof(buf[0])) < 0) {
			t_fail++;
			fprintf(stderr, "modalias_index failed for a %zu-byte text\n", db.alias_len);
		}
		if (modalias_lookup(&idb, key, collect, &hi) != n || strcmp(hi.buf, h.buf)) {
			t_fail++;
			fprintf(stderr, "lookup %s: the index gives \"%s\", the walk \"%s\"\n", key, hi.buf, h.buf);
		}
	}
	/* the count is the number of callbacks */
	int words = 0;
	for (size_t i = 0; i < h.len; i++)
		words += (i == 0 || h.buf[i - 1] == ' ') && h.buf[i] != ' ';
	if (n != words) {
		t_fail++;
		fprintf(stderr, "lookup %s: returned %d, %d callbacks\n", key, n, words);
	}
	return h.buf;
}

/* One pattern against one key: 1 match, 0 not. */
static int m1(const char *pattern, const char *key)
{
	char line[512];
	snprintf(line, sizeof(line), "alias %s mod\n", pattern);
	return look(line, key)[0] != '\0';
}

static const char *softdeps(const char *text, const char *name, int post)
{
	static struct hits h;
	struct modalias_db db = db_of(NULL, text);
	int n;
	h.len = 0;
	h.buf[0] = '\0';
	n = modalias_softdeps(&db, name, post, collect, &h);
	int words = 0;
	for (size_t i = 0; i < h.len; i++)
		words += (i == 0 || h.buf[i - 1] == ' ') && h.buf[i] != ' ';
	CHECK_INT(n, words);
	return h.buf;
}

static int check(const char *alias, const char *softdep, size_t *off, int *which)
{
	struct modalias_db db = db_of(alias, softdep);
	*off = (size_t)-1;
	*which = -1;
	return modalias_check(&db, off, which);
}

#ifdef __GLIBC__ /* see same_as_kmod */
/* kmod's alias_normalize (libkmod-util.c), written again here: '-' to '_' outside [...], a stray
 * ']' or an unclosed '[' refused (0). */
static int kmod_normalize(const char *in, char *out)
{
	int br = 0;
	for (; *in; in++, out++) {
		*out = *in;
		if (br)
			br = *in != ']';
		else if (*in == '[')
			br = 1;
		else if (*in == ']')
			return 0;
		else if (*in == '-')
			*out = '_';
	}
	*out = '\0';
	return !br;
}

/* kmod's answer, from glibc's fnmatch itself, against the matcher's, for patterns whose literal
 * prefix is empty (they start with a wildcard): kmod then calls fnmatch on the whole of both, after
 * normalizing both. Only where the libc is glibc (kmod's): musl's fnmatch reads reversed ranges and
 * escapes in brackets otherwise (the unit-arm64 build is musl's). */
static void same_as_kmod(const char *p, const char *s)
{
	char np[256], ns[256];
	int want = kmod_normalize(p, np) && kmod_normalize(s, ns) && fnmatch(np, ns, 0) == 0;
	int got = m1(p, s);
	if (want == got)
		t_pass++;
	else {
		t_fail++;
		fprintf(stderr, "pattern \"%s\" on \"%s\": kmod (glibc fnmatch) says %d, the matcher %d\n",
		        p, s, want, got);
	}
}
#endif

static const char aliases[] =
	"# Aliases extracted from modules themselves.\n"
	"alias pci:v00001AF4d00001001sv*sd*bc*sc*i* virtio_blk\n"
	"alias pci:v00001AF4d*sv*sd*bc*sc*i* virtio_pci\n"
	"alias virtio:d00000002v* virtio_blk\n"
	"alias pci:v*d*sv*sd*bc01sc08i02* nvme\n"
	"alias pci:v*d*sv*sd*bc01sc06i01* ahci\n"
	"alias usb:v*p*d*dc*dsc*dp*ic08isc06ip50in* usb_storage\n"
	"alias usb:v*p*d*dc*dsc*dp*ic08isc06ip62in* uas\n"
	"alias fs-ext4 ext4\n"
	"alias fs-ext3 ext4\n"
	"alias platform:leds-gpio leds_gpio\n"
	"alias mdio:0000000000100010010101100001???? phy_a\n"
	"alias usb:v0BDAp8153d[0-2]*dc*dsc*dp*ic*isc*ip*in* r8152\n"
	"alias usb:v0BDAp8153d3[!0-9]*dc*dsc*dp*ic*isc*ip*in* r8152_odd\n";

int main(void)
{
	size_t off;
	int which;

	/* ---- modalias_lookup: real patterns ---- */
	CHECK_STR(look(aliases, "pci:v00001AF4d00001001sv00001AF4sd00000002bc01sc00i00"),
	          "virtio_blk<pci:v00001AF4d00001001sv*sd*bc*sc*i*> virtio_pci<pci:v00001AF4d*sv*sd*bc*sc*i*>");
	CHECK_STR(look(aliases, "virtio:d00000002v00001AF4"), "virtio_blk<virtio:d00000002v*>");
	CHECK_STR(look(aliases, "virtio:d00000003v00001AF4"), "");
	CHECK_STR(look(aliases, "pci:v00001B36d00000010sv00001AF4sd00001100bc01sc08i02"), "nvme<pci:v*d*sv*sd*bc01sc08i02*>");
	CHECK_STR(look(aliases, "pci:v00008086d00002922sv00001AF4sd00001100bc01sc06i01"), "ahci<pci:v*d*sv*sd*bc01sc06i01*>");
	CHECK_STR(look(aliases, "usb:v46F4p0001d0000dc00dsc00dp00ic08isc06ip50in00"),
	          "usb_storage<usb:v*p*d*dc*dsc*dp*ic08isc06ip50in*>");
	/* '?' takes exactly one byte */
	CHECK_STR(look(aliases, "mdio:00000000001000100101011000011010"), "phy_a<mdio:0000000000100010010101100001?\?\?\?>");
	CHECK_STR(look(aliases, "mdio:0000000000100010010101100001101"), "");
	CHECK_STR(look(aliases, "mdio:000000000010001001010110000110100"), "");
	/* ranges and negated ranges */
	CHECK_STR(look(aliases, "usb:v0BDAp8153d2000dc00dsc00dp00icFFisc00ip00in00"), "r8152<usb:v0BDAp8153d[0-2]*dc*dsc*dp*ic*isc*ip*in*>");
	CHECK_STR(look(aliases, "usb:v0BDAp8153d3000dc00dsc00dp00icFFisc00ip00in00"), "");
	CHECK_STR(look(aliases, "usb:v0BDAp8153d3A00dc00dsc00dp00icFFisc00ip00in00"),
	          "r8152_odd<usb:v0BDAp8153d3[!0-9]*dc*dsc*dp*ic*isc*ip*in*>");
	/* no wildcard: the whole pattern equals the key; '-' and '_' are one (kmod normalizes both) */
	CHECK_STR(look(aliases, "fs-ext4"), "ext4<fs-ext4>");
	CHECK_STR(look(aliases, "fs_ext3"), "ext4<fs-ext3>");
	CHECK_STR(look(aliases, "fs-ext"), "");
	CHECK_STR(look(aliases, "fs-ext4x"), "");
	CHECK_STR(look(aliases, "platform:leds_gpio"), "leds_gpio<platform:leds-gpio>");
	CHECK_STR(look(aliases, ""), "");
	CHECK_STR(look(aliases, "pci"), "");

	/* the glob forms one by one */
	CHECK(m1("a*", "a"));
	CHECK(m1("a*", "abc"));
	CHECK(!m1("a*", "b"));
	CHECK(m1("a*c", "abbbc"));
	CHECK(m1("a*c", "acc"));
	CHECK(!m1("a*c", "acb"));
	CHECK(m1("a*b*c", "axbxbxc"));
	CHECK(!m1("a*b*c", "axcxb"));
	CHECK(m1("a**", "a"));
	CHECK(m1("a*?", "ab"));
	CHECK(!m1("a*?", "a"));
	CHECK(m1("a?c", "abc"));
	CHECK(!m1("a?c", "ac"));
	CHECK(m1("x[abc]", "xb"));
	CHECK(!m1("x[abc]", "xd"));
	CHECK(m1("x[a-c]y", "xby"));
	CHECK(!m1("x[a-c]y", "x_y")); /* inside [...] '-' is a range, not normalized */
	CHECK(m1("x[!a-c]", "xd"));
	CHECK(!m1("x[!a-c]", "xa"));
	CHECK(m1("x[^a-c]", "xd")); /* glibc takes '^' as '!' too */
	CHECK(!m1("x[^a-c]", "xc"));
	CHECK(m1("x[a-]", "x-") == 0); /* the key's '-' is '_' after normalization... */
	CHECK(m1("x[a-]", "xa"));
	CHECK(m1("x[_a]", "x-"));      /* ...so it matches a '_' member */
	CHECK(m1("x[%-]", "x%"));
	CHECK(m1("x[0-9A-F]", "xE"));
	CHECK(!m1("x[0-9A-F]", "xe")); /* no case folding */
	CHECK(m1("x*[0-9]", "xabc7"));
	CHECK(!m1("x*[0-9]", "xabc"));
	/* escapes in the glob part */
	CHECK(m1("x*\\?", "xa?"));
	CHECK(!m1("x*\\?", "xab"));
	CHECK(m1("x*\\*", "x*"));
	CHECK(!m1("x*\\*", "xa"));
	CHECK(m1("x[\\!]", "x!"));
	CHECK(m1("x[\\a-c]", "xb")); /* an escaped range start */
	CHECK(!m1("x*\\", "x\\"));  /* a trailing '\' never matches (glibc) */
	/* in the literal prefix a '\' is an ordinary byte: kmod compares it byte by byte in its trie */
	CHECK(m1("a\\b*", "a\\bc"));
	CHECK(!m1("a\\b*", "abc"));
	CHECK(m1("a\\*", "a\\zz"));
	/* a pattern that starts with a wildcard */
	CHECK(m1("*PNP0A03*", "acpi:PNP0A03:"));
	CHECK(m1("?cpi:*", "acpi:X"));
	CHECK(m1("[ab]cpi:*", "acpi:X"));
	/* '-' is '_' outside brackets, in the pattern's glob part too */
	CHECK(m1("of:N*T*Cfsl,imx-gpio*", "of:NgpioT(null)Cfsl,imx_gpio"));
	CHECK(m1("of:N*T*Cfsl,imx_gpio*", "of:NgpioT(null)Cfsl,imx-gpio"));
	/* patterns that cannot match anything: kmod (alias_normalize) or this matcher refuses them */
	CHECK(!m1("x[a", "x[a"));
	CHECK(!m1("x]", "x]"));
	CHECK(!m1("x*]", "xa]"));
	CHECK(!m1("x[\\]]", "x]")); /* kmod's bracket ends at the first ']', the second is stray */
	CHECK(!m1("x[[:alpha:]]", "xa"));
	CHECK(!m1("x[[:alpha:][]", "xa"));
	CHECK(!m1("x[[=a=][]", "xa"));
	CHECK(!m1("x[[.a.][]", "xa"));
	CHECK(!m1("x[]", "x[]"));
	/* a modalias kmod refuses (a stray ']' or an unclosed '[') finds nothing, as in kmod */
	CHECK(!m1("*", "dmi:pn]x"));
	CHECK(!m1("*", "dmi:pn[x"));
	CHECK(m1("*", "dmi:pn[x]"));
	/* the key is cut at 4095 bytes, as kmod's PATH_MAX buffer cuts it */
	{
		static char big[6000];
		memset(big, 'x', sizeof(big) - 1);
		CHECK(m1("x*", big));
		CHECK(!m1("*y", big));
		big[4094] = 'y';
		CHECK(m1("*y", big));
		big[4094] = 'x';
		big[4095] = 'y';
		CHECK(!m1("*y", big));
	}

	/* against kmod's rules with glibc's fnmatch itself, for patterns without a literal prefix */
#ifdef __GLIBC__
	{
		static const char *const pats[] = {
			"*", "?", "*a", "a*", "*a*b", "?*?", "[ab]*", "[!ab]*", "[^ab]*", "[]a]*", "[!]a]*",
			"[a-c]x", "[c-a]x", "[]-a]x", "[a-]x", "[!-]x", "[\\]a]x", "*\\a", "*[\\-]x", "?\\*",
			"[%--]*", "[+--]x", "*[0-9][0-9]", "?[!0-9]*[0-9]", "[\\a-\\c]", "[a-\\]]",
		};
		static const char *const strs[] = {
			"", "a", "b", "ab", "ba", "abab", "aab", "]", "]x", "ax", "bx", "cx", "dx", "-x", "_x",
			"!x", "\\x", "a\\a", "xa", "x_x", "x-x", "*", "a*", "b*", "%", "+x", ",x", "a12",
			"a1b23", "x]", "b", "\\", "[", "^x",
		};
		for (size_t i = 0; i < sizeof(pats) / sizeof(pats[0]); i++)
			for (size_t j = 0; j < sizeof(strs) / sizeof(strs[0]); j++)
				same_as_kmod(pats[i], strs[j]);
	}
#else
	printf("skipped: the comparison with kmod's fnmatch, which is glibc's (this libc is not glibc)\n");
#endif

	/* ---- file format ---- */
	{
		static const char text[] =
			"\n"
			"# a comment\n"
			"   \t \n"
			"  alias\tvirtio:d00000002v*   virtio_blk  extra fields\n" /* blanks, tabs: fine */
			"alias virtio:d00000002v* crlf_mod\r\n"                   /* CRLF */
			"alias virtio:d00000002v*\n"                              /* no module: malformed */
			"alias\n"                                                 /* malformed */
			"aliasvirtio:d00000002v* glued\n"                         /* not "alias": malformed */
			"options virtio:d00000002v* opt\n"                        /* not an alias line */
			"alias virtio:d0000000[2 unclosed\n"                      /* invalid glob */
			"alias virtio:d00000002v* last"; /* no final newline */
		CHECK_STR(look(text, "virtio:d00000002v00001AF4"),
		          "virtio_blk<virtio:d00000002v*> crlf_mod<virtio:d00000002v*> last<virtio:d00000002v*>");
		CHECK_INT(check(text, NULL, &off, &which), 5);
		CHECK_INT((int)off, (int)(strstr(text, "alias virtio:d00000002v*\n") - text));
		CHECK_INT(which, 0);
		CHECK_INT(check(aliases, NULL, &off, &which), 0);
		CHECK_INT((int)off, -1);
		CHECK_INT(which, -1);
	}
	/* the index (look() compares every lookup through it with the walk): parts that are prefixes
	 * of each other, '-' and '_', empty literal parts, and more runs than the index takes */
	{
		static const char text[] = "alias pci:v00001AF4d* a\n"
		                           "alias pci:v* b\n"
		                           "alias *virtio* c\n"
		                           "alias pci:v00001AF4d00001001sv*sd*bc*sc*i* d\n"
		                           "# a comment\n"
		                           "alias\tpci:v00001af4* e\n"
		                           "alias fs-ext4 ext4\n"
		                           "alias pci:v00001AF4d00001001sv00001AF4sd00000002bc01sc00i00 f\n"
		                           "alias pci:v0000 g\n"
		                           "alias pci:v* b2\n";
		CHECK_STR(look(text, "pci:v00001AF4d00001001sv00001AF4sd00000002bc01sc00i00"),
		          "a<pci:v00001AF4d*> b<pci:v*> d<pci:v00001AF4d00001001sv*sd*bc*sc*i*> "
		          "f<pci:v00001AF4d00001001sv00001AF4sd00000002bc01sc00i00> b2<pci:v*>");
		CHECK_STR(look(text, "virtio:d00000002v00001AF4"), "c<*virtio*>");
		CHECK_STR(look(text, "fs_ext4"), "ext4<fs-ext4>");
		CHECK_STR(look(text, "fs-ext4"), "ext4<fs-ext4>");
		CHECK_STR(look(text, "pci:v0000"), "b<pci:v*> g<pci:v0000> b2<pci:v*>");
		CHECK_STR(look(text, "pci:v00001af4"), "b<pci:v*> e<pci:v00001af4*> b2<pci:v*>");
		CHECK_STR(look(text, "p"), "");
		CHECK_STR(look(text, ""), "");
		/* more lines than the buffer: no index, lookups walk */
		{
			unsigned small[3];
			struct modalias_db db = db_of(text, NULL);
			CHECK_INT(modalias_index(&db, small, 3), -1);
			CHECK(db.idx == NULL && db.nidx == 0);
			CHECK_INT(modalias_index(&db, small, 0), -1);
			unsigned big[16];
			CHECK_INT(modalias_index(&db, big, 16), 9);
			CHECK_INT((int)db.nidx, 9);
			CHECK_INT(modalias_lookup(&db, "fs-ext4", NULL, NULL), 1);
			/* both in one pass: the check's answer and the index */
			{
				static const char bad[] = "alias fs-ext4 ext4\nalias ]x y\nbogus\nalias fs-a a\n";
				struct modalias_db b = db_of(bad, "softdep a pre: b\nsoftdep\n");
				size_t at = 0;
				int w = -1;
				CHECK_INT(modalias_prepare(&b, big, 16, &at, &w), 3);
				CHECK_INT((int)at, 19);
				CHECK_INT(w, 0);
				CHECK(b.idx == big);
				CHECK_INT((int)b.nidx, 3); /* with the invalid pattern: it never matches */
				CHECK_INT(modalias_lookup(&b, "fs-a", NULL, NULL), 1);
				CHECK_INT(modalias_prepare(&b, small, 2, NULL, NULL), 3);
				CHECK(b.idx == NULL && b.nidx == 0);
				CHECK_INT(modalias_prepare(NULL, big, 16, NULL, NULL), 0);
			}
		}
		/* a literal part for every length of the key: 80 runs, more than a lookup takes (64) */
		{
			static char many[80 * 100];
			char key[90];
			size_t o = 0;
			for (int i = 0; i < 80; i++)
				key[i] = (char)('a' + i % 26);
			key[80] = '\0';
			for (int l = 80; l > 0; l--)
				o += (size_t)snprintf(many + o, sizeof(many) - o, "alias %.*s* m%d\n", l, key, l);
			const char *r = look(many, key);
			CHECK(!strncmp(r, "m80<", 4) && strstr(r, "m1<a*>") != NULL);
		}
	}
	/* text that ends inside a line, and an empty or absent file */
	{
		struct modalias_db db = { "alias fs-ext4 ext4\nalias fs-xfs xfs", 30, NULL, 0, NULL, 0 };
		CHECK_INT(modalias_lookup(&db, "fs-ext4", NULL, NULL), 1);
		CHECK_INT(modalias_lookup(&db, "fs-xfs", NULL, NULL), 0); /* cut: "alias fs-xf" */
		/* a mapped file ends without a NUL: an exactly-sized copy (ASan in unit_asan) */
		{
			static const char one[] = "alias fs-ext4 ext4"; /* no final newline */
			struct modalias_db h = { malloc(sizeof(one) - 1), sizeof(one) - 1, NULL, 0, NULL, 0 };
			memcpy((char *)h.alias, one, h.alias_len);
			CHECK_INT(modalias_lookup(&h, "fs-ext4", NULL, NULL), 1);
			CHECK_INT(modalias_lookup(&h, "fs-ext", NULL, NULL), 0);
			CHECK_INT(modalias_cpu_excluded(&h, "ext4", "cpu:x"), 0);
			CHECK_INT(modalias_check(&h, NULL, NULL), 0);
			free((void *)h.alias);
		}
		db.alias_len = 0;
		CHECK_INT(modalias_lookup(&db, "fs-ext4", NULL, NULL), 0);
		db.alias = NULL;
		CHECK_INT(modalias_lookup(&db, "fs-ext4", NULL, NULL), 0);
		CHECK_INT(modalias_check(&db, NULL, NULL), 0);
		CHECK_INT(modalias_lookup(NULL, "fs-ext4", NULL, NULL), 0);
		CHECK_INT(modalias_lookup(&db, NULL, NULL, NULL), 0);
	}

	/* ---- softdeps ---- */
	{
		static const char sd[] =
			"# Soft dependencies extracted from modules themselves.\n"
			"softdep ext4 pre: crypto-crc32c\n"
			"softdep cifs gcm\n" /* names before pre:/post: are ignored */
			"softdep btrfs pre: blake2b-256\n"
			"softdep btrfs pre: sha256\n" /* kmod only reads the first line that matches */
			"softdep vfio post: vfio_iommu_type1 vfio_iommu_spapr_tce\n"
			"softdep mixed pre: a b post: c pre: d\tpost:   e\r\n"
			"softdep intel-lpss pre: platform:idma64\n"
			"softdep snd_* pre: snd-glob\n"
			"softdep lonely\n"   /* malformed: nothing after the module */
			"softdep lonely2 \n" /* malformed too: kmod wants text after the blank */
			"softdep [x pre: y\n" /* malformed: unclosed '[' */
			"softdep empty   \n"  /* a (first) line without any name: kmod keeps it */
			"softdep empty pre: hidden\n"
			"softdep last post: tail"; /* no final newline */
		CHECK_STR(softdeps(sd, "ext4", 0), "crypto-crc32c");
		CHECK_STR(softdeps(sd, "ext4", 1), "");
		CHECK_STR(softdeps(sd, "cifs", 0), "");
		CHECK_STR(softdeps(sd, "btrfs", 0), "blake2b-256");
		CHECK_STR(softdeps(sd, "vfio", 1), "vfio_iommu_type1 vfio_iommu_spapr_tce");
		CHECK_STR(softdeps(sd, "vfio", 0), "");
		CHECK_STR(softdeps(sd, "mixed", 0), "a b d");
		CHECK_STR(softdeps(sd, "mixed", 1), "c e");
		CHECK_STR(softdeps(sd, "intel_lpss", 0), "platform:idma64");
		CHECK_STR(softdeps(sd, "intel-lpss", 0), "platform:idma64");
		CHECK_STR(softdeps(sd, "snd-hda-intel", 0), "snd-glob");
		CHECK_STR(softdeps(sd, "snd", 0), "");
		CHECK_STR(softdeps(sd, "lonely", 0), "");
		CHECK_STR(softdeps(sd, "empty", 0), "");
		CHECK_STR(softdeps(sd, "last", 1), "tail");
		CHECK_STR(softdeps(sd, "ext", 0), "");
		CHECK_STR(softdeps(NULL, "ext4", 0), "");
		CHECK_INT(check(NULL, sd, &off, &which), 3);
		CHECK_INT((int)off, (int)(strstr(sd, "softdep lonely\n") - sd));
		CHECK_INT(which, 1);
		CHECK_INT(check(aliases, "softdep a pre: b\nbogus\n", &off, &which), 1);
		CHECK_INT((int)off, 17);
		CHECK_INT(which, 1);
	}

	/* ---- CPU gating ---- */
	{
		static const char cpu[] =
			"alias cpu:type:x86,ven*fam*mod*:feature:*0094* crc32c_intel\n"
			"alias crypto-crc32c crc32c_intel\n"
			"alias cpu:type:x86,ven*fam*mod*:feature:*0081* aesni_intel\n"
			"alias cpu:type:x86,ven*fam*mod*:feature:*0099* aesni_intel\n"
			"alias cpu:type:x86,ven0000fam0006mod0086:feature:* intel_uncore\n"
			"alias cpu:type:x86,ven*fam*mod*:feature:*[bad* broken\n"
			"alias crypto-crc32c crc32c_generic\n";
		struct modalias_db db = db_of(cpu, NULL);
		const char *sse42 = "cpu:type:x86,ven0000fam0006mod003F:feature:,0000,0001,0094,0099,";
		const char *old = "cpu:type:x86,ven0000fam0006mod000F:feature:,0000,0001,0002,";
		CHECK_INT(modalias_cpu_excluded(&db, "crc32c_intel", sse42), 0);
		CHECK_INT(modalias_cpu_excluded(&db, "crc32c-intel", old), 1);
		CHECK_INT(modalias_cpu_excluded(&db, "crc32c_intel", old), 1);
		CHECK_INT(modalias_cpu_excluded(&db, "aesni_intel", sse42), 0); /* one of two matches */
		CHECK_INT(modalias_cpu_excluded(&db, "aesni_intel", old), 1);
		CHECK_INT(modalias_cpu_excluded(&db, "intel_uncore", sse42), 1);
		CHECK_INT(modalias_cpu_excluded(&db, "crc32c_generic", old), 0); /* no cpu: alias */
		CHECK_INT(modalias_cpu_excluded(&db, "broken", old), 0); /* its only one is invalid */
		CHECK_INT(modalias_cpu_excluded(&db, "crc32c", old), 0);
		CHECK_INT(modalias_cpu_excluded(&db, "crc32c_intel", NULL), 0);
		CHECK_INT(modalias_cpu_excluded(&db, "crc32c_intel", "cpu:]"), 0); /* unusable: keep */
		/* the scan itself: each module once, in file order, normalized, with its state */
		{
			struct modalias_cpu m[4];
			CHECK_INT(modalias_cpu_scan(&db, old, m, 4), 4);
			CHECK_STR(m[0].name, "crc32c_intel");
			CHECK_INT(m[0].state, MODALIAS_CPU_VALID);
			CHECK_STR(m[1].name, "aesni_intel");
			CHECK_INT(m[1].state, MODALIAS_CPU_VALID);
			CHECK_STR(m[3].name, "broken");
			CHECK_INT(m[3].state, 0);
			CHECK_INT(modalias_cpu_scan(&db, sse42, m, 2), 2); /* the first cap only */
			CHECK_INT(m[1].state, MODALIAS_CPU_VALID | MODALIAS_CPU_FITS);
			CHECK_INT(modalias_cpu_scan(&db, NULL, m, 4), 4);
			CHECK_INT(m[2].state, MODALIAS_CPU_VALID | MODALIAS_CPU_FITS);
			CHECK_INT(modalias_cpu_scan(NULL, old, m, 4), 0);
			struct modalias_db dash = db_of("alias cpu:type:x86* crc32c-intel\n", NULL);
			CHECK_INT(modalias_cpu_scan(&dash, old, m, 4), 1);
			CHECK_STR(m[0].name, "crc32c_intel");
			CHECK_INT(m[0].state, MODALIAS_CPU_VALID | MODALIAS_CPU_FITS);
		}
	}
	/* Device classes (modalias_class), from the modaliases QEMU's machines give (the kernel's
	 * formats: pci_uevent, scsi_bus_uevent, virtio_uevent, usb_if_uevent, mmc_bus_uevent). */
	{
		static const struct {
			const char *m;
			int cls;
		} rows[] = {
			/* PCI: the base class and subclass after bc/sc (pci_ids.h) */
			{ "pci:v00008086d00007010sv00000000sd00000000bc01sc01i80", MODCLASS_SLOW },  /* PIIX3 IDE */
			{ "pci:v00008086d00002922sv00001AF4sd00001100bc01sc06i01", MODCLASS_DISK },  /* ICH9 AHCI */
			{ "pci:v00001B36d00000010sv00001AF4sd00001100bc01sc08i02", MODCLASS_DISK },  /* NVMe */
			{ "pci:v00001AF4d00001001sv00001AF4sd00000002bc01sc00i00", MODCLASS_DISK },  /* virtio-blk */
			{ "pci:v00001000d00000079sv00001000sd00009261bc01sc04i00", MODCLASS_DISK },  /* megasas */
			{ "pci:v00001AF4d00001000sv00001AF4sd00000001bc02sc00i00", MODCLASS_OTHER }, /* virtio-net */
			{ "pci:v00001B36d0000000Dsv00001AF4sd00001100bc0Csc03i30", MODCLASS_OTHER }, /* xHCI */
			{ "pci:v00001B36d00000007sv00001AF4sd00001100bc08sc05i01", MODCLASS_OTHER }, /* SDHCI */
			{ "pci:v00008086d00007000sv00000000sd00000000bc06sc01i00", MODCLASS_OTHER }, /* ISA bridge */
			{ "pci:v00008086d00007010", MODCLASS_OTHER }, /* no class fields */
			{ "pci:v00008086d00007010sv00000000sd00000000bc0Gsc01i80", MODCLASS_OTHER }, /* not hex */
			/* SCSI: the peripheral type, lower-case hex (scsi_proto.h) */
			{ "scsi:t-0x00", MODCLASS_DISK },
			{ "scsi:t-0x0e", MODCLASS_DISK },
			{ "scsi:t-0x14", MODCLASS_DISK },
			{ "scsi:t-0x05", MODCLASS_SLOW },
			{ "scsi:t-0x01", MODCLASS_SLOW },
			{ "scsi:t-0x08", MODCLASS_SLOW },
			{ "scsi:t-0x0d", MODCLASS_OTHER }, /* an enclosure */
			{ "scsi:t-0x", MODCLASS_OTHER },
			/* virtio: the device ID (virtio_ids.h) */
			{ "virtio:d00000002v00001AF4", MODCLASS_DISK },
			{ "virtio:d00000008v00001AF4", MODCLASS_DISK },
			{ "virtio:d00000001v00001AF4", MODCLASS_OTHER },
			{ "virtio:d00000009v00001AF4", MODCLASS_OTHER }, /* 9p: a root, but no disk */
			/* USB: the interface class (0x08 mass storage) */
			{ "usb:v46F4p0001d0000dc00dsc00dp00ic08isc06ip50in00", MODCLASS_DISK },
			{ "usb:v46F4p0001d0000dc00dsc00dp00ic08isc06ip62in01", MODCLASS_DISK }, /* uas */
			{ "usb:v0627p0001d0000dc00dsc00dp00ic03isc00ip00in00", MODCLASS_OTHER }, /* a tablet */
			{ "mmc:block", MODCLASS_DISK },
			{ "acpi:PNP0700:", MODCLASS_OTHER },
			{ "platform:i8042", MODCLASS_OTHER },
			{ "", MODCLASS_OTHER },
		};
		for (size_t k = 0; k < sizeof(rows) / sizeof(rows[0]); k++) {
			int got = modalias_class(rows[k].m);
			CHECK(got == rows[k].cls);
			if (got != rows[k].cls)
				fprintf(stderr, "  modalias_class(\"%s\") = %d, want %d\n", rows[k].m, got, rows[k].cls);
		}
	}
	return t_done();
}
