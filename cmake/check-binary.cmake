# SPDX-License-Identifier: MIT
# Checks that the built binary is static (no dynamic section) and prints its size.
execute_process(COMMAND readelf -d ${BIN} OUTPUT_VARIABLE dyn ERROR_VARIABLE dynerr)
if(dyn MATCHES "Dynamic section")
  message(FATAL_ERROR "${BIN} has a dynamic section; it must be static")
endif()
file(SIZE ${BIN} sz)
math(EXPR kib "(${sz} + 1023) / 1024")
get_filename_component(name ${BIN} NAME)
message(STATUS "${name}: ${sz} bytes (${kib} KiB), static")
