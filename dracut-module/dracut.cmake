# SPDX-License-Identifier: MIT
# The dracut module. Installed (component "dracut") as <EM_DRACUT_MODULESDIR>/50earlymount:
# dracut's own modules use 90-99 for what dracut relies on, so a module shipped outside dracut
# takes a number below. Its shell-init mount hook (mount/90-earlymount-mount.sh) runs before
# rootfs-block's mount/99-mount-root.sh, which mounts whenever earlymount steps aside (see
# module-setup.sh). The dracut.conf.d snippet that adds the module to every image is installed as
# an example, not enabled: <datadir>/earlymount/dracut.conf.d/earlymount.conf.
#
#   cmake -DEM_DRACUT_MODULESDIR=DIR ...   dracut's modules.d. Relative: under the install prefix
#                                           (the one given at install time). Default: pkg-config's
#                                           dracutmodulesdir (or dracutdir/modules.d) when it lies
#                                           under CMAKE_INSTALL_PREFIX (prefix /usr on Debian:
#                                           lib/dracut/modules.d), else lib/dracut/modules.d: an
#                                           install never writes outside its prefix (and DESTDIR)
#                                           unless DIR is absolute. (-DEM_DRACUT_DIR=D, the older
#                                           setting, means D/modules.d.)
#
# Tests (label "dracut"): tests/dracut/run builds dracut images with the module (shell init and
# systemd) and boots them in QEMU:  ctest -R dracut
if(NOT DEFINED EM_DRACUT_MODULESDIR)
  set(_em_dir lib/dracut/modules.d)
  if(DEFINED EM_DRACUT_DIR)
    set(_em_dir ${EM_DRACUT_DIR}/modules.d)
  else()
    find_package(PkgConfig QUIET)
    if(PKG_CONFIG_FOUND)
      execute_process(COMMAND ${PKG_CONFIG_EXECUTABLE} --variable=dracutmodulesdir dracut
                      OUTPUT_VARIABLE _em_pc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      if(NOT _em_pc)
        execute_process(COMMAND ${PKG_CONFIG_EXECUTABLE} --variable=dracutdir dracut
                        OUTPUT_VARIABLE _em_pc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
        if(_em_pc)
          set(_em_pc ${_em_pc}/modules.d)
        endif()
      endif()
      # dracut's own place only when this install's prefix holds it, and then relative to the
      # prefix, so that cmake --install --prefix elsewhere still stays under that prefix.
      if(_em_pc)
        file(RELATIVE_PATH _em_rel "${CMAKE_INSTALL_PREFIX}" "${_em_pc}")
        if(NOT _em_rel MATCHES "^\\.\\./" AND NOT _em_rel STREQUAL ".." AND NOT IS_ABSOLUTE "${_em_rel}")
          set(_em_dir ${_em_rel})
        endif()
      endif()
    endif()
  endif()
  set(EM_DRACUT_MODULESDIR ${_em_dir} CACHE STRING
      "dracut's modules.d (relative: under the install prefix); the module goes to 50earlymount in it")
endif()

# module-setup.sh's last resort after earlymount_binary= and dracut's PATH is the path the install
# put the binary at: written when it is installed (the prefix of cmake --install --prefix, not the
# configured one). The build tree's copy (for the tests' image stamps) names the configured path.
set(EM_DRACUT_BINARY ${CMAKE_INSTALL_FULL_SBINDIR}/earlymount)
configure_file(${CMAKE_SOURCE_DIR}/dracut-module/module-setup.sh
               ${CMAKE_BINARY_DIR}/dracut-module/module-setup.sh @ONLY)

em_install_dir(_em_modsd "${EM_DRACUT_MODULESDIR}/50earlymount")
# (a directory of its own per install: the dracut tests install the component while others run)
install(CODE "
  string(RANDOM LENGTH 12 tmp)
  set(tmp \"${CMAKE_BINARY_DIR}/install-tmp/\${tmp}\")
  set(EM_DRACUT_BINARY \"${EM_INSTALL_SBINDIR}/earlymount\")
  configure_file(\"${CMAKE_SOURCE_DIR}/dracut-module/module-setup.sh\"
                 \"\${tmp}/module-setup.sh\" @ONLY)
  file(INSTALL DESTINATION \"${_em_modsd}\" TYPE PROGRAM
       FILES \"\${tmp}/module-setup.sh\")
  file(REMOVE_RECURSE \"\${tmp}\")" COMPONENT dracut)

set(EM_DRACUT_MODULE ${EM_DRACUT_MODULESDIR}/50earlymount)
install(PROGRAMS ${CMAKE_SOURCE_DIR}/dracut-module/earlymount-mount.sh
                 ${CMAKE_SOURCE_DIR}/dracut-module/earlymount-sysroot.sh
        DESTINATION ${EM_DRACUT_MODULE} COMPONENT dracut)
install(FILES ${CMAKE_SOURCE_DIR}/dracut-module/earlymount-sysroot.service
              ${CMAKE_SOURCE_DIR}/dracut-module/README.md
        DESTINATION ${EM_DRACUT_MODULE} COMPONENT dracut)
install(FILES ${CMAKE_SOURCE_DIR}/dracut-module/earlymount.conf
        DESTINATION ${CMAKE_INSTALL_DATADIR}/earlymount/dracut.conf.d COMPONENT dracut)

if(NOT BUILD_TESTING)
  return()
endif()
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

# One test per scenario and flow: a scenario's header line `# flows: shell systemd` (or one of
# them) gives dracut_shell_NAME and dracut_systemd_NAME, run as `run NAME FLOW`; without that line
# the scenario picks its flows itself and is one test, dracut_NAME (tests/dracut/lib.sh,
# em_scenario_flows, reads the same line). A changed line reconfigures (CMAKE_CONFIGURE_DEPENDS).
# Each again on Debian 13's dracut 106 and systemd 257 (tests/dracut/run --dracut 106: dracut in
# the root of scripts/fetch-trixie-root, earlymount installed over it with --prefix /usr, its 6.12
# kernel booted), as dracut106_NAME (label dracut-106, fixture dracut106_setup, work dir
# build/dracut106); ctest -L dracut runs both generations.
set(EM_DRACUT106_ARGS --dracut 106 --binary ${CMAKE_BINARY_DIR}/earlymount --build ${CMAKE_BINARY_DIR}
                      --work ${CMAKE_BINARY_DIR}/dracut106 --src ${CMAKE_SOURCE_DIR})
add_test(NAME dracut106_setup COMMAND ${EM_DRACUT_RUN} ${EM_DRACUT106_ARGS} setup)
set_tests_properties(dracut106_setup PROPERTIES LABELS "dracut;dracut-106" TIMEOUT 1200 SKIP_RETURN_CODE 77
  FIXTURES_SETUP dracut106_images)
# (after qemu612_setup when that set is registered: CTest ignores a fixture nothing sets up)
set_tests_properties(dracut106_setup PROPERTIES FIXTURES_REQUIRED qemu612_kernel)
function(em_dracut_test test) # run's arguments after it
  add_test(NAME dracut_${test} COMMAND ${EM_DRACUT_RUN} ${EM_DRACUT_ARGS} ${ARGN})
  set_tests_properties(dracut_${test} PROPERTIES
    LABELS dracut TIMEOUT 600 SKIP_RETURN_CODE 77 PROCESSORS 1 FIXTURES_REQUIRED dracut_images)
  add_test(NAME dracut106_${test} COMMAND ${EM_DRACUT_RUN} ${EM_DRACUT106_ARGS} ${ARGN})
  set_tests_properties(dracut106_${test} PROPERTIES
    LABELS "dracut;dracut-106" TIMEOUT 600 SKIP_RETURN_CODE 77 PROCESSORS 1 FIXTURES_REQUIRED dracut106_images)
endfunction()
file(GLOB EM_DRACUT_SCENARIOS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/dracut/scenarios/*.sh)
list(SORT EM_DRACUT_SCENARIOS)
foreach(scenario ${EM_DRACUT_SCENARIOS})
  get_filename_component(name ${scenario} NAME_WE)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${scenario})
  file(STRINGS ${scenario} _em_flows REGEX "^# flows:" LIMIT_COUNT 1)
  string(REGEX REPLACE "^# flows:[ \t]*" "" _em_flows "${_em_flows}")
  separate_arguments(_em_flows UNIX_COMMAND "${_em_flows}")
  if(NOT _em_flows)
    em_dracut_test(${name} ${name})
  endif()
  foreach(flow ${_em_flows})
    if(NOT flow MATCHES "^(shell|systemd)$")
      message(FATAL_ERROR "${scenario}: '# flows:' names ${flow}, not shell or systemd")
    endif()
    em_dracut_test(${flow}_${name} ${name} ${flow})
  endforeach()
endforeach()
