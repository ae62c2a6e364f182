# SPDX-License-Identifier: MIT
# The distribution side (label "generator"): the builder's configuration files (config_reader),
# update-earlymount over a fake root with a fake kernel (update_earlymount), the Debian packages
# built with dpkg-buildpackage from a copy of the tree and checked by lintian (debs; minutes: two
# LTO links), and those packages in a debootstrapped Debian 12 with a real kernel package
# (deb_chroot: root and the network; label "chroot", minutes), and that root booted in QEMU with
# systemd, on earlymount's images and after the switch back on initramfs-tools' (deb_boot). Each says skipped (77) with the
# reason when a tool, root or the network is missing.
find_program(EM_BASH bash)
if(NOT EM_BASH)
  return()
endif()
add_test(NAME config_reader COMMAND ${EM_BASH} ${CMAKE_CURRENT_LIST_DIR}/config.sh ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR})
add_test(NAME update_earlymount COMMAND ${EM_BASH} ${CMAKE_CURRENT_LIST_DIR}/update.sh ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR})
add_test(NAME debs COMMAND ${EM_BASH} ${CMAKE_CURRENT_LIST_DIR}/debs.sh ${CMAKE_SOURCE_DIR}
                           ${CMAKE_BINARY_DIR}/debs ${PROJECT_VERSION})
set_tests_properties(config_reader update_earlymount PROPERTIES LABELS generator SKIP_RETURN_CODE 77 TIMEOUT 120)
# Both chroot tests copy one Debian 12 root, made once in deb-root.cache (tests/generator/bookworm.sh).
add_test(NAME deb_chroot COMMAND ${EM_BASH} ${CMAKE_CURRENT_LIST_DIR}/chroot.sh ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/debs
                                 ${CMAKE_BINARY_DIR}/deb-chroot ${CMAKE_BINARY_DIR}/deb-root.cache ${PROJECT_VERSION})
add_test(NAME deb_boot COMMAND ${EM_BASH} ${CMAKE_CURRENT_LIST_DIR}/boot.sh ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/debs
                               ${CMAKE_BINARY_DIR}/deb-boot ${CMAKE_BINARY_DIR}/deb-root.cache ${PROJECT_VERSION})
set_tests_properties(debs PROPERTIES LABELS "generator;install" SKIP_RETURN_CODE 77 TIMEOUT 1200
                     FIXTURES_SETUP em_debs)
set_tests_properties(deb_chroot deb_boot PROPERTIES LABELS "generator;chroot" SKIP_RETURN_CODE 77 TIMEOUT 2400
                     FIXTURES_REQUIRED em_debs)
