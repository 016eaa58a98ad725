// The paperdex Python module: the searcher and indexer libraries' public API
// as Python classes (docs/python.md).
#include <pybind11/eval.h>
#include <pybind11/pybind11.h>

#include "errors.h"
#include "index.h"
#include "prelude.h"
#include "search.h"

namespace py = pybind11;

PYBIND11_MODULE(paperdex, m) {
  m.doc() = R"(paperdex: full-text search of arXiv paper records.

  paperdex.Searcher(path).search(query, subjects=..., years=..., limit=...)
  paperdex.index(path, inputs)          # as paperdex-index does
  with paperdex.Writer(path) as w: w.add({"id": ..., "title": ...})

Errors derive from paperdex.Error. See docs/python.md.)";
  m.attr("__version__") = PAPERDEX_VERSION;
  py::exec(paperdex::python::kPrelude, m.attr("__dict__"));
  paperdex::python::register_error_translator(m);
  paperdex::python::bind_search(m);
  paperdex::python::bind_index(m);
}
