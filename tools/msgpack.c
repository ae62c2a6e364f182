/* SPDX-License-Identifier: MIT */
/* msgpack: the build-time half of earlymount's packed messages (the /init build's size budget,
 * README "The binary's size"). A host tool, run on the preprocessed sources of one binary:
 *
 *   msgpack [-v] [-e ERRTEXTS] OUTDIR FILE.i...
 *
 * It finds the messages: in each call of a function declared with
 * __attribute__((format(printf, N, M))) outside the system headers (elog, sb_printf, fmt and the
 * like; the declaration says which argument, so nothing here names them), the format when it is a
 * literal, and each variadic argument that is a literal or a chain of conditionals whose values
 * all are (c ? " (a hint)" : ""), and each literal marked EM_TEXT("...") (src/util.h: it writes
 * __extension__ before the literal, which survives the preprocessor): a text of a table or a
 * variable that reaches a message only through a %s or write_text. A text without a space (a
 * path, a name) is left as it is. Over
 * the texts it builds one dictionary by byte-pair encoding: a byte that no text uses becomes a code
 * for a pair of bytes, each of which may be a code itself, the most frequent pair first. It writes
 * each FILE.i to OUTDIR with those literals replaced by em_msg_N, and OUTDIR/msgdict.c with the
 * dictionary (em_msgdict[code] = {first, second}; {0, 0} for a byte that is itself) and the
 * encoded texts, in section emmsg.
 *
 * sb_vprintf (src/util.c) expands a format or a %s argument only when it lies in emmsg, so every
 * message comes out byte for byte as written, and nothing else (a disk's label, a command-line
 * value, a format built at run time) is ever expanded, whatever bytes it holds. With -v, the
 * calls whose format is not a literal are listed (kept as they are).
 *
 * With -e, ERRTEXTS holds the C library's text of each errno, one a line from errno 0 on (what
 * tools/errtexts prints at build time): they are packed with the messages, and msgdict.c gets them
 * as em_errtext (the packed texts one after another in the order of the errnos, each ended by a
 * NUL, in emmsg too; an empty one where the text is errno 0's) and em_nerr (how many): src/util.c's
 * errstr under EM_ERRTEXTS, in place of the C library's own table.
 *
 * Exit status: 0, or 1 with a message (a file that cannot be read or written, a text longer than
 * EM_MSG_MAX - 1 bytes, a code nested more than 48 deep, a format attribute whose function cannot
 * be told); 2 for a usage error. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The expansion buffer in sb_vprintf (src/util.c, EM_MSG_MAX there): no format may expand past it. */
#define EM_MSG_MAX 512
/* Codes are only made of bytes outside 32..124 (printable ASCII up to '|', what the texts are
 * written in): the dictionary, em_msgdict, then has no rows for those, 186 B, at the cost of the
 * few of them no text uses. Row of byte c: c below the gap, c - 93 above it (src/util.c). */
#define EM_DICT_GAP_LO 32
#define EM_DICT_GAP_HI 124
#define EM_DICT_ROWS (256 - (EM_DICT_GAP_HI - EM_DICT_GAP_LO + 1))

enum kind { T_SPACE, T_LINE, T_IDENT, T_NUM, T_STR, T_CHAR, T_PUNCT };

struct tok {
	enum kind kind;
	size_t off, len;
	int drop;    /* written as nothing (a literal joined into the one before it) */
	int fmt;     /* index into fmts + 1: this literal is replaced by the encoded format */
};

struct file {
	const char *path;
	char *text;
	size_t len;
	struct tok *toks;
	size_t ntok;
};

struct fmtfn {
	char name[64];
	int index; /* the format's argument (format(printf, index, first)) */
	int first; /* the first variadic argument; 0 for a function taking a va_list */
};

/* The formats, unique by content (identical ones share a literal in the binary anyway). */
struct fmtstr {
	unsigned char *raw; /* decoded bytes */
	size_t rawlen;
	int *code;          /* encoded symbols (0..255) */
	size_t codelen;
};

static struct fmtstr *fmts;
static size_t nfmt, capfmt;
/* -e: the text (index into fmts) of each errno, 0 first */
static int *errtext;
static size_t nerr;
static unsigned char dict[256][2];
static int used[256];

