#include "syntax_help.h"

#include "paperdex/common/schema.h"

namespace paperdex::presentation {
namespace {

constexpr std::size_t kExampleColumn = 34;  // where the help texts start
constexpr std::size_t kWidth = 80;

// `text` from column kExampleColumn on, wrapped at kWidth.
void append_wrapped(std::string& out, std::string_view text, std::size_t column) {
  while (!text.empty()) {
    if (column >= kExampleColumn) {
      out += '\n';
      column = 0;
    }
    out.append(kExampleColumn - column, ' ');
    std::size_t cut = text.size();
    if (kExampleColumn + cut > kWidth) {
      cut = text.rfind(' ', kWidth - kExampleColumn);
      if (cut == std::string_view::npos || cut == 0) cut = text.find(' ');
      if (cut == std::string_view::npos) cut = text.size();
    }
    out.append(text.substr(0, cut));
    text.remove_prefix(std::min(text.size(), cut + 1));
    column = kWidth;  // the next piece starts a line
  }
  out += '\n';
}

// A row per field of the schema table: name:example, then what it searches
// and its other names.
std::string field_rows() {
  std::string out;
  for (const schema::Field& field : schema::kFields) {
    const std::string example = "  " + std::string(field.name) + ":" + std::string(field.example);
    out += example;
    std::string help(field.help);
    const std::vector<std::string_view> names = schema::field_names(field);
    if (names.size() > 1) {
      help += " (also";
      for (std::size_t i = 1; i < names.size(); ++i) help += " " + std::string(names[i]) + ":";
      help += ")";
    }
    append_wrapped(out, help, example.size() + 1 > kExampleColumn ? kWidth : example.size());
  }
  return out;
}

// "  text: abstract: ...\n": every field name and alias, in lines of at
// most kWidth columns.
std::string names_lines() {
  std::string lines;
  std::string line = " ";
  for (const schema::Field& field : schema::kFields) {
    for (std::string_view name : schema::field_names(field)) {
      if (line.size() + name.size() + 2 > kWidth) {
        lines += line + '\n';
        line = " ";
      }
      line += " " + std::string(name) + ":";
    }
  }
  return lines + line + '\n';
}

// "subject:, primary:, ...": the fields that filter.
std::string filter_names() {
  std::string names;
  for (const schema::Field& field : schema::kFields) {
    if (!schema::is_filter(field.kind)) continue;
    if (!names.empty()) names += ", ";
    names += std::string(field.name) + ":";
  }
  return names;
}

// The words and operators of a query: a section of syntax_help().
std::string words_help() {
  return R"(Words
  optical circuit switch    words match in the title or the abstract
                            (title matches weigh double); words are stemmed, so
                            switch finds switching, and accents and case are
                            folded: Bjorn finds Bj\"{o}rn and Björn; British
                            spellings match American: tumour finds tumor;
                            Greek letters match their names: γ finds gamma
  knock-down                a hyphenated word matches its joined spelling too,
                            and back: knockdown finds knock-down
  +word  -word              require a word (useful with --match any), exclude one
  "circuit switch"          a phrase: the words in this order
  "optical switch"~3        the words within 3 positions of each other, any order
  optical NEAR/3 switch     the same; a bare NEAR is NEAR/10; chains take the
                            widest window: a NEAR/2 b NEAR/5 c
  optim*                    words starting with optim (optimal, optimization...);
                            over 200 words: the word alone, with a note
  a OR b, a AND b, NOT a    operators, in capitals; OR binds tighter than the
  (a OR b) -c, a ANDNOT c   space between words: 'a OR b c' is (a OR b) AND c;
                            ANDNOT (arXiv's) is AND NOT; in a query written all
                            in capitals, or between two capitalized words
                            (Retrieval AND Evaluation), AND, OR, NOT and NEAR
                            are words
  ti:neural+AND+au:hinton   an arXiv API search_query= value: '+' is a space,
  ti:%22quantum+critical%22 %XX its character (with a note); read so when there
                            is no space and a %XX, or a '+' beside AND, OR,
                            NOT, ANDNOT or TO or before a field (a+cat:cs.DM);
                            +word, C++, e+e-, ti:neural+networks are as written
  1409.3215, cs/9301111v2   a query that is one arXiv id alone (any version;
  arxiv.org/abs/1409.3215   arXiv:ID, an arxiv.org/abs or /pdf link) or one DOI
  10.1063/1.2779138         (bare, doi:, a doi.org link) finds that paper; one
                            the index lacks is searched as its words, with a
                            note; among other words an id is words (id: filters)
)";
}

}  // namespace

std::string field_names_summary() { return names_lines(); }

// Literals, so that the text reads here as it prints (words_help() is one
// of its sections); only the field rows and names are made from the
// schema's table.
std::string syntax_help() {
  return R"(paperdex-search query syntax

Which papers match (the match rule; JSON "match_rule")
  optical circuit switch    up to 3 words: papers with every word, in the title
                            or the abstract; when no paper has them all, papers
                            with any of them, most words first
  a longer query            4 words or more (a sentence, a pasted title): papers
                            with any of the words, ranked by relevance; English
                            function words (the, of, which...) do not count
  a AND b, "a b", (a b)     written operators are taken as written
The rule depends on the query and the filters alone: every page shows the same
total and facets. --match any matches any word whatever the length.
  G. Hinton, Hinton G       an author's name as people type it (initials or
  Geoffrey Hinton           given names and a surname, either order, a comma or
                            not, arXiv's Hinton_G) that the index has: that
                            author's papers first, then the papers with the
                            words, with a note; all:(G. Hinton) is the words

)" + words_help() +
         R"(Fields (name:value; name:"a phrase"; name:(a OR b)); arXiv's search prefixes
(ti: au: abs: co: jr: cat: rn: all: submittedDate: lastUpdatedDate:) are other
names of these fields, but all: is what a plain word searches (title, abstract
and authors): its words are plain words
)" + field_rows() +
         R"(
