#include "paperdex/common/schema.h"

#include <charconv>

#include "paperdex/common/analyzer.h"
#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/utf8.h"

namespace paperdex::schema {

std::string doi_value(std::string_view doi) {
  std::string lower = ascii_lower(doi);
  for (std::string_view resolver : {"https://doi.org/", "http://doi.org/", "https://dx.doi.org/",
                                    "http://dx.doi.org/", "doi:"}) {
    if (std::string_view(lower).starts_with(resolver)) return lower.substr(resolver.size());
  }
  return lower;
}

std::string subject_value(std::string_view category) { return ascii_lower(category); }

std::string dated_id(std::string_view date, std::string_view id) {
  std::string value(date);
  value.push_back(' ');
  value.append(id);
  return value;
}

std::vector<std::string_view> field_names(const Field& field) {
  std::vector<std::string_view> names{field.name};
  std::string_view rest = field.aliases;
  while (!rest.empty()) {
    const std::size_t space = rest.find(' ');
    if (space != 0) names.push_back(rest.substr(0, space));
    if (space == std::string_view::npos) break;
    rest.remove_prefix(space + 1);
  }
  return names;
}

const Field* find_field(std::string_view name) {
  const std::string wanted = ascii_lower(name);
  for (const Field& field : kFields) {
    for (std::string_view candidate : field_names(field)) {
      if (ascii_lower(candidate) == wanted) return &field;
    }
  }
  return nullptr;
}

bool is_plain_words_name(std::string_view name) { return ascii_lower(name) == kPlainWordsName; }

namespace {

// The tokens' folded terms joined by single spaces (folded_words).
std::string joined_terms(std::span<const Token> tokens) {
  std::string folded;
  for (const Token& token : tokens) {
    if (!folded.empty()) folded.push_back(' ');
    folded.append(token.term);
  }
  return folded;
}

}  // namespace

std::string folded_words(const Analyzer& analyzer, std::string_view text) {
  return joined_terms(analyzer.tokenize_unstemmed(text));
}

std::string title_key_term(std::span<const Token> title) {
  const std::string normalized = joined_terms(title);
  if (normalized.empty()) return {};
  return std::string(kTitleKeyPrefix) + stable_hash_hex(normalized);
}

std::string title_key_term(const Analyzer& analyzer, std::string_view title) {
  return title_key_term(analyzer.tokenize_unstemmed(title));
}

std::string title_sketch_term(std::span<const Token> title) {
  if (title.size() < kSketchMinWords) return {};
  std::string sketch;
  for (const Token& token : title) {
    if (!sketch.empty()) sketch.push_back(' ');
    // The first kSketchLetters characters (a folded term is valid UTF-8, and
    // a character's continuation bytes are 10xxxxxx); a number whole, as
    // "2011" and "2012" are different workshops.
    std::size_t end = is_number(token.term) ? token.term.size() : 0;
    for (std::size_t letters = 0; end < token.term.size() && letters < kSketchLetters; ++letters) {
      do {
        ++end;
      } while (end < token.term.size() &&
               (static_cast<unsigned char>(token.term[end]) & 0xC0) == 0x80);
    }
    sketch.append(token.term, 0, end);
  }
  return std::string(kTitleSketchPrefix) + stable_hash_hex(sketch);
}

std::string title_sketch_term(const Analyzer& analyzer, std::string_view title) {
  return title_sketch_term(analyzer.tokenize_unstemmed(title));
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
