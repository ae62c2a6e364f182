# SPDX-License-Identifier: MIT
# Checks that the built binary is static (no dynamic section), carries a build ID, and prints its size.
execute_process(COMMAND readelf -d ${BIN} OUTPUT_VARIABLE dyn ERROR_VARIABLE dynerr)
if(dyn MATCHES "Dynamic section")
  message(FATAL_ERROR "${BIN} has a dynamic section; it must be static")
endif()
# -Wl,--build-id (CMakeLists.txt): a package's dh_strip files the debug information under
# /usr/lib/debug/.build-id/ by this note; without it the -dbgsym package would be empty. Checked
# here because musl-gcc links through its own specs file, which must not lose the option.
execute_process(COMMAND readelf -n ${BIN} OUTPUT_VARIABLE notes ERROR_VARIABLE noteserr)
if(NOT notes MATCHES "NT_GNU_BUILD_ID")
  message(FATAL_ERROR "${BIN} has no .note.gnu.build-id (readelf -n): -Wl,--build-id did not reach the link")
endif()
file(SIZE ${BIN} sz)
math(EXPR kib "(${sz} + 1023) / 1024")
get_filename_component(name ${BIN} NAME)
message(STATUS "${name}: ${sz} bytes (${kib} KiB), static")