Subjects: subject:cs.NI is a category, subject:cs and subject:hep-th archives,
subject:physics a group: cs, econ, eess, math, physics, q-bio, q-fin, stat
('physics' is the group, which includes astro-ph, cond-mat, hep-*, quant-ph...).
Aliases are one category: cs.NA = math.NA, cs.IT = math.IT, math.ST = stat.TH,
...; a retired category counts under its successor (subject:math.AG includes
alg-geom). primary: and --no-cross-lists keep papers whose primary category
it is.

Dates: submitted:2016, submitted:2016-03, submitted:2016-03-01,
submitted:2016-03-01..2016-03-31, submitted:2016-03.. and submitted:..2015;
updated: alike. A date is YYYY, YYYY-MM or YYYY-MM-DD; submitted: (also date:)
is the first submission. --sort updated lists the latest versions first.
arXiv's forms mean the same: submittedDate:[202301010000 TO 202302010000],
lastUpdatedDate:[20230101 TO *] ('*' an open end; brackets work on year: and
every date name). Dates are days: a bound's time of day (HHMM, GMT in arXiv's
API) counts as its whole day, both ends included, with a note if that widens
the range.

Filters narrow the results without changing the ranking:
  )" + filter_names() +
         R"(
A query of filters alone lists every match, newest first.

A query never fails for its syntax: what is not valid syntax is searched as
words, and a "Note:" line (JSON "notes") says what and why. An unclosed quote
or parenthesis is closed at the end of the query, its field kept
(title:"deep residual is the title phrase); a filter's malformed value is
words (year:20x5 foo). Read as words: a stray ), an unknown field or subject
(with the nearest known name), a field with no value, an operator missing a
side, a NEAR/ or ~ without a number, a wildcard that is too broad. --strict-syntax
rejects them instead, with the place marked (^) and a hint (exit 2). A word the
index does not have gets a "Did you mean" (--correct searches the correction
directly).
)";
}

}  // namespace paperdex::presentation
