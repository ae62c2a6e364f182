# SPDX-License-Identifier: MIT
# Cross build for arm64 from Debian's packages alone (scripts/deps: gcc-aarch64-linux-gnu and
# musl-dev:arm64):
#   cmake -S . -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-musl.cmake
#   cmake --build build-arm64      -> build-arm64/earlymount, build-arm64/earlymount-init
# musl-dev:arm64 ships aarch64-linux-musl-gcc, a wrapper that runs aarch64-linux-gnu-gcc with the
# specs of /usr/lib/aarch64-linux-musl (musl's arm64 headers, crt files and libc.a): for the
# static binaries it is what musl-gcc is for the host's. A cross build makes the binaries only;
# their tests run from the host build (CMakeLists.txt; README, "Other architectures").
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

# project()'s C compiler is the same wrapper: CMake's compiler check links a program, and the GNU
# cross compiler alone has no C library to link (libc6-dev-arm64-cross is not needed, and not
# installed). CMake would look for binutils with the wrapper's prefix (aarch64-linux-musl-), which
# no package has, and fall back to the host's strip, which does not know arm64's ELF machine:
# the GNU cross binutils' strip is named here.
find_program(EM_AARCH64_MUSL_GCC aarch64-linux-musl-gcc)
find_program(EM_AARCH64_STRIP aarch64-linux-gnu-strip)
if(NOT EM_AARCH64_MUSL_GCC OR NOT EM_AARCH64_STRIP)
  message(FATAL_ERROR "aarch64-linux-musl-gcc or aarch64-linux-gnu-strip not found: install them with "
                      "scripts/deps (dpkg --add-architecture arm64; apt-get install musl-dev:arm64)")
endif()
set(CMAKE_C_COMPILER ${EM_AARCH64_MUSL_GCC})
# CMakeLists.txt's find_program(MUSL_GCC musl-gcc) keeps a value already set: the static binaries
# are built with the arm64 wrapper, never the host's musl-gcc.
set(MUSL_GCC ${EM_AARCH64_MUSL_GCC} CACHE FILEPATH "musl-gcc of the target (cmake/aarch64-linux-musl.cmake)")
set(CMAKE_STRIP ${EM_AARCH64_STRIP} CACHE FILEPATH "strip of the target (cmake/aarch64-linux-musl.cmake)")
# Programs (readelf, bash, ...) are the host's; no library or header is looked up for the target.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
