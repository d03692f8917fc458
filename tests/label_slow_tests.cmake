# Read by ctest after the GoogleTest cases of a test binary were discovered: every case whose
# name contains "Slow" gets the labels "slow", which the quick test mode (scripts/test.sh
# --quick, or ctest -LE slow) leaves out, and "slow_case", which the run under the sanitizers
# leaves out (.ci/run). The binaries' case lists are the <target>_TESTS
# variables that gtest_discover_tests writes.
foreach(list core_tests_TESTS search_tests_TESTS solver_tests_TESTS book_tests_TESTS engine_tests_TESTS
             gtp_tests_TESTS)
  foreach(test IN LISTS ${list})
    if(test MATCHES "Slow")
      set_tests_properties("${test}" PROPERTIES LABELS "slow;slow_case")
    endif()
  endforeach()
endforeach()
