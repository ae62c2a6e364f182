#!/bin/bash
# SPDX-License-Identifier: MIT
# Builds tests/size/test_libc_shims.c with src/libc_shims.c renamed (shim_*) against musl, where
# the shims replace musl's functions, and runs it: each shim gives musl's results.
#   tests/size/libc_shims.sh MUSL_GCC SOURCE_DIR
# EM_WERROR=1: warnings are errors (CTest sets it from -DEARLYMOUNT_WERROR, the project's CI).
# EM_EMULATOR: runs the test binary when MUSL_GCC is another architecture's (tests/unit/arm64:
# aarch64-linux-musl-gcc and qemu-aarch64-static, where the shims' arm64 paths run: fork as clone,
# the kernel's struct stat as musl's).
set -euo pipefail
cc=${1:?musl-gcc} src=${2:?source dir}
werror=()
[ "${EM_WERROR:-0}" != 1 ] || werror=(-Werror)
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
ren=()
for f in strchr memchr strspn strcspn stpcpy strcpy strncmp fork fstatat fcntl open openat socket nanosleep mmap readlink readlinkat sleep usleep fchmodat \
	strlen strnlen strcmp memcmp strrchr memrchr memset memcpy memmove \
	read write pread lseek access mkdirat mkdir unlinkat symlinkat fchownat chdir chroot mount umount2 uname bind \
	setsockopt setsid getpid execve sync close ioctl recvfrom recv waitpid wait stat lstat fstat \
	statfs fstatfs dup2 poll sched_getaffinity syscall reboot; do ren+=("-D$f=shim_$f"); done
# -fno-builtin: GCC would otherwise fold the renamed calls back into its built-in string functions.
"$cc" -static -Os -std=gnu11 -Wall -Wextra "${werror[@]}" -fno-builtin "${ren[@]}" -c "$src/src/libc_shims.c" -o "$W/shims.o"
"$cc" -static "${ren[@]}" -c "$src/src/syscall.S" -o "$W/syscall.o"
"$cc" -static -std=gnu11 -Wall -Wextra "${werror[@]}" "$src/tests/size/test_libc_shims.c" "$W/shims.o" "$W/syscall.o" -o "$W/t"
${EM_EMULATOR:+"$EM_EMULATOR"} "$W/t"
