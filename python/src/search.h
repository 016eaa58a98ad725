// paperdex.Searcher, its request keywords and its result classes.
#pragma once

#include <pybind11/pybind11.h>

namespace paperdex::python {

void bind_search(pybind11::module_& module);

}  // namespace paperdex::python
