# levcl_embed_files(OUTPUT <file.cpp> FUNCTION <name> INPUTS <files...>)
# Generates <file.cpp> at build time, defining levcl::detail::<name>(): a table of
# (file name, contents) of INPUTS (see embed_files.cmake). Editing an input re-embeds it.
function(levcl_embed_files)
  cmake_parse_arguments(EMBED "" "OUTPUT;FUNCTION" "INPUTS" ${ARGN})
  list(JOIN EMBED_INPUTS "|" inputs)
  add_custom_command(
    OUTPUT "${EMBED_OUTPUT}"
    COMMAND "${CMAKE_COMMAND}" "-DINPUTS=${inputs}" "-DOUTPUT=${EMBED_OUTPUT}" "-DFUNCTION=${EMBED_FUNCTION}"
            -P "${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake"
    DEPENDS ${EMBED_INPUTS} "${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake"
    COMMENT "Embedding ${EMBED_FUNCTION}"
    VERBATIM)
endfunction()
