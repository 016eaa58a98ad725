#include "keyword_table.h"

namespace py = pybind11;

namespace paperdex::python {

std::string type_name(py::handle value) { return py::str(py::type::of(value).attr("__name__")); }

// A path, or an iterable of paths (str or os.PathLike).
std::vector<std::string> path_list(py::handle value, const char* what) {
  const py::object fspath = py::module_::import("os").attr("fspath");
  if (py::isinstance<py::str>(value) || py::hasattr(value, "__fspath__")) {
    return {fspath(value).cast<std::string>()};
  }
  if (value.is_none()) return {};
  if (!py::isinstance<py::iterable>(value)) {
    throw py::type_error(std::string(what) + " must be a path or an iterable of paths, not " +
                         type_name(value));
  }
  std::vector<std::string> paths;
  for (py::handle item : py::iter(value)) paths.push_back(fspath(item).cast<std::string>());
  return paths;
}

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
