/* SPDX-License-Identifier: MIT */
/* An ELF program's interpreter (PT_INTERP), read from its first bytes: switchroot.c checks that the
 * loader is there in the new root before it hands over to init, since the kernel's exec of an init
 * without its loader fails (fs/binfmt_elf.c load_elf_binary). Pure: no syscalls. */
#include "elf.h"

#include <errno.h>

/* From the ELF specification (include/uapi/linux/elf.h). */
enum { EI_CLASS = 4, EI_DATA = 5, ELFCLASS32 = 1, ELFCLASS64 = 2, ELFDATA2LSB = 1, ELFDATA2MSB = 2 };
enum { PT_INTERP = 3 };

static uint64_t get(const unsigned char *p, unsigned size, int be)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < size; i++)
		v |= (uint64_t)p[be ? size - 1 - i : i] << (8 * i);
	return v;
}

/* Where the fields read here lie in each class's headers (include/uapi/linux/elf.h: Elf32_Ehdr and
 * Elf32_Phdr, Elf64_Ehdr and Elf64_Phdr). */
static const struct elf_layout {
	unsigned char e_phoff, e_phentsize, e_phnum, ehdr_size; /* in the ELF header; its size */
	unsigned char word;                          /* e_phoff, p_offset and p_filesz: 4 or 8 bytes */
	unsigned char p_offset, p_filesz, phdr_size; /* in a program header; its size */
} layouts[] = {
	/* ELFCLASS32 */
	{ .e_phoff = 28, .e_phentsize = 42, .e_phnum = 44, .ehdr_size = 52, .word = 4, .p_offset = 4, .p_filesz = 16,
	  .phdr_size = 32 },
	/* ELFCLASS64: p_offset after p_type and p_flags */
	{ .e_phoff = 32, .e_phentsize = 54, .e_phnum = 56, .ehdr_size = 64, .word = 8, .p_offset = 8, .p_filesz = 32,
	  .phdr_size = 56 },
};

int elf_interp(const unsigned char *buf, size_t n, uint64_t *off, uint64_t *len)
{
	const struct elf_layout *l;
	int be;
	uint64_t phoff, phentsize, phnum;

	if (n < 16 || get(buf, 4, 0) != 0x464c457f) /* "\177ELF" */
		return 0;
	if ((unsigned)(buf[EI_CLASS] - ELFCLASS32) > 1 || (unsigned)(buf[EI_DATA] - ELFDATA2LSB) > 1)
		return -EINVAL;
	l = &layouts[buf[EI_CLASS] - ELFCLASS32]; /* 0 or 1: checked above */
	be = buf[EI_DATA] - ELFDATA2LSB; /* 0 or 1: checked above */
	if (n < l->ehdr_size)
		return -ERANGE;
	phoff = get(buf + l->e_phoff, l->word, be);
	phentsize = get(buf + l->e_phentsize, 2, be);
	phnum = get(buf + l->e_phnum, 2, be);
	if (phnum == 0)
		return 0;
	if (phentsize < l->phdr_size)
		return -EINVAL;
	if (phoff > n || phnum * phentsize > n - phoff)
		return -ERANGE;
	for (uint64_t i = 0; i < phnum; i++) {
		const unsigned char *ph = buf + phoff + i * phentsize;
		if (get(ph, 4, be) != PT_INTERP)
			continue;
		*off = get(ph + l->p_offset, l->word, be);
		*len = get(ph + l->p_filesz, l->word, be);
		/* fs/binfmt_elf.c: p_filesz of PT_INTERP must hold at least the NUL, and the kernel
		 * caps it at PATH_MAX. */
		if (*len < 2 || *len > 4096)
			return -EINVAL;
		(*len)--; /* without the terminating NUL */
		return 1;
	}
	return 0;
}
