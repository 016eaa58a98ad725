// The extraction stage (full text): one line of a JSON-lines full-text data
// set as a FullText. Two shapes are read:
//   - unarXive's (https://github.com/IllDepence/unarXive): "paper_id",
//     "metadata" (the arXiv snapshot's record), "body_text" (paragraphs, each
//     with the title of its section), "bib_entries" (the references) and
//     "ref_entries" (what the paragraphs' {{formula:…}} marks stand for);
//   - an arXiv snapshot line with the body as one string under "body" (what
//     ../shared/peers gives Lucene).
// The text is made as the LaTeX reader makes it: TeX decoded by decode_tex,
// short formulas kept, citations and figure marks dropped.
#include <simdjson.h>

#include <algorithm>

#include "fulltext/fulltext.h"
#include "fulltext/references.h"
#include "fulltext/text_cleaning.h"
#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/tex.h"
#include "paperdex/common/utf8.h"

namespace paperdex::fulltext {
namespace {

using simdjson::dom::element;
using simdjson::dom::object;

// A formula longer than this is dropped rather than kept as text, as the
// LaTeX reader drops long inline math.
constexpr std::size_t kMaxKeptFormula = 64;
// unarXive marks a formula, a citation, a figure or a table in a paragraph
// as {{kind:key}}.
constexpr std::string_view kMarkOpen = "{{";
constexpr std::string_view kMarkClose = "}}";

std::string_view string_at(const object& fields, std::string_view key) {
  std::string_view value;
  if (fields[key].get_string().get(value) != simdjson::SUCCESS) return {};
  return value;
}

// TeX as text: decoded, whitespace collapsed, and no space left before a
// stop where a dropped mark stood ("as in {{figure:x}}." is "as in.").
std::string tex_text(std::string_view tex) {
  const std::string text = detail::normalise_whitespace(detail::drop_invalid(decode_tex(tex)));
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool before_stop = text[i] == ' ' && i + 1 < text.size() &&
                             std::string_view(".,;:)").find(text[i + 1]) != std::string_view::npos;
    if (!before_stop) out.push_back(text[i]);
  }
  return out;
}

// A paragraph of unarXive's body with its marks replaced: a short formula
// by its LaTeX (decode_tex reads it as math), anything else by a space.
// `ref_entries` is null when the line has none.
std::string paragraph_tex(std::string_view text, const object* ref_entries) {
  std::string out;
  std::size_t copied = 0;
  for (std::size_t open = text.find(kMarkOpen); open != std::string_view::npos;
       open = text.find(kMarkOpen, copied)) {
    const std::size_t close = text.find(kMarkClose, open + kMarkOpen.size());
    if (close == std::string_view::npos) break;
    out.append(text.substr(copied, open - copied));
    const std::string_view mark = text.substr(open + 2, close - open - 2);
    const std::size_t colon = mark.find(':');
    std::string_view latex;
    if (ref_entries != nullptr && colon != std::string_view::npos &&
        mark.substr(0, colon) == "formula") {
      object entry;
      if ((*ref_entries)[mark.substr(colon + 1)].get_object().get(entry) == simdjson::SUCCESS) {
        latex = string_at(entry, "latex");
      }
    }
    if (!latex.empty() && latex.size() <= kMaxKeptFormula &&
        latex.find('$') == std::string_view::npos) {
      out.append(" $").append(latex).append("$ ");
    } else {
      out.push_back(' ');
    }
    copied = close + kMarkClose.size();
  }
  out.append(text.substr(copied));
  return out;
}

// "2.1" -> 2: a section number's depth, 1 when it has none.
int section_level(std::string_view number) {
  if (number.empty()) return 1;
  return static_cast<int>(std::count(number.begin(), number.end(), '.')) + 1;
}

void append_paragraph(FullText& text, std::string_view paragraph) {
  if (paragraph.empty()) return;
  if (!text.text.empty()) text.text.push_back('\n');
  text.text.append(paragraph);
}

void read_body_text(const std::string& origin, const simdjson::dom::array& paragraphs,
                    const object* ref_entries, FullText& text) {
  std::string_view current_section;
  bool first = true;
  for (element paragraph_element : paragraphs) {
    object paragraph;
    if (paragraph_element.get_object().get(paragraph) != simdjson::SUCCESS) {
      throw FullTextError(origin, "a \"body_text\" entry is not an object");
    }
    const std::string_view section = string_at(paragraph, "section");
    if (first || section != current_section) {
      first = false;
      current_section = section;
      std::string title = tex_text(section);
      if (!title.empty()) {
        text.sections.push_back({title, text.text.empty() ? 0 : text.text.size() + 1,
                                 section_level(string_at(paragraph, "sec_number"))});
        append_paragraph(text, title);
      }
    }
    append_paragraph(text, tex_text(paragraph_tex(string_at(paragraph, "text"), ref_entries)));
  }
}

void read_bib_entries(const object& entries, FullText& text) {
  for (const auto field : entries) {
    object entry;
    if (field.value.get_object().get(entry) != simdjson::SUCCESS) continue;
    Reference reference;
    // Its whitespace is normalised as its fields are read (add_reference_fields).
    reference.raw = detail::drop_invalid(sanitize_utf8(string_at(entry, "bib_entry_raw")));
    object ids;
    if (entry["ids"].get_object().get(ids) == simdjson::SUCCESS) {
      reference.arxiv_id = canonical_arxiv_id(string_at(ids, "arxiv_id"));
      reference.doi = detail::normalise_whitespace(string_at(ids, "doi"));
    }
    if (reference.raw.find_first_not_of(" \t\n\r\f\v") != std::string::npos || reference.arxiv_id) {
      text.references.push_back(std::move(reference));
    }
  }
  add_reference_fields(text);
}

FullText read_unarxive(const std::string& origin, const object& line) {
  FullText text;
  text.source = Source::kUnarxive;
  text.file = origin;
  object metadata;
  const bool has_metadata = line["metadata"].get_object().get(metadata) == simdjson::SUCCESS;
  std::string_view id = string_at(line, "paper_id");
  if (id.empty() && has_metadata) id = string_at(metadata, "id");
  text.arxiv_id = canonical_arxiv_id(id);
  if (text.arxiv_id) text.id_from = IdFrom::kMetadata;
  if (has_metadata) text.title = tex_text(string_at(metadata, "title"));
  // (A default dom::object is no empty object: it must not be read.)
  object ref_entries;
  const bool has_ref_entries =
      line["ref_entries"].get_object().get(ref_entries) == simdjson::SUCCESS;
  simdjson::dom::array paragraphs;
  if (line["body_text"].get_array().get(paragraphs) != simdjson::SUCCESS) {
    throw FullTextError(origin, "\"body_text\" is not a list of paragraphs");
  }
  read_body_text(origin, paragraphs, has_ref_entries ? &ref_entries : nullptr, text);
  object bib_entries;
  if (line["bib_entries"].get_object().get(bib_entries) == simdjson::SUCCESS) {
    read_bib_entries(bib_entries, text);
  }
  return text;
}

FullText read_body_string(const std::string& origin, const object& line, std::string_view body) {
  FullText text;
  text.source = Source::kJsonl;
  text.file = origin;
  text.arxiv_id = canonical_arxiv_id(string_at(line, "id"));
  if (text.arxiv_id) text.id_from = IdFrom::kMetadata;
  text.title = tex_text(string_at(line, "title"));
  text.text = detail::normalise_whitespace(detail::drop_invalid(sanitize_utf8(body)));
  return text;
}

}  // namespace

