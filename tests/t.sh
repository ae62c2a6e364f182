# SPDX-License-Identifier: MIT
# The shell tests' harness (sourced): pass/fail counters, check DESCRIPTION COMMAND..., and the
# closing line. The counterpart of tests/t.h for the C tests.
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
check() { # DESCRIPTION COMMAND...
	local d=$1
	shift
	if "$@"; then ok; else bad "$d"; fi
}
