# cmake -DPROGRAM=CLI -DSHELL=bash|zsh -DOUTPUT=FILE -P write_completion.cmake
# Writes `CLI --completion SHELL` to FILE (the build's completion scripts).
get_filename_component(directory ${OUTPUT} DIRECTORY)
file(MAKE_DIRECTORY ${directory})
execute_process(COMMAND ${PROGRAM} --completion ${SHELL}
  OUTPUT_FILE ${OUTPUT}.tmp RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  file(REMOVE ${OUTPUT}.tmp)
  message(FATAL_ERROR "${PROGRAM} --completion ${SHELL} failed (${status}): ${errors}")
endif()
file(RENAME ${OUTPUT}.tmp ${OUTPUT})
