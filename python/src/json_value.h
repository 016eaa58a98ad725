// nlohmann JSON -> the equivalent plain Python value (dict, list, str, int,
// float, bool, None), so to_dict() can return what the CLI prints without a
// second definition of the shape. Needs the GIL.
#pragma once

#include <pybind11/pybind11.h>
#include <nlohmann/json.hpp>

namespace paperdex::python {

template <typename Json>
pybind11::object to_python(const Json& json) {
  namespace py = pybind11;
  switch (json.type()) {
    case Json::value_t::object: {
      py::dict dict;
      for (const auto& [key, value] : json.items()) dict[py::str(key)] = to_python(value);
      return dict;
    }
    case Json::value_t::array: {
      py::list list;
      for (const auto& value : json) list.append(to_python(value));
      return list;
    }
    case Json::value_t::string:
      return py::str(json.template get_ref<const std::string&>());
    case Json::value_t::boolean:
      return py::bool_(json.template get<bool>());
    case Json::value_t::number_integer:
      return py::int_(json.template get<long long>());
    case Json::value_t::number_unsigned:
      return py::int_(json.template get<unsigned long long>());
    case Json::value_t::number_float:
      return py::float_(json.template get<double>());
    default:
      return py::none();
  }
}

}  // namespace paperdex::python
