// The Python source run in the module's namespace at import (prelude.cc).
#pragma once

namespace paperdex::python {

extern const char* const kPrelude;

}  // namespace paperdex::python
