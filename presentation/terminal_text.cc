#include "terminal_text.h"

#include <algorithm>
#include <type_traits>
#include <vector>

#include "paperdex/common/record_fields.h"

#include "text_layout.h"

namespace paperdex::presentation {
namespace {

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

HighlightedText terminal_safe(const HighlightedText& text) {
  std::vector<std::size_t> offsets;
  HighlightedText safe{terminal_safe(text.text, &offsets), {}};
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
  // Every field of the record-field table: none can be left out.
  for (const schema::RecordField& field : schema::record_fields()) {
    schema::visit_field(field, safe, [](auto& value) {
      using Value = std::remove_cvref_t<decltype(value)>;
      if constexpr (std::is_same_v<Value, std::string>) {
        value = terminal_safe(value);
      } else if constexpr (std::is_same_v<Value, std::vector<std::string>>) {
        make_safe(value);
      } else if constexpr (std::is_same_v<Value, std::vector<PaperVersion>>) {
        for (PaperVersion& version : value) {
          for (std::string* text : {&version.version, &version.date}) *text = terminal_safe(*text);
        }
      } else if constexpr (std::is_same_v<Value, FullTextFacts>) {
        for (std::string* text : {&value.source, &value.file}) *text = terminal_safe(*text);
        make_safe(value.sections);
      } else if constexpr (std::is_same_v<Value, std::vector<Reference>>) {
        for (Reference& reference : value) {
          for (std::string* text : {&reference.text, &reference.id, &reference.doi, &reference.url,
                                    &reference.title, &reference.venue, &reference.resolved_by}) {
            *text = terminal_safe(*text);
          }
          make_safe(reference.authors);
          make_safe(reference.more_ids);
        }
      }
    });
  }
  return safe;
}

SearchResult terminal_safe(const SearchResult& result) {
  SearchResult safe = result;
  for (Hit& hit : safe.hits) {
    hit.title = terminal_safe(hit.title);
    hit.snippet = terminal_safe(hit.snippet);
    static_cast<HighlightedText&>(hit.passage) = terminal_safe(hit.passage);
    hit.passage.section = terminal_safe(hit.passage.section);
    hit.id = terminal_safe(hit.id);
    for (std::vector<std::string>* list : {&hit.authors, &hit.subjects}) make_safe(*list);
    for (std::vector<TermContribution>* parts : {&hit.explanation, &hit.because}) {
      for (TermContribution& term : *parts) {
        for (std::string* text : {&term.field, &term.term}) *text = terminal_safe(*text);
      }
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
  position = std::min(position, query.size());
  // A long query is shown around the problem, kQuotedInputCharacters
  // characters of it with "…" where it is cut: a megabyte of query is no
  // message (and neither is a line of a million spaces under it).
  const auto is_lead = [&](std::size_t i) {
    return (static_cast<unsigned char>(query[i]) & 0xC0) != 0x80;
  };
  std::size_t begin = position, before = 0;
  while (begin > 0 && before < kQuotedInputCharacters / 2) {
    --begin;
    if (is_lead(begin)) ++before;
  }
  std::size_t end = begin;
  for (std::size_t shown = 0; end < query.size(); ++end) {
    if (is_lead(end) && shown++ == kQuotedInputCharacters) break;
  }
  const std::string_view cut_mark = "\xE2\x80\xA6";  // U+2026
  std::vector<std::size_t> offsets;
  const std::string shown_text = (begin > 0 ? std::string(cut_mark) : std::string()) +
                                 terminal_safe(query.substr(begin, end - begin), &offsets) +
                                 (end < query.size() ? std::string(cut_mark) : std::string());
  const std::size_t caret_byte = (begin > 0 ? cut_mark.size() : 0) + offsets[position - begin];
  const std::size_t column = display_width(shown_text.substr(0, caret_byte));
  return "  " + shown_text + "\n  " + std::string(column, ' ') + "^\n";
}

}  // namespace paperdex::presentation
