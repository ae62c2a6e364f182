/* SPDX-License-Identifier: MIT */
/* PT_INTERP from ELF headers: 32- and 64-bit, little- and big-endian, static files, malformed
 * ones, and a real dynamically linked program of the host. */
#include "../t.h"
#include "elf.h"

#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>

static unsigned char img[1024];

static void put(unsigned char *p, unsigned size, uint64_t v, int be)
{
	for (unsigned i = 0; i < size; i++)
		p[be ? size - 1 - i : i] = (unsigned char)(v >> (8 * i));
}

/* An ELF image with phnum program headers at 0x40 (64-bit) / 0x34 (32-bit); the last one is
 * PT_INTERP when interp is given, pointing at the path stored at 0x200. */
static void make(int is64, int be, unsigned phnum, const char *interp)
{
	unsigned phoff = is64 ? 64 : 52, phent = is64 ? 56 : 32;
	memset(img, 0, sizeof(img));
	memcpy(img, "\x7f" "ELF", 4);
	img[4] = is64 ? 2 : 1;
	img[5] = be ? 2 : 1;
	img[6] = 1;
	put(img + (is64 ? 32 : 28), is64 ? 8 : 4, phoff, be);
	put(img + (is64 ? 54 : 42), 2, phent, be);
	put(img + (is64 ? 56 : 44), 2, phnum, be);
	for (unsigned i = 0; i < phnum; i++) {
		unsigned char *ph = img + phoff + i * phent;
		put(ph, 4, 1 /* PT_LOAD */, be);
		if (interp && i == phnum - 1) {
			put(ph, 4, 3 /* PT_INTERP */, be);
			put(ph + (is64 ? 8 : 4), is64 ? 8 : 4, 0x200, be);
			put(ph + (is64 ? 32 : 16), is64 ? 8 : 4, strlen(interp) + 1, be);
			memcpy(img + 0x200, interp, strlen(interp) + 1);
		}
	}
}

int main(void)
{
	uint64_t off = 0, len = 0;

	for (int is64 = 0; is64 < 2; is64++) {
		for (int be = 0; be < 2; be++) {
			make(is64, be, 3, "/lib/ld-linux.so.2");
			CHECK_INT(elf_interp(img, sizeof(img), &off, &len), 1);
			CHECK_INT(off, 0x200);
			CHECK_INT(len, strlen("/lib/ld-linux.so.2"));
			/* statically linked: program headers, none PT_INTERP */
			make(is64, be, 3, NULL);
			CHECK_INT(elf_interp(img, sizeof(img), &off, &len), 0);
			/* program headers beyond what was read */
			make(is64, be, 3, "/x");
			CHECK_INT(elf_interp(img, is64 ? 100 : 80, &off, &len), -ERANGE);
		}
	}
	/* Not ELF: a script, short files. */
	CHECK_INT(elf_interp((const unsigned char *)"#!/bin/sh\n", 10, &off, &len), 0);
	CHECK_INT(elf_interp((const unsigned char *)"\x7f" "EL", 3, &off, &len), 0);
	/* Malformed: a bad class, a PT_INTERP without room for a path. */
	make(1, 0, 2, "/x");
	img[4] = 3;
	CHECK_INT(elf_interp(img, sizeof(img), &off, &len), -EINVAL);
	make(1, 0, 2, "/x");
	put(img + 64 + 56 + 32, 8, 1, 0);
	CHECK_INT(elf_interp(img, sizeof(img), &off, &len), -EINVAL);

	/* A real program of the host (Debian's /bin/true is dynamically linked). */
	int fd = open("/bin/true", O_RDONLY);
	if (fd >= 0) {
		static unsigned char buf[4096];
		char path[256] = "";
		ssize_t n = read(fd, buf, sizeof(buf));
		int r = elf_interp(buf, n > 0 ? (size_t)n : 0, &off, &len);
		CHECK_INT(r, 1);
		if (r == 1 && len < sizeof(path) && off + len <= (uint64_t)n)
			memcpy(path, buf + off, len), path[len] = '\0';
		CHECK(strncmp(path, "/lib", 4) == 0 && strstr(path, "ld-linux") != NULL);
		close(fd);
	}
	return t_done();
}
