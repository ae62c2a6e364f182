# SPDX-License-Identifier: MIT
# The command-line conventions of every command (tests/cli/usage.sh): one row per usage error
# (status 64 and its message), -h, --help and --version; the man pages' release is project(VERSION).
add_test(NAME cli_usage COMMAND bash ${CMAKE_SOURCE_DIR}/tests/cli/usage.sh ${CMAKE_BINARY_DIR}
         ${CMAKE_SOURCE_DIR} ${PROJECT_VERSION})
set_tests_properties(cli_usage PROPERTIES LABELS cli TIMEOUT 120)
