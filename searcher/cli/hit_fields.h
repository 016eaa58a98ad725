// The fields a hit (or a paper of --show) can show, in one table: each row is
// a field's name for --fields, its help, its label in text, where the text
// layout puts it, and how JSON and TSV write it. --fields, --help and the
// text, JSON, JSON lines and TSV printers all read this table; a new stored
// field is one row here.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "paperdex/searcher.h"

namespace paperdex::cli {

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
  kSnippet,       // the highlighted passage
  kLine,          // a line of its own, "Label  value", wrapped
  kParagraph,     // a paragraph of its own, wrapped, unlabelled (the abstract)
};

struct HitField {
  std::string_view name;   // as --fields takes it, and the JSON key
  std::string_view label;  // in text ("DOI", "Journal")
  std::string_view help;   // says "search hits only" when search_only
  TextPlace place;
  bool search_only;  // only search hits have it (score, snippet): not for --show
  // The value as one line of plain text: a TSV cell, a text line's value.
  std::string (*text)(const Hit& hit);
  // Adds the field's key (or keys) to a JSON object.
  void (*json)(Json& object, const HitField& field, const Hit& hit, const HighlightStyle& style);
};

// Every field, in the order each format shows them.
std::span<const HitField> hit_fields();

// The fields chosen, in the order given (TSV columns and JSON keys follow it).
using FieldSelection = std::vector<const HitField*>;

// What a format shows unless --fields says otherwise.
FieldSelection search_fields();  // id, title, authors, subjects, year, score, snippet
FieldSelection tsv_fields();     // id, year, score, title
FieldSelection paper_fields();   // every stored field (--show)
// --show in text: every stored field but those its subjects rows show
// already (subject_names, primary; year beside submitted).
FieldSelection text_paper_fields();

// The fields of a comma-separated list, in its order (a name given twice
// counts once), or the error to print: an unknown name is named by itself,
// with the list of valid ones.
struct ParsedFields {
  FieldSelection fields;
  std::string error;  // "" when the list is good
};
ParsedFields parse_fields(const std::string& list);

// "id, title, authors, ..." in table order.
std::string field_names();

// The --fields help: each name with its help, one a line.
std::string fields_help();

// The JSON object of a hit with these fields.
Json fields_json(const Hit& hit, const FieldSelection& fields, const HighlightStyle& style);

// A hit standing for a stored paper (--show): the paper's id, title, authors,
// subjects and year, nothing highlighted, no score, no snippet.
Hit hit_of_paper(const Paper& paper);

// Values joined with a separator; a number with a fixed number of decimals.
std::string join(const std::vector<std::string>& values, std::string_view separator);
std::string fixed(double value, int decimals);

}  // namespace paperdex::cli
