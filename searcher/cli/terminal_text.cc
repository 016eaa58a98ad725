#include "terminal_text.h"

#include <algorithm>
#include <vector>

#include "text_layout.h"

namespace paperdex::cli {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

bool is_continuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

// The length of the valid UTF-8 sequence at text[i] (its code point in
// `code_point`), or 0 when the byte there starts none: overlong forms,
// surrogates and values past U+10FFFF are invalid too.
std::size_t valid_sequence(std::string_view text, std::size_t i, char32_t& code_point) {
  const auto lead = static_cast<unsigned char>(text[i]);
  if (lead < 0x80) {
    code_point = lead;
    return 1;
  }
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // the range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    code_point = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    code_point = lead & 0x0F;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    code_point = lead & 0x07;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  const auto second = static_cast<unsigned char>(text[i + 1]);
  if (second < low || second > high) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    const auto byte = static_cast<unsigned char>(text[i + k]);
    if (!is_continuation(byte)) return 0;
    code_point = (code_point << 6) | (byte & 0x3F);
  }
  return length;
}

bool is_layout_space(char32_t code_point) {
  return code_point == '\t' || code_point == '\n' || code_point == '\r' || code_point == '\v' ||
         code_point == '\f';
}

bool is_control(char32_t code_point) {
  return code_point < 0x20 || code_point == 0x7F || (code_point >= 0x80 && code_point <= 0x9F);
}

// terminal_safe; when `offsets` is given it receives, for each byte of `text`
// and one past its end, where that byte went in the result.
std::string make_safe(std::string_view text, std::vector<std::size_t>* offsets) {
  std::string safe;
  safe.reserve(text.size());
  if (offsets) offsets->assign(text.size() + 1, 0);
  std::size_t i = 0;
  while (i < text.size()) {
    char32_t code_point = 0;
    std::size_t length = valid_sequence(text, i, code_point);
    const std::size_t start = safe.size();
    if (length == 0) {
      length = 1;
      safe += kReplacement;
    } else if (is_layout_space(code_point)) {
      safe += ' ';
    } else if (is_control(code_point)) {
      safe += kReplacement;
    } else {
      safe.append(text, i, length);
    }
    if (offsets) std::fill_n(offsets->begin() + static_cast<std::ptrdiff_t>(i), length, start);
    i += length;
  }
  if (offsets) offsets->back() = safe.size();
  return safe;
}

void make_safe(std::vector<std::string>& values) {
  for (std::string& value : values) value = terminal_safe(value);
}

void make_safe(std::vector<FacetCount>& facet) {
  for (FacetCount& count : facet) {
    count.value = terminal_safe(count.value);
    count.label = terminal_safe(count.label);
  }
}

}  // namespace

std::string terminal_safe(std::string_view text) { return make_safe(text, nullptr); }

HighlightedText terminal_safe(const HighlightedText& text) {
  std::vector<std::size_t> offsets;
  HighlightedText safe{make_safe(text.text, &offsets), {}};
  safe.spans.reserve(text.spans.size());
  for (const auto& [begin, end] : text.spans) {
    // A span past the end stays past it, so the renderers drop it as before.
    if (begin > end || end > text.text.size()) {
      safe.spans.emplace_back(begin, end);
    } else {
      safe.spans.emplace_back(offsets[begin], offsets[end]);
    }
  }
  return safe;
}

Paper terminal_safe(const Paper& paper) {
  Paper safe = paper;
  for (std::string* text : {&safe.id, &safe.title, &safe.abstract, &safe.primary, &safe.submitted,
                            &safe.updated, &safe.doi, &safe.journal_ref, &safe.comments,
                            &safe.report_no, &safe.license, &safe.abs_url, &safe.pdf_url}) {
    *text = terminal_safe(*text);
  }
  for (std::vector<std::string>* list : {&safe.authors, &safe.categories, &safe.category_names}) {
    make_safe(*list);
  }
  for (PaperVersion& version : safe.versions) {
    for (std::string* text : {&version.version, &version.date}) *text = terminal_safe(*text);
  }
  return safe;
}

SearchResult terminal_safe(const SearchResult& result) {
  SearchResult safe = result;
  for (Hit& hit : safe.hits) {
    hit.title = terminal_safe(hit.title);
    hit.snippet = terminal_safe(hit.snippet);
    hit.id = terminal_safe(hit.id);
    for (std::vector<std::string>* list : {&hit.authors, &hit.subjects}) make_safe(*list);
    for (TermContribution& term : hit.explanation) {
      for (std::string* text : {&term.field, &term.term}) *text = terminal_safe(*text);
    }
    hit.paper = terminal_safe(hit.paper);
  }
  make_safe(safe.subject_facets);
  make_safe(safe.year_facets);
  make_safe(safe.author_facets);
  safe.parsed_query = terminal_safe(safe.parsed_query);
  safe.suggestion = terminal_safe(safe.suggestion);
  // Notes quote the query, which may hold anything.
  for (std::string& note : safe.notes) note = terminal_safe(note);
  return safe;
}

IndexInfo terminal_safe(const IndexInfo& info) {
  IndexInfo safe = info;
  make_safe(safe.subjects);
  safe.last_update = terminal_safe(safe.last_update);
  safe.analysis = terminal_safe(safe.analysis);
  return safe;
}

std::string marked_query(std::string_view query, std::size_t position) {
  std::vector<std::size_t> offsets;
  const std::string safe = make_safe(query, &offsets);
  const std::size_t caret_byte = offsets[std::min(position, query.size())];
  const std::size_t column = display_width(safe.substr(0, caret_byte));
  return "  " + safe + "\n  " + std::string(column, ' ') + "^\n";
}

}  // namespace paperdex::cli
