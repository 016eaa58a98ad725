# Writes OUTPUT, a C++ source holding the bytes of INPUT (the arXiv taxonomy
# CSV) as paperdex::taxonomy::detail::categories_csv(). Run at build time
# (cmake -DINPUT=... -DOUTPUT=... -P embed_taxonomy.cmake) so the table is
# compiled in and no binary ever looks for a data file at run time.
#
# Bytes rather than a string literal: the CSV holds quotes, backslashes and
# commas freely, and a byte array has no length limit a compiler may warn of.
if(NOT INPUT OR NOT OUTPUT)
  message(FATAL_ERROR "usage: cmake -DINPUT=file.csv -DOUTPUT=file.cc -P embed_taxonomy.cmake")
endif()
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" hex_length)
math(EXPR byte_count "${hex_length} / 2")
# 24 bytes a line keeps the generated file readable in a diff or a debugger.
string(REGEX REPLACE "([0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f])"
       "\\1\n" hex "${hex}")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
get_filename_component(input_name "${INPUT}" NAME)
file(WRITE "${OUTPUT}"
"// Generated at build time from ${input_name} by common/embed_taxonomy.cmake.
// Do not edit: edit the CSV.
#include <cstddef>
#include <string_view>

namespace paperdex::taxonomy::detail {
namespace {

const unsigned char kCategoriesCsv[] = {
${bytes}
};

}  // namespace

std::string_view categories_csv() {
  return {reinterpret_cast<const char*>(kCategoriesCsv), ${byte_count}};
}

}  // namespace paperdex::taxonomy::detail
")
