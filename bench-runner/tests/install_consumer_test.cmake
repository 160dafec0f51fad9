# ctest script: install bench-runner from the build tree into a scratch
# prefix, build tests/consumer against it, run both binaries.
# Inputs: -DBUILD_DIR= -DCONSUMER_DIR= -DWORK_DIR= -DBUILD_TYPE=
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

function(run)
  execute_process(COMMAND ${ARGV} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGV}\n${out}\n${err}")
  endif()
  set(LAST_OUT "${out}" PARENT_SCOPE)
endfunction()

run(${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${WORK_DIR}/prefix")
# Configured as `benchgate run --randomize-layout` would: a link launcher in BENCHGATE_LINK_LAUNCHER
# (here a script noting each link's output), which benchgate_randomize_layout(with_macro) installs.
file(WRITE "${WORK_DIR}/launcher.sh" "#!/bin/sh\necho \"$*\" >> \"${WORK_DIR}/links.txt\"\nexec \"$@\"\n")
file(CHMOD "${WORK_DIR}/launcher.sh" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
run(${CMAKE_COMMAND} -E env "BENCHGATE_LINK_LAUNCHER=${WORK_DIR}/launcher.sh"
    ${CMAKE_COMMAND} -S "${CONSUMER_DIR}" -B "${WORK_DIR}/build"
    -DCMAKE_BUILD_TYPE=${BUILD_TYPE} "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix")
run(${CMAKE_COMMAND} --build "${WORK_DIR}/build" -j2)
file(STRINGS "${WORK_DIR}/links.txt" links)
if(NOT links MATCHES "-o with_macro" OR links MATCHES "-o with_runner_main")
  message(FATAL_ERROR "benchgate_randomize_layout(with_macro): expected only with_macro's link through the launcher, got: ${links}")
endif()

foreach(exe with_runner_main with_macro)
  run("${WORK_DIR}/build/${exe}" --benchgate_version)
  if(NOT LAST_OUT MATCHES "^benchgate-runner [0-9]+\\.[0-9]+\\.[0-9]+\n$")
    message(FATAL_ERROR "${exe} --benchgate_version printed '${LAST_OUT}'")
  endif()
  run("${WORK_DIR}/build/${exe}" "--benchgate_samples=${WORK_DIR}/${exe}.jsonl" --benchgate_context=side=head)
  file(STRINGS "${WORK_DIR}/${exe}.jsonl" lines)
  list(LENGTH lines n)
  if(NOT n EQUAL 4)
    message(FATAL_ERROR "${exe}: expected 4 lines (context, 2 samples, totals), got ${n}")
  endif()
  list(GET lines 0 context)
  # The consumer's own build type must be recorded, not the runner's.
  if(NOT context MATCHES "\"build_type\":\"${BUILD_TYPE}\"")
    message(FATAL_ERROR "${exe}: build_type ${BUILD_TYPE} not recorded: ${context}")
  endif()
  if(NOT context MATCHES "\"side\":\"head\"")
    message(FATAL_ERROR "${exe}: context not recorded: ${context}")
  endif()
endforeach()
message(STATUS "consumer built with find_package(benchgate_runner) and ran")
