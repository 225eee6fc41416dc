# Run by ctest (TEST_INCLUDE_FILES): one test entry per registered variant, named from the
# registry itself (test_variants --list-variants), so that a new variant gets its tests
# with no edit here. PROGRAM and CACHE_ROOT are set by tests/CMakeLists.txt.
execute_process(COMMAND "${PROGRAM}" --list-variants OUTPUT_VARIABLE names RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  add_test(test_variants_cannot_list "${PROGRAM}" --list-variants)
  return()
endif()
string(REGEX REPLACE "\n$" "" names "${names}")
string(REPLACE "\n" ";" names "${names}")
foreach(name IN LISTS names)
  # Edge cases, random pairs, max_distance, the HIV pair; then the long genome pair apart.
  add_test(test_variant_${name} "${PROGRAM}" --variant=${name} "--test-case-exclude=HHV*")
  add_test(test_variant_${name}_hhv "${PROGRAM}" --variant=${name} "--test-case=HHV*" --no-skip)
  foreach(test test_variant_${name} test_variant_${name}_hhv)
    set_tests_properties(${test} PROPERTIES ENVIRONMENT "LEVCL_CACHE_DIR=${CACHE_ROOT}/cache-${test}")
  endforeach()
endforeach()
