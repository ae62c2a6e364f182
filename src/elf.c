/* SPDX-License-Identifier: MIT */
#include "elf.h"

#include <errno.h>

/* Field offsets and sizes from the ELF specification (include/uapi/linux/elf.h: Elf32_Ehdr,
 * Elf64_Ehdr, Elf32_Phdr, Elf64_Phdr). */
enum { EI_CLASS = 4, EI_DATA = 5, ELFCLASS32 = 1, ELFCLASS64 = 2, ELFDATA2LSB = 1, ELFDATA2MSB = 2 };
enum { PT_INTERP = 3 };

static uint64_t get(const unsigned char *p, unsigned size, int be)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < size; i++)
		v |= (uint64_t)p[be ? size - 1 - i : i] << (8 * i);
	return v;
}

int elf_interp(const unsigned char *buf, size_t n, uint64_t *off, uint64_t *len)
{
	int be, is64;
	uint64_t phoff, phentsize, phnum;

	if (n < 16 || buf[0] != 0x7f || buf[1] != 'E' || buf[2] != 'L' || buf[3] != 'F')
		return 0;
	if ((buf[EI_CLASS] != ELFCLASS32 && buf[EI_CLASS] != ELFCLASS64) ||
	    (buf[EI_DATA] != ELFDATA2LSB && buf[EI_DATA] != ELFDATA2MSB))
		return -EINVAL;
	is64 = buf[EI_CLASS] == ELFCLASS64;
	be = buf[EI_DATA] == ELFDATA2MSB;
	if (n < (is64 ? 64u : 52u))
		return -ERANGE;
	phoff = get(buf + (is64 ? 32 : 28), is64 ? 8 : 4, be);
	phentsize = get(buf + (is64 ? 54 : 42), 2, be);
	phnum = get(buf + (is64 ? 56 : 44), 2, be);
	if (phnum == 0)
		return 0;
	if (phentsize < (is64 ? 56u : 32u))
		return -EINVAL;
	if (phoff > n || phnum * phentsize > n - phoff)
		return -ERANGE;
	for (uint64_t i = 0; i < phnum; i++) {
		const unsigned char *ph = buf + phoff + i * phentsize;
		if (get(ph, 4, be) != PT_INTERP)
			continue;
		*off = get(ph + (is64 ? 8 : 4), is64 ? 8 : 4, be);
		*len = get(ph + (is64 ? 32 : 16), is64 ? 8 : 4, be);
		/* fs/binfmt_elf.c: p_filesz of PT_INTERP must hold at least the NUL, and the kernel
		 * caps it at PATH_MAX. */
		if (*len < 2 || *len > 4096)
			return -EINVAL;
		(*len)--; /* without the terminating NUL */
		return 1;
	}
	return 0;
}
