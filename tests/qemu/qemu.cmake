# SPDX-License-Identifier: MIT
# QEMU boot tests (label "qemu"): one CTest test per tests/qemu/scenarios/NAME.sh, named qemu_NAME,
# run by tests/qemu/run with the /init binary built here (earlymount-init). A fixture test (qemu_setup) fetches the kernel
# once (scripts/fetch-kernel) and checks the tools, so the scenarios, which may run in parallel
# (ctest -j2: each boot uses one core), don't each fetch. Only the qemu tests:  ctest -L qemu
set(EM_QEMU_RUN ${CMAKE_SOURCE_DIR}/tests/qemu/run)
set(EM_QEMU_ARGS --binary ${CMAKE_BINARY_DIR}/earlymount-init --work ${CMAKE_BINARY_DIR}/qemu
                 --src ${CMAKE_SOURCE_DIR})

add_test(NAME qemu_setup COMMAND ${EM_QEMU_RUN} ${EM_QEMU_ARGS} setup)
# The first fetch downloads the kernel package.
set_tests_properties(qemu_setup PROPERTIES LABELS qemu TIMEOUT 900 FIXTURES_SETUP qemu_kernel)

file(GLOB EM_QEMU_SCENARIOS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/qemu/scenarios/*.sh)
list(SORT EM_QEMU_SCENARIOS)
foreach(scenario ${EM_QEMU_SCENARIOS})
  get_filename_component(name ${scenario} NAME_WE)
  add_test(NAME qemu_${name} COMMAND ${EM_QEMU_RUN} ${EM_QEMU_ARGS} ${name})
  set_tests_properties(qemu_${name} PROPERTIES
    LABELS qemu TIMEOUT 300 SKIP_RETURN_CODE 77 PROCESSORS 1 FIXTURES_REQUIRED qemu_kernel)
endforeach()
