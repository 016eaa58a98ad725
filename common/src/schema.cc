#include "paperdex/common/schema.h"

#include <charconv>

#include "paperdex/common/analyzer.h"
#include "paperdex/common/arxiv_id.h"

namespace paperdex::schema {

const Field* find_field(std::string_view name) {
  for (const Field& field : kFields) {
    if (field.name == name) return &field;
  }
  return nullptr;
}

std::optional<int> stored_schema_version(const Xapian::Database& db) {
  const std::string value = db.get_metadata(std::string(kSchemaVersionKey));
  if (value.empty()) return std::nullopt;
  int version = 0;
  auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), version);
  if (error != std::errc() || end != value.data() + value.size()) return -1;
  return version;
}

void write_schema_metadata(Xapian::WritableDatabase& db) {
  db.set_metadata(std::string(kSchemaVersionKey), std::to_string(kSchemaVersion));
  db.set_metadata(std::string(kAnalysisKey), analysis_version());
}

std::string make_term(std::string_view prefix, std::string_view term) {
  std::string result;
  result.reserve(prefix.size() + term.size());
  result.append(prefix);
  if (prefix.size() + term.size() <= kMaxTermBytes) {
    result.append(term);
    return result;
  }
  // Keep a readable head, then a hash of the whole term so distinct long terms
  // stay distinct; cut the head on a UTF-8 character boundary.
  const std::string hash = stable_hash_hex(term);
  std::size_t head = kMaxTermBytes - prefix.size() - hash.size() - 1;
  while (head > 0 && (static_cast<unsigned char>(term[head]) & 0xC0) == 0x80) --head;
  result.append(term.substr(0, head));
  result.push_back('#');
  result.append(hash);
  return result;
}

}  // namespace paperdex::schema
