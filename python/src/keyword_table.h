// The keyword-only arguments of a bound function as one table: a row per
// argument (its name, its annotation in paperdex.pyi, its default, the
// conversion into the C++ request, its help), read by the pybind11 binding
// (the py::arg list and the conversion), by the docstring's keyword list and,
// through paperdex._keyword_tables, by the test that checks paperdex.pyi. A
// new keyword argument is one more row.
#pragma once

#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <pybind11/pybind11.h>

namespace paperdex::python {

// The name of `value`'s type, for messages.
std::string type_name(pybind11::handle value);

// A path argument that may be several: a path (str or os.PathLike), or an
// iterable of them; None is none. Raises TypeError naming `what` otherwise.
std::vector<std::string> path_list(pybind11::handle value, const char* what);

// One row as the docstring and the stub test see it.
struct KeywordDoc {
  std::string name;
  pybind11::object default_value;
  std::string stub_type;  // its annotation in paperdex.pyi, as ast.unparse writes it
  std::string help;
};

// The docstring's keyword list: a "  name = default: help" line per row.
std::string keyword_lines(const std::vector<KeywordDoc>& rows);

// `intro`, then "Keywords:" and the keyword list, then `outro`.
std::string keyword_docstring(const std::string& intro, const std::vector<KeywordDoc>& rows,
                              const std::string& outro = "");

// Publishes `rows` as paperdex._keyword_tables[function] (("name", default,
// "stub type", "help"), ...), which the stub test compares with paperdex.pyi.
void publish_keywords(pybind11::module_& module, const std::string& function,
                      const std::vector<KeywordDoc>& rows);

// A keyword argument pybind11 converts as a parameter of type T (its checks
// and its TypeError), then `apply` puts into the call's Target.
template <typename Target, typename T>
struct Keyword {
  const char* name;
  const char* stub_type;
  T default_value;
  void (*apply)(Target&, T);
  const char* help;
};

// A row; T is the default's type (Target is given: typed_keyword<IndexCall>(...)).
template <typename Target, typename T>
Keyword<Target, T> typed_keyword(const char* name, const char* stub_type, T default_value,
                                 std::type_identity_t<void (*)(Target&, T)> apply,
                                 const char* help) {
  return {name, stub_type, std::move(default_value), apply, help};
}

// A default as a Python value (pybind11::cast takes no Python object).
template <typename T>
pybind11::object python_value(const T& value) {
  if constexpr (std::is_base_of_v<pybind11::handle, T>) {
    return pybind11::reinterpret_borrow<pybind11::object>(value);
  } else {
    return pybind11::cast(value);
  }
}

template <typename Target, typename... T>
std::vector<KeywordDoc> keyword_docs(const std::tuple<Keyword<Target, T>...>& rows) {
  return std::apply(
      [](const auto&... row) {
        return std::vector<KeywordDoc>{
            KeywordDoc{row.name, python_value(row.default_value), row.stub_type, row.help}...};
      },
      rows);
}

// Calls bind(function, py::arg_v per row...). `function` takes the Leading
// (positional) parameters, then one value per row: start(leading...) makes
// the Target (converting the leading ones first, as pybind11 passes them),
// every row applies its value to it, in table order, and finish(target) is
// the result. `bind` defines it (module.def, or class.def with py::init),
// adding the leading py::args and py::kw_only() before the rows'.
template <typename... Leading, typename Target, typename... T, typename Start, typename Finish,
          typename Bind>
void bind_with_keywords(const std::tuple<Keyword<Target, T>...>& rows, Start start, Finish finish,
                        Bind bind) {
  const auto applies =
      std::apply([](const auto&... row) { return std::make_tuple(row.apply...); }, rows);
  auto function = [start, finish, applies](Leading... leading, T... values) {
    Target target = start(std::move(leading)...);
    std::apply([&](auto... apply) { (apply(target, std::move(values)), ...); }, applies);
    return finish(target);
  };
  std::apply(
      [&](const auto&... row) { bind(function, pybind11::arg_v(row.name, row.default_value)...); },
      rows);
}

// cls(path, *, keywords...) from `rows`: start(path) and the rows make the
// Target, finish(target) the new object (a std::unique_ptr); documented as
// `intro` and the keyword list, published as "<class>.__init__".
template <typename Path, typename Class, typename Target, typename... T, typename Start,
          typename Finish>
void bind_init_with_keywords(pybind11::module_& module, pybind11::class_<Class>& cls,
                             const std::tuple<Keyword<Target, T>...>& rows, Start start,
                             Finish finish, const std::string& intro) {
  const std::vector<KeywordDoc> keywords = keyword_docs(rows);
  const std::string doc = keyword_docstring(intro, keywords);
  bind_with_keywords<Path>(rows, start, finish, [&](auto function, auto... keyword_args) {
    cls.def(pybind11::init(function), pybind11::arg("path"), pybind11::kw_only(), keyword_args...,
            doc.c_str());
  });
  publish_keywords(module, cls.attr("__name__").template cast<std::string>() + ".__init__",
                   keywords);
}

}  // namespace paperdex::python
