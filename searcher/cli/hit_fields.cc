#include "hit_fields.h"

#include <algorithm>
#include <array>
#include <cstdio>

#include "paperdex/common/utf8.h"

namespace paperdex::cli {

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

void put_highlighted(Json& object, std::string_view name, const HighlightedText& text,
                     const HighlightStyle& style) {
  const std::string key(name);
  object[key] = text.text;
  if (!style.enabled) return;
  object[key + "_highlighted"] = render_highlights(text, style.open, style.close, false);
  Json spans = Json::array();
  // visit_highlights drops the spans the renderer drops: the two agree.
  std::size_t offset = 0;
  visit_highlights(text, [&](std::string_view run, bool matched) {
    if (matched) {
      spans.push_back({code_points_before(text.text, offset),
                       code_points_before(text.text, offset + run.size())});
    }
    offset += run.size();
  });
  object[key + "_spans"] = std::move(spans);
}

// A field whose JSON value is its text (a string), "" when the source had none.
void put_text(Json& object, const HitField& field, const Hit& hit, const HighlightStyle&) {
  object[std::string(field.name)] = field.text(hit);
}

std::string versions_text(const Hit& hit) {
  std::vector<std::string> versions;
  for (const PaperVersion& version : hit.paper.versions) {
    versions.push_back(version.date.empty() ? version.version
                                            : version.version + " " + version.date);
  }
  return join(versions, ", ");
}

// The table. Text values are plain text; JSON writers that are not put_text
// give the field its natural JSON type (arrays, numbers).
const std::array kFields = {
    HitField{"id", "Id", "the arXiv id (or a derived id)", TextPlace::kMetaId, false,
             [](const Hit& h) { return h.id; }, put_text},
    HitField{"title", "Title", "the title (JSON: also title_highlighted, title_spans)",
             TextPlace::kHeading, false, [](const Hit& h) { return h.title.text; },
             [](Json& o, const HitField& f, const Hit& h, const HighlightStyle& s) {
               put_highlighted(o, f.name, h.title, s);
             }},
    HitField{"authors", "Authors", "every author, in paper order", TextPlace::kAuthors, false,
             [](const Hit& h) { return join(h.authors, "; "); },
             [](Json& o, const HitField& f, const Hit& h, const HighlightStyle&) {
               o[std::string(f.name)] = h.authors;
             }},
    HitField{"subjects", "Subjects", "the arXiv categories, primary first",
             TextPlace::kMetaSubjects, false, [](const Hit& h) { return join(h.subjects, " "); },
             [](Json& o, const HitField& f, const Hit& h, const HighlightStyle&) {
               o[std::string(f.name)] = h.subjects;
             }},
    HitField{"subject_names", "Subject names", "the taxonomy's name of each subject",
             TextPlace::kLine, false,
             [](const Hit& h) { return join(h.paper.category_names, "; "); },
             [](Json& o, const HitField& f, const Hit& h, const HighlightStyle&) {
               o[std::string(f.name)] = h.paper.category_names;
             }},
    HitField{"primary", "Primary", "the primary category", TextPlace::kLine, false,
             [](const Hit& h) { return h.paper.primary; }, put_text},
    HitField{"year", "Year", "year of first submission (0 when unknown)", TextPlace::kMetaYear,
             false, [](const Hit& h) { return std::to_string(h.year); },
             [](Json& o, const HitField& f, const Hit& h, const HighlightStyle&) {
               o[std::string(f.name)] = h.year;
             }},
    HitField{"submitted", "Submitted", "first submission, YYYY-MM-DD", TextPlace::kLine, false,
             [](const Hit& h) { return h.paper.submitted; }, put_text},
    HitField{"updated", "Updated", "this metadata version, YYYY-MM-DD", TextPlace::kLine, false,
             [](const Hit& h) { return h.paper.updated; }, put_text},
    HitField{"versions", "Versions", "each version and its date (JSON: version, date objects)",
             TextPlace::kLine, false, versions_text,
             [](Json& o, const HitField& f, const Hit& h, const HighlightStyle&) {
               Json versions = Json::array();
               for (const PaperVersion& v : h.paper.versions) {
                 versions.push_back({{"version", v.version}, {"date", v.date}});
               }
               o[std::string(f.name)] = std::move(versions);
             }},
    HitField{"doi", "DOI", "the DOI", TextPlace::kLine, false,
             [](const Hit& h) { return h.paper.doi; }, put_text},
    HitField{"journal", "Journal", "the journal reference", TextPlace::kLine, false,
             [](const Hit& h) { return h.paper.journal_ref; }, put_text},
    HitField{"comments", "Comments", "the submitter's comments", TextPlace::kLine, false,
             [](const Hit& h) { return h.paper.comments; }, put_text},
    HitField{"report_no", "Report number", "report number(s)", TextPlace::kLine, false,
             [](const Hit& h) { return h.paper.report_no; }, put_text},
    HitField{"license", "License", "the license URL", TextPlace::kLine, false,
             [](const Hit& h) { return h.paper.license; }, put_text},
    HitField{"url", "Abstract page", "the arXiv abstract page (arXiv ids only)", TextPlace::kLine,
             false, [](const Hit& h) { return h.paper.abs_url; }, put_text},
    HitField{"pdf_url", "PDF", "the arXiv PDF (arXiv ids only)", TextPlace::kLine, false,
             [](const Hit& h) { return h.paper.pdf_url; }, put_text},
    HitField{"score", "Score", "relevance (IneB2), 0 for filters alone (search hits only)",
             TextPlace::kMetaScore, true, [](const Hit& h) { return fixed(h.score, 4); },
             [](Json& o, const HitField& f, const Hit& h, const HighlightStyle&) {
               o[std::string(f.name)] = h.score;
             }},
    HitField{"snippet", "Snippet",
             "the best-matching passage (search hits only; JSON: also *_highlighted, *_spans)",
             TextPlace::kSnippet, true, [](const Hit& h) { return h.snippet.text; },
             [](Json& o, const HitField& f, const Hit& h, const HighlightStyle& s) {
               put_highlighted(o, f.name, h.snippet, s);
             }},
    HitField{"abstract", "Abstract", "the whole abstract", TextPlace::kParagraph, false,
             [](const Hit& h) { return h.paper.abstract; }, put_text},
};

const HitField* find_field(std::string_view name) {
  for (const HitField& field : kFields) {
    if (field.name == name) return &field;
  }
  return nullptr;
}

FieldSelection named(std::initializer_list<std::string_view> names) {
  FieldSelection fields;
  for (std::string_view name : names) fields.push_back(find_field(name));
  return fields;
}

}  // namespace

