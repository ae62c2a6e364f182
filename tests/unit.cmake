# SPDX-License-Identifier: MIT
# Host unit tests of the pure parsers, the plan golden outputs, and the namespace mount test.
set(EM_UNIT_TESTS cmdline spec resume options modules kernel_rules modparams modprobed util log elf modsched bootmods modalias layers sdunit fstypes fstab blkstack)
foreach(t ${EM_UNIT_TESTS})
  add_executable(test_${t} tests/unit/test_${t}.c)
  target_link_libraries(test_${t} emcore)
  target_compile_options(test_${t} PRIVATE ${EM_WARN})
  add_test(NAME unit_${t} COMMAND test_${t})
endforeach()
# The same tests, and the probers' unit and image tests, built with musl for arm64 and for 32-bit
# armhf and run under QEMU's user mode (tests/unit/cross): skipped, with the reason, without
# musl-dev:ARCH, its cross gcc or qemu-user-static.
foreach(a arm64 armhf)
  add_test(NAME unit_${a} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/unit/cross ${a} ${CMAKE_SOURCE_DIR}
           ${CMAKE_BINARY_DIR}/unit-${a} ${EM_UNIT_TESTS} -- ${EM_CORE_SOURCES})
  set_tests_properties(unit_${a} PROPERTIES LABELS unit-cross SKIP_RETURN_CODE 77 TIMEOUT 300)
  if(EARLYMOUNT_WERROR)
    set_tests_properties(unit_${a} PROPERTIES ENVIRONMENT EM_WERROR=1)
  endif()
endforeach()

# The generator's unit names against dracut-lib.sh's label_uuid_to_dev and systemd-escape -p.
add_test(NAME sdunit_diff COMMAND bash ${CMAKE_SOURCE_DIR}/tests/unit/sdunit_diff.sh $<TARGET_FILE:test_sdunit>)
set_tests_properties(sdunit_diff PROPERTIES SKIP_RETURN_CODE 77)

add_test(NAME plan_golden
  COMMAND ${CMAKE_SOURCE_DIR}/tests/plan/run ${CMAKE_BINARY_DIR}/earlymount ${CMAKE_SOURCE_DIR}/tests/plan)
# earlymount check on the host: usage, messages, --image through a stand-in builder.
add_test(NAME check_host COMMAND ${CMAKE_SOURCE_DIR}/tests/check/run ${CMAKE_BINARY_DIR}/earlymount)
add_executable(nosys tests/ns/nosys.c)
target_compile_options(nosys PRIVATE ${EM_WARN})
add_test(NAME mount_namespace
  COMMAND ${CMAKE_SOURCE_DIR}/tests/ns/run ${CMAKE_BINARY_DIR}/earlymount $<TARGET_FILE:nosys>)
set_tests_properties(mount_namespace PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 120)
# Layered roots on the host's own kernel (the overlay's fd and lowerdir+ forms that Debian's 6.1
# in the QEMU tests lacks), over loop devices: root only, else skipped.
add_test(NAME layers_namespace COMMAND ${CMAKE_SOURCE_DIR}/tests/ns/layers ${CMAKE_BINARY_DIR}/earlymount)
set_tests_properties(layers_namespace PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 120)
# --dracut and the generator: dracut's command-line files in a private mount namespace: root
# only, else skipped.
add_test(NAME dracut_cmdline_namespace COMMAND ${CMAKE_SOURCE_DIR}/tests/ns/dracut_cmdline ${CMAKE_BINARY_DIR}/earlymount)
set_tests_properties(dracut_cmdline_namespace PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 60)
# Option values over fsconfig's 255 bytes (btrfs subvol=, overlay lowerdir=) mounted through
# mount(2), on a btrfs image on a loop device: root only, else skipped.
add_test(NAME longopts_namespace COMMAND ${CMAKE_SOURCE_DIR}/tests/ns/longopts ${CMAKE_BINARY_DIR}/earlymount)
set_tests_properties(longopts_namespace PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 120)
# earlymount check against ext4 and xfs images on loop devices: root only, else skipped.
add_test(NAME check_devices COMMAND ${CMAKE_SOURCE_DIR}/tests/ns/check ${CMAKE_BINARY_DIR}/earlymount)
set_tests_properties(check_devices PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 120)
# earlymount check with earlymount.rootimage=: the image's filesystem module from the mounted
# root device (tests/ns/check_rootimage): root only, else skipped.
add_test(NAME check_rootimage COMMAND ${CMAKE_SOURCE_DIR}/tests/ns/check_rootimage ${CMAKE_BINARY_DIR}/earlymount)
set_tests_properties(check_rootimage PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 60)
# earlymount check on roots no earlymount image brings up, made with losetup, dmsetup and mdadm:
# root only, each skipped where the kernel lacks its driver.
foreach(p loop dm md)
  add_test(NAME check_stack_${p} COMMAND ${CMAKE_SOURCE_DIR}/tests/check/stack ${CMAKE_BINARY_DIR}/earlymount ${p})
  set_tests_properties(check_stack_${p} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 120)
endforeach()
# dm and md again in QEMU on Debian's kernel, which has both drivers where the host's may not (a
# container, CI): skipped only without QEMU or a fetched kernel (scripts/fetch-kernel).
add_test(NAME check_stack_qemu
         COMMAND ${CMAKE_SOURCE_DIR}/tests/check/stack-qemu.sh ${CMAKE_BINARY_DIR}/earlymount ${CMAKE_BINARY_DIR}/qemu)
set_tests_properties(check_stack_qemu PROPERTIES LABELS qemu SKIP_RETURN_CODE 77 TIMEOUT 300 PROCESSORS 1)
# earlymount check registers no btrfs member with the kernel: root and btrfs only, else skipped.
# Alone (RUN_SERIAL): a boot's device search in another host test (earlymount mount in a
# namespace) probes every block device and registers the btrfs members it sees, this test's too.
add_test(NAME check_btrfs_noscan COMMAND ${CMAKE_SOURCE_DIR}/tests/check/btrfs ${CMAKE_BINARY_DIR}/earlymount)
set_tests_properties(check_btrfs_noscan PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 120 RUN_SERIAL TRUE)

# The alias matcher against kmod's own answers on real modaliases (tests/modalias/README.md);
# skipped without a fetched kernel. modalias_match also times the matcher (--time N).
add_executable(modalias_match tests/modalias/match.c)
target_link_libraries(modalias_match emcore)
target_compile_options(modalias_match PRIVATE ${EM_WARN})
add_test(NAME modalias_kmod_diff
  COMMAND ${CMAKE_SOURCE_DIR}/tests/modalias/kmod_diff $<TARGET_FILE:modalias_match> ${CMAKE_BINARY_DIR})
set_tests_properties(modalias_kmod_diff PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)

# The file graph of src/ (calls by nm of the host build's objects, and includes) has no cycle but
# the known ones of tests/static/graph.known; the drawing goes to build/src-graph.dot.
add_test(NAME src_graph COMMAND bash ${CMAKE_SOURCE_DIR}/tests/static/graph ${CMAKE_BINARY_DIR})
set_tests_properties(src_graph PROPERTIES LABELS static)
