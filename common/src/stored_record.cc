#include "paperdex/common/stored_record.h"

#include <stdexcept>

#include <nlohmann/json.hpp>

namespace paperdex {

// Short keys: the data is stored once per document and read for every hit.
std::string encode_stored_record(const Record& record) {
  nlohmann::json json = {
      {"id", record.id},      {"t", record.title},      {"a", record.abstract},
      {"au", record.authors}, {"c", record.categories}, {"y", record.year},
  };
  const auto put_if = [&json](const char* key, const std::string& value) {
    if (!value.empty()) json[key] = value;
  };
  put_if("cr", record.created);
  put_if("up", record.updated);
  put_if("doi", record.doi);
  put_if("j", record.journal_ref);
  put_if("cm", record.comments);
  put_if("rn", record.report_no);
  put_if("li", record.license);
  if (!record.versions.empty()) {
    nlohmann::json versions = nlohmann::json::array();
    for (const RecordVersion& version : record.versions) {
      versions.push_back({version.version, version.date});
    }
    json["v"] = std::move(versions);
  }
  if (!record.page_authors.empty()) json["pa"] = record.page_authors;
  // Replacement characters keep invalid input from ever aborting a dump.
  return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

Record decode_stored_record(std::string_view data) {
  const nlohmann::json json = nlohmann::json::parse(data, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object() || !json.contains("id")) {
    throw std::runtime_error("document data is not a paperdex stored record");
  }
  Record record;
  const auto get = [&json](const char* key, auto& out) {
    if (auto it = json.find(key); it != json.end() && !it->is_null()) it->get_to(out);
  };
  get("id", record.id);
  get("t", record.title);
  get("a", record.abstract);
  get("au", record.authors);
  get("c", record.categories);
  get("y", record.year);
  get("cr", record.created);
  get("up", record.updated);
  get("doi", record.doi);
  get("j", record.journal_ref);
  get("cm", record.comments);
  get("rn", record.report_no);
  get("li", record.license);
  get("pa", record.page_authors);
  if (auto it = json.find("v"); it != json.end() && it->is_array()) {
    for (const nlohmann::json& version : *it) {
      if (version.is_array() && version.size() == 2 && version[0].is_string() &&
          version[1].is_string()) {
        record.versions.push_back({version[0].get<std::string>(), version[1].get<std::string>()});
      }
    }
  }
  return record;
}

}  // namespace paperdex
