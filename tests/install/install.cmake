# SPDX-License-Identifier: MIT
# Install and build-flag tests (label "install"), on a build of their own in build/install-test:
# install_build configures it as a Debian package build would (dpkg-buildflags' hardening flags in
# the environment, BUILD_TESTING=OFF, the default prefix) and builds it; install_flags proves the
# flags reached musl-gcc and the binaries still run; install_layout installs it with
# `--prefix /usr` into a DESTDIR, compares the files with DEVELOPERS.md's list ("Build and
# install"), checks the installed paths inside them, --strip, and `uninstall`. A build of its own
# so that the tests' installs never touch this build's install_manifest.txt.
set(EM_INSTALL_RUN ${CMAKE_SOURCE_DIR}/tests/install/run ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/install-test)
add_test(NAME install_build COMMAND ${EM_INSTALL_RUN} build)
# two LTO links of the musl binaries, beside other tests
set_tests_properties(install_build PROPERTIES LABELS install TIMEOUT 900 SKIP_RETURN_CODE 77
                     FIXTURES_SETUP em_install_build)
foreach(t flags layout)
  add_test(NAME install_${t} COMMAND ${EM_INSTALL_RUN} ${t})
  set_tests_properties(install_${t} PROPERTIES LABELS install TIMEOUT 300 SKIP_RETURN_CODE 77
                       FIXTURES_REQUIRED em_install_build)
endforeach()