std::span<const HitField> hit_fields() { return kFields; }

FieldSelection search_fields() {
  return named({"id", "title", "authors", "subjects", "year", "score", "snippet"});
}

FieldSelection tsv_fields() { return named({"id", "year", "score", "title"}); }

FieldSelection paper_fields() {
  FieldSelection fields;
  for (const HitField& field : kFields) {
    if (!field.search_only) fields.push_back(&field);
  }
  return fields;
}

ParsedFields parse_fields(const std::string& list) {
  ParsedFields parsed;
  std::string_view rest = list;
  while (true) {
    const std::size_t comma = rest.find(',');
    std::string_view name = rest.substr(0, comma);
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    if (!name.empty()) {
      const HitField* field = find_field(name);
      if (!field) {
        parsed.error = "--fields: no field '" + std::string(name) + "'; the fields are " +
                       field_names() + " (--help lists them)";
        return parsed;
      }
      if (std::find(parsed.fields.begin(), parsed.fields.end(), field) == parsed.fields.end()) {
        parsed.fields.push_back(field);
      }
    }
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  if (parsed.fields.empty()) {
    parsed.error = "--fields takes a comma-separated list of: " + field_names();
  }
  return parsed;
}

std::string field_names() {
  std::vector<std::string> names;
  for (const HitField& field : kFields) names.emplace_back(field.name);
  return join(names, ", ");
}

std::string fields_help() {
  std::size_t width = 0;
  for (const HitField& field : kFields) width = std::max(width, field.name.size());
  std::string help;
  for (const HitField& field : kFields) {
    help += "  " + std::string(field.name) + std::string(width + 2 - field.name.size(), ' ') +
            std::string(field.help) + "\n";
  }
  return help;
}

FieldSelection text_paper_fields() {
  FieldSelection fields = paper_fields();
  std::erase_if(fields, [](const HitField* field) {
    return field->name == "subject_names" || field->name == "primary" || field->name == "year";
  });
  return fields;
}

Json fields_json(const Hit& hit, const FieldSelection& fields, const HighlightStyle& style) {
  Json object = Json::object();
  for (const HitField* field : fields) field->json(object, *field, hit, style);
  return object;
}

Hit hit_of_paper(const Paper& paper) {
  Hit hit;
  hit.id = paper.id;
  hit.title = {paper.title, {}};
  hit.authors = paper.authors;
  hit.subjects = paper.categories;
  hit.year = paper.year;
  hit.paper = paper;
  return hit;
}

}  // namespace paperdex::cli