static void die(const char *what, const char *obj, const char *why)
{
	(void)fprintf(stderr, "msgpack: %s %s: %s\n", what, obj, why);
	exit(1);
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p)
		die("allocating", "memory", strerror(errno));
	return p;
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		die("reading", path, strerror(errno));
	size_t cap = 1 << 16, n = 0;
	char *b = xrealloc(NULL, cap);
	for (;;) {
		size_t r = fread(b + n, 1, cap - n, f);
		n += r;
		if (n < cap)
			break;
		cap *= 2;
		b = xrealloc(b, cap);
	}
	if (ferror(f))
		die("reading", path, strerror(errno));
	if (fclose(f))
		die("reading", path, strerror(errno));
	b[n] = 0;
	*len = n;
	return b;
}

/* ---- tokens of preprocessed C -------------------------------------------------------------- */

static void add_tok(struct file *f, size_t *cap, enum kind k, size_t off, size_t len)
{
	if (f->ntok == *cap) {
		*cap = *cap ? *cap * 2 : 4096;
		f->toks = xrealloc(f->toks, *cap * sizeof(*f->toks));
	}
	f->toks[f->ntok++] = (struct tok){ k, off, len, 0, 0 };
}

static size_t quoted_end(const char *s, size_t i, size_t n, char q, const char *path)
{
	for (i++; i < n && s[i] != q; i++) {
		if (s[i] == '\\')
			i++;
		else if (s[i] == '\n')
			break;
	}
	if (i >= n || s[i] != q)
		die("tokenizing", path, "a literal runs past its line");
	return i + 1;
}

static void tokenize(struct file *f)
{
	const char *s = f->text;
	size_t n = f->len, i = 0, cap = 0;
	int bol = 1;
	while (i < n) {
		size_t st = i;
		char c = s[i];
		if (c == '\n' || c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\f' || s[i] == '\v' ||
			                 s[i] == '\n')) {
				if (s[i] == '\n')
					bol = 1;
				i++;
			}
			add_tok(f, &cap, T_SPACE, st, i - st);
			continue;
		}
		if (bol && c == '#') { /* a line marker or a #pragma: kept as it is */
			while (i < n && s[i] != '\n')
				i++;
			add_tok(f, &cap, T_LINE, st, i - st);
			continue;
		}
		bol = 0;
		if (c == '/' && i + 1 < n && s[i + 1] == '*') {
			const char *e = strstr(s + i + 2, "*/");
			if (!e)
				die("tokenizing", f->path, "a comment is not closed");
			i = (size_t)(e - s) + 2;
			add_tok(f, &cap, T_SPACE, st, i - st);
		} else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
			while (i < n && s[i] != '\n')
				i++;
			add_tok(f, &cap, T_SPACE, st, i - st);
		} else if (c == '"') {
			i = quoted_end(s, i, n, '"', f->path);
			add_tok(f, &cap, T_STR, st, i - st);
		} else if (c == '\'') {
			i = quoted_end(s, i, n, '\'', f->path);
			add_tok(f, &cap, T_CHAR, st, i - st);
		} else if (isalpha((unsigned char)c) || c == '_') {
			while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_'))
				i++;
			add_tok(f, &cap, T_IDENT, st, i - st);
		} else if (isdigit((unsigned char)c) || (c == '.' && i + 1 < n && isdigit((unsigned char)s[i + 1]))) {
			while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '.' ||
			                 ((s[i] == '+' || s[i] == '-') && strchr("eEpP", s[i - 1]))))
				i++;
			add_tok(f, &cap, T_NUM, st, i - st);
		} else {
			i++;
			add_tok(f, &cap, T_PUNCT, st, 1);
		}
	}
}

static int is(const struct file *f, size_t t, const char *word)
{
	const struct tok *k = &f->toks[t];
	return strlen(word) == k->len && !memcmp(f->text + k->off, word, k->len);
}

static size_t next(const struct file *f, size_t t)
{
	for (t++; t < f->ntok && (f->toks[t].kind == T_SPACE || f->toks[t].kind == T_LINE); t++)
		;
	return t;
}

static size_t prev(const struct file *f, size_t t)
{
	while (t-- > 0)
		if (f->toks[t].kind != T_SPACE && f->toks[t].kind != T_LINE)
			return t;
	return (size_t)-1;
}

/* ---- which functions take a format, and where -------------------------------------------- */

