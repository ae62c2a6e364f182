# SPDX-License-Identifier: MIT
# QEMU boot tests (label "qemu"): one CTest test per tests/qemu/scenarios/NAME.sh, named qemu_NAME,
# run by tests/qemu/run with the /init binary built here (earlymount-init). A fixture test (qemu_setup) fetches the kernel
# once (scripts/fetch-kernel) and checks the tools, so the scenarios, which may run in parallel
# (ctest -j2: each boot uses one core), don't each fetch. Only the qemu tests:  ctest -L qemu
# (every set: both kernels, both architectures; the 6.12 sets are at the end of this file)
set(EM_QEMU_RUN ${CMAKE_SOURCE_DIR}/tests/qemu/run)
set(EM_QEMU_ARGS --binary ${CMAKE_BINARY_DIR}/earlymount-init --work ${CMAKE_BINARY_DIR}/qemu
                 --src ${CMAKE_SOURCE_DIR})

# em_qemu_set(PREFIX LABELS COMMAND cmd... SCENARIOS name...): one set of boots: PREFIX_setup, the
# fixture PREFIX_kernel (it finds the kernel once; the first fetch may download it, hence its
# timeout), and PREFIX_NAME for each scenario, each booting on one core. A test that cannot run
# here exits 77: skipped, with the reason.
function(em_qemu_set prefix labels)
  cmake_parse_arguments(PARSE_ARGV 2 set "" "" "COMMAND;SCENARIOS")
  add_test(NAME ${prefix}_setup COMMAND ${set_COMMAND} setup)
  set_tests_properties(${prefix}_setup PROPERTIES
    LABELS "${labels}" TIMEOUT 900 SKIP_RETURN_CODE 77 FIXTURES_SETUP ${prefix}_kernel)
  foreach(name ${set_SCENARIOS})
    add_test(NAME ${prefix}_${name} COMMAND ${set_COMMAND} ${name})
    set_tests_properties(${prefix}_${name} PROPERTIES
      LABELS "${labels}" TIMEOUT 300 SKIP_RETURN_CODE 77 PROCESSORS 1 FIXTURES_REQUIRED ${prefix}_kernel)
  endforeach()
endfunction()

