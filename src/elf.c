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
	/* Per class (32, 64): e_phoff, e_phentsize, e_phnum, the ELF header's size, p_offset,
	 * p_filesz, a program header's size; e_phoff, p_offset and p_filesz are words (4 or 8). */
	static const unsigned char at[2][7] = { { 28, 42, 44, 52, 4, 16, 32 }, { 32, 54, 56, 64, 8, 32, 56 } };
	const unsigned char *o;
	unsigned w;
	int be;
	uint64_t phoff, phentsize, phnum;

	if (n < 16 || get(buf, 4, 0) != 0x464c457f) /* "\177ELF" */
		return 0;
	if ((unsigned)(buf[EI_CLASS] - ELFCLASS32) > 1 || (unsigned)(buf[EI_DATA] - ELFDATA2LSB) > 1)
		return -EINVAL;
	o = at[buf[EI_CLASS] - ELFCLASS32]; /* 0 or 1: checked above */
	/* the class's word (e_phoff, p_offset, p_filesz): 4 or 8 bytes, and p_offset's place too
	 * (after p_type; in Elf64_Phdr after p_flags as well) */
	w = o[4];
	be = buf[EI_DATA] - ELFDATA2LSB; /* 0 or 1: checked above */
	if (n < o[3])
		return -ERANGE;
	phoff = get(buf + o[0], w, be);
	phentsize = get(buf + o[1], 2, be);
	phnum = get(buf + o[2], 2, be);
	if (phnum == 0)
		return 0;
	if (phentsize < o[6])
		return -EINVAL;
	if (phoff > n || phnum * phentsize > n - phoff)
		return -ERANGE;
	for (uint64_t i = 0; i < phnum; i++) {
		const unsigned char *ph = buf + phoff + i * phentsize;
		if (get(ph, 4, be) != PT_INTERP)
			continue;
		*off = get(ph + o[4], w, be);
		*len = get(ph + o[5], w, be);
		/* fs/binfmt_elf.c: p_filesz of PT_INTERP must hold at least the NUL, and the kernel
		 * caps it at PATH_MAX. */
		if (*len < 2 || *len > 4096)
			return -EINVAL;
		(*len)--; /* without the terminating NUL */
		return 1;
	}
	return 0;
}
