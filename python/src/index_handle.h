// What paperdex.Writer and paperdex.Searcher have alike as handles on one
// index, bound once so that the two classes cannot drift apart.
#pragma once

#include <string>

#include <pybind11/pybind11.h>

namespace paperdex::python {

// Binds to `cls` the index's path and size, whether it is closed, entering a
// `with` block (as the handle itself) and a repr naming the index and, while
// open, how many `counted` it holds. Each handle's __exit__ differs (a
// Writer drops a failed block's batch), so it is bound by the caller.
template <typename Handle>
void bind_index_handle(pybind11::class_<Handle>& cls, const char* class_name, const char* counted,
                       const char* document_count_doc) {
  namespace py = pybind11;
  cls.def_property_readonly("document_count", &Handle::document_count, document_count_doc)
      .def_property_readonly("path", &Handle::path, "the index's path")
      .def_property_readonly("closed", &Handle::closed, "True after close()")
      .def("__enter__", [](py::object self) { return self; })
      .def("__repr__", [class_name, counted](Handle& self) {
        const std::string path = py::repr(py::str(self.path())).cast<std::string>();
        return std::string("<paperdex.") + class_name + " " + path +
               (self.closed() ? std::string(" (closed)")
                              : ": " + std::to_string(self.document_count()) + " " + counted) +
               ">";
      });
}

}  // namespace paperdex::python