file(GLOB EM_QEMU_SCENARIOS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/qemu/scenarios/*.sh)
list(SORT EM_QEMU_SCENARIOS)
set(EM_QEMU_NAMES)
foreach(scenario ${EM_QEMU_SCENARIOS})
  get_filename_component(name ${scenario} NAME_WE)
  list(APPEND EM_QEMU_NAMES ${name})
endforeach()
em_qemu_set(qemu qemu COMMAND ${EM_QEMU_RUN} ${EM_QEMU_ARGS} SCENARIOS ${EM_QEMU_NAMES})

# ---- the arm64 sets (labels "qemu-arm64", "qemu-6.12-arm64") ----------------------------------------
# The same scenario files booted on qemu-system-aarch64 -M virt -cpu cortex-a57 with Debian's arm64
# kernel (tests/qemu/run --arch arm64; lib.sh says what differs): every scenario whose "# arch:"
# line names arm64 before any "--" ("# arch: amd64 -- REASON" is one that cannot boot there, with
# the reason, which tests/qemu/run reports as the skip's; qemu_arch_lines fails on a scenario
# without a line). On 6.12 all of them (qemu612_arm64_NAME, below): the issue allows no subset
# there. On 6.1 (qemu_arm64_NAME) the subset whose path or expectation the kernel's version can
# change, for CI time (DEVELOPERS.md, "arm64"), chosen by this rule:
#   - the failure paths: fail_* and fault_* (the kernel's errors reach earlymount's messages, and
#     an arm64-only crash hid on an error path once: issue 26);
#   - the layered roots: layer_* (overlayfs takes lowerdir+ from 6.8 on and the joined lowerdir
#     before, virtiofs lists its tags from 6.9 on);
#   - the scenarios whose expectations are read from the kernel under test: their text calls
#     em_kernel_since, em_kconfig, em_kmod_*/em_kmods_*, assert_/refute_modules_loaded or em_gen_*
#     (which drivers are modules and which built in), names one of expect.sh's version-decided
#     messages (EM_QEMU_VERSION_EXPECT below), or has a "# kernel:" line.
# Its own fixture (qemu_arm64_setup) finds the arm64 kernel and busybox in the caches, offline as
# qemu_setup: without them every test says how to fetch them (scripts/test does:
# scripts/fetch-kernel --arch arm64, scripts/fetch-busybox --arch arm64).
# (expect.sh's messages that em_kernel_since chooses: a scenario naming one joins the 6.1 set)
set(EM_QEMU_VERSION_EXPECT "EXPECT_EXT4_NO_JOURNAL|EXPECT_VIRTIOFS_TAGS_OFFERED|EXPECT_OVERLAY_LOWER_FORM")
set(EM_QEMU_KERNEL_READERS "em_kernel_since|em_kconfig|em_kmods?_|(assert|refute)_modules_loaded|em_gen_|^# kernel:")
set(EM_QEMU_ARM64_SCENARIOS)
set(EM_QEMU_ARM64_61_SCENARIOS)
foreach(scenario ${EM_QEMU_SCENARIOS})
  file(STRINGS ${scenario} arch_line REGEX "^# arch:" LIMIT_COUNT 1)
  string(REGEX REPLACE "--.*" "" arch_line "${arch_line}")
  if(arch_line MATCHES "[ \t]arm64([ \t]|$)")
    get_filename_component(name ${scenario} NAME_WE)
    list(APPEND EM_QEMU_ARM64_SCENARIOS ${name})
    file(STRINGS ${scenario} kernel_lines REGEX "${EM_QEMU_KERNEL_READERS}|${EM_QEMU_VERSION_EXPECT}")
    if(name MATCHES "^(fail|fault|layer)_" OR kernel_lines)
      list(APPEND EM_QEMU_ARM64_61_SCENARIOS ${name})
    endif()
  endif()
endforeach()
list(LENGTH EM_QEMU_ARM64_SCENARIOS n612)
list(LENGTH EM_QEMU_ARM64_61_SCENARIOS n61)
message(STATUS "QEMU arm64 sets: ${n612} scenarios on 6.12, ${n61} on 6.1")
add_test(NAME qemu_arch_lines COMMAND ${EM_QEMU_RUN} --src ${CMAKE_SOURCE_DIR} arch-lines)
set_tests_properties(qemu_arch_lines PROPERTIES LABELS "qemu;qemu-arm64" TIMEOUT 60)
find_program(EM_AARCH64_MUSL_GCC aarch64-linux-musl-gcc)
if(EM_AARCH64_MUSL_GCC)
  # The arm64 binaries, cross-built into build/arm64 by a nested build with the toolchain file, as
  # part of this one (cmake --build), so the tests boot what the sources are now. The
  # environment's CFLAGS/LDFLAGS stay out: they are the host's (-fcf-protection is x86's only).
  set(EM_ARM64_BUILD ${CMAKE_BINARY_DIR}/arm64)
  add_custom_target(earlymount-arm64 ALL
    COMMAND ${CMAKE_COMMAND} -S ${CMAKE_SOURCE_DIR} -B ${EM_ARM64_BUILD}
            -DCMAKE_TOOLCHAIN_FILE=${CMAKE_SOURCE_DIR}/cmake/aarch64-linux-musl.cmake
            -DEARLYMOUNT_WERROR=${EARLYMOUNT_WERROR} -DCMAKE_C_FLAGS= -DEARLYMOUNT_CPPFLAGS=
            -DCMAKE_EXE_LINKER_FLAGS= -DCMAKE_INSTALL_PREFIX=${CMAKE_INSTALL_PREFIX}
    COMMAND ${CMAKE_COMMAND} --build ${EM_ARM64_BUILD}
    COMMENT "Cross-building the arm64 binaries for the qemu-arm64 tests (${EM_ARM64_BUILD})"
    VERBATIM)
  set(EM_QEMU_ARM64 ${EM_QEMU_RUN} --arch arm64 --binary ${EM_ARM64_BUILD}/earlymount-init
                    --work ${CMAKE_BINARY_DIR}/qemu-arm64 --src ${CMAKE_SOURCE_DIR})
else()
  # Every arm64 test says why it cannot run (exit 77: skipped).
  set(EM_QEMU_ARM64 sh -c "echo 'SKIPPED: aarch64-linux-musl-gcc was not found when this build was configured: install musl-dev:arm64 (scripts/deps), then configure again'; exit 77" --)
endif()
em_qemu_set(qemu_arm64 qemu-arm64 COMMAND ${EM_QEMU_ARM64} SCENARIOS ${EM_QEMU_ARM64_61_SCENARIOS})

# The 6.12 sets only with EARLYMOUNT_KERNEL_612 (scripts/test, so CI, sets it; off by default so a
# packager's or a quick build need not fetch a second kernel; DEVELOPERS.md, "Two kernels").
option(EARLYMOUNT_KERNEL_612 "Register the QEMU scenarios a second time on Debian 13's 6.12 kernel" OFF)
if(EARLYMOUNT_KERNEL_612)
# ---- Linux 6.12: the same sets on Debian 13's kernel (label "qemu-6.12") ------------------------
# Every scenario again, booting Debian 13's (trixie) 6.12 kernel instead of Debian 12's 6.1
# (tests/qemu/run --kernel 6.12, work dir build/qemu612): qemu612_NAME, with its own fixture
# (qemu612_setup: scripts/fetch-kernel --kernel 6.12, offline as qemu_setup); and the arm64 set
# likewise, qemu612_arm64_NAME (labels qemu-6.12 and qemu-6.12-arm64, fixture
# qemu612_arm64_setup). The same scenario files: what a scenario expects of the kernel is read from
# the kernel under test (lib.sh); one that cannot run on a kernel says so in its "# kernel:" line,
# and tests/qemu/run reports it as skipped with the reason. ctest -L qemu-6.12 runs the 6.12 sets;
# ctest -L qemu -LE 6.12 the 6.1 ones.
set(EM_QEMU612_ARGS --kernel 6.12 --binary ${CMAKE_BINARY_DIR}/earlymount-init
                    --work ${CMAKE_BINARY_DIR}/qemu612 --src ${CMAKE_SOURCE_DIR})
# (harness_*: tests of tests/qemu itself, which no kernel changes; they run in the 6.1 set)
set(EM_QEMU612_NAMES ${EM_QEMU_NAMES})
list(FILTER EM_QEMU612_NAMES EXCLUDE REGEX "^harness_")
em_qemu_set(qemu612 qemu-6.12 COMMAND ${EM_QEMU_RUN} ${EM_QEMU612_ARGS} SCENARIOS ${EM_QEMU612_NAMES})

if(EM_AARCH64_MUSL_GCC)
  set(EM_QEMU612_ARM64 ${EM_QEMU_RUN} --arch arm64 --kernel 6.12 --binary ${EM_ARM64_BUILD}/earlymount-init
                       --work ${CMAKE_BINARY_DIR}/qemu612-arm64 --src ${CMAKE_SOURCE_DIR})
else()
  set(EM_QEMU612_ARM64 ${EM_QEMU_ARM64})
endif()
em_qemu_set(qemu612_arm64 "qemu-6.12;qemu-6.12-arm64" COMMAND ${EM_QEMU612_ARM64}
            SCENARIOS ${EM_QEMU_ARM64_SCENARIOS})
endif()

# ---- Debian's newest kernel: trixie-backports (label "qemu-next") --------------------------------
# Linux moves on after 6.12, and earlymount's users with it (Debian 13's backports carried 7.3 in
# December 2026, without reiserfs, with ext4 calling the CRC library itself, and with overlayfs
# taking its layers by file descriptor, which src/layers.c uses from 6.13 on). Only with
# EARLYMOUNT_KERNEL_NEXT (scripts/test sets it): qemunext_NAME boots Debian 13's backports kernel,
# whatever series it carries (tests/qemu/run --kernel next, scripts/fetch-kernel --kernel next),
# on amd64 and arm64, for the scenarios a kernel's version or build decides, for CI time:
#   - the layered roots: layer_* (overlayfs's form of the layers by version, virtiofs's tags);
#   - fail_error_paths (the kernel's own messages in earlymount's);
#   - the scenarios that read the kernel's version or build: em_kernel_since, em_kconfig, or one of
#     expect.sh's version-decided messages (EM_QEMU_VERSION_EXPECT); but not resume_* (2 of the
#     set's 4 minutes of CPU: hibernation is the kernel's own work, which earlymount only starts;
#     both passed on 7.3 when this set was made: tests/qemu/run --kernel next resume_hibernate).
option(EARLYMOUNT_KERNEL_NEXT "Register the version-sensitive QEMU scenarios on Debian 13's backports kernel" OFF)
if(EARLYMOUNT_KERNEL_NEXT)
set(EM_QEMU_NEXT_SCENARIOS)
foreach(scenario ${EM_QEMU_SCENARIOS})
  get_filename_component(name ${scenario} NAME_WE)
  file(STRINGS ${scenario} version_lines REGEX "em_kernel_since|em_kconfig|${EM_QEMU_VERSION_EXPECT}")
  if(name MATCHES "^resume_")
    continue()
  endif()
  if(name MATCHES "^layer_" OR name STREQUAL "fail_error_paths" OR version_lines)
    list(APPEND EM_QEMU_NEXT_SCENARIOS ${name})
  endif()
endforeach()
list(LENGTH EM_QEMU_NEXT_SCENARIOS nnext)
message(STATUS "QEMU next set: ${nnext} scenarios on Debian 13's backports kernel")
set(EM_QEMUNEXT_ARGS --kernel next --binary ${CMAKE_BINARY_DIR}/earlymount-init
                     --work ${CMAKE_BINARY_DIR}/qemunext --src ${CMAKE_SOURCE_DIR})
em_qemu_set(qemunext qemu-next COMMAND ${EM_QEMU_RUN} ${EM_QEMUNEXT_ARGS} SCENARIOS ${EM_QEMU_NEXT_SCENARIOS})
# The same set on arm64 (qemunext_arm64_NAME, labels qemu-next and qemu-next-arm64), for the
# scenarios that boot there: the error paths on every architecture and kernel.
if(EM_AARCH64_MUSL_GCC)
  set(EM_QEMUNEXT_ARM64 ${EM_QEMU_RUN} --arch arm64 --kernel next --binary ${EM_ARM64_BUILD}/earlymount-init
                        --work ${CMAKE_BINARY_DIR}/qemunext-arm64 --src ${CMAKE_SOURCE_DIR})
else()
  set(EM_QEMUNEXT_ARM64 ${EM_QEMU_ARM64})
endif()
set(EM_QEMUNEXT_ARM64_NAMES)
foreach(name ${EM_QEMU_NEXT_SCENARIOS})
  if(name IN_LIST EM_QEMU_ARM64_SCENARIOS)
    list(APPEND EM_QEMUNEXT_ARM64_NAMES ${name})
  endif()
endforeach()
em_qemu_set(qemunext_arm64 "qemu-next;qemu-next-arm64" COMMAND ${EM_QEMUNEXT_ARM64}
            SCENARIOS ${EM_QEMUNEXT_ARM64_NAMES})
endif()

# The README's table of tested versions against the kernels, QEMU, virtiofsd, dracut and systemd
# these tests use, measured (scripts/tested-versions: the kernel images' banners, each tool's
# --version, the Debian 13 root's run chrooted); skipped where one is not fetched, or not root.
add_test(NAME readme_versions COMMAND ${CMAKE_SOURCE_DIR}/scripts/tested-versions --check)
set_tests_properties(readme_versions PROPERTIES LABELS versions SKIP_RETURN_CODE 77 TIMEOUT 120)
