# SPDX-License-Identifier: MIT
# Superblock and partition-table probing on the host: probe_tool against real images made by the
# mkfs tools and compared with blkid/partx, and unit tests on hand-built and corpus buffers.
add_executable(probe_tool ${CMAKE_SOURCE_DIR}/tests/probe_tool.c ${CMAKE_SOURCE_DIR}/src/probe.c
               ${CMAKE_SOURCE_DIR}/src/blkread.c)
target_include_directories(probe_tool PRIVATE ${CMAKE_SOURCE_DIR}/src)
target_compile_options(probe_tool PRIVATE ${EM_WARN})
add_test(NAME probe_images COMMAND ${CMAKE_SOURCE_DIR}/tests/test_probe.sh $<TARGET_FILE:probe_tool>)
set_tests_properties(probe_images PROPERTIES TIMEOUT 300)

add_executable(test_probe_unit ${CMAKE_SOURCE_DIR}/tests/test_probe_unit.c ${CMAKE_SOURCE_DIR}/src/probe.c
               ${CMAKE_SOURCE_DIR}/tests/blkid/member_images.c)
target_include_directories(test_probe_unit PRIVATE ${CMAKE_SOURCE_DIR}/src ${CMAKE_SOURCE_DIR}/tests
                                                   ${CMAKE_SOURCE_DIR}/tests/blkid)
target_compile_options(test_probe_unit PRIVATE ${EM_WARN})
add_test(NAME probe_unit COMMAND test_probe_unit ${CMAKE_SOURCE_DIR}/tests/fuzz/corpus)