/* __attribute__ ( ( format ( printf , N , M ) ) ) right after a declarator's parameter list:
 * the function is the identifier before that list. */
static int attr_format(const struct file *f, size_t t, struct fmtfn *out)
{
	static const char *const want[] = { "(", "(", NULL, "(", NULL, ",", NULL, ",", NULL };
	size_t k = t, idx_tok = 0, first_tok = 0;
	for (size_t w = 0; w < sizeof(want) / sizeof(want[0]); w++) {
		k = next(f, k);
		if (k >= f->ntok)
			return 0;
		if (want[w] && !is(f, k, want[w]))
			return 0;
		if (w == 2 && !is(f, k, "format") && !is(f, k, "__format__"))
			return 0;
		if (w == 4 && !is(f, k, "printf") && !is(f, k, "__printf__") && !is(f, k, "gnu_printf"))
			return 0;
		if (w == 6)
			idx_tok = k;
		if (w == 8)
			first_tok = k;
	}
	if (f->toks[idx_tok].kind != T_NUM || f->toks[first_tok].kind != T_NUM)
		return 0;
	out->index = (int)strtol(f->text + f->toks[idx_tok].off, NULL, 10);
	out->first = (int)strtol(f->text + f->toks[first_tok].off, NULL, 10);
	/* back over the parameter list */
	size_t p = prev(f, t);
	if (p == (size_t)-1 || !is(f, p, ")"))
		die("reading the format attribute in", f->path, "it does not follow a parameter list");
	int depth = 0;
	for (;; p--) {
		if (is(f, p, ")"))
			depth++;
		else if (is(f, p, "(") && --depth == 0)
			break;
		if (p == 0)
			die("reading the format attribute in", f->path, "unbalanced parentheses");
	}
	p = prev(f, p);
	if (p == (size_t)-1 || f->toks[p].kind != T_IDENT || f->toks[p].len >= sizeof(out->name))
		die("reading the format attribute in", f->path, "no function name before its parameters");
	memcpy(out->name, f->text + f->toks[p].off, f->toks[p].len);
	out->name[f->toks[p].len] = 0;
	return 1;
}

static int hexval(int c)
{
	return isdigit(c) ? c - '0' : tolower(c) - 'a' + 10;
}

/* Appends the bytes a string literal token stands for. */
static void decode_lit(const char *s, size_t len, unsigned char **buf, size_t *n, size_t *cap)
{
	for (size_t i = 1; i + 1 < len; i++) {
		int c = (unsigned char)s[i];
		if (c == '\\') {
			c = (unsigned char)s[++i];
			switch (c) {
			case 'n': c = '\n'; break;
			case 't': c = '\t'; break;
			case 'r': c = '\r'; break;
			case 'a': c = '\a'; break;
			case 'b': c = '\b'; break;
			case 'f': c = '\f'; break;
			case 'v': c = '\v'; break;
			case 'e': c = 033; break;
			case 'x': {
				int v = 0;
				while (i + 2 < len && isxdigit((unsigned char)s[i + 1]))
					v = v * 16 + hexval((unsigned char)s[++i]);
				c = v & 0xff;
				break;
			}
			default:
				if (c >= '0' && c <= '7') {
					int v = c - '0';
					for (int d = 0; d < 2 && s[i + 1] >= '0' && s[i + 1] <= '7'; d++)
						v = v * 8 + s[++i] - '0';
					c = v & 0xff;
				} /* \\ \" \' \? stand for themselves */
			}
		}
		if (*n + 1 >= *cap) {
			*cap = *cap ? *cap * 2 : 256;
			*buf = xrealloc(*buf, *cap);
		}
		(*buf)[(*n)++] = (unsigned char)c;
	}
}

static int intern(unsigned char *raw, size_t n)
{
	for (size_t i = 0; i < nfmt; i++)
		if (fmts[i].rawlen == n && !memcmp(fmts[i].raw, raw, n)) {
			free(raw);
			return (int)i;
		}
	if (n + 1 > EM_MSG_MAX) {
		(void)fprintf(stderr, "msgpack: the format \"%.*s\" is %zu bytes; EM_MSG_MAX (src/util.c) is %d\n",
		        (int)n, raw, n, EM_MSG_MAX);
		exit(1);
	}
	if (nfmt == capfmt) {
		capfmt = capfmt ? capfmt * 2 : 256;
		fmts = xrealloc(fmts, capfmt * sizeof(*fmts));
	}
	fmts[nfmt] = (struct fmtstr){ raw, n, NULL, 0 };
	return (int)nfmt++;
}

