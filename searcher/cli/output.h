// How search results look: text for people (wrapped, highlighted with ANSI
// when wanted, facets with the taxonomy's names) and JSON, JSON lines and TSV
// for scripts (stable shapes, see README "paperdex-search").
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "paperdex/searcher.h"

namespace paperdex::cli {

enum class Format { kText, kJson, kJsonl, kTsv };

// "text", "json", "jsonl", "tsv"; nullopt for anything else.
std::optional<Format> parse_format(const std::string& name);

// What each hit shows (--fields).
struct HitFields {
  bool id = true;
  bool title = true;
  bool authors = true;
  bool subjects = true;
  bool year = true;
  bool score = true;
  bool snippet = true;
};

// "id,title,year" -> those fields only; nullopt when a name is not a field
// (field_names() lists them).
std::optional<HitFields> parse_fields(const std::string& list);
std::string field_names();

struct OutputOptions {
  Format format = Format::kText;
  bool color = false;
  std::size_t width = 80;
  // Values shown per facet; JSON shows every value unless it was given.
  std::size_t facet_values = 10;
  bool facet_values_given = false;
  std::optional<HitFields> fields;  // nullopt: the format's default
  bool explain = false;
};

// One search's result in options.format: a text page, one JSON object on
// one line, one JSON line per hit, or one TSV row per hit.
void print_result(std::ostream& out, const std::string& query, const SearchResult& result,
                  const SearchRequest& request, const OutputOptions& options);

nlohmann::ordered_json to_json(const std::string& query, const SearchResult& result,
                               const OutputOptions& options);

// --stats, as text or (Format::kJson, kJsonl) one JSON object.
void print_stats(std::ostream& out, const std::string& path, const IndexInfo& info,
                 const OutputOptions& options);

// Columns `text` takes on a terminal (a code point = one column; East Asian
// wide characters two).
std::size_t display_width(const std::string& text);

// Wraps text to `width` columns (a code point = one column; East Asian wide
// characters two), keeping highlight spans on the right lines.
std::vector<HighlightedText> wrap(const HighlightedText& text, std::size_t width);

// The names JSON gives MatchSet and MatchRule ("all_words", "short_query").
const char* match_set_name(MatchSet set);
const char* match_rule_name(MatchRule rule);

}  // namespace paperdex::cli
