// The columns a hit (or a paper of --show) can show, in one table: one per
// public record field (the record-field table, record_fields.h, gives its
// name for --fields, its label and help, and its kind says how TSV and JSON
// write it) in that table's order, and the search hits' own score and
// snippet before the paragraphs. Each column adds where the text layout puts
// it. --fields, --help and the text, JSON, JSON lines and TSV printers all
// read this table; a new record field is a column without a line here.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "json_writer.h"
#include "paperdex/common/record_fields.h"
#include "paperdex/searcher.h"

namespace paperdex::presentation {

using Json = nlohmann::ordered_json;

// How JSON writes highlighted text (title, snippet): the plain text under the
// field's name, and beside it NAME_highlighted (the markers inserted) and
// NAME_spans (the matched ranges as [begin, end) code point offsets into the
// plain text).
struct HighlightStyle {
  bool enabled = true;  // false: plain text only (--show has nothing matched)
  std::string open = "<b>";
  std::string close = "</b>";
};

// Where the text layout of a search hit puts a field, in the order it
// prints them: the meta places share one dimmed line, in this order.
enum class TextPlace {
  kHeading,       // the numbered first line (the title; the id when the title is not shown)
  kAuthors,       // the line under it
  kMetaYear,      // the dimmed line: year · subjects · id · score
  kMetaSubjects,  //
  kMetaId,        //
  kMetaScore,     //
  kMetaNews,      // (what is new about a saved search's hit)
  kSnippet,       // the highlighted passage of the abstract
  kPassage,       // under it, the full text's: "p. 7 · 3 Method · …passage…"
  kLine,          // a line of its own, "Label  value", wrapped
  kParagraph,     // a paragraph of its own, wrapped, unlabelled (the abstract)
};

struct OutputColumn {
  std::string_view name;   // as --fields takes it, and the JSON key: the record field's name
  std::string_view label;  // in text ("DOI", "Journal")
  std::string help;        // says "search hits only" when search_only
  TextPlace place;
  bool search_only;  // only search hits have it (score, snippet): not for --show
  // Printed in the text layout of --show (record_fields.h's in_paper_text).
  bool in_paper_text;
  const schema::RecordField* field;  // the record field shown; nullptr for score and snippet
  // The value as one line of plain text: a TSV cell, a text line's value.
  std::string (*text)(const OutputColumn& column, const Hit& hit);
  // Writes the column's key (or keys) and value into the JSON object being written.
  void (*json)(JsonWriter& object, const OutputColumn& column, const Hit& hit,
               const HighlightStyle& style);
};

// Every column, in the order each format shows them.
std::span<const OutputColumn> output_columns();

// The columns chosen, in the order given (TSV columns and JSON keys follow it).
using ColumnSelection = std::vector<const OutputColumn*>;

// What a format shows unless --fields says otherwise.
// id, title, authors, subjects, year, score, news, snippet, passage, because
ColumnSelection search_columns();
ColumnSelection tsv_columns();    // id, year, score, title
ColumnSelection paper_columns();  // every public record field (--show)
// --show in text: the record fields whose in_paper_text is true (its
// subjects rows show subject_names and primary already; year is beside submitted).
ColumnSelection text_paper_columns();

// The columns of a comma-separated list, in its order (a name given twice
// counts once), or the error to print: an unknown name is named by itself,
// with the list of valid ones.
struct ParsedColumns {
  ColumnSelection columns;
  std::string error;  // "" when the list is good
};
ParsedColumns parse_columns(const std::string& list);

// "id, title, authors, ..." in table order.
std::string column_names();

// The --fields help: each name with its help, one a line.
std::string columns_help();

// The members of a hit's JSON object with these columns, into the object being written.
void write_columns(JsonWriter& object, const Hit& hit, const ColumnSelection& columns,
                   const HighlightStyle& style);

// A hit standing for a stored paper (--show): the paper's id, title, authors,
// subjects and year, nothing highlighted, no score, no snippet.
Hit hit_of_paper(const Paper& paper);

// A hit's passage (Hit::passage) as the text layout heads it: "p. 7 · 3
// Method · " (the page and section it has), or "" for neither.
std::string passage_place(const Passage& passage);

// `parts` (an explanation, a hit's because) under `key`: an array of
// {"field", "term", "weight"}.
void put_contributions(JsonWriter& object, std::string_view key,
                       const std::vector<TermContribution>& parts);

// Values joined with a separator; a number with a fixed number of decimals.
std::string join(const std::vector<std::string>& values, std::string_view separator);
// One entry of a paper's reference list in text, numbered from 1: "[3] A.
// Vaswani et al., Attention is all you need, 2017  -> 1706.03762".
std::string reference_line(std::size_t number, const Reference& reference);
std::string fixed(double value, int decimals);

}  // namespace paperdex::presentation
