#include "output.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <sstream>

#include "terminal_text.h"

namespace paperdex::cli {
namespace {

constexpr const char* kHighlightOn = "\033[1;33m";
constexpr const char* kBoldOn = "\033[1m";
constexpr const char* kDimOn = "\033[2m";
constexpr const char* kStyleOff = "\033[0m";

using Json = nlohmann::ordered_json;

// Columns taken by the code point starting at text[i]; sets `length` to its bytes.
std::size_t columns_at(const std::string& text, std::size_t i, std::size_t& length) {
  const auto lead = static_cast<unsigned char>(text[i]);
  length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
  length = std::min(length, text.size() - i);
  if (length < 3) return 1;
  // Decode to decide width: CJK, Hangul, kana and full-width forms take two columns.
  char32_t cp = length == 3 ? (lead & 0x0F) : (lead & 0x07);
  for (std::size_t k = 1; k < length; ++k) cp = (cp << 6) | (text[i + k] & 0x3F);
  const bool wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
                    (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                    (cp >= 0xFF00 && cp <= 0xFF60) || (cp >= 0x20000 && cp <= 0x3FFFD);
  return wide ? 2 : 1;
}

}  // namespace

std::size_t display_width(const std::string& text) {
  std::size_t columns = 0;
  for (std::size_t i = 0, length = 0; i < text.size(); i += length) {
    columns += columns_at(text, i, length);
  }
  return columns;
}

namespace {

// At most `width` columns of `text`, "…" marking a cut.
std::string fit(const std::string& text, std::size_t width) {
  if (display_width(text) <= width) return text;
  std::string cut;
  std::size_t columns = 0;
  for (std::size_t i = 0, length = 0; i < text.size(); i += length) {
    const std::size_t w = columns_at(text, i, length);
    if (columns + w + 1 > width) break;
    cut.append(text, i, length);
    columns += w;
  }
  return cut + "…";
}

std::string padded(const std::string& text, std::size_t width) {
  const std::size_t columns = display_width(text);
  return columns >= width ? text : text + std::string(width - columns, ' ');
}

// `resume` restores the surrounding style after each highlight (bold titles).
std::string render(const HighlightedText& text, bool color, const std::string& resume = "") {
  if (!color) return text.text;
  return render_highlights(text, kHighlightOn, std::string(kStyleOff) + resume, false);
}

std::string styled(const std::string& text, bool color, const char* on) {
  return color ? on + text + kStyleOff : text;
}

std::string author_line(const std::vector<std::string>& authors) {
  constexpr std::size_t kShown = 3;
  std::string line;
  for (std::size_t i = 0; i < authors.size() && i < kShown; ++i) {
    if (i > 0) line += ", ";
    line += authors[i];
  }
  if (authors.size() > kShown) line += " et al.";
  return line;
}

std::string join(const std::vector<std::string>& values, const std::string& separator) {
  std::string joined;
  for (const std::string& value : values) {
    if (!joined.empty()) joined += separator;
    joined += value;
  }
  return joined;
}

// 1234567 -> "1,234,567".
std::string grouped(std::size_t number) {
  std::string digits = std::to_string(number);
  for (std::size_t i = digits.size(); i > 3; i -= 3) digits.insert(i - 3, ",");
  return digits;
}

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

// What the total counts, after "Showing 1–10 of N papers".
std::string match_set_phrase(const SearchResult& result) {
  switch (result.match_rule) {
    case MatchRule::kNoFullMatch:
      return " matching some of the words (none matches every word)";
    case MatchRule::kLongQuery:
      return " matching any of the words (" + grouped(result.all_words_total) +
             " match every word)";
    case MatchRule::kAnyWordRequested:
      return " matching any of the words";
    default:
      return "";
  }
}

// One facet as aligned lines: value, its name when it has one, count.
void print_facet(std::ostream& out, const std::string& heading,
                 const std::vector<FacetCount>& facet, const OutputOptions& options) {
  if (facet.empty() || options.facet_values == 0) return;
  const std::size_t shown = std::min(facet.size(), options.facet_values);
  std::size_t value_width = 0, label_width = 0, count_width = 0;
  for (std::size_t i = 0; i < shown; ++i) {
    value_width = std::max(value_width, display_width(facet[i].value));
    label_width = std::max(label_width, display_width(facet[i].label));
    count_width = std::max(count_width, std::to_string(facet[i].count).size());
  }
  // Long names are cut so that a line fits the terminal.
  const std::size_t fixed_columns = 2 + value_width + 2 + 2 + count_width;
  if (label_width > 0) {
    label_width =
        std::min(label_width, options.width > fixed_columns + 10 ? options.width - fixed_columns
                                                                 : std::size_t{10});
  }
  std::string title = heading;
  if (facet.size() > shown) {
    title += " (top " + std::to_string(shown) + " of " + std::to_string(facet.size()) + ")";
  }
  out << styled(title, options.color, kBoldOn) << '\n';
  for (std::size_t i = 0; i < shown; ++i) {
    std::string line = "  " + padded(facet[i].value, value_width) + "  ";
    if (label_width > 0) line += padded(fit(facet[i].label, label_width), label_width) + "  ";
    const std::string count = std::to_string(facet[i].count);
    line += std::string(count_width - count.size(), ' ') + count;
    out << line << '\n';
  }
}

// Years read best across, newest first.
void print_year_facet(std::ostream& out, const std::vector<FacetCount>& facet,
                      const OutputOptions& options) {
  if (facet.empty() || options.facet_values == 0) return;
  out << styled("Years", options.color, kBoldOn) << '\n';
  std::string line;
  for (std::size_t i = 0; i < facet.size() && i < options.facet_values; ++i) {
    const std::string item = facet[i].value + " " + std::to_string(facet[i].count);
    if (!line.empty() && display_width(line) + 2 + item.size() > options.width) {
      out << line << '\n';
      line.clear();
    }
    line += "  " + item;  // two spaces: the indent, then the gap between years
  }
  if (facet.size() > options.facet_values) line += "  …";
  out << line << '\n';
}

// "score 4.51 = text:switch 2.31 + text:optic 2.20; filters: subject:cs.ni"
std::string explanation_line(const Hit& hit) {
  std::string scored, filters;
  for (const TermContribution& term : hit.explanation) {
    const std::string name = term.field + ":" + term.term;
    if (term.weight > 0) {
      scored += (scored.empty() ? "" : " + ") + name + " " + fixed(term.weight, 2);
    } else {
      filters += (filters.empty() ? "" : ", ") + name;
    }
  }
  std::string line = "score " + fixed(hit.score, 2);
  if (!scored.empty()) line += " = " + scored;
  if (!filters.empty()) line += "; filters: " + filters;
  return line;
}

void print_hit(std::ostream& out, const Hit& hit, std::size_t number, const HitFields& fields,
               const OutputOptions& options) {
  const bool color = options.color;
  const std::string indent = "    ";
  const std::size_t body_width =
      options.width > indent.size() + 20 ? options.width - indent.size() : 20;
  const std::string label = std::to_string(number) + ". ";
  const HighlightedText heading = fields.title ? hit.title : HighlightedText{hit.id, {}};
  const auto title_lines = wrap(heading, body_width);
  for (std::size_t i = 0; i < title_lines.size(); ++i) {
    std::string lead = i == 0 ? label : std::string();
    if (lead.size() < indent.size()) lead.append(indent.size() - lead.size(), ' ');
    out << lead << styled(render(title_lines[i], color, kBoldOn), color, kBoldOn) << '\n';
  }
  if (fields.authors && !hit.authors.empty()) {
    out << indent << fit(author_line(hit.authors), body_width) << '\n';
  }
  std::vector<std::string> meta;
  if (fields.year) meta.push_back(hit.year ? std::to_string(hit.year) : std::string("----"));
  if (fields.subjects && !hit.subjects.empty()) meta.push_back(join(hit.subjects, " "));
  if (fields.id && fields.title) meta.push_back(hit.id);
  if (fields.score && hit.score > 0) meta.push_back("score " + fixed(hit.score, 2));
  for (const HighlightedText& line : wrap({join(meta, " · "), {}}, body_width)) {
    out << indent << styled(line.text, color, kDimOn) << '\n';
  }
  if (fields.snippet) {
    for (const HighlightedText& line : wrap(hit.snippet, body_width)) {
      out << indent << render(line, color) << '\n';
    }
  }
  if (options.explain) {
    for (const HighlightedText& line : wrap({explanation_line(hit), {}}, body_width)) {
      out << indent << styled(line.text, color, kDimOn) << '\n';
    }
  }
  out << '\n';
}

void print_text(std::ostream& out, const std::string& query, const SearchResult& result,
                const SearchRequest& request, const OutputOptions& options) {
  const bool color = options.color;
  const HitFields fields = options.fields.value_or(HitFields{});
  if (options.explain) {
    out << styled("Query: " + result.parsed_query, color, kDimOn) << "\n\n";
  }
  if (!result.notes.empty()) {
    // One line: what was read as words rather than as the query language.
    std::string notes = "Note: ";
    for (std::size_t i = 0; i < result.notes.size(); ++i) {
      notes += (i > 0 ? "; " : "") + result.notes[i];
    }
    out << styled(fit(notes, options.width), color, kDimOn) << "\n\n";
  }
  if (result.corrected) {
    out << "Showing results for: " << styled(result.suggestion, color, kBoldOn)
        << " (corrected from '" << query << "')\n\n";
  } else if (!result.suggestion.empty()) {
    out << "Did you mean: " << styled(result.suggestion, color, kBoldOn) << "\n\n";
  }
  if (result.hits.empty()) {
    const std::string searched = result.corrected ? result.suggestion : query;
    out << "No papers match "
        << (searched.empty() ? std::string("the filters") : "'" + searched + "'") << ".\n";
    if (result.total > 0) {
      out << result.total << " match in all; --offset " << request.offset << " is past the end.\n";
    }
    return;
  }
  std::size_t number = request.offset;
  for (const Hit& hit : result.hits) print_hit(out, hit, ++number, fields, options);
  const std::size_t first = request.offset + 1;
  const std::size_t last = request.offset + result.hits.size();
  out << "Showing " << first << "–" << last << " of " << (result.total_exact ? "" : "about ")
      << grouped(result.total) << (result.total == 1 ? " paper" : " papers");
  out << match_set_phrase(result) << ".\n";
  if (options.facet_values > 0 && (!result.subject_facets.empty() || !result.year_facets.empty())) {
    out << '\n';
    print_facet(out, "Subjects", result.subject_facets, options);
    print_year_facet(out, result.year_facets, options);
    print_facet(out, "Authors", result.author_facets, options);
  }
}

Json hit_json(const Hit& hit, const HitFields& fields, bool all_keys, bool explain) {
  Json h = Json::object();
  if (fields.id) h["id"] = hit.id;
  if (fields.title) h["title"] = render_highlights(hit.title, "<b>", "</b>", true);
  if (fields.authors) h["authors"] = hit.authors;
  if (fields.subjects) h["subjects"] = hit.subjects;
  if (fields.year) h["year"] = hit.year;
  if (fields.score) h["score"] = hit.score;
  if (fields.snippet) h["snippet"] = render_highlights(hit.snippet, "<b>", "</b>", true);
  if (all_keys) h["matches_all_words"] = hit.matches_all_words;
  if (explain) {
    Json terms = Json::array();
    for (const TermContribution& term : hit.explanation) {
      terms.push_back({{"field", term.field}, {"term", term.term}, {"weight", term.weight}});
    }
    h["explain"] = std::move(terms);
  }
  return h;
}

Json facet_json(const std::vector<FacetCount>& facet, const OutputOptions& options) {
  Json values = Json::object();
  const std::size_t shown =
      options.facet_values_given ? std::min(options.facet_values, facet.size()) : facet.size();
  for (std::size_t i = 0; i < shown; ++i) values[facet[i].value] = facet[i].count;
  return values;
}

// One TSV field: tabs and line breaks would split the row.
std::string tsv_cell(std::string text) {
  for (char& c : text) {
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  }
  return text;
}

// TSV shows id, year, score and title unless --fields says otherwise.
HitFields tsv_default() {
  HitFields fields;
  fields.authors = fields.subjects = fields.snippet = false;
  return fields;
}

void print_tsv(std::ostream& out, const SearchResult& result, const OutputOptions& options) {
  const HitFields fields = options.fields.value_or(tsv_default());
  for (const Hit& hit : result.hits) {
    std::vector<std::string> cells;
    if (fields.id) cells.push_back(tsv_cell(hit.id));
    if (fields.year) cells.push_back(std::to_string(hit.year));
    if (fields.score) cells.push_back(fixed(hit.score, 4));
    if (fields.title) cells.push_back(tsv_cell(hit.title.text));
    if (fields.authors) cells.push_back(tsv_cell(join(hit.authors, "; ")));
    if (fields.subjects) cells.push_back(tsv_cell(join(hit.subjects, " ")));
    if (fields.snippet) cells.push_back(tsv_cell(hit.snippet.text));
    out << join(cells, "\t") << '\n';
  }
}

std::string dumped(const Json& json) {
  return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

void print_text_stats(std::ostream& out, const std::string& raw_path, const IndexInfo& raw_info,
                      const OutputOptions& options) {
  const std::string path = terminal_safe(raw_path);
  const IndexInfo info = terminal_safe(raw_info);
  const auto row = [&](const std::string& name, const std::string& value) {
    out << styled(padded(name, 13), options.color, kBoldOn) << value << '\n';
  };
  row("Index", path);
  row("Papers", grouped(info.documents));
  row("Terms",
      grouped(info.unique_terms) + " distinct, " + grouped(info.term_occurrences) + " indexed");
  row("Size", fixed(static_cast<double>(info.size_bytes) / (1024.0 * 1024.0), 1) + " MB");
  row("Years", info.first_year
                   ? std::to_string(info.first_year) + "–" + std::to_string(info.last_year)
                   : std::string("none recorded"));
  row("Subjects", grouped(info.subjects.size()));
  row("Schema", "version " + std::to_string(info.schema_version));
  row("Last update", info.last_update.empty() ? std::string("not recorded") : info.last_update);
  row("Analysis", info.analysis.empty() ? std::string("not recorded") : info.analysis);
  if (!info.subjects.empty() && options.facet_values > 0) {
    out << '\n';
    print_facet(out, "Subjects", info.subjects, options);
  }
}

}  // namespace

const char* match_set_name(MatchSet set) {
  switch (set) {
    case MatchSet::kAllWords:
      return "all_words";
    case MatchSet::kAnyWord:
      return "any_word";
  }
  return "all_words";
}

const char* match_rule_name(MatchRule rule) {
  switch (rule) {
    case MatchRule::kAsWritten:
      return "as_written";
    case MatchRule::kShortQuery:
      return "short_query";
    case MatchRule::kNoFullMatch:
      return "no_full_match";
    case MatchRule::kLongQuery:
      return "long_query";
    case MatchRule::kAnyWordRequested:
      return "any_word_requested";
  }
  return "as_written";
}

std::optional<Format> parse_format(const std::string& name) {
  if (name == "text") return Format::kText;
  if (name == "json") return Format::kJson;
  if (name == "jsonl") return Format::kJsonl;
  if (name == "tsv") return Format::kTsv;
  return std::nullopt;
}

std::optional<HitFields> parse_fields(const std::string& list) {
  HitFields fields{false, false, false, false, false, false, false};
  std::istringstream names(list);
  bool any = false;
  for (std::string name; std::getline(names, name, ',');) {
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    bool* field = name == "id"         ? &fields.id
                  : name == "title"    ? &fields.title
                  : name == "authors"  ? &fields.authors
                  : name == "subjects" ? &fields.subjects
                  : name == "year"     ? &fields.year
                  : name == "score"    ? &fields.score
                  : name == "snippet"  ? &fields.snippet
                                       : nullptr;
    if (field == nullptr) return std::nullopt;
    *field = any = true;
  }
  if (!any) return std::nullopt;
  return fields;
}

std::string field_names() { return "id, title, authors, subjects, year, score, snippet"; }

std::vector<HighlightedText> wrap(const HighlightedText& text, std::size_t width) {
  std::vector<HighlightedText> lines;
  const std::string& s = text.text;
  width = std::max<std::size_t>(width, 20);
  std::size_t line_start = 0;
  while (line_start < s.size()) {
    // Walk until the line is full, remembering the last space.
    std::size_t columns = 0, i = line_start, last_space = std::string::npos;
    while (i < s.size()) {
      std::size_t length = 0;
      const std::size_t w = columns_at(s, i, length);
      if (columns + w > width) break;
      if (s[i] == ' ') last_space = i;
      columns += w;
      i += length;
    }
    std::size_t line_end = i, next = i;
    if (i < s.size()) {
      if (last_space != std::string::npos && last_space > line_start) {
        line_end = last_space;
        next = last_space + 1;
      }
    }
    HighlightedText line{s.substr(line_start, line_end - line_start), {}};
    for (const auto& [begin, end] : text.spans) {
      const std::size_t b = std::max(begin, line_start), e = std::min(end, line_end);
      if (b < e) line.spans.emplace_back(b - line_start, e - line_start);
    }
    lines.push_back(std::move(line));
    line_start = next;
  }
  return lines;
}

Json to_json(const std::string& query, const SearchResult& result, const OutputOptions& options) {
  Json json;
  json["query"] = query;
  json["total"] = result.total;
  json["total_exact"] = result.total_exact;
  json["match_set"] = match_set_name(result.match_set);
  json["match_rule"] = match_rule_name(result.match_rule);
  json["all_words_total"] = result.all_words_total;
  json["notes"] = result.notes;
  json["suggestion"] = result.suggestion.empty() ? Json() : Json(result.suggestion);
  json["corrected"] = result.corrected;
  if (options.explain) json["explain"] = {{"parsed_query", result.parsed_query}};
  Json hits = Json::array();
  const HitFields fields = options.fields.value_or(HitFields{});
  for (const Hit& hit : result.hits) {
    hits.push_back(hit_json(hit, fields, !options.fields, options.explain));
  }
  json["hits"] = std::move(hits);
  Json facets = {{"subject", facet_json(result.subject_facets, options)},
                 {"year", facet_json(result.year_facets, options)}};
  if (!result.author_facets.empty()) facets["author"] = facet_json(result.author_facets, options);
  json["facets"] = std::move(facets);
  return json;
}

void print_result(std::ostream& out, const std::string& query, const SearchResult& result,
                  const SearchRequest& request, const OutputOptions& options) {
  switch (options.format) {
    case Format::kText:
      print_text(out, terminal_safe(query), terminal_safe(result), request, options);
      break;
    case Format::kJson:
      out << dumped(to_json(query, result, options)) << '\n';
      break;
    case Format::kJsonl: {
      const HitFields fields = options.fields.value_or(HitFields{});
      for (const Hit& hit : result.hits) {
        out << dumped(hit_json(hit, fields, !options.fields, options.explain)) << '\n';
      }
      break;
    }
    case Format::kTsv:
      print_tsv(out, terminal_safe(result), options);
      break;
  }
}

void print_stats(std::ostream& out, const std::string& path, const IndexInfo& info,
                 const OutputOptions& options) {
  if (options.format == Format::kText) return print_text_stats(out, path, info, options);
  Json subjects = Json::object();
  for (const FacetCount& subject : info.subjects) subjects[subject.value] = subject.count;
  const Json json = {{"path", path},
                     {"documents", info.documents},
                     {"unique_terms", info.unique_terms},
                     {"term_occurrences", info.term_occurrences},
                     {"size_bytes", info.size_bytes},
                     {"first_year", info.first_year},
                     {"last_year", info.last_year},
                     {"subject_count", info.subjects.size()},
                     {"subjects", std::move(subjects)},
                     {"schema_version", info.schema_version},
                     {"last_update", info.last_update},
                     {"analysis", info.analysis}};
  out << dumped(json) << '\n';
}

}  // namespace paperdex::cli
