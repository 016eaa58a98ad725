// C++ exceptions of the libraries -> the module's Python exception classes
// (defined in prelude.cc), with QuerySyntaxError's position and hint.
#pragma once

#include <string>

#include <pybind11/pybind11.h>

#include "paperdex/errors.h"

namespace paperdex::python {

// Registers the translator; the classes must already be in `module`.
void register_error_translator(pybind11::module_& module);

// Raises paperdex.QuerySyntaxError carrying the query it was found in. Needs the GIL.
[[noreturn]] void raise_query_syntax_error(const QuerySyntaxError& error, const std::string& query);

// Raises paperdex.RecordError. Needs the GIL.
[[noreturn]] void raise_record_error(const std::string& message, const std::string& origin,
                                     const std::string& reason);

// The module's exception class `name` (paperdex.Error, ...).
pybind11::object error_class(const char* name);

}  // namespace paperdex::python
