#include "text_layout.h"

#include <algorithm>
#include <iterator>
#include <ostream>

#include "terminal_text.h"

namespace paperdex::presentation {
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

}  // namespace

std::size_t display_width(const std::string& text) {
  std::size_t columns = 0;
  for (std::size_t i = 0, length = 0; i < text.size(); i += length) {
    columns += columns_at(text, i, length);
  }
  return columns;
}

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

// Lines of plain text wrapped to `width`.
std::vector<std::string> wrapped(const std::string& text, std::size_t width) {
  std::vector<std::string> lines;
  for (HighlightedText& line : wrap({text, {}}, width)) lines.push_back(std::move(line.text));
  return lines;
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

// 1234567 -> "1,234,567".
std::string grouped(std::size_t number) {
  std::string digits = std::to_string(number);
  for (std::size_t i = digits.size(); i > 3; i -= 3) digits.insert(i - 3, ",");
  return digits;
}

// What the total counts, after "Showing 1–10 of N papers".
std::string match_set_phrase(const SearchResult& result) {
  switch (result.match_rule) {
    case MatchRule::kNoFullMatch:
      return " matching some of the words (none matches every word)";
    case MatchRule::kLongQuery:
      if (result.match_set == MatchSet::kMostWords) {
        return " matching at least " + std::to_string(result.words_needed) + " of the " +
               std::to_string(result.words_searched) + " words (" +
               grouped(result.all_words_total) + " match every word; papers with fewer follow)";
      }
      return " matching any of the words (" + grouped(result.all_words_total) +
             " match every word)";
    case MatchRule::kAnyWordRequested:
      return " matching any of the words";
    default:
      return "";
  }
}

// "Subjects (top 3 of 12)" when values were left out.
std::string facet_heading(const std::string& name, const FacetSelection& selection) {
  if (selection.other_values == 0) return name;
  return name + " (top " + std::to_string(selection.shown.size()) + " of " +
         std::to_string(selection.shown.size() + selection.other_values) + ")";
}

// One facet as aligned lines, largest first: value, its name when it has one, count.
void print_facet(std::ostream& out, const std::string& name, const std::vector<FacetCount>& facet,
                 const OutputOptions& options) {
  if (facet.empty() || options.facet_values == 0) return;
  const FacetSelection selection = largest_values(facet, options.facet_values);
  std::size_t value_width = 0, label_width = 0, count_width = 0;
  for (const FacetCount& value : selection.shown) {
    value_width = std::max(value_width, display_width(value.value));
    label_width = std::max(label_width, display_width(value.label));
    count_width = std::max(count_width, std::to_string(value.count).size());
  }
  // Long names are cut so that a line fits the terminal.
  const std::size_t fixed_columns = 2 + value_width + 2 + 2 + count_width;
  if (label_width > 0) {
    label_width =
        std::min(label_width, options.width > fixed_columns + 10 ? options.width - fixed_columns
                                                                 : std::size_t{10});
  }
  out << styled(facet_heading(name, selection), options.color, kBoldOn) << '\n';
  for (const FacetCount& value : selection.shown) {
    std::string line = "  " + padded(value.value, value_width) + "  ";
    if (label_width > 0) line += padded(fit(value.label, label_width), label_width) + "  ";
    const std::string count = std::to_string(value.count);
    line += std::string(count_width - count.size(), ' ') + count;
    out << line << '\n';
  }
}

// Years read best across, newest first: the N largest, in year order.
void print_year_facet(std::ostream& out, const std::vector<FacetCount>& facet,
                      const OutputOptions& options) {
  if (facet.empty() || options.facet_values == 0) return;
  FacetSelection selection = largest_values(facet, options.facet_values);
  std::sort(selection.shown.begin(), selection.shown.end(),
            [](const FacetCount& a, const FacetCount& b) {
              return a.value.size() != b.value.size() ? a.value.size() > b.value.size()
                                                      : a.value > b.value;
            });
  out << styled(facet_heading("Years", selection), options.color, kBoldOn) << '\n';
  std::string line;
  for (const FacetCount& year : selection.shown) {
    const std::string item = year.value + " " + std::to_string(year.count);
    if (!line.empty() && display_width(line) + 2 + item.size() > options.width) {
      out << line << '\n';
      line.clear();
    }
    line += "  " + item;  // two spaces: the indent, then the gap between years
  }
  out << line << '\n';
}

void print_facets(std::ostream& out, const SearchResult& result, const OutputOptions& options) {
  if (options.facet_values == 0 || (result.subject_facets.empty() && result.year_facets.empty())) {
    return;
  }
  out << '\n';
  print_facet(out, "Subjects", result.subject_facets, options);
  print_year_facet(out, result.year_facets, options);
  print_facet(out, "Authors", result.author_facets, options);
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

// A field on a line of its own: its label in a column, the value wrapped beside it.
struct LabelledRow {
  std::string label;
  std::vector<std::string> values;  // each starts a line of its own
};

void print_rows(std::ostream& out, const std::vector<LabelledRow>& rows, const std::string& indent,
                std::size_t width, bool color) {
  std::size_t label_width = 0;
  for (const LabelledRow& row : rows) label_width = std::max(label_width, display_width(row.label));
  const std::size_t used = indent.size() + label_width + 2;
  const std::size_t value_width = width > used + 20 ? width - used : 20;
  for (const LabelledRow& row : rows) {
    bool first = true;
    for (const std::string& value : row.values) {
      for (const std::string& line : wrapped(value, value_width)) {
        const std::string label = first ? styled(padded(row.label, label_width), color, kBoldOn)
                                        : std::string(label_width, ' ');
        out << indent << label << "  " << line << '\n';
        first = false;
      }
    }
  }
}

// The labelled rows of these fields that have a value; subjects one a line,
// with their names, the primary marked.
std::vector<LabelledRow> rows_of(const Hit& hit, const ColumnSelection& fields) {
  std::vector<LabelledRow> rows;
  for (const OutputColumn* field : fields) {
    if (field->place == TextPlace::kMetaSubjects) {
      LabelledRow row{std::string(field->label), {}};
      const std::vector<std::string>& names = hit.paper.subject_names;
      std::size_t code_width = 0;
      for (const std::string& code : hit.subjects) {
        code_width = std::max(code_width, display_width(code));
      }
      for (std::size_t i = 0; i < hit.subjects.size(); ++i) {
        std::string line = padded(hit.subjects[i], code_width);
        if (i < names.size() && !names[i].empty()) line += "  " + names[i];
        if (hit.subjects[i] == hit.paper.primary) line += " (primary)";
        row.values.push_back(std::move(line));
      }
      if (!row.values.empty()) rows.push_back(std::move(row));
      continue;
    }
    const std::string value = field->text(*field, hit);
    if (value.empty()) continue;
    rows.push_back({std::string(field->label), {value}});
    if (field->field != nullptr && field->field->kind == schema::RecordFieldKind::kFullText) {
      // Its sections under the facts, one a line.
      for (const std::string& section : hit.paper.fulltext.sections) {
        rows.back().values.push_back("  " + section);
      }
    }
    if (field->field != nullptr && field->field->kind == schema::RecordFieldKind::kReferences) {
      // The entries under the count, numbered, one a line.
      const std::vector<Reference>& references = hit.paper.references;
      for (std::size_t i = 0; i < references.size(); ++i) {
        rows.back().values.push_back("  " + reference_line(i + 1, references[i]));
      }
    }
  }
  return rows;
}

// Fields selected for a place, in the order the layout prints them.
ColumnSelection placed(const ColumnSelection& fields, TextPlace first, TextPlace last) {
  ColumnSelection chosen;
  for (const OutputColumn* field : fields) {
    if (field->place >= first && field->place <= last) chosen.push_back(field);
  }
  std::stable_sort(chosen.begin(), chosen.end(), [](const OutputColumn* a, const OutputColumn* b) {
    return a->place < b->place;
  });
  return chosen;
}

bool has_place(const ColumnSelection& fields, TextPlace place) {
  return std::any_of(fields.begin(), fields.end(),
                     [&](const OutputColumn* field) { return field->place == place; });
}

void print_paragraphs(std::ostream& out, const Hit& hit, const ColumnSelection& fields,
                      const std::string& indent, std::size_t width) {
  for (const OutputColumn* field : placed(fields, TextPlace::kParagraph, TextPlace::kParagraph)) {
    for (const std::string& line : wrapped(field->text(*field, hit), width)) {
      out << indent << line << '\n';
    }
  }
}

void print_hit(std::ostream& out, const Hit& hit, std::size_t number, const ColumnSelection& fields,
               const OutputOptions& options) {
  const bool color = options.color;
  const std::string indent = "    ";
  const std::size_t body_width =
      options.width > indent.size() + 20 ? options.width - indent.size() : 20;
  const std::string label = std::to_string(number) + ". ";
  const bool titled = has_place(fields, TextPlace::kHeading);
  const HighlightedText heading = titled ? hit.title : HighlightedText{hit.id, {}};
  const auto title_lines = wrap(heading, body_width);
  for (std::size_t i = 0; i < title_lines.size(); ++i) {
    std::string lead = i == 0 ? label : std::string();
    if (lead.size() < indent.size()) lead.append(indent.size() - lead.size(), ' ');
    out << lead << styled(render(title_lines[i], color, kBoldOn), color, kBoldOn) << '\n';
  }
  if (has_place(fields, TextPlace::kAuthors) && !hit.authors.empty()) {
    out << indent << fit(author_line(hit.authors), body_width) << '\n';
  }
  std::vector<std::string> meta;
  for (const OutputColumn* field : placed(fields, TextPlace::kMetaYear, TextPlace::kMetaNews)) {
    switch (field->place) {
      case TextPlace::kMetaYear:
        meta.push_back(hit.year ? std::to_string(hit.year) : std::string("----"));
        break;
      case TextPlace::kMetaId:  // the heading shows it when there is no title
        if (titled) meta.push_back(hit.id);
        break;
      case TextPlace::kMetaScore:
        if (hit.score > 0) meta.push_back("score " + fixed(hit.score, 2));
        break;
      default:
        if (!field->text(*field, hit).empty()) meta.push_back(field->text(*field, hit));
    }
  }
  for (const std::string& line : wrapped(join(meta, " · "), body_width)) {
    out << indent << styled(line, color, kDimOn) << '\n';
  }
  if (has_place(fields, TextPlace::kSnippet)) {
    for (const HighlightedText& line : wrap(hit.snippet, body_width)) {
      out << indent << render(line, color) << '\n';
    }
  }
  if (has_place(fields, TextPlace::kPassage) && !hit.passage.text.empty()) {
    // "p. 7 · 3 Method · …passage…": where it is, then the passage.
    const std::string place = passage_place(hit.passage);
    HighlightedText passage{place + hit.passage.text, {}};
    for (const auto& [begin, end] : hit.passage.spans) {
      passage.spans.emplace_back(begin + place.size(), end + place.size());
    }
    for (const HighlightedText& line : wrap(passage, body_width)) {
      out << indent << render(line, color) << '\n';
    }
  }
  print_rows(out, rows_of(hit, placed(fields, TextPlace::kLine, TextPlace::kLine)), indent,
             options.width, color);
  print_paragraphs(out, hit, fields, indent, body_width);
  if (options.explain) {
    for (const std::string& line : wrapped(explanation_line(hit), body_width)) {
      out << indent << styled(line, color, kDimOn) << '\n';
    }
  }
  out << '\n';
}

// What comes before the hits: the parsed query (--explain), the notes, the
// spelling suggestion.
void print_preamble(std::ostream& out, const std::string& query, const SearchResult& result,
                    const OutputOptions& options) {
  const bool color = options.color;
  if (options.explain) {
    out << styled("Query: " + result.parsed_query, color, kDimOn) << "\n\n";
  }
  // Each note whole, wrapped: it may end in what to do instead (the
  // nearest author names), which a cut line would lose.
  for (const std::string& note : result.notes) {
    for (const std::string& line : wrapped("Note: " + note, options.width)) {
      out << styled(line, color, kDimOn) << '\n';
    }
  }
  if (!result.notes.empty()) out << '\n';
  if (result.corrected) {
    out << "Showing results for: " << styled(result.suggestion, color, kBoldOn)
        << " (corrected from '" << query << "')\n\n";
  } else if (!result.suggestion.empty()) {
    out << "Did you mean: " << styled(result.suggestion, color, kBoldOn) << "\n\n";
  }
}

// "'optical switch'", or "the filters" for a query of filters alone.
std::string searched_for(const std::string& query, const SearchResult& result) {
  const std::string searched = result.corrected ? result.suggestion : query;
  return searched.empty() ? std::string("the filters") : "'" + searched + "'";
}

// An --offset past the last hit: papers match, just none on this page; say
// where the last page starts, so the next command can ask for it.
void print_past_last_page(std::ostream& out, const SearchResult& result,
                          const SearchRequest& request) {
  const std::size_t last_page = (result.ranked_total - 1) / request.limit * request.limit;
  out << "No papers on this page: " << (result.total_exact ? "" : "about ")
      << grouped(result.ranked_total) << " match in all; the last page starts at offset "
      << grouped(last_page) << " (--offset " << last_page << ").\n";
}

// --saved NAME --new with nothing new: since when, and how many papers the
// search matches all the same (they are not new), with how to list them.
void print_nothing_new(std::ostream& out, const std::string& query, const SavedSearchRun& saved) {
  const std::string name = terminal_safe(saved.name);
  out << "Nothing new to '" << name << "'";
  if (!saved.new_since.empty()) {
    out << " since " << index_time_text(terminal_safe(saved.new_since))
        << (saved.never_looked ? " (when it was saved)" : " (its last --new)");
  }
  out << ".\n";
  if (saved.matches == 0) {
    out << "No papers match " << (query.empty() ? "its filters" : "'" + query + "'") << ".\n";
    return;
  }
  out << grouped(saved.matches) << (saved.matches == 1 ? " paper matches " : " papers match ")
      << (query.empty() ? "its filters" : "'" + query + "'") << ", none of them new: --saved "
      << name << " without --new lists them.\n";
}

}  // namespace

void print_text_result(std::ostream& out, const std::string& raw_query,
                       const SearchResult& raw_result, const SearchRequest& request,
                       const OutputOptions& options) {
  const std::string query = terminal_safe(raw_query);
  const SearchResult result = terminal_safe(raw_result);
  print_preamble(out, query, result, options);
  if (request.limit == 0) {  // a count: the total and the facets, as JSON has them
    out << "Found " << (result.total_exact ? "" : "about ") << grouped(result.total)
        << (result.total == 1 ? " paper" : " papers") << " for " << searched_for(query, result)
        << match_set_phrase(result) << ".\n";
    print_facets(out, result, options);
    return;
  }
  if (result.hits.empty()) {
    if (result.ranked_total > 0) {
      print_past_last_page(out, result, request);
    } else if (options.saved && options.saved->only_new) {
      print_nothing_new(out, query, *options.saved);
    } else {
      out << "No papers match " << searched_for(query, result) << ".\n";
    }
    return;
  }
  const ColumnSelection fields = options.fields.value_or(search_columns());
  std::size_t number = request.offset;
  for (const Hit& hit : result.hits) print_hit(out, hit, ++number, fields, options);
  const std::size_t first = request.offset + 1;
  const std::size_t last = request.offset + result.hits.size();
  out << "Showing " << first << "–" << last << " of " << (result.total_exact ? "" : "about ")
      << grouped(result.total) << (result.total == 1 ? " paper" : " papers");
  out << match_set_phrase(result) << ".\n";
  print_facets(out, result, options);
}

// Each paper: its title, every author, the labelled fields, the abstract;
// a blank line between papers.
void print_text_papers(std::ostream& out, const ShownPapers& shown, const OutputOptions& options) {
  const ColumnSelection fields = options.fields.value_or(text_paper_columns());
  const std::string indent = "  ";
  const std::size_t body_width = options.width > indent.size() + 20 ? options.width - 2 : 20;
  for (std::size_t i = 0; i < shown.papers.size(); ++i) {
    if (i > 0) out << '\n';
    const Hit hit = hit_of_paper(terminal_safe(shown.papers[i]));
    if (has_place(fields, TextPlace::kHeading)) {
      for (const std::string& line : wrapped(hit.title.text, options.width)) {
        out << styled(line, options.color, kBoldOn) << '\n';
      }
    }
    if (has_place(fields, TextPlace::kAuthors)) {
      for (const std::string& line : wrapped(join(hit.authors, ", "), options.width)) {
        out << line << '\n';
      }
    }
    if (has_place(fields, TextPlace::kHeading) || has_place(fields, TextPlace::kAuthors)) {
      out << '\n';
    }
    // The rows in the order of the fields (the table's unless --fields gave one).
    ColumnSelection labelled;
    std::copy_if(
        fields.begin(), fields.end(), std::back_inserter(labelled), [](const OutputColumn* field) {
          return field->place != TextPlace::kHeading && field->place != TextPlace::kAuthors &&
                 field->place != TextPlace::kParagraph;
        });
    print_rows(out, rows_of(hit, labelled), indent, options.width, options.color);
    if (has_place(fields, TextPlace::kParagraph) && !hit.paper.abstract.empty()) out << '\n';
    print_paragraphs(out, hit, fields, indent, body_width);
  }
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

}  // namespace paperdex::presentation
