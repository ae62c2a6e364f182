# SPDX-License-Identifier: MIT
# Differential test of the probers against libblkid (host build only): blkid_diff links
# src/probe.c and Debian's libblkid-dev; tests/blkid/run.sh makes the images and runs it on each.
# Without libblkid-dev the test still exists and reports SKIPPED (exit 77).
find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_check_modules(EM_BLKID QUIET blkid)
endif()
if(EM_BLKID_FOUND)
  add_executable(blkid_diff ${CMAKE_SOURCE_DIR}/tests/blkid/blkid_diff.c
                            ${CMAKE_SOURCE_DIR}/tests/blkid/blkid_cmp.c
                            ${CMAKE_SOURCE_DIR}/tests/blkid/member_images.c ${CMAKE_SOURCE_DIR}/src/probe.c)
  target_include_directories(blkid_diff PRIVATE ${CMAKE_SOURCE_DIR}/src ${CMAKE_SOURCE_DIR}/tests/blkid
                                                ${EM_BLKID_INCLUDE_DIRS})
  target_compile_options(blkid_diff PRIVATE ${EM_WARN} ${EM_BLKID_CFLAGS_OTHER})
  target_link_libraries(blkid_diff PRIVATE ${EM_BLKID_LDFLAGS})
  add_test(NAME probe_blkid_diff COMMAND ${CMAKE_SOURCE_DIR}/tests/blkid/run.sh $<TARGET_FILE:blkid_diff>)
else()
  message(STATUS "libblkid-dev not found: probe_blkid_diff will be skipped")
  add_test(NAME probe_blkid_diff COMMAND ${CMAKE_SOURCE_DIR}/tests/blkid/run.sh --no-libblkid)
endif()
set_tests_properties(probe_blkid_diff PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 180)

# The members the real tools make on loop devices (mdadm, pvcreate, cryptsetup, mkswap,
# make-bcache), probe_tool against the blkid command: needs root and loop devices (and the md
# driver for mdadm), else SKIPPED (exit 77). Needs no libblkid-dev.
foreach(group md volumes)
  add_test(NAME probe_members_${group}
           COMMAND ${CMAKE_SOURCE_DIR}/tests/blkid/members.sh ${group} $<TARGET_FILE:probe_tool>)
  set_tests_properties(probe_members_${group} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)
endforeach()
# The md group again in QEMU on Debian's kernel, whose md driver is there where the host's is not
# (a container, a kernel without md): skipped without a fetched kernel (scripts/fetch-kernel).
add_test(NAME probe_members_md_qemu
         COMMAND ${CMAKE_SOURCE_DIR}/tests/blkid/members-qemu.sh $<TARGET_FILE:probe_tool> ${CMAKE_BINARY_DIR}/qemu)
set_tests_properties(probe_members_md_qemu PROPERTIES LABELS qemu SKIP_RETURN_CODE 77 TIMEOUT 300 PROCESSORS 1)
