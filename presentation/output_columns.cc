#include "output_columns.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <type_traits>
#include <utility>

#include "paperdex/common/utf8.h"

namespace paperdex::presentation {

std::string join(const std::vector<std::string>& values, std::string_view separator) {
  std::string joined;
  for (const std::string& value : values) {
    if (!joined.empty()) joined += separator;
    joined += value;
  }
  return joined;
}

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

namespace {

// Code points in text[0, byte): JSON readers index strings by character, not
// by UTF-8 byte. (Stored text is valid UTF-8: the indexer sanitizes it.)
std::size_t code_points_before(const std::string& text, std::size_t byte) {
  return count_characters(std::string_view(text).substr(0, byte));
}

// The text under `name`, NAME_highlighted and NAME_spans beside it; inside
// an object of its own (a passage), name "text": text, highlighted, spans.
void put_highlighted(JsonWriter& object, std::string_view name, const HighlightedText& text,
                     const HighlightStyle& style) {
  object.member(name, text.text);
  if (!style.enabled) return;
  const std::string key = name == "text" ? "" : std::string(name) + "_";
  object.member(key + "highlighted", render_highlights(text, style.open, style.close, false));
  object.key(key + "spans").begin_array();
  // visit_highlights drops the spans the renderer drops: the two agree.
  std::size_t offset = 0;
  visit_highlights(text, [&](std::string_view run, bool matched) {
    if (matched) {
      object.begin_array()
          .value(code_points_before(text.text, offset))
          .value(code_points_before(text.text, offset + run.size()))
          .end();
    }
    offset += run.size();
  });
  object.end();
}

// The passage as an object: its text as put_highlighted writes a snippet
// (text, highlighted, spans), its page when known, its section when known.
void put_passage(JsonWriter& object, std::string_view name, const Passage& passage,
                 const HighlightStyle& style) {
  if (passage.text.empty()) return;
  object.key(name).begin_object();
  put_highlighted(object, "text", passage, style);
  if (passage.page > 0) object.member("page", passage.page);
  if (!passage.section.empty()) object.member("section", passage.section);
  object.end();
}

std::string versions_text(const std::vector<PaperVersion>& versions) {
  std::vector<std::string> entries;
  for (const PaperVersion& version : versions) {
    entries.push_back(version.date.empty() ? version.version
                                           : version.version + " " + version.date);
  }
  return join(entries, ", ");
}

// A full text's facts as one line: "pdf · 2206.10883v3.pdf · 37 pages ·
// 12,345 words"; "" without one.
std::string fulltext_text(const FullTextFacts& facts) {
  if (facts.source.empty()) return "";
  std::vector<std::string> parts{facts.source};
  if (!facts.file.empty()) parts.push_back(facts.file);
  if (facts.pages > 0) parts.push_back(std::to_string(facts.pages) + " pages");
  parts.push_back(std::to_string(facts.words) + " words");
  return join(parts, " · ");
}

// A reference list as one line: "42 references, 17 in this index"; "" without one.
std::string references_text(const std::vector<Reference>& references) {
  if (references.empty()) return "";
  const auto linked = std::count_if(references.begin(), references.end(),
                                    [](const Reference& reference) { return reference.in_index; });
  return std::to_string(references.size()) +
         (references.size() == 1 ? " reference, " : " references, ") + std::to_string(linked) +
         " in this index";
}

}  // namespace

std::string reference_line(std::size_t number, const Reference& reference) {
  // An entry printed with its label ("[12]", "12.") keeps it; others are
  // numbered ("[12] ") as the list runs.
  const bool labelled =
      !reference.text.empty() && (reference.text.front() == '[' ||
                                  (reference.text.front() >= '0' && reference.text.front() <= '9'));
  std::string line =
      labelled ? reference.text : "[" + std::to_string(number) + "] " + reference.text;
  if (!reference.id.empty()) {
    line += "  -> " + reference.id + (reference.in_index ? "" : " (not in this index)");
    if (reference.resolved_by == "doi" || reference.resolved_by == "title") {
      line += " (by " + reference.resolved_by + ")";
    }
  }
  return line;
}

namespace {

// A record field's value as one line: lists joined as the field's kind says.
std::string record_text(const OutputColumn& column, const Hit& hit) {
  std::string text;
  schema::visit_field(*column.field, hit.paper, [&](const auto& value) {
    using Value = std::remove_cvref_t<decltype(value)>;
    if constexpr (std::is_same_v<Value, std::string>) {
      text = value;
    } else if constexpr (std::is_same_v<Value, int>) {
      text = std::to_string(value);
    } else if constexpr (std::is_same_v<Value, bool>) {
      text = value ? "yes" : "";  // "" as for an absent field: no line for "no"
    } else if constexpr (std::is_same_v<Value, std::vector<std::string>>) {
      text = join(value, column.field->kind == schema::RecordFieldKind::kCodes ? " " : "; ");
    } else if constexpr (std::is_same_v<Value, std::vector<PaperVersion>>) {
      text = versions_text(value);
    } else if constexpr (std::is_same_v<Value, FullTextFacts>) {
      text = fulltext_text(value);
    } else if constexpr (std::is_same_v<Value, std::vector<Reference>>) {
      text = references_text(value);
    }
  });
  return text;
}

// One entry of a reference list: every key always there, so that scripts
// need not test for them; null for a year it does not give.
void put_reference(JsonWriter& object, const Reference& reference) {
  object.begin_object()
      .member("text", reference.text)
      .member("id", reference.id)
      .member("more_ids", reference.more_ids)
      .member("doi", reference.doi)
      .member("url", reference.url)
      .member("title", reference.title)
      .member("authors", reference.authors);
  object.key("year");
  if (reference.year > 0) {
    object.value(reference.year);
  } else {
    object.null();
  }
  object.member("venue", reference.venue)
      .member("in_index", reference.in_index)
      .member("resolved_by", reference.resolved_by)
      .end();
}

// A record field's value in JSON, in its natural type: a string, a number,
// true or false, an array of strings, version objects.
void record_json(JsonWriter& object, const OutputColumn& column, const Hit& hit,
                 const HighlightStyle&) {
  object.key(column.name);
  schema::visit_field(*column.field, hit.paper, [&](const auto& value) {
    using Value = std::remove_cvref_t<decltype(value)>;
    if constexpr (std::is_same_v<Value, std::vector<PaperVersion>>) {
      object.begin_array();
      for (const PaperVersion& v : value) {
        object.begin_object().member("version", v.version).member("date", v.date).end();
      }
      object.end();
    } else if constexpr (std::is_same_v<Value, FullTextFacts>) {
      if (value.source.empty()) {
        object.null();
        return;
      }
      object.begin_object().member("source", value.source).member("file", value.file);
      if (value.pages > 0) object.member("pages", value.pages);
      object.member("words", value.words).member("sections", value.sections).end();
    } else if constexpr (std::is_same_v<Value, std::vector<Reference>>) {
      object.begin_array();
      for (const Reference& reference : value) put_reference(object, reference);
      object.end();
    } else if constexpr (std::is_same_v<Value, std::map<std::string, std::string>>) {
      object.null();  // no public field is a map
    } else {
      object.value(value);
    }
  });
}

// Where the text layout puts the record fields that have no labelled line
// (TextPlace::kLine) of their own.
TextPlace place_of(std::string_view name) {
  static constexpr std::pair<std::string_view, TextPlace> kPlaces[] = {
      {"id", TextPlace::kMetaId},       {"title", TextPlace::kHeading},
      {"authors", TextPlace::kAuthors}, {"subjects", TextPlace::kMetaSubjects},
      {"year", TextPlace::kMetaYear},   {"abstract", TextPlace::kParagraph},
  };
  for (const auto& [field, place] : kPlaces) {
    if (field == name) return place;
  }
  return TextPlace::kLine;
}

OutputColumn record_column(const schema::RecordField& field) {
  OutputColumn column{field.name,
                      field.label,
                      std::string(field.help),
                      place_of(field.name),
                      false,
                      field.in_paper_text,
                      &field,
                      record_text,
                      record_json};
  if (field.name == "title") {  // highlighted: the hit's title, which marks the matched words
    column.help += " (JSON: also title_highlighted, title_spans)";
    column.json = [](JsonWriter& o, const OutputColumn& c, const Hit& h, const HighlightStyle& s) {
      put_highlighted(o, c.name, h.title, s);
    };
  }
  return column;
}

// The search hits' own columns.
std::vector<OutputColumn> hit_columns() {
  return {
      {"score", "Score", "relevance (IneB2), 0 for filters alone (search hits only)",
       TextPlace::kMetaScore, true, false, nullptr,
       [](const OutputColumn&, const Hit& h) { return fixed(h.score, 4); },
       [](JsonWriter& o, const OutputColumn& c, const Hit& h, const HighlightStyle&) {
         o.member(c.name, h.score);
       }},
      {"news", "News",
       "what is new about it since its saved search was last read: new, new version or "
       "cross-listed (search hits only, of --saved; JSON: only when there is news)",
       TextPlace::kMetaNews, true, false, nullptr,
       [](const OutputColumn&, const Hit& h) { return std::string(news_name(h.news)); },
       [](JsonWriter& o, const OutputColumn& c, const Hit& h, const HighlightStyle&) {
         if (h.news != PaperNews::kNone) o.member(c.name, news_name(h.news));
       }},
      {"snippet", "Snippet",
       "the best-matching passage (search hits only; JSON: also *_highlighted, *_spans)",
       TextPlace::kSnippet, true, false, nullptr,
       [](const OutputColumn&, const Hit& h) { return h.snippet.text; },
       [](JsonWriter& o, const OutputColumn& c, const Hit& h, const HighlightStyle& s) {
         put_highlighted(o, c.name, h.snippet, s);
       }},
      {"passage", "Passage",
       "the best-matching passage of the full text, with its page and section, when the body "
       "matched (search hits only; JSON: an object of text, highlighted, spans, page, section, "
       "only when there is one)",
       TextPlace::kPassage, true, false, nullptr,
       [](const OutputColumn&, const Hit& h) { return h.passage.text; },
       [](JsonWriter& o, const OutputColumn& c, const Hit& h, const HighlightStyle& s) {
         put_passage(o, c.name, h.passage, s);
       }},
      {"because", "Because",
       "with --recommend: why it is like the tags' papers, the words (stems), authors and "
       "categories that weighed most, as field:term (search hits only; JSON: an array of "
       "field, term, weight)",
       TextPlace::kLine, true, false, nullptr,
       [](const OutputColumn&, const Hit& h) {
         std::string text;
         for (const TermContribution& part : h.because) {
           text += (text.empty() ? "" : ", ") + part.field + ":" + part.term;
         }
         return text;
       },
       [](JsonWriter& o, const OutputColumn& c, const Hit& h, const HighlightStyle&) {
         if (!h.because.empty()) put_contributions(o, c.name, h.because);
       }},
  };
}

// The table: the public record fields in their order, the hits' own columns
// before the first paragraph (the abstract), as the text layout prints them.
const std::vector<OutputColumn>& columns() {
  static const std::vector<OutputColumn> table = [] {
    std::vector<OutputColumn> built;
    for (const schema::RecordField& field : schema::record_fields()) {
      if (field.audience == schema::FieldAudience::kPublic) built.push_back(record_column(field));
    }
    const auto paragraph = std::find_if(built.begin(), built.end(), [](const OutputColumn& c) {
      return c.place == TextPlace::kParagraph;
    });
    const std::vector<OutputColumn> own = hit_columns();
    built.insert(paragraph, own.begin(), own.end());
    return built;
  }();
  return table;
}

const OutputColumn* find_column(std::string_view name) {
  for (const OutputColumn& column : columns()) {
    if (column.name == name) return &column;
  }
  return nullptr;
}

ColumnSelection named(std::initializer_list<std::string_view> names) {
  ColumnSelection chosen;
  for (std::string_view name : names) chosen.push_back(find_column(name));
  return chosen;
}

}  // namespace

std::span<const OutputColumn> output_columns() { return columns(); }

ColumnSelection search_columns() {
  return named({"id", "title", "authors", "subjects", "year", "score", "news", "snippet", "passage",
                "because"});
}

ColumnSelection tsv_columns() { return named({"id", "year", "score", "title"}); }

ColumnSelection paper_columns() {
  ColumnSelection chosen;
  for (const OutputColumn& column : columns()) {
    if (!column.search_only) chosen.push_back(&column);
  }
  return chosen;
}

ParsedColumns parse_columns(const std::string& list) {
  ParsedColumns parsed;
  std::string_view rest = list;
  while (true) {
    const std::size_t comma = rest.find(',');
    std::string_view name = rest.substr(0, comma);
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    if (!name.empty()) {
      const OutputColumn* column = find_column(name);
      if (!column) {
        parsed.error = "--fields: no field '" + std::string(name) + "'; the fields are " +
                       column_names() + " (--help lists them)";
        return parsed;
      }
      if (std::find(parsed.columns.begin(), parsed.columns.end(), column) == parsed.columns.end()) {
        parsed.columns.push_back(column);
      }
    }
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  if (parsed.columns.empty()) {
    parsed.error = "--fields takes a comma-separated list of: " + column_names();
  }
  return parsed;
}

std::string column_names() {
  std::vector<std::string> names;
  for (const OutputColumn& column : columns()) names.emplace_back(column.name);
  return join(names, ", ");
}

std::string columns_help() {
  std::size_t width = 0;
  for (const OutputColumn& column : columns()) width = std::max(width, column.name.size());
  std::string help;
  for (const OutputColumn& column : columns()) {
    help += "  " + std::string(column.name) + std::string(width + 2 - column.name.size(), ' ') +
            column.help + "\n";
  }
  return help;
}

ColumnSelection text_paper_columns() {
  ColumnSelection chosen = paper_columns();
  std::erase_if(chosen, [](const OutputColumn* column) { return !column->in_paper_text; });
  return chosen;
}

void write_columns(JsonWriter& object, const Hit& hit, const ColumnSelection& chosen,
                   const HighlightStyle& style) {
  for (const OutputColumn* column : chosen) column->json(object, *column, hit, style);
}

void put_contributions(JsonWriter& object, std::string_view key,
                       const std::vector<TermContribution>& parts) {
  object.key(key).begin_array();
  for (const TermContribution& part : parts) {
    object.begin_object()
        .member("field", part.field)
        .member("term", part.term)
        .member("weight", part.weight)
        .end();
  }
  object.end();
}

std::string passage_place(const Passage& passage) {
  std::string place;
  if (passage.page > 0) place += "p. " + std::to_string(passage.page) + " · ";
  if (!passage.section.empty()) place += passage.section + " · ";
  return place;
}

Hit hit_of_paper(const Paper& paper) {
  Hit hit;
  hit.id = paper.id;
  hit.title = {paper.title, {}};
  hit.authors = paper.authors;
  hit.subjects = paper.subjects;
  hit.year = paper.year;
  hit.paper = paper;
  return hit;
}

}  // namespace paperdex::presentation
