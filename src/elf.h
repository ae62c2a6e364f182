/* SPDX-License-Identifier: MIT */
/* Where an ELF executable names its program interpreter (PT_INTERP), read from the file's first
 * bytes. Pure: no syscalls. */
#ifndef EM_ELF_H
#define EM_ELF_H
#include <stddef.h>
#include <stdint.h>

/* buf holds the first n bytes of a file. Returns 1 with *off and *len (the interpreter's path,
 * its terminating NUL not counted) when the file is ELF and has a PT_INTERP program header; 0
 * when it is not ELF or is ELF without one (statically linked); -ERANGE when the program headers
 * lie beyond n; -EINVAL when the ELF header or the PT_INTERP entry is malformed (the kernel's
 * load_elf_binary refuses such a file with ENOEXEC/EINVAL). 32- and 64-bit, either byte order. */
int elf_interp(const unsigned char *buf, size_t n, uint64_t *off, uint64_t *len);

#endif