static unsigned long line_of(const struct file *f, size_t off)
{
	unsigned long l = 1;
	for (size_t i = 0; i < off; i++)
		l += f->text[i] == '\n';
	return l;
}

/* A run of adjacent string literals from token a to token b: the text it makes, interned and
 * marked to be written packed; or left as it is (-1) when the text has no space. A text without
 * one is a path or a name ("/sys/class/block/%s/dev", "%s/%s"), not a message: such formats are
 * filled in loops, per device and per module, where each expansion costs time for the few bytes
 * it would save. */
static int take_literal(struct file *f, size_t a, size_t b)
{
	unsigned char *raw = NULL;
	size_t n = 0, cap = 0;
	for (size_t k = a; k <= b; k++)
		if (f->toks[k].kind == T_STR)
			decode_lit(f->text + f->toks[k].off, f->toks[k].len, &raw, &n, &cap);
	if (!raw || !memchr(raw, ' ', n)) {
		free(raw);
		return -1;
	}
	for (size_t k = a + 1; k <= b; k++)
		if (f->toks[k].kind == T_STR)
			f->toks[k].drop = 1;
	return intern(raw, n);
}

static int only_strings(const struct file *f, const size_t *ix, size_t a, size_t b)
{
	for (size_t k = a; k <= b; k++)
		if (f->toks[ix[k]].kind != T_STR)
			return 0;
	return a <= b;
}

/* One argument, its tokens (spaces left out) ix[a..b]: a literal ("..." "..."), or a chain of
 * conditionals whose every value is one (c ? "..." : d ? "..." : ""), is packed; anything else is
 * left as it is. Returns whether it was packed. */
static int pack_arg(struct file *f, const size_t *ix, size_t a, size_t b)
{
	size_t groups[32][2], ng = 0;
	for (;;) {
		if (only_strings(f, ix, a, b)) {
			groups[ng][0] = a;
			groups[ng++][1] = b;
			break;
		}
		/* COND ? LITERAL : REST, the '?' and the ':' outside brackets */
		size_t q = a, depth = 0;
		for (; q <= b; q++) {
			if (is(f, ix[q], "(") || is(f, ix[q], "["))
				depth++;
			else if (is(f, ix[q], ")") || is(f, ix[q], "]"))
				depth--;
			else if (!depth && is(f, ix[q], "?"))
				break;
		}
		if (q > b || q == a)
			return 0;
		size_t c = q + 1;
		while (c <= b && f->toks[ix[c]].kind == T_STR)
			c++;
		if (c == q + 1 || c > b || !is(f, ix[c], ":") || ng + 1 == sizeof(groups) / sizeof(groups[0]))
			return 0;
		groups[ng][0] = q + 1;
		groups[ng++][1] = c - 1;
		a = c + 1;
		if (a > b)
			return 0;
		/* the rest is a literal or another COND ? ... whose COND holds no literal */
		if (!only_strings(f, ix, a, b))
			for (size_t k = a; k <= b && !is(f, ix[k], "?"); k++)
				if (f->toks[ix[k]].kind == T_STR)
					return 0;
	}
	for (size_t g = 0; g < ng; g++)
		f->toks[ix[groups[g][0]]].fmt = take_literal(f, ix[groups[g][0]], ix[groups[g][1]]) + 1; /* 0: as it is */
	return 1;
}

