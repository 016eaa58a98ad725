#include "errors.h"

#include <xapian.h>

namespace py = pybind11;

namespace paperdex::python {
namespace {

// The module object, kept for the translator (which has no other way to it).
py::handle g_module;

[[noreturn]] void raise(const py::object& cls, const py::object& instance) {
  PyErr_SetObject(cls.ptr(), instance.ptr());
  throw py::error_already_set();
}

}  // namespace

py::object error_class(const char* name) { return g_module.attr(name); }

void raise_query_syntax_error(const QuerySyntaxError& error, const std::string& query) {
  const py::object cls = error_class("QuerySyntaxError");
  raise(cls, cls(error.what(), error.position(), error.hint(), query));
}

void raise_record_error(const std::string& message, const std::string& origin,
                        const std::string& reason) {
  const py::object cls = error_class("RecordError");
  raise(cls, cls(message, origin, reason));
}

void register_error_translator(py::module_& module) {
  g_module = module;  // the module lives as long as the interpreter
  py::register_exception_translator([](std::exception_ptr thrown) {
    if (!thrown) return;
    // Most derived first. PyErr_SetObject, not raise(): a translator reports
    // by setting the error and returning.
    const auto set = [](const char* name, py::object instance) {
      PyErr_SetObject(error_class(name).ptr(), instance.ptr());
    };
    try {
      std::rethrow_exception(thrown);
    } catch (const QuerySyntaxError& error) {
      set("QuerySyntaxError", error_class("QuerySyntaxError")(error.what(), error.position(),
                                                              error.hint(), py::none()));
    } catch (const InvalidRequestError& error) {
      set("InvalidRequestError", error_class("InvalidRequestError")(error.what(), error.field()));
    } catch (const DatabaseNotFoundError& error) {
      set("DatabaseNotFoundError", error_class("DatabaseNotFoundError")(error.what()));
    } catch (const SchemaVersionError& error) {
      set("SchemaVersionError", error_class("SchemaVersionError")(error.what()));
    } catch (const DatabaseLockedError& error) {
      set("DatabaseLockedError", error_class("DatabaseLockedError")(error.what()));
    } catch (const IoError& error) {
      set("IoError", error_class("IoError")(error.what()));
    } catch (const PaperNotFoundError& error) {
      set("PaperNotFoundError", error_class("PaperNotFoundError")(error.what(), error.id()));
    } catch (const SavedSearchError& error) {
      set("SavedSearchError", error_class("SavedSearchError")(error.what(), error.name()));
    } catch (const TagError& error) {
      set("TagError", error_class("TagError")(error.what(), error.name()));
    } catch (const Error& error) {
      set("Error", error_class("Error")(error.what()));
    } catch (const Xapian::Error& error) {
      // IndexWriter's writes may still throw Xapian's own errors (docs/api.md
      // "Errors"): a full disk, a damaged index. The Searcher reports its
      // own as IoError naming the index and what it was doing; this one
      // cannot know whether it was a read or a write.
      set("IoError", error_class("IoError")("the index failed: " + error.get_description()));
    }
  });
}

}  // namespace paperdex::python
