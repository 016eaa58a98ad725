#include "output.h"

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace paperdex::cli {
namespace {

constexpr const char* kHighlightOn = "\033[1;33m";
constexpr const char* kBoldOn = "\033[1m";
constexpr const char* kDimOn = "\033[2m";
constexpr const char* kStyleOff = "\033[0m";

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

std::string facet_line(const std::vector<FacetCount>& facet, std::size_t max_values) {
  std::string line;
  for (std::size_t i = 0; i < facet.size() && i < max_values; ++i) {
    if (i > 0) line += "  ";
    line += facet[i].value + " " + std::to_string(facet[i].count);
  }
  if (facet.size() > max_values) line += "  …";
  return line;
}

const char* match_set_name(MatchSet set) {
  switch (set) {
    case MatchSet::kAllWords:
      return "all_words";
    case MatchSet::kMostWords:
      return "most_words";
    case MatchSet::kAnyWord:
      return "any_word";
  }
  return "all_words";
}

}  // namespace

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

void print_text(std::ostream& out, const std::string& query, const SearchResult& result,
                const SearchRequest& request, const TextStyle& style) {
  const bool color = style.color;
  const std::string indent = "    ";
  const std::size_t body_width =
      style.width > indent.size() + 20 ? style.width - indent.size() : 20;
  if (result.hits.empty()) {
    out << "No papers match " << (query.empty() ? "the filters" : "'" + query + "'") << ".\n";
    if (result.total > 0) {
      out << result.total << " match in all; --offset " << request.offset << " is past the end.\n";
    }
    return;
  }
  std::size_t number = request.offset;
  bool partial_notice_shown = false;
  for (const Hit& hit : result.hits) {
    ++number;
    if (!hit.matches_all_words && !partial_notice_shown) {
      out << styled("-- fewer than " + std::to_string(request.offset + request.limit) +
                        " papers match every word; papers matching most of the words follow --",
                    color, kDimOn)
          << "\n\n";
      partial_notice_shown = true;
    }
    const std::string label = std::to_string(number) + ". ";
    const auto title_lines = wrap(hit.title, style.width > label.size() ? style.width - 4 : 40);
    for (std::size_t i = 0; i < title_lines.size(); ++i) {
      std::string padded = i == 0 ? label : std::string(4, ' ');
      if (padded.size() < 4) padded.append(4 - padded.size(), ' ');
      out << padded << styled(render(title_lines[i], color, kBoldOn), color, kBoldOn) << '\n';
    }
    if (!hit.authors.empty()) out << indent << author_line(hit.authors) << '\n';
    char score[32];
    std::snprintf(score, sizeof score, "%.2f", hit.score);
    std::string meta = (hit.year ? std::to_string(hit.year) : std::string("----")) + " · " +
                       join(hit.subjects, " ") + " · " + hit.id;
    if (hit.score > 0) meta += " · score " + std::string(score);
    out << indent << styled(meta, color, kDimOn) << '\n';
    for (const HighlightedText& line : wrap(hit.snippet, body_width)) {
      out << indent << render(line, color) << '\n';
    }
    out << '\n';
  }
  const std::size_t first = request.offset + 1;
  const std::size_t last = request.offset + result.hits.size();
  out << "Showing " << first << "–" << last << " of " << (result.total_exact ? "" : "about ")
      << result.total << (result.total == 1 ? " paper" : " papers");
  if (result.match_set == MatchSet::kMostWords) {
    out << " matching some of the words (" << result.all_words_total << " match every word)";
  }
  out << ".\n";
  if (!result.subject_facets.empty()) {
    out << styled("Subjects:", color, kBoldOn) << ' ' << facet_line(result.subject_facets, 10)
        << '\n';
  }
  if (!result.year_facets.empty()) {
    out << styled("Years:", color, kBoldOn) << ' ' << facet_line(result.year_facets, 10) << '\n';
  }
}

nlohmann::ordered_json to_json(const std::string& query, const SearchResult& result) {
  nlohmann::ordered_json json;
  json["query"] = query;
  json["total"] = result.total;
  json["total_exact"] = result.total_exact;
  json["match_set"] = match_set_name(result.match_set);
  json["all_words_total"] = result.all_words_total;
  nlohmann::ordered_json hits = nlohmann::ordered_json::array();
  for (const Hit& hit : result.hits) {
    nlohmann::ordered_json h;
    h["id"] = hit.id;
    h["title"] = render_highlights(hit.title, "<b>", "</b>", true);
    h["authors"] = hit.authors;
    h["subjects"] = hit.subjects;
    h["year"] = hit.year;
    h["score"] = hit.score;
    h["snippet"] = render_highlights(hit.snippet, "<b>", "</b>", true);
    h["matches_all_words"] = hit.matches_all_words;
    hits.push_back(std::move(h));
  }
  json["hits"] = std::move(hits);
  nlohmann::ordered_json subjects = nlohmann::ordered_json::object();
  for (const FacetCount& facet : result.subject_facets) subjects[facet.value] = facet.count;
  nlohmann::ordered_json years = nlohmann::ordered_json::object();
  for (const FacetCount& facet : result.year_facets) years[facet.value] = facet.count;
  json["facets"] = {{"subject", std::move(subjects)}, {"year", std::move(years)}};
  return json;
}

}  // namespace paperdex::cli
