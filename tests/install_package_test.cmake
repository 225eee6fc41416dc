# Installs levcl from BUILD_DIR into WORK_DIR/prefix and builds the consumer project in
# SOURCE_DIR against it, once through find_package(levcl) and once through pkg-config;
# both consumers must run and succeed.
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... -P install_package_test.cmake
cmake_minimum_required(VERSION 3.16)

foreach(var BUILD_DIR SOURCE_DIR WORK_DIR)
  if(NOT ${var})
    message(FATAL_ERROR "install_package_test.cmake: -D${var}=... is required")
  endif()
endforeach()

set(prefix "${WORK_DIR}/prefix")

# Runs a command; on failure stops with the command line and everything it printed.
# The output is left in run_output.
function(run what)
  execute_process(COMMAND ${ARGN}
    RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT result STREQUAL "0")
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "${what} failed (${result}):\n  ${command}\n"
                        "--- stdout ---\n${out}\n--- stderr ---\n${err}")
  endif()
  message(STATUS "${what}: ok")
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

# The directory under prefix that holds a file matching glob (first match).
function(find_dir_of out glob)
  file(GLOB_RECURSE found LIST_DIRECTORIES false "${prefix}/${glob}")
  if(NOT found)
    message(FATAL_ERROR "nothing matching ${glob} was installed under ${prefix}")
  endif()
  list(GET found 0 first)
  get_filename_component(dir "${first}" DIRECTORY)
  set(${out} "${dir}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

run("install" "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}")
foreach(header levcl.h levcl.hpp export.h)
  if(NOT EXISTS "${prefix}/include/levcl/${header}")
    message(FATAL_ERROR "header levcl/${header} was not installed under ${prefix}/include")
  endif()
endforeach()
# lib, lib64 or lib/<multiarch>, whatever GNUInstallDirs chose.
find_dir_of(libdir "liblevcl.so")

# The installed commands run from this prefix through their own RUNPATH, no
# LD_LIBRARY_PATH: levcl computes a distance, the others answer --version.
find_dir_of(bindir "levcl-tune")
file(WRITE "${WORK_DIR}/a.txt" "kitten")
file(WRITE "${WORK_DIR}/b.txt" "sitting")
run("installed levcl" "${CMAKE_COMMAND}" -E env --unset=LD_LIBRARY_PATH
    "${bindir}/levcl" --variant cpu-dp "${WORK_DIR}/a.txt" "${WORK_DIR}/b.txt")
if(NOT run_output STREQUAL "3\n")
  message(FATAL_ERROR "installed levcl printed '${run_output}', not 3")
endif()
foreach(command levcl-tune levcl-bench)
  run("installed ${command}" "${CMAKE_COMMAND}" -E env --unset=LD_LIBRARY_PATH "${bindir}/${command}" --version)
endforeach()

# 1. CMake package: find_package(levcl) and levcl::levcl.
run("configure consumer (find_package)" "${CMAKE_COMMAND}" -S "${SOURCE_DIR}"
    -B "${WORK_DIR}/build" "-DCMAKE_PREFIX_PATH=${prefix}" -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON)
file(STRINGS "${WORK_DIR}/build/CMakeCache.txt" levcl_dir REGEX "^levcl_DIR:")
string(FIND "${levcl_dir}" "${prefix}/" at)
if(NOT at GREATER -1)
  message(FATAL_ERROR "find_package(levcl) found another levcl: ${levcl_dir}")
endif()
run("build consumer (find_package)" "${CMAKE_COMMAND}" --build "${WORK_DIR}/build")
run("run consumer (find_package)" "${CMAKE_COMMAND}" -E env "LD_LIBRARY_PATH=${libdir}"
    "${WORK_DIR}/build/consumer")

# 2. pkg-config. The installed levcl.pc may name the prefix chosen at configure time
#    rather than this one, so the prefix is given explicitly.
find_program(PKG_CONFIG NAMES pkg-config pkgconf)
find_program(C_COMPILER NAMES cc gcc clang)
if(NOT PKG_CONFIG OR NOT C_COMPILER)
  message(FATAL_ERROR "pkg-config (${PKG_CONFIG}) or a C compiler (${C_COMPILER}) is missing")
endif()
find_dir_of(pcdir "levcl.pc")
run("pkg-config levcl" "${CMAKE_COMMAND}" -E env "PKG_CONFIG_PATH=${pcdir}"
    "${PKG_CONFIG}" "--define-variable=prefix=${prefix}" --cflags --libs levcl)
string(STRIP "${run_output}" pc_flags)
message(STATUS "pkg-config flags: ${pc_flags}")
string(FIND "${pc_flags}" "-I${prefix}/" at_include)
string(FIND "${pc_flags}" "-L${prefix}/" at_lib)
if(at_include EQUAL -1 OR at_lib EQUAL -1)
  message(FATAL_ERROR "pkg-config flags do not point into ${prefix}: ${pc_flags}")
endif()
separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
run("compile consumer (pkg-config)" "${C_COMPILER}" -std=c11 "${SOURCE_DIR}/main.c"
    ${pc_flags} -o "${WORK_DIR}/consumer-pkgconfig")
run("run consumer (pkg-config)" "${CMAKE_COMMAND}" -E env "LD_LIBRARY_PATH=${libdir}"
    "${WORK_DIR}/consumer-pkgconfig")

# Without the explicit prefix the .pc file should still work when it is relocatable.
execute_process(COMMAND "${CMAKE_COMMAND}" -E env "PKG_CONFIG_PATH=${pcdir}"
  "${PKG_CONFIG}" --cflags levcl OUTPUT_VARIABLE plain_flags OUTPUT_STRIP_TRAILING_WHITESPACE)
string(FIND "${plain_flags}" "${prefix}/" at_plain)
if(at_plain EQUAL -1)
  message(STATUS "note: levcl.pc is not relocatable (plain --cflags gives '${plain_flags}')")
endif()
