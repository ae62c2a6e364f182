# SPDX-License-Identifier: MIT
# The dracut module. Installed (component "dracut") as <EM_DRACUT_DIR>/modules.d/50earlymount:
# dracut's own modules use 90-99 for what dracut relies on, so a module shipped outside dracut
# takes a number below. Its shell-init mount hook (mount/90-earlymount-mount.sh) runs before
# rootfs-block's mount/99-mount-root.sh, which mounts whenever earlymount steps aside (see
# module-setup.sh). The dracut.conf.d snippet that adds the module to every image is installed as
# an example, not enabled: <datadir>/earlymount/dracut.conf.d/earlymount.conf.
#
#   cmake -DEM_DRACUT_DIR=/usr/lib/dracut ...     dracut's directory (default: pkg-config's
#                                                 dracutdir, else /usr/lib/dracut)
#
# Tests (label "dracut"): tests/dracut/run builds dracut images with the module (shell init and
# systemd) and boots them in QEMU:  ctest -R dracut
if(NOT DEFINED EM_DRACUT_DIR)
  set(_em_dracut_dir /usr/lib/dracut)
  find_program(EM_PKG_CONFIG pkg-config)
  if(EM_PKG_CONFIG)
    execute_process(COMMAND ${EM_PKG_CONFIG} --variable=dracutdir dracut
                    OUTPUT_VARIABLE _em_pc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(_em_pc)
      set(_em_dracut_dir ${_em_pc})
    endif()
  endif()
  set(EM_DRACUT_DIR ${_em_dracut_dir} CACHE PATH "dracut's directory; the module goes to modules.d/50earlymount in it")
endif()

# module-setup.sh learns where the binary is installed (its last resort after earlymount_binary=
# and dracut's PATH).
set(EM_DRACUT_BINARY ${CMAKE_INSTALL_FULL_SBINDIR}/earlymount)
configure_file(${CMAKE_SOURCE_DIR}/dracut-module/module-setup.sh
               ${CMAKE_BINARY_DIR}/dracut-module/module-setup.sh @ONLY)

set(EM_DRACUT_MODULE ${EM_DRACUT_DIR}/modules.d/50earlymount)
install(PROGRAMS ${CMAKE_BINARY_DIR}/dracut-module/module-setup.sh
                 ${CMAKE_SOURCE_DIR}/dracut-module/earlymount-mount.sh
                 ${CMAKE_SOURCE_DIR}/dracut-module/earlymount-generator.sh
                 ${CMAKE_SOURCE_DIR}/dracut-module/earlymount-sysroot.sh
        DESTINATION ${EM_DRACUT_MODULE} COMPONENT dracut)
install(FILES ${CMAKE_SOURCE_DIR}/dracut-module/earlymount-sysroot.service
              ${CMAKE_SOURCE_DIR}/dracut-module/README.md
        DESTINATION ${EM_DRACUT_MODULE} COMPONENT dracut)
install(FILES ${CMAKE_SOURCE_DIR}/dracut-module/earlymount.conf
        DESTINATION ${CMAKE_INSTALL_DATADIR}/earlymount/dracut.conf.d COMPONENT dracut)

# ---- tests ------------------------------------------------------------------------------------
set(EM_DRACUT_RUN ${CMAKE_SOURCE_DIR}/tests/dracut/run)
set(EM_DRACUT_ARGS --binary ${CMAKE_BINARY_DIR}/earlymount --build ${CMAKE_BINARY_DIR}
                   --work ${CMAKE_BINARY_DIR}/dracut --src ${CMAKE_SOURCE_DIR})
# Builds the two images (shell init, systemd) once for the scenarios.
add_test(NAME dracut_setup COMMAND ${EM_DRACUT_RUN} ${EM_DRACUT_ARGS} setup)
set_tests_properties(dracut_setup PROPERTIES LABELS dracut TIMEOUT 1200 FIXTURES_SETUP dracut_images)
if(TEST qemu_setup)
  set_tests_properties(dracut_setup PROPERTIES FIXTURES_REQUIRED qemu_kernel)
endif()

file(GLOB EM_DRACUT_SCENARIOS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/dracut/scenarios/*.sh)
list(SORT EM_DRACUT_SCENARIOS)
foreach(scenario ${EM_DRACUT_SCENARIOS})
  get_filename_component(name ${scenario} NAME_WE)
  add_test(NAME dracut_${name} COMMAND ${EM_DRACUT_RUN} ${EM_DRACUT_ARGS} ${name})
  set_tests_properties(dracut_${name} PROPERTIES
    LABELS dracut TIMEOUT 600 SKIP_RETURN_CODE 77 PROCESSORS 1 FIXTURES_REQUIRED dracut_images)
endforeach()
