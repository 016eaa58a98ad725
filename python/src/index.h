// paperdex.index() (run_index, as paperdex-index) and paperdex.Writer.
#pragma once

#include <pybind11/pybind11.h>

namespace paperdex::python {

void bind_index(pybind11::module_& module);

}  // namespace paperdex::python