/* Packs the format and the literal arguments of every call of a format function in f. */
static void find_formats(struct file *f, int verbose)
{
	struct fmtfn fns[64];
	size_t nfn = 0;
	static size_t *ix;
	static size_t ixcap;
	int sys = 0; /* in a system header (a line marker's flag 3): its functions are libc's */
	for (size_t t = 0; t < f->ntok; t++) {
		if (f->toks[t].kind == T_LINE) {
			const char *q = memchr(f->text + f->toks[t].off, '"', f->toks[t].len);
			const char *e = f->text + f->toks[t].off + f->toks[t].len;
			if (q && (q = memchr(q + 1, '"', (size_t)(e - q - 1))))
				for (sys = 0, q++; q < e; q++)
					sys |= *q == '3' && q[-1] == ' ';
			continue;
		}
		if (f->toks[t].kind != T_IDENT)
			continue;
		/* EM_TEXT("...") (src/util.h): a text that reaches only a %s or write_text */
		if (!sys && is(f, t, "__extension__")) {
			size_t a = next(f, t), b = a;
			if (a >= f->ntok || f->toks[a].kind != T_STR)
				continue;
			for (size_t k = next(f, a); k < f->ntok && f->toks[k].kind == T_STR; k = next(f, k))
				b = k;
			f->toks[a].fmt = take_literal(f, a, b) + 1; /* 0: as it is */
			continue;
		}
		if (!sys && (is(f, t, "__attribute__") || is(f, t, "__attribute"))) {
			struct fmtfn fn;
			if (attr_format(f, t, &fn)) {
				size_t i;
				for (i = 0; i < nfn && strcmp(fns[i].name, fn.name); i++)
					;
				if (i == nfn) {
					if (nfn == sizeof(fns) / sizeof(fns[0]))
						die("reading", f->path, "more than 64 format functions");
					fns[nfn++] = fn;
				}
			}
			continue;
		}
		size_t i;
		for (i = 0; i < nfn && !is(f, t, fns[i].name); i++)
			;
		if (i == nfn)
			continue;
		size_t p = next(f, t);
		if (p >= f->ntok || !is(f, p, "("))
			continue;
		/* the arguments, split at commas outside brackets; each one's tokens without spaces in ix */
		int arg = 1, depth = 0;
		size_t n = 0;
		for (size_t k = p + 1; k < f->ntok; k++) {
			const struct tok *x = &f->toks[k];
			int end = x->kind == T_PUNCT && depth == 0 && (is(f, k, ",") || is(f, k, ")"));
			if (end) {
				if (arg == fns[i].index || (fns[i].first && arg >= fns[i].first)) {
					if (n && !pack_arg(f, ix, 0, n - 1) && arg == fns[i].index && verbose)
						/* the function's own definition (a parameter), or a caller handing its
						 * format on */
						(void)fprintf(stderr, "msgpack: %s:%lu: %s's format is not a literal: kept as it is\n",
						        f->path, line_of(f, f->toks[t].off), fns[i].name);
				}
				if (is(f, k, ")"))
					break;
				arg++;
				n = 0;
				continue;
			}
			if (x->kind == T_PUNCT && (is(f, k, "(") || is(f, k, "[") || is(f, k, "{")))
				depth++;
			else if (x->kind == T_PUNCT && (is(f, k, ")") || is(f, k, "]") || is(f, k, "}")))
				depth--;
			if (x->kind == T_SPACE || x->kind == T_LINE)
				continue;
			if (n == ixcap) {
				ixcap = ixcap ? ixcap * 2 : 256;
				ix = xrealloc(ix, ixcap * sizeof(*ix));
			}
			ix[n++] = k;
		}
	}
}

/* ---- the dictionary ------------------------------------------------------------------------ */

static void build_dict(void)
{
	for (size_t i = 0; i < nfmt; i++) {
		fmts[i].code = xrealloc(NULL, (fmts[i].rawlen + 1) * sizeof(int));
		for (size_t j = 0; j < fmts[i].rawlen; j++) {
			fmts[i].code[j] = fmts[i].raw[j];
			used[fmts[i].raw[j]] = 1;
		}
		fmts[i].codelen = fmts[i].rawlen;
	}
	static unsigned count[256][256];
	for (int code = 1; code < 256; code++) {
		if (used[code] || (code >= EM_DICT_GAP_LO && code <= EM_DICT_GAP_HI))
			continue;
		memset(count, 0, sizeof(count));
		for (size_t i = 0; i < nfmt; i++)
			for (size_t j = 0; j + 1 < fmts[i].codelen; j++) {
				count[fmts[i].code[j]][fmts[i].code[j + 1]]++;
				/* "aaa" holds one "aa" to replace, not two */
				if (j + 2 < fmts[i].codelen && fmts[i].code[j] == fmts[i].code[j + 1] &&
				    fmts[i].code[j + 1] == fmts[i].code[j + 2])
					j++;
			}
		unsigned best = 0;
		int ba = 0, bb = 0;
		for (int a = 1; a < 256; a++)
			for (int b = 1; b < 256; b++)
				if (count[a][b] > best) {
					best = count[a][b];
					ba = a;
					bb = b;
				}
		/* a pair seen n times saves n bytes and costs its two in the dictionary */
		if (best < 3)
			break;
		dict[code][0] = (unsigned char)ba;
		dict[code][1] = (unsigned char)bb;
		used[code] = 1;
		for (size_t i = 0; i < nfmt; i++) {
			size_t o = 0;
			for (size_t j = 0; j < fmts[i].codelen; j++) {
				if (j + 1 < fmts[i].codelen && fmts[i].code[j] == ba && fmts[i].code[j + 1] == bb) {
					fmts[i].code[o++] = code;
					j++;
				} else
					fmts[i].code[o++] = fmts[i].code[j];
			}
			fmts[i].codelen = o;
		}
	}
}

