#include "keyword_table.h"

namespace py = pybind11;

namespace paperdex::python {

std::string keyword_lines(const std::vector<KeywordDoc>& rows) {
  std::string lines;
  for (const KeywordDoc& row : rows) {
    lines += "  " + row.name + " = " + py::repr(row.default_value).cast<std::string>() + ": " +
             row.help + "\n";
  }
  return lines;
}

std::string keyword_docstring(const std::string& intro, const std::vector<KeywordDoc>& rows,
                              const std::string& outro) {
  return intro + "\n\nKeywords:\n" + keyword_lines(rows) + outro;
}

void publish_keywords(py::module_& module, const std::string& function,
                      const std::vector<KeywordDoc>& rows) {
  if (!py::hasattr(module, "_keyword_tables")) module.attr("_keyword_tables") = py::dict();
  py::list table;
  for (const KeywordDoc& row : rows) {
    table.append(py::make_tuple(row.name, row.default_value, row.stub_type, row.help));
  }
  module.attr("_keyword_tables")[py::str(function)] = py::tuple(table);
}

}  // namespace paperdex::python