bool carries_fulltext(std::string_view line) {
  return line.find("\"body_text\"") != std::string_view::npos ||
         line.find("\"body\"") != std::string_view::npos;
}

FullText read_dataset_line(const std::string& origin, std::string_view line) {
  // One parser a thread, kept between lines: a data set is millions of lines,
  // and a parser allocates buffers the size of the largest line it has read.
  // What the FullText holds is copied out before the next line reuses them.
  thread_local simdjson::dom::parser parser;
  const simdjson::padded_string padded(line);
  element document;
  if (const auto status = parser.parse(padded).get(document); status != simdjson::SUCCESS) {
    throw FullTextError(origin, std::string("not JSON (") + simdjson::error_message(status) + ")");
  }
  object fields;
  if (document.get_object().get(fields) != simdjson::SUCCESS) {
    throw FullTextError(origin, "not a JSON object");
  }
  element body;
  if (fields["body_text"].get(body) == simdjson::SUCCESS) {
    FullText text = read_unarxive(origin, fields);
    if (!text.arxiv_id) throw FullTextError(origin, "no arXiv id (\"paper_id\")");
    return text;
  }
  std::string_view body_string;
  if (fields["body"].get_string().get(body_string) == simdjson::SUCCESS) {
    FullText text = read_body_string(origin, fields, body_string);
    if (!text.arxiv_id) throw FullTextError(origin, "no arXiv id (\"id\")");
    return text;
  }
  throw FullTextError(origin, "no full text in it (neither \"body_text\" nor \"body\")");
}

}  // namespace paperdex::fulltext