/* The check that the dictionary gives back every format as written. */
static size_t expand(int c, unsigned char *out, size_t n)
{
	if (dict[c][0]) {
		n = expand(dict[c][0], out, n);
		return expand(dict[c][1], out, n);
	}
	out[n] = (unsigned char)c;
	return n + 1;
}

/* How deep a code nests: the stack sb_vprintf's msg_text (src/util.c) needs to expand it. */
static int code_depth(int c)
{
	if (!dict[c][0])
		return 0;
	int a = code_depth(dict[c][0]), b = code_depth(dict[c][1]);
	return 1 + (a > b ? a : b);
}

static void verify(void)
{
	unsigned char buf[EM_MSG_MAX * 2];
	/* msg_text's stack holds 48: a code nested deeper could not be expanded there */
	for (int c = 0; c < 256; c++)
		if (code_depth(c) > 48)
			die("checking", "the dictionary", "a code nests more than 48 pairs deep");
	for (size_t i = 0; i < nfmt; i++) {
		size_t n = 0;
		for (size_t j = 0; j < fmts[i].codelen && n < EM_MSG_MAX; j++)
			n = expand(fmts[i].code[j], buf, n);
		if (n != fmts[i].rawlen || memcmp(buf, fmts[i].raw, n))
			die("checking", "the dictionary", "a format does not expand to itself");
	}
}

/* ---- output -------------------------------------------------------------------------------- */

static void put_lit(FILE *o, const int *code, size_t n)
{
	(void)fputc('"', o);
	for (size_t i = 0; i < n; i++) {
		int c = code[i];
		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '?')
			(void)fputc(c, o);
		else
			(void)fprintf(o, "\\%03o", c); /* three digits: no following digit can join it */
	}
	(void)fputc('"', o);
}

static void write_file(const struct file *f, const char *dir)
{
	const char *base = strrchr(f->path, '/');
	base = base ? base + 1 : f->path;
	char path[4096];
	(void)snprintf(path, sizeof(path), "%s/%s", dir, base);
	FILE *o = fopen(path, "wb");
	if (!o)
		die("writing", path, strerror(errno));
	/* the packed texts are defined in msgdict.c */
	for (size_t t = 0; t < f->ntok; t++)
		if (f->toks[t].fmt)
			(void)fprintf(o, "extern const char em_msg_%d[];\n", f->toks[t].fmt - 1);
	for (size_t t = 0; t < f->ntok; t++) {
		const struct tok *k = &f->toks[t];
		if (k->drop)
			continue;
		if (k->fmt)
			(void)fprintf(o, "em_msg_%d", k->fmt - 1);
		else
			(void)fwrite(f->text + k->off, 1, k->len, o);
	}
	if (ferror(o) | fclose(o))
		die("writing", path, strerror(errno));
}

/* -e FILE: one text a line, errno 0 first. */
static void read_errtexts(const char *path)
{
	size_t len;
	char *t = read_all(path, &len);
	for (size_t i = 0; i < len;) {
		size_t n = strcspn(t + i, "\n");
		if (i + n == len)
			die("reading", path, "the last line has no newline (a text cut short?)");
		unsigned char *raw = xrealloc(NULL, n + 1);
		memcpy(raw, t + i, n);
		errtext = xrealloc(errtext, (nerr + 1) * sizeof(*errtext));
		errtext[nerr++] = intern(raw, n);
		i += n + 1;
	}
	if (!nerr)
		die("reading", path, "no error texts in it");
	free(t);
}

