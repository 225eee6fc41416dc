# Installs the library and the module (their build folders only: nothing else needs to be
# built) into WORK_DIR/prefix and imports levcl from there with nothing but PYTHONPATH set:
# the module must find the installed liblevcl through its RPATH.
#   cmake -DLIB_BUILD_DIR=... -DMODULE_BUILD_DIR=... -DPYTHON=... -DMODULE_DIR=... -DWORK_DIR=...
#         -P install_test.cmake
cmake_minimum_required(VERSION 3.16)

set(prefix "${WORK_DIR}/prefix")
file(REMOVE_RECURSE "${WORK_DIR}")
foreach(dir "${LIB_BUILD_DIR}" "${MODULE_BUILD_DIR}")
  execute_process(COMMAND "${CMAKE_COMMAND}" --install "${dir}" --prefix "${prefix}"
                  RESULT_VARIABLE result OUTPUT_QUIET)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "cmake --install ${dir} failed (${result})")
  endif()
endforeach()

# Lines, not semicolons, which execute_process would take for list separators.
set(script "import levcl\nprint(levcl.__file__)\nassert levcl.distance('kitten', 'sitting', variant='cpu-dp') == 3")
execute_process(COMMAND "${CMAKE_COMMAND}" -E env --unset=LD_LIBRARY_PATH "PYTHONPATH=${prefix}/${MODULE_DIR}"
                        "${PYTHON}" -c "${script}"
                WORKING_DIRECTORY "${WORK_DIR}"  # not the build's, whose module python -c would find first
                RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${out}")
if(NOT result EQUAL 0)
  message(FATAL_ERROR "import levcl from ${prefix}/${MODULE_DIR} failed (${result}):\n${err}")
endif()
string(FIND "${out}" "${prefix}/" at)
if(at EQUAL -1)
  message(FATAL_ERROR "imported another levcl: ${out}")
endif()
