/* SPDX-License-Identifier: MIT */
/* REQUIRE(c): an invariant of the API under fuzzing; when it breaks, the target traps, so that
 * libFuzzer reports it as a crash and keeps the input. Shared by the fuzz_*.c targets. */
#ifndef EM_FUZZ_REQUIRE_H
#define EM_FUZZ_REQUIRE_H

#define REQUIRE(c) \
	do { \
		if (!(c)) \
			__builtin_trap(); /* an invariant of the API broke: report it as a crash */ \
	} while (0)

#endif