/* em_errtext and em_nerr: the texts one after another in the order of the errnos, each ended by a
 * NUL; an errno whose text is errno 0's ("No error information": the numbers musl has no text for)
 * is an empty one. errstr walks them: no table of offsets (264 B). */
static void write_errtexts(FILE *o)
{
	(void)fprintf(o, "__attribute__((section(\"emmsg\"), aligned(1))) const char em_errtext[] =\n");
	for (size_t e = 0; e < nerr; e++) {
		const struct fmtstr *f = &fmts[errtext[e]];
		(void)fputc('\t', o);
		if (e && errtext[e] == errtext[0])
			(void)fprintf(o, "\"\"");
		else
			put_lit(o, f->code, f->codelen);
		(void)fprintf(o, " \"\\000\"\n");
	}
	(void)fprintf(o, "\t;\nconst unsigned short em_nerr = %zu;\n", nerr);
}

static void write_dict(const char *dir)
{
	char path[4096];
	(void)snprintf(path, sizeof(path), "%s/msgdict.c", dir);
	FILE *o = fopen(path, "wb");
	if (!o)
		die("writing", path, strerror(errno));
	(void)fprintf(o, "/* Made by msgpack (tools/msgpack.c) from the formats of this build: each code byte\n"
	           " * and the two it stands for; bytes 32 to 124 have no row. */\n"
	           "const unsigned char em_msgdict[%d][2] = {\n", EM_DICT_ROWS);
	for (int c = 0; c < 256; c++)
		if (dict[c][0])
			(void)fprintf(o, "\t[%d] = { %d, %d },\n", c < EM_DICT_GAP_LO ? c : c - (EM_DICT_GAP_HI - EM_DICT_GAP_LO + 1),
			              dict[c][0], dict[c][1]);
	(void)fprintf(o, "};\n");
	/* in a section of their own: sb_vprintf expands a text that lies in it and nothing else */
	for (size_t i = 0; i < nfmt; i++) {
		(void)fprintf(o, "__attribute__((section(\"emmsg\"), aligned(1))) const char em_msg_%zu[] = ", i);
		put_lit(o, fmts[i].code, fmts[i].codelen);
		(void)fprintf(o, ";\n");
	}
	if (nerr)
		write_errtexts(o);
	if (ferror(o) | fclose(o))
		die("writing", path, strerror(errno));
}

int main(int argc, char **argv)
{
	int verbose = 0;
	if (argc > 1 && !strcmp(argv[1], "-v")) {
		verbose = 1;
		argv++;
		argc--;
	}
	const char *errtexts = NULL;
	if (argc > 2 && !strcmp(argv[1], "-e")) {
		errtexts = argv[2];
		argv += 2;
		argc -= 2;
	}
	if (argc < 3) {
		(void)fprintf(stderr, "usage: msgpack [-v] [-e ERRTEXTS] OUTDIR FILE.i...\n");
		return 2;
	}
	size_t nf = (size_t)argc - 2;
	struct file *files = xrealloc(NULL, nf * sizeof(*files));
	for (size_t i = 0; i < nf; i++) {
		files[i] = (struct file){ argv[i + 2], NULL, 0, NULL, 0 };
		files[i].text = read_all(files[i].path, &files[i].len);
		tokenize(&files[i]);
		find_formats(&files[i], verbose);
	}
	if (errtexts)
		read_errtexts(errtexts);
	build_dict();
	verify();
	size_t raw = 0, packed = 0;
	int codes = 0;
	for (size_t i = 0; i < nfmt; i++) {
		raw += fmts[i].rawlen + 1;
		packed += fmts[i].codelen + 1;
	}
	for (int c = 0; c < 256; c++)
		codes += dict[c][0] != 0;
	for (size_t i = 0; i < nf; i++)
		write_file(&files[i], argv[1]);
	write_dict(argv[1]);
	int deepest = 0;
	for (int c = 0; c < 256; c++)
		deepest = code_depth(c) > deepest ? code_depth(c) : deepest;
	(void)printf("msgpack: %zu texts, %zu -> %zu B with %d codes, nested at most %d deep\n", nfmt, raw, packed, codes,
	       deepest);
	return 0;
}
