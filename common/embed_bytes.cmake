# Writes OUTPUT, a C++ source holding the bytes of INPUT as the function
# FUNCTION (a qualified name, "paperdex::taxonomy::detail::categories_csv"),
# returning std::string_view. Run at build time (cmake -DINPUT=... -DOUTPUT=...
# -DFUNCTION=... -P embed_bytes.cmake) so data files are compiled in and no
# binary ever looks for one at run time: the arXiv taxonomy CSV, the stored
# records' compression dictionary.
#
# Bytes rather than a string literal: the inputs hold quotes, backslashes and
# any byte freely, and a byte array has no length limit a compiler may warn of.
if(NOT INPUT OR NOT OUTPUT OR NOT FUNCTION)
  message(FATAL_ERROR
    "usage: cmake -DINPUT=file -DOUTPUT=file.cc -DFUNCTION=ns::name -P embed_bytes.cmake")
endif()
string(REGEX MATCH "^(.*)::([A-Za-z_0-9]+)$" qualified "${FUNCTION}")
if(NOT qualified)
  message(FATAL_ERROR "FUNCTION must be a qualified name (namespace::function): ${FUNCTION}")
endif()
set(name_space "${CMAKE_MATCH_1}")
set(function_name "${CMAKE_MATCH_2}")
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" hex_length)
math(EXPR byte_count "${hex_length} / 2")
# 24 bytes a line keeps the generated file readable in a diff or a debugger.
string(REGEX REPLACE "([0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f])"
       "\\1\n" hex "${hex}")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
get_filename_component(input_name "${INPUT}" NAME)
file(WRITE "${OUTPUT}"
"// Generated at build time from ${input_name} by common/embed_bytes.cmake.
// Do not edit: edit ${input_name}.
#include <cstddef>
#include <string_view>

namespace ${name_space} {
namespace {

const unsigned char kBytes[] = {
${bytes}
};

}  // namespace

std::string_view ${function_name}() {
  return {reinterpret_cast<const char*>(kBytes), ${byte_count}};
}

}  // namespace ${name_space}
")
