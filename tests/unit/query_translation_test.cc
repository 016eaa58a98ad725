// The query language, pinned as Xapian query descriptions written by hand
// from the translation rules (see searcher/src/query/query_translation.cc and
// query_syntax.h), plus the errors a user sees and small in-memory indexes
// that show the translated queries match the documents they should.
//
// Words are ASCII so that the rows can be written by hand: folding
// lowercases, stems are Xapian's English stemmer.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "paperdex/common/analyzer.h"
#include "paperdex/common/schema.h"
#include "paperdex/errors.h"
#include "query/query_translation.h"
#include "word_list_terms.h"

namespace {

using paperdex::MatchMode;
using paperdex::QuerySyntaxError;
using paperdex::detail::ParsedQuery;
using paperdex::detail::QueryParser;
using paperdex::detail::QueryParserOptions;
using paperdex::detail::QueryWord;
using paperdex::detail::TermSource;

constexpr MatchMode kAll = MatchMode::kAllWords;
constexpr MatchMode kAny = MatchMode::kAnyWord;

const paperdex::Analyzer& analyzer() {
  static const paperdex::Analyzer instance;
  return instance;
}

// Plain words as title and abstract words alone: the rows below pin that
// translation; "a plain word searches the author names too" checks the rest.
const QueryParser& parser() {
  static const QueryParser instance(analyzer(),
                                    QueryParserOptions{.plain_words_search_authors = false});
  return instance;
}

// Xapian prints a value-range bound byte by byte, escaping non-printable
// bytes as \xNN; sortable_serialise(year) is all such bytes.
std::string described_year(int year) {
  std::string result;
  for (unsigned char byte : Xapian::sortable_serialise(year)) {
    if (byte >= 0x20 && byte < 0x7f && byte != '\\') {
      result += static_cast<char>(byte);
    } else {
      char escaped[5];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
      result += escaped;
    }
  }
  return result;
}

// What subject:cs, subject:math and subject:physics filter on, written out by
// hand from the taxonomy (common/data/arxiv_categories.csv): every archive of
// the group, retired ones included (cmp-lg for cs; alg-geom, dg-ga, funct-an,
// q-alg for math; acc-phys, adap-org, ... for physics), and the aliases arXiv
// lists under the group's categories that its archives do not already cover
// (cs.NA = math.NA, cs.IT = math.IT, cs.SY = eess.SY, math.ST = stat.TH,
// math.MP = math-ph). Sorted, as the parser emits them.
const std::map<std::string, std::string, std::less<>> kGroups = {
    {"cs", "(XCcmp-lg OR XCcs OR XCeess.sy OR XCmath.it OR XCmath.na)"},
    {"math",
     "(XCalg-geom OR XCcs.it OR XCcs.na OR XCdg-ga OR XCfunct-an OR XCmath OR XCmath-ph OR "
     "XCq-alg OR XCstat.th)"},
    {"physics",
     "(XCacc-phys OR XCadap-org OR XCao-sci OR XCastro-ph OR XCatom-ph OR XCbayes-an OR "
     "XCchao-dyn OR XCchem-ph OR XCcomp-gas OR XCcond-mat OR XCgr-qc OR XChep-ex OR XChep-lat OR "
     "XChep-ph OR XChep-th OR XCmath-ph OR XCmath.mp OR XCmtrl-th OR XCnlin OR XCnucl-ex OR "
     "XCnucl-th OR XCpatt-sol OR XCphysics OR XCplasm-ph OR XCquant-ph OR XCsolv-int OR "
     "XCsupr-con)"},
};

// Expands the shorthands of the tables below:
//   {stem}  a loose free-text word: its stem in the text field, "T<stem>";
//   {2020}  a year as a value-range bound (four digits);
//   [cs]    the subject filter of a group (kGroups).
std::string expand(const std::string& pattern) {
  std::string result;
  std::size_t i = 0;
  while (i < pattern.size()) {
    const std::size_t open = pattern.find_first_of("{[", i);
    if (open == std::string::npos) break;
    const std::size_t close = pattern.find(pattern[open] == '{' ? '}' : ']', open);
    result.append(pattern, i, open - i);
    const std::string inside = pattern.substr(open + 1, close - open - 1);
    const bool is_year =
        inside.size() == 4 && inside.find_first_not_of("0123456789") == std::string::npos;
    if (pattern[open] == '[') {
      result += kGroups.at(inside);
    } else {
      result += is_year ? described_year(std::stoi(inside)) : "T" + inside;
    }
    i = close + 1;
  }
  result.append(pattern, i);
  return result;
}

// Wildcards expand against the index; these tests give them a word list.
using WordList = paperdex::test::WordListTermSource;

// Words of titles and abstracts (spelling table) and author terms of an index.
const WordList& index_words() {
  static const WordList words({"optimal", "optimization", "optimize", "optimizer", "optics",
                               "option", "Azhang", "Azhao", "Azhou", "Bzebra"});
  return words;
}

struct Row {
  const char* query;
  MatchMode mode;
  const char* expected;  // ParsedQuery::query
  bool has_text;
  const char* any_word = "Query()";  // ParsedQuery::any_word
};

void check_rows(const std::vector<Row>& rows) {
  for (const Row& row : rows) {
    INFO("query: " << row.query << (row.mode == kAny ? "  (any word)" : ""));
    const ParsedQuery parsed = parser().parse(row.query, row.mode);
    CHECK(parsed.query.get_description() == expand(row.expected));
    CHECK(parsed.has_text == row.has_text);
    CHECK(parsed.any_word.get_description() == expand(row.any_word));
  }
}

}  // namespace

TEST_CASE("the shorthand of the tables expands to what the rules say", "[query]") {
  CHECK(expand("Query({schedul})") == "Query(Tschedul)");
  CHECK(expand("a {2020} b") == "a " + described_year(2020) + " b");
  CHECK(described_year(2020) != described_year(2024));
}

TEST_CASE("free-text words match the title (weighted) or the abstract", "[query]") {
  check_rows({
      // Spelled out once; the rows below use the {stem} shorthand for this shape.
      {"schedulers", kAll, "Query(Tschedul)", true},
      {"optical circuit switching", kAll, "Query(({optic} AND {circuit} AND {switch}))", true,
       "Query(({optic} OR {circuit} OR {switch}))"},
      // A word the Analyzer splits is a phrase of its parts; a hyphenated one
      // is its joined form, which the indexer posts for either spelling.
      {"GPT-2", kAll, "Query(Tgpt2)", true},
      {"knock-down", kAll, "Query(Tknockdown)", true},
      {"\"knock-down\"", kAll, "Query((Tknock PHRASE 2 Tdown))", true},
      {"10-20", kAll, "Query((T10 PHRASE 2 T20))", true},
      {"GPT/2", kAll, "Query((Tgpt PHRASE 2 T2))", true},
      // Punctuation alone has no tokens and is dropped, so is a lone '-'.
      {"!!! graphs", kAll, "Query({graph})", true},
      {"graphs - trees", kAll, "Query(({graph} AND {tree}))", true, "Query(({graph} OR {tree}))"},
      // Operators are capitals only.
      {"and or not", kAll, "Query(({and} AND {or} AND {not}))", true,
       "Query(({and} OR {or} OR {not}))"},
      // A trailing colon after an unknown name is punctuation, a URL or a
      // ratio is text.
      {"note: graphs", kAll, "Query(({note} AND {graph}))", true, "Query(({note} OR {graph}))"},
      {"http://x", kAll, "Query((Thttp PHRASE 2 Tx))", true},
      {"3:1", kAll, "Query((T3 PHRASE 2 T1))", true},
      // So is an arXiv id cited in a title: the searcher takes a query that
      // is an id alone as that paper (paper_reference.h); id: is the filter.
      {"arXiv:2101.00001", kAll, "Query((Tarxiv PHRASE 2 T2101.00001))", true},
      {"https://arxiv.org/abs/2101.00001", kAll,
       "Query((Thttps PHRASE 4 Tarxiv.org PHRASE 4 Tab PHRASE 4 T2101.00001))", true},
  });
}

TEST_CASE("quoted phrases match stems in order", "[query]") {
  check_rows({
      {"\"graph neural networks\"", kAll, "Query((Tgraph PHRASE 3 Tneural PHRASE 3 Tnetwork))",
       true},
      // One quoted word is its stem, like a loose word (text fields hold stems).
      {"\"graphs\"", kAll, "Query(Tgraph)", true},
      // Typographic quotes, as pasted from a paper.
      {"\xE2\x80\x9Coptical switching\xE2\x80\x9D", kAll, "Query((Toptic PHRASE 2 Tswitch))", true},
      {"\"graph neural\" trees", kAll, "Query(((Tgraph PHRASE 2 Tneural) AND {tree}))", true,
       "Query(((Tgraph PHRASE 2 Tneural) OR {tree}))"},
  });
}

TEST_CASE("text and name fields search one field", "[query]") {
  check_rows({
      {"title:graphs", kAll, "Query(Sgraph)", true},
      {"Title:graphs", kAll, "Query(Sgraph)", true},  // field names ignore case
      {"abstract:graphs", kAll, "Query(Tgraph)", true},
      {"title:\"graph neural\"", kAll, "Query((Sgraph PHRASE 2 Sneural))", true},
      {"abstract:\"graphs\"", kAll, "Query(Tgraph)", true},
      {"title:GPT-2", kAll, "Query(Sgpt2)", true},
      {"title:(graphs OR trees) neural", kAll, "Query(((Sgraph OR Stree) AND {neural}))", true},
      // Names are never stemmed; several words are a phrase, which cannot
      // span two authors (the indexer leaves a gap between them).
      {"author:Jiang", kAll, "Query(Ajiang)", true},
      {"author:\"Zhida Jiang\"", kAll, "Query((Azhida PHRASE 2 Ajiang))", true},
      {"author:Jiang quantum", kAll, "Query((Ajiang AND {quantum}))", true},
      {"journal:\"Physical Review\"", kAll, "Query((XJphysical PHRASE 2 XJreview))", true},
      {"comments:pages", kAll, "Query(XKpages)", true},
  });
}

TEST_CASE("boolean fields are filters that do not score", "[query]") {
  check_rows({
      // A category, a group (see kGroups), an archive.
      {"subject:cs.NI", kAll, "Query(0 * XCcs.ni)", false},
      {"subject:cs", kAll, "Query(0 * [cs])", false},
      {"subject:hep-ph", kAll, "Query(0 * XChep-ph)", false},
      {"year:2024", kAll, "Query(0 * Y2024)", false},
      // Value ranges never carry weight, so Xapian drops the "0 *".
      {"year:2020..2024", kAll, "Query(VALUE_RANGE 0 {2020} {2024})", false},
      {"year:2020..", kAll, "Query(VALUE_GE 0 {2020})", false},
      {"year:..2010", kAll, "Query(VALUE_LE 0 {2010})", false},
      {"year:\"2021\"", kAll, "Query(0 * Y2021)", false},
      // Ids in any form arXiv writes them, derived ids as written.
      {"id:2101.00001v2", kAll, "Query(0 * Q2101.00001)", false},
      {"id:arXiv:cs/9301111", kAll, "Query(0 * Qcs/9301111)", false},
      {"id:jiang-2023-optical", kAll, "Query(0 * Qjiang-2023-optical)", false},
      {"doi:10.1145/3544216.ABC", kAll, "Query(0 * XD10.1145/3544216.abc)", false},
      {"DOI:https://doi.org/10.1000/XYZ", kAll, "Query(0 * XD10.1000/xyz)", false},
  });
}

TEST_CASE("filters combine with text and with each other as written", "[query]") {
  check_rows({
      {"graphs subject:cs.NI", kAll, "Query(({graph} FILTER XCcs.ni))", true},
      {"graphs trees subject:cs year:2020..2024", kAll,
       "Query((({graph} AND {tree}) FILTER ([cs] AND VALUE_RANGE 0 {2020} {2024})))", true,
       "Query((({graph} OR {tree}) FILTER ([cs] AND VALUE_RANGE 0 {2020} {2024})))"},
      {"subject:cs subject:math", kAll, "Query(0 * ([cs] AND [math]))", false},
      {"subject:cs OR subject:math", kAll, "Query(0 * ([cs] OR [math]))", false},
      {"subject:(cs OR math) graphs", kAll, "Query(({graph} FILTER ([cs] OR [math])))", true},
      {"year:(2020 OR 2022..)", kAll, "Query(0 * (Y2020 OR VALUE_GE 0 {2022}))", false},
      // An OR of text and a filter: the filter side matches with no weight.
      {"graphs OR subject:math", kAll, "Query(({graph} OR 0 * [math]))", true},
      // Every clause must match, so a group's filter joins the others.
      {"(graphs subject:cs) trees", kAll, "Query((({graph} AND {tree}) FILTER [cs]))", true},
      {"author:jiang subject:cs", kAll, "Query((Ajiang FILTER [cs]))", true},
      // Exclusions from a filter-only query keep it a filter.
      {"subject:cs -subject:cs.NI", kAll, "Query(0 * ([cs] AND_NOT XCcs.ni))", false},
      {"subject:cs -graphs", kAll, "Query(0 * ([cs] AND_NOT {graph}))", false},
  });
}

TEST_CASE("operators, exclusions and precedence", "[query]") {
  check_rows({
      {"graphs OR trees", kAll, "Query(({graph} OR {tree}))", true},
      {"graphs AND trees", kAll, "Query(({graph} AND {tree}))", true},
      {"graphs NOT trees", kAll, "Query(({graph} AND_NOT {tree}))", true},
      {"graphs AND NOT trees", kAll, "Query(({graph} AND_NOT {tree}))", true},
      {"graphs -trees", kAll, "Query(({graph} AND_NOT {tree}))", true},
      {"graphs -\"binary trees\"", kAll, "Query(({graph} AND_NOT (Tbinari PHRASE 2 Ttree)))", true},
      // The excluded side of AND_NOT never scores: Xapian drops its weight.
      {"graphs -title:trees", kAll, "Query(({graph} AND_NOT Stree))", true},
      {"graphs -subject:math", kAll, "Query(({graph} AND_NOT [math]))", true},
      {"graphs -trees -neural", kAll, "Query(({graph} AND_NOT ({tree} OR {neural})))", true},
      // '+'/'-' are operators only at the start of a word and before a non-digit:
      // claims write "+1 nucleosomes", "E2f-1, -2" and "(H2A)-histone".
      {"+1 nucleosomes", kAll, "Query(({1} AND {nucleosom}))", true, "Query(({1} OR {nucleosom}))"},
      {"graphs -2", kAll, "Query(({graph} AND {2}))", true, "Query(({graph} OR {2}))"},
      {"(trees)-graphs", kAll, "Query(({tree} AND {graph}))", true, "Query(({tree} OR {graph}))"},
      // OR binds tighter than the space between words...
      {"graphs OR trees neural", kAll, "Query((({graph} OR {tree}) AND {neural}))", true},
      // ...and looser than a written AND.
      {"graphs OR trees AND neural", kAll, "Query(({graph} OR ({tree} AND {neural})))", true},
      {"(graphs OR trees) AND neural", kAll, "Query((({graph} OR {tree}) AND {neural}))", true},
      {"graphs (trees -neural)", kAll, "Query(({graph} AND ({tree} AND_NOT {neural})))", true,
       "Query(({graph} OR ({tree} AND_NOT {neural})))"},
      // Exclusions in a group of their own apply to what surrounds it.
      {"graphs (-trees -neural)", kAll, "Query(({graph} AND_NOT ({tree} OR {neural})))", true},
      {"NOT NOT graphs", kAll, "Query({graph})", true},
      // Required anyway when every word must match; with one loose word
      // left there is nothing to OR.
      {"+graphs trees", kAll, "Query(({graph} AND {tree}))", true},
  });
}

TEST_CASE("any-word mode ORs the clauses but keeps +required, exclusions and filters", "[query]") {
  check_rows({
      {"graphs trees", kAny, "Query(({graph} OR {tree}))", true},
      {"+graphs trees neural", kAny, "Query(({graph} AND_MAYBE ({tree} OR {neural})))", true},
      {"+graphs +trees", kAny, "Query(({graph} AND {tree}))", true},
      {"graphs trees -neural", kAny, "Query((({graph} OR {tree}) AND_NOT {neural}))", true},
      {"graphs trees subject:cs", kAny, "Query((({graph} OR {tree}) FILTER [cs]))", true},
      // A written AND stays AND.
      {"graphs AND trees neural", kAny, "Query((({graph} AND {tree}) OR {neural}))", true},
      // A clause's own filter stays with it rather than binding the others.
      {"(graphs subject:cs) trees", kAny, "Query((({graph} FILTER [cs]) OR {tree}))", true},
      {"subject:cs", kAny, "Query(0 * [cs])", false},
  });
}

TEST_CASE("the any-word query ORs the free-text words of a plain list", "[query]") {
  check_rows({
      {"graphs trees", kAll, "Query(({graph} AND {tree}))", true, "Query(({graph} OR {tree}))"},
      {"graphs trees -neural subject:cs", kAll,
       "Query(((({graph} AND {tree}) AND_NOT {neural}) FILTER [cs]))", true,
       "Query(((({graph} OR {tree}) AND_NOT {neural}) FILTER [cs]))"},
      // +required and fielded words stay required.
      {"+graphs trees neural", kAll, "Query(({graph} AND {tree} AND {neural}))", true,
       "Query(({graph} AND ({tree} OR {neural})))"},
      {"title:graphs trees neural", kAll, "Query((Sgraph AND {tree} AND {neural}))", true,
       "Query((Sgraph AND ({tree} OR {neural})))"},
      // A word written as one that is several is a phrase among full matches,
      // its words one by one among partial matches.
      {"GPT/2 models", kAll, "Query(((Tgpt PHRASE 2 T2) AND {model}))", true,
       "Query(({gpt} OR {2} OR {model}))"},
      // A hyphenated word's parts count where a paper writes them, its joined
      // form where it writes only that: never both.
      {"GPT-2 models", kAll, "Query((Tgpt2 AND {model}))", true,
       "Query(({gpt} OR {2} OR (Tgpt2 AND_NOT ({gpt} AND {2})) OR {model}))"},
      {"IL-6/IL-10 levels", kAll,
       "Query(((Til PHRASE 4 T6 PHRASE 4 Til PHRASE 4 T10) AND {level}))", true,
       // "il" is one clause, weighted as written twice (the square root of 2).
       "Query((1.4142135623730951455 * {il} OR {6} OR (Til6 AND_NOT ({il} AND {6})) OR {10} OR "
       "(Til10 AND_NOT ({il} AND {10})) OR {level}))"},
      // A word the pool has already is one clause that weighs more; in a long
      // query (over kAllWordsUpTo clauses) function words do not count.
      {"graphs for graphs models", kAll, "Query(({graph} AND {for} AND {graph} AND {model}))", true,
       "Query((1.4142135623730951455 * {graph} OR {model}))"},
      {"graphs for models", kAll, "Query(({graph} AND {for} AND {model}))", true,
       "Query(({graph} OR {for} OR {model}))"},
      // A bracketed group of plain words is one clause of the pool, as in
      // "... cells (Th2) ..." in a sentence.
      {"graphs (trees neural)", kAll, "Query(({graph} AND ({tree} AND {neural})))", true,
       "Query(({graph} OR ({tree} AND {neural})))"},
      // Nothing to OR: one free-text clause, written operators, any-word mode.
      {"graphs -trees", kAll, "Query(({graph} AND_NOT {tree}))", true},
      {"graphs author:jiang", kAll, "Query(({graph} AND Ajiang))", true},
      {"graphs OR trees neural", kAll, "Query((({graph} OR {tree}) AND {neural}))", true},
      {"graphs AND trees", kAll, "Query(({graph} AND {tree}))", true},
      {"graphs trees", kAny, "Query(({graph} OR {tree}))", true},
  });
}

TEST_CASE("TeX in a query is decoded as in indexed text", "[query]") {
  // \" is TeX's umlaut, not a quote, inside words and phrases alike.
  CHECK(parser().parse(R"(Schr\"odinger)", kAll).query.get_description() ==
        parser()
            .parse("Schr\xC3\xB6"
                   "dinger",
                   kAll)
            .query.get_description());
  CHECK(parser().parse(R"(author:"Bj\"{o}rn Smith")", kAll).query.get_description() ==
        parser()
            .parse("author:\"Bj\xC3\xB6"
                   "rn Smith\"",
                   kAll)
            .query.get_description());
}

TEST_CASE("a plain word searches the author names too, at a fifth of the weight", "[query]") {
  const QueryParser with_authors(analyzer());
  CHECK(with_authors.parse("Jürgen", kAll).query.get_description() ==
        "Query((Tjurgen OR 0.2000000000000000111 * (Ajurgen SYNONYM Ajuergen)))");
  // A name with initials is its surname+initials key (author_names.h).
  CHECK(with_authors.parse("\"Hinton G\"", kAll).query.get_description() ==
        "Query(((Thinton PHRASE 2 Tg) OR 0.2000000000000000111 * XIhinton_g))");
  CHECK(with_authors.parse("\"Grace Hopper\"", kAll).query.get_description() ==
        "Query(((Tgrace PHRASE 2 Thopper) OR 0.2000000000000000111 * (Agrace PHRASE 2 "
        "Ahopper)))");
  // Fielded words keep their field; a plain wildcard extends text words only.
  CHECK(with_authors.parse("title:graphs", kAll).query.get_description() == "Query(Sgraph)");
  CHECK(with_authors.parse("au:Hinton_G", kAll).query.get_description() == "Query(XIhinton_g)");
  // "cells" repeats the stem of "cell": one clause of the any-word form,
  // weighing more, though their author words differ.
  const std::string any_word =
      with_authors.parse("cell cells tissue", kAll).any_word.get_description();
  INFO(any_word);
  CHECK(any_word.find("Tcell") == any_word.rfind("Tcell"));
  CHECK(any_word.find("1.41421") != std::string::npos);
  CHECK(with_authors.parse("optim*", kAll, &index_words()).query.get_description() ==
        parser().parse("optim*", kAll, &index_words()).query.get_description());
}

// Term frequencies as an index would give them (TermSource::termfreq).
class FrequencySource : public WordList {
 public:
  explicit FrequencySource(std::map<std::string, Xapian::doccount> freqs)
      : WordList({}), freqs_(std::move(freqs)) {}
  std::optional<Xapian::doccount> termfreq(const std::string& term) const override {
    const auto found = freqs_.find(term);
    return found == freqs_.end() ? 0 : found->second;
  }

 private:
  std::map<std::string, Xapian::doccount> freqs_;
};

TEST_CASE("a plain word searches the bodies only where the index has the word in one",
          "[query][fulltext]") {
  const QueryParser parser(analyzer());
  // No body has it (or no body at all): the query is the one before bodies.
  const FrequencySource no_bodies({{"Tsinusoid", 3}});
  CHECK(parser.parse("sinusoidal", kAll, &no_bodies).query.get_description() ==
        "Query((Tsinusoid OR 0.2000000000000000111 * Asinusoidal))");
  // A body has it: the body alternative, below the text.
  const FrequencySource bodies({{"Tsinusoid", 3}, {"Bsinusoid", 2}});
  CHECK(parser.parse("sinusoidal", kAll, &bodies).query.get_description() ==
        "Query((Tsinusoid OR 0.2000000000000000111 * Asinusoidal OR 0.5 * Bsinusoid))");
  // body: (alias fulltext:) searches the bodies alone, phrases too.
  CHECK(parser.parse("fulltext:\"positional encodings\"", kAll, &bodies).query.get_description() ==
        "Query((Bposit PHRASE 2 Bencod))");
  // Bodies hold no function words: a phrase's others in order within its span.
  CHECK(parser.parse("body:\"the choice of the volume\"", kAll, &bodies).query.get_description() ==
        "Query((Bchoic PHRASE 4 Bvolum))");
  CHECK_THROWS_AS(parser.parse("body:\"of the\"", kAll, &bodies), QuerySyntaxError);
}

TEST_CASE("a plain word weighs as a name by the share of its papers that have it as one",
          "[query]") {
  using paperdex::schema::kAuthorWordsInPlainQuery;
  using paperdex::schema::kAuthorWordsPerNameShare;
  const QueryParser with_authors(analyzer());
  // As a name in 20 papers, in the text of 10: two thirds of its papers.
  const FrequencySource hinton({{"Thinton", 10}, {"Ahinton", 20}});
  const Xapian::Query name_mostly = with_authors.parse("hinton", kAll, &hinton).query;
  const double weight = kAuthorWordsInPlainQuery + kAuthorWordsPerNameShare * (20.0 / 30);
  CHECK(
      name_mostly.get_description() ==
      Xapian::Query(Xapian::Query::OP_OR, Xapian::Query("Thinton"),
                    Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT, Xapian::Query("Ahinton"), weight))
          .get_description());
  CHECK(name_mostly.get_description().find("3.5333") != std::string::npos);
  // A word mostly of the text keeps about the names' fifth; the text
  // keeps its whole weight either way.
  const FrequencySource deep({{"Tdeep", 996}, {"Adeep", 4}});
  const std::string word_mostly = with_authors.parse("deep", kAll, &deep).query.get_description();
  INFO(word_mostly);
  CHECK(word_mostly.find("0.22") != std::string::npos);
  CHECK(word_mostly.find("* Tdeep") == std::string::npos);
  // The spellings of a name count as its most frequent one.
  const FrequencySource jurgen({{"Tjurgen", 1}, {"Ajurgen", 1}, {"Ajuergen", 3}});
  CHECK(with_authors.parse("Jürgen", kAll, &jurgen).query.get_description() ==
        "Query((Tjurgen OR 3.9500000000000001776 * (Ajurgen SYNONYM Ajuergen)))");
  // Without frequencies (a source that cannot tell), and in a phrase, the
  // names weigh their fifth.
  CHECK(with_authors.parse("hinton", kAll).query.get_description() ==
        "Query((Thinton OR 0.2000000000000000111 * Ahinton))");
  const std::string phrase =
      with_authors.parse("\"grace hopper\"", kAll, &hinton).query.get_description();
  INFO(phrase);
  CHECK(phrase.find("0.2000000000000000111 * (Agrace PHRASE 2 Ahopper)") != std::string::npos);
}

TEST_CASE("loose words search the text field, title: the title field", "[query]") {
  CHECK(parser().parse("graphs", kAll).query.get_description() == "Query(Tgraph)");
  CHECK(parser().parse("title:graphs", kAll).query.get_description() == "Query(Sgraph)");
  // abstract: is another name for the text field (schema.h).
  CHECK(parser().parse("abstract:graphs", kAll).query.get_description() == "Query(Tgraph)");
  CHECK(parser().parse("text:graphs", kAll).query.get_description() == "Query(Tgraph)");
}

TEST_CASE("highlight terms come from title and abstract searches only", "[query]") {
  const ParsedQuery parsed = parser().parse(
      "schedulers \"graph neural\" title:trees abstract:GPT-2 -excluded author:jiang "
      "subject:cs journal:review",
      kAll);
  CHECK(parsed.highlight_terms ==
        std::vector<std::string>{"schedulers", "graph", "neural", "trees", "gpt", "2", "gpt2"});
  // Text fields match on stems, phrases and quoted words included.
  CHECK(parsed.highlight_stems ==
        std::vector<std::string>{"schedul", "graph", "neural", "tree", "gpt", "2", "gpt2"});

  const ParsedQuery repeated = parser().parse("graphs graph", kAll);
  CHECK(repeated.highlight_terms == std::vector<std::string>{"graphs", "graph"});
  CHECK(repeated.highlight_stems == std::vector<std::string>{"graph"});
}

TEST_CASE("syntax errors say what is wrong and where", "[query]") {
  struct ErrorRow {
    std::string query;
    const char* message;  // a substring of what()
    std::size_t position;
    const char* hint = "";  // a substring of hint()
  };
  const std::vector<ErrorRow> rows = {
      {"\"graph neural", "unbalanced quote", 0},
      {"graph \"neural", "unbalanced quote", 6},
      {"graph (neural", "'(' is never closed", 6},
      {"((graph)", "'(' is never closed", 0},
      {"graph neural)", "')' has no matching '('", 12},
      {"titel:graph", "unknown field 'titel'", 0, "did you mean title:?"},
      {"graph auther:jiang", "unknown field 'auther'", 6, "did you mean author:?"},
      {"graph subj:cs", "unknown field 'subj'", 6, "did you mean subject:?"},
      {"titel:\"graph neural\"", "unknown field 'titel'", 0, "did you mean title:?"},
      {"foo:bar", "unknown field 'foo'", 0, "put it in quotes: \"foo:bar\""},
      {"", "empty query", 0},
      {"   ", "empty query", 0},
      {"!!!", "empty query", 0},
      {"year:abc", "malformed year 'abc'", 5},
      {"year:24", "malformed year '24'", 5},
      {"year:\"abc\"", "malformed year 'abc'", 6},
      {"graph year:2024..2020", "2024..2020 is empty", 11, "did you mean year:2020..2024?"},
      {"year:2020..20x4", "malformed year '20x4'", 11},
      {"year:..", "has no years", 5},
      {"title: graph", "title: has no value", 0},
      {"graph subject:\"\"", "subject: has no value", 6},
      {"OR graph", "'OR' needs", 0},
      {"graph AND", "'AND' needs", 6},
      {"graph NOT", "'NOT' needs", 6},
      {"graph () trees", "empty parentheses", 6},
      {"-graph", "nothing to search for", 0},
      {"-subject:cs", "nothing to search for", 0},
      {"graph OR -tree", "exclusion cannot be one side of OR", 9},
      {std::string(200, '(') + "graph" + std::string(200, ')'), "nested too deeply", 100},
      // NEAR and proximity.
      {"optical NEAR", "'NEAR' needs a word on each side", 8},
      {"NEAR switch", "'NEAR' needs a word on each side", 0},
      {"optical NEAR/x switch", "NEAR/ takes a number of words from 1 to 1000", 8},
      {"optical NEAR/0 switch", "NEAR/ takes a number", 8},
      {"optical NEAR/1001 switch", "NEAR/ takes a number", 8},
      {"optical NEAR/3x switch", "NEAR/ takes a number", 8},
      {"\"optical switch\"~", "'~' after a phrase needs a number of words from 1 to 1000", 16},
      {"\"optical switch\"~0", "'~' after a phrase needs a number", 16},
      {"(graphs OR trees) NEAR/2 switch", "NEAR joins words, not groups", 0},
      {"graphs NEAR/2 (trees switch)", "NEAR joins words, not groups", 14},
      {"title:optical NEAR/2 abstract:switch", "NEAR joins words of one field", 21},
      {"subject:cs NEAR graphs", "NEAR joins words of text fields; subject: is a filter", 0},
      {"graphs NEAR !!!", "NEAR needs a word on each side", 0},
      {"graphs NEAR optim*", "a wildcard cannot be part of NEAR", 12},
      // Wildcards.
      {"*", "a wildcard needs the start of a word before the '*'", 0},
      {"graphs !!*", "a wildcard needs the start of a word", 7},
      {"neural-net*", "a wildcard extends one word, and 'neural-net' is several", 0,
       "e.g. 'neural net*'"},
      {"subject:cs*", "wildcards extend words of text:, title:, author:", 8},
      {"year:20*", "year: takes whole values", 5},
      // Subjects: the nearest known one as the hint.
      {"subject:physic", "unknown subject 'physic'", 8, "did you mean subject:physics?"},
      {"graphs subject:cs.NII", "unknown subject 'cs.NII'", 15, "did you mean subject:cs.NI?"},
      {"subject:hepth", "unknown subject", 8, "did you mean subject:hep-th?"},
      {"subject:zzzzzz", "a subject is an arXiv category (cs.NI), archive (hep-th) or group", 8},
  };
  for (const ErrorRow& row : rows) {
    INFO("query: " << row.query);
    try {
      parser().parse(row.query, kAll);
      FAIL("no error");
    } catch (const QuerySyntaxError& error) {
      CHECK_THAT(error.what(), Catch::Contains(row.message));
      CHECK(error.position() == row.position);
      CHECK_THAT(error.hint(), Catch::Contains(row.hint));
      // One line: the CLI prints it after "error: ".
      CHECK(std::string(error.what()).find('\n') == std::string::npos);
    }
  }
}

TEST_CASE("parse_filter reads a field value as the query does", "[query]") {
  CHECK(parser().parse_filter("subject", "cs.NI").get_description() == "Query(XCcs.ni)");
  CHECK(parser().parse_filter("subject", "math").get_description() == expand("Query([math])"));
  CHECK(parser().parse_filter("subject", "physics").get_description() ==
        expand("Query([physics])"));
  CHECK(parser().parse_filter("year", "2024").get_description() == "Query(Y2024)");
  CHECK(parser().parse_filter("year", "2020..2024").get_description() ==
        expand("Query(VALUE_RANGE 0 {2020} {2024})"));
  CHECK(parser().parse_filter("year", "..2010").get_description() ==
        expand("Query(VALUE_LE 0 {2010})"));

  CHECK_THROWS_WITH(parser().parse_filter("year", "2024..2020"), Catch::Contains("is empty"));
  CHECK_THROWS_WITH(parser().parse_filter("year", "soon"), Catch::Contains("malformed year"));
  CHECK_THROWS_WITH(parser().parse_filter("subject", ""), Catch::Contains("has no value"));
  try {
    parser().parse_filter("subjects", "cs");
    FAIL("no error");
  } catch (const QuerySyntaxError& error) {
    CHECK_THAT(error.what(), Catch::Contains("unknown field 'subjects'"));
    CHECK(error.hint() == "did you mean subject:?");
  }
}

TEST_CASE("subjects are categories, archives or groups, widened by arXiv's aliases", "[query]") {
  check_rows({
      // A group is every archive in it, retired ones included; "physics" is
      // the group (the physics archive is one of its archives).
      {"subject:physics", kAll, "Query(0 * [physics])", false},
      {"subject:grp_physics", kAll, "Query(0 * [physics])", false},
      {"subject:math", kAll, "Query(0 * [math])", false},
      {"subject:econ", kAll, "Query(0 * (XCecon OR XCq-fin.ec))", false},
      // An archive: itself (its categories' terms carry it), and the retired
      // categories that now live in it.
      {"subject:cond-mat", kAll, "Query(0 * (XCcond-mat OR XCmtrl-th OR XCsupr-con))", false},
      {"subject:hep-th", kAll, "Query(0 * XChep-th)", false},
      // An alias pair is one category, whichever name is written, in any case.
      {"subject:cs.NA", kAll, "Query(0 * (XCcs.na OR XCmath.na))", false},
      {"subject:math.NA", kAll, "Query(0 * (XCcs.na OR XCmath.na))", false},
      {"subject:CS.na", kAll, "Query(0 * (XCcs.na OR XCmath.na))", false},
      {"subject:math.MP", kAll, "Query(0 * (XCmath-ph OR XCmath.mp))", false},
      {"subject:stat.TH", kAll, "Query(0 * (XCmath.st OR XCstat.th))", false},
      // A retired category counts under its successor, not the other way.
      {"subject:math.AG", kAll, "Query(0 * (XCalg-geom OR XCmath.ag))", false},
      {"subject:alg-geom", kAll, "Query(0 * XCalg-geom)", false},
      {"subject:cond-mat.supr-con", kAll, "Query(0 * (XCcond-mat.supr-con OR XCsupr-con))", false},
      {"graphs subject:cs.NA", kAll, "Query(({graph} FILTER (XCcs.na OR XCmath.na)))", true},
  });
  // Nothing near enough to suggest: the message alone.
  try {
    parser().parse("subject:zzzzzz", kAll);
    FAIL("no error");
  } catch (const QuerySyntaxError& error) {
    CHECK(error.hint().empty());
  }
}

TEST_CASE("old-style ids match with or without the subject class", "[query]") {
  check_rows({
      {"id:math.FA/0101001", kAll, "Query(0 * (Qmath.FA/0101001 OR Qmath/0101001))", false},
      {"id:math/0101001v2", kAll, "Query(0 * Qmath/0101001)", false},
      {"id:2101.00001", kAll, "Query(0 * Q2101.00001)", false},
  });
}

TEST_CASE("NEAR/n and \"...\"~n put words within n positions, in any order", "[query]") {
  check_rows({
      // Two words n positions apart at most: Xapian's window is n + 1.
      {"optical NEAR/3 switch", kAll, "Query((Toptic NEAR 4 Tswitch))", true},
      // A bare NEAR is NEAR/10.
      {"optical NEAR switch", kAll, "Query((Toptic NEAR 11 Tswitch))", true},
      // A chain is one window, the widest: three words within 5 -> 3 + 5 - 1.
      {"optical NEAR/2 circuit NEAR/5 switch", kAll,
       "Query((Toptic NEAR 7 Tcircuit NEAR 7 Tswitch))", true},
      // NEAR binds tighter than the space between words and than OR.
      {"optical NEAR/1 switch graphs", kAll, "Query(((Toptic NEAR 2 Tswitch) AND {graph}))", true},
      {"graphs OR optical NEAR/1 switch", kAll, "Query(({graph} OR (Toptic NEAR 2 Tswitch)))",
       true},
      {"graphs -optical NEAR/1 switch", kAll, "Query(({graph} AND_NOT (Toptic NEAR 2 Tswitch)))",
       true},
      // In one field; names are not stemmed.
      {"title:(optical NEAR/2 switch)", kAll, "Query((Soptic NEAR 3 Sswitch))", true},
      {"title:optical NEAR/2 title:switch", kAll, "Query((Soptic NEAR 3 Sswitch))", true},
      {"author:(zhida NEAR/1 jiang)", kAll, "Query((Azhida NEAR 2 Ajiang))", true},
      // A phrase with a proximity is the same, its words the operands.
      {"\"optical switch\"~3", kAll, "Query((Toptic NEAR 4 Tswitch))", true},
      {"\"optical circuit switch\"~2", kAll, "Query((Toptic NEAR 4 Tcircuit NEAR 4 Tswitch))",
       true},
      {"abstract:\"optical switch\"~1", kAll, "Query((Toptic NEAR 2 Tswitch))", true},
      // One word has nothing to be near.
      {"\"graphs\"~4", kAll, "Query({graph})", true},
      // Lowercase near is a word.
      {"near graphs", kAll, "Query(({near} AND {graph}))", true, "Query(({near} OR {graph}))"},
  });
}

TEST_CASE("trailing wildcards expand through the index's words to their stems", "[query]") {
  const auto described = [](const std::string& query) {
    return parser().parse(query, kAll, &index_words()).query.get_description();
  };
  // optimal, optimization, optimize, optimizer and the typed word itself
  // all stem to "optim" (optics and option do not start with "optim"); the
  // stems come in the words' byte order, the typed word last.
  CHECK(described("optim*") == "Query(Toptim)");
  CHECK(described("opti*") == "Query((Toptic SYNONYM Toptim SYNONYM Toption SYNONYM Topti))");
  // Longer than the words' stem ("optim"), so Xapian's own wildcard over
  // stems would find nothing.
  CHECK(described("optimiz*") == "Query((Toptim SYNONYM Toptimiz))");
  CHECK(described("title:optimiz*") == "Query((Soptim SYNONYM Soptimiz))");
  // Name fields are not stemmed: their own terms.
  CHECK(described("author:zh*") == "Query((Azhang SYNONYM Azhao SYNONYM Azhou))");
  CHECK(described("author:zha*") == "Query((Azhang SYNONYM Azhao))");
  // Nothing to expand to: the pattern itself, which matches nothing (or an
  // author named just that), so the query runs and finds what it finds.
  CHECK(described("author:zx*") == "Query(Azx)");
  // Without index access Xapian expands the pattern when the query runs.
  CHECK(parser().parse("optim*", kAll).query.get_description() == "Query(WILDCARD SYNONYM Toptim)");

  // The expanded words are highlighted, in their own spelling and by stem.
  const ParsedQuery parsed = parser().parse("optimiz* -opti*", kAll, &index_words());
  CHECK(parsed.highlight_terms ==
        std::vector<std::string>{"optimization", "optimize", "optimizer", "optimiz"});
  CHECK(parsed.highlight_stems == std::vector<std::string>{"optim", "optimiz"});

  // More words than the limit is an error, not a slow query.
  QueryParserOptions narrow;
  narrow.max_wildcard_terms = 3;
  const QueryParser strict(analyzer(), narrow);
  CHECK_NOTHROW(strict.parse("optimiz*", kAll, &index_words()));
  try {
    strict.parse("graphs opt*", kAll, &index_words());
    FAIL("no error");
  } catch (const QuerySyntaxError& error) {
    CHECK_THAT(error.what(), Catch::Contains("'opt*' is too broad"));
    CHECK_THAT(error.what(), Catch::Contains("more than 3 words"));
    CHECK(error.position() == 7);
    CHECK(error.hint() == "add letters before the '*'");
  }
}

// Ten words for each of the prefixes "a".."z": "a0".."a9", "b0"...
WordList ten_words_a_prefix() {
  std::vector<std::string> words;
  for (char prefix = 'a'; prefix <= 'z'; ++prefix) {
    for (char digit = '0'; digit <= '9'; ++digit) words.push_back({prefix, 'x', digit});
  }
  return WordList(std::move(words));
}

// The words the query's wildcards expanded to (the highlighter's list holds
// them; the words searched alone have no digit).
std::size_t expanded_words(const ParsedQuery& parsed) {
  return static_cast<std::size_t>(std::count_if(
      parsed.highlight_terms.begin(), parsed.highlight_terms.end(), [](const std::string& term) {
        return term.find_first_of("0123456789") != std::string::npos;
      }));
}

// Wildcards once expanded without a bound for the whole query (1,000 of them
// took 13 s, whatever the time limit), each repeat found by a search of a list.
TEST_CASE("a query's wildcards expand to a bounded number of words in all", "[query]") {
  const WordList words = ten_words_a_prefix();
  std::string query;
  for (char prefix = 'a'; prefix <= 'z'; ++prefix) query += std::string(1, prefix) + "x* ";
  QueryParserOptions bounded;
  bounded.max_wildcard_expansion = 35;  // three wildcards of ten words
  const QueryParser parser(analyzer(), bounded);
  for (const auto syntax :
       {paperdex::detail::Syntax::kStrict, paperdex::detail::Syntax::kLenient}) {
    const ParsedQuery parsed = parser.parse(query, kAny, &words, syntax);
    CHECK(expanded_words(parsed) == 30);
    REQUIRE(parsed.notes.size() == 1);
    CHECK_THAT(parsed.notes[0],
               Catch::StartsWith("the wildcards 'dx*', 'ex*', 'fx*' and 20 more: searched as "
                                 "their words alone, past the limit of 35 words"));
  }
  // Under the bound, every wildcard expands, and no note.
  bounded.max_wildcard_expansion = 26 * 10;
  const ParsedQuery whole = QueryParser(analyzer(), bounded).parse(query, kAny, &words);
  CHECK(expanded_words(whole) == 26 * 10);
  CHECK(whole.notes.empty());
  CHECK(paperdex::kMaxWildcardExpansion >= 10 * bounded.max_wildcard_terms);
}

// Counts its look-ups; out of time after `allowed` of them.
class TimedWords : public TermSource {
 public:
  TimedWords(const WordList& words, std::size_t allowed) : words_(words), allowed_(allowed) {}
  std::vector<std::string> words_starting(std::string_view prefix,
                                          std::size_t limit) const override {
    ++look_ups_;
    return words_.words_starting(prefix, limit);
  }
  std::vector<std::string> terms_starting(std::string_view prefix,
                                          std::size_t limit) const override {
    return words_.terms_starting(prefix, limit);
  }
  bool out_of_time() const override { return look_ups_ >= allowed_; }
  std::size_t look_ups() const { return look_ups_; }

 private:
  const WordList& words_;
  std::size_t allowed_;
  mutable std::size_t look_ups_ = 0;
};

TEST_CASE("wildcards left when the time runs out are searched as their words alone", "[query]") {
  const WordList words = ten_words_a_prefix();
  const TimedWords timed(words, 2);
  const ParsedQuery parsed = parser().parse("ax* bx* cx* dx* ex*", kAll, &timed);
  CHECK(timed.look_ups() == 2);  // each wildcard once, for every form of the query
  CHECK(expanded_words(parsed) == 20);
  REQUIRE(parsed.notes.size() == 1);
  CHECK(parsed.notes[0] ==
        "the wildcards 'cx*', 'dx*', 'ex*': searched as their words alone, the search's time "
        "limit having run out before they were expanded");
  // A word searched alone is the start of a word: not one to spell-correct.
  CHECK(parsed.words.empty());
}

TEST_CASE("a too broad wildcard is searched as its word alone, and the note says so", "[query]") {
  QueryParserOptions narrow;
  narrow.max_wildcard_terms = 3;
  const ParsedQuery parsed =
      QueryParser(analyzer(), narrow)
          .parse("graphs opt*", kAll, &index_words(), paperdex::detail::Syntax::kLenient);
  REQUIRE(parsed.notes.size() == 1);
  CHECK(parsed.notes[0] ==
        "the wildcard 'opt*' is too broad: it matches more than 3 words; searched 'opt' alone "
        "(add letters before the '*')");
  CHECK(parsed.query.get_description().find("Topt") != std::string::npos);
}

TEST_CASE("a subject wildcard is refused with the archive's own filter as the hint", "[query]") {
  for (const char* query : {"cat:cs.*", "subject:cs*"}) {
    INFO(query);
    try {
      parser().parse(query, kAll, &index_words());
      FAIL("no error");
    } catch (const QuerySyntaxError& error) {
      CHECK_THAT(error.hint(), Catch::EndsWith("subject:cs"));
    }
  }
}

TEST_CASE("the words of a query are kept, with where they were written", "[query]") {
  const std::string query =
      "optical circut title:swich \"neural netwrk\" -excluded author:zhao graphs. optim*";
  const ParsedQuery parsed = parser().parse(query, kAll, &index_words());
  std::vector<std::string> terms, written;
  for (const QueryWord& word : parsed.words) {
    terms.push_back(word.term);
    written.push_back(query.substr(word.begin, word.end - word.begin));
  }
  // Excluded words, names and wildcards are not spelling material.
  CHECK(terms ==
        std::vector<std::string>{"optical", "circut", "swich", "neural", "netwrk", "graphs"});
  CHECK(written ==
        std::vector<std::string>{"optical", "circut", "swich", "neural", "netwrk", "graphs"});
  // Words of a query whose text the Analyzer rewrites (TeX) cannot be placed.
  CHECK(parser().parse(R"(Schr\"odinger)", kAll).words.empty());
}

TEST_CASE("the author filter is the folded full name", "[query]") {
  CHECK(parser().author_filter("Zhida Jiang").get_description() == "Query(XAzhida jiang)");
  CHECK(parser().author_filter("  BJ\xC3\x96RN  smith ").get_description() ==
        "Query(XAbjorn smith)");
  CHECK(parser().author_filter(R"(Bj\"{o}rn Smith)").get_description() == "Query(XAbjorn smith)");
  CHECK_THROWS_AS(parser().author_filter(" !! "), QuerySyntaxError);
}

// The descriptions above are only worth something if the queries find the
// documents indexed the way the document builder indexes them.
TEST_CASE("translated queries match documents indexed per the schema", "[query]") {
  namespace schema = paperdex::schema;
  Xapian::WritableDatabase db(std::string(), Xapian::DB_BACKEND_INMEMORY);
  struct Paper {
    const char* id;
    const char* title;
    const char* abstract;
    std::vector<const char*> authors;
    std::vector<const char*> subjects;
    int year;
  };
  const std::vector<Paper> papers = {
      {"2101.00001",
       "Optical circuit switches for data centers",
       "We schedule flows over an optical switch.",
       {"Zhida Jiang", "Ann Lee"},
       {"cs.NI"},
       2021},
      {"2201.00002",
       "Graph neural networks",
       "Message passing on graphs and trees.",
       {"Ann Jiang"},
       {"cs.LG", "math.CO"},
       2022},
      {"2401.00003",
       "Schedulers for switching networks",
       "A survey of schedulers.",
       {"Zhida Wu"},
       {"math.OC"},
       2024},
  };
  const auto& a = analyzer();
  for (const Paper& paper : papers) {
    Xapian::Document doc;
    doc.add_boolean_term(schema::make_term(schema::kIdPrefix, paper.id));
    Xapian::termpos position = 1;
    for (const auto& token : a.tokenize(a.prepare(paper.title))) {
      doc.add_posting(schema::make_term(schema::kTitlePrefix, token.stem), position);
      doc.add_posting(schema::make_term(schema::kTextPrefix, token.stem), position++);
    }
    position += schema::kValueGap;
    for (const auto& token : a.tokenize(a.prepare(paper.abstract))) {
      doc.add_posting(schema::make_term(schema::kTextPrefix, token.stem), position++);
    }
    position = 1;
    for (const char* author : paper.authors) {
      for (const auto& token : a.tokenize(a.prepare(author))) {
        doc.add_posting(schema::make_term(schema::kAuthorPrefix, token.term), position++);
      }
      position += schema::kValueGap;
    }
    for (std::string subject : paper.subjects) {
      for (char& c : subject) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      doc.add_boolean_term(schema::make_term(schema::kSubjectPrefix, subject));
      doc.add_boolean_term(
          schema::make_term(schema::kSubjectPrefix, subject.substr(0, subject.find('.'))));
    }
    doc.add_boolean_term(schema::make_term(schema::kYearPrefix, std::to_string(paper.year)));
    doc.add_value(schema::kYearSlot, Xapian::sortable_serialise(paper.year));
    db.add_document(doc);
  }

  const auto matches = [&](const std::string& query, MatchMode mode = kAll) {
    Xapian::Enquire enquire(db);
    enquire.set_query(parser().parse(query, mode).query);
    std::vector<Xapian::docid> ids;
    for (Xapian::MSetIterator it = enquire.get_mset(0, 10).begin(); it != Xapian::MSetIterator();
         ++it) {
      ids.push_back(*it);
    }
    std::sort(ids.begin(), ids.end());
    return ids;
  };
  using Ids = std::vector<Xapian::docid>;
  CHECK(matches("schedulers") == Ids{1, 3});      // "schedule" and "Schedulers" share a stem
  CHECK(matches("\"schedulers\"") == Ids{1, 3});  // quoted words match on stems too
  CHECK(matches("optical switch") == Ids{1});
  CHECK(matches("\"neural networks\"") == Ids{2});
  CHECK(matches("\"networks neural\"").empty());
  CHECK(matches("title:graphs") == Ids{2});
  CHECK(matches("abstract:graphs") == Ids{2});
  CHECK(matches("title:schedule") == Ids{3});
  CHECK(matches("author:jiang") == Ids{1, 2});
  CHECK(matches("author:\"Zhida Jiang\"") == Ids{1});
  CHECK(matches("author:\"Jiang Ann\"").empty());  // the gap keeps two authors apart
  CHECK(matches("subject:cs") == Ids{1, 2});
  CHECK(matches("subject:math.OC") == Ids{3});
  CHECK(matches("subject:cs OR subject:math") == Ids{1, 2, 3});
  CHECK(matches("year:2022") == Ids{2});
  CHECK(matches("year:2022..") == Ids{2, 3});
  CHECK(matches("year:..2022") == Ids{1, 2});
  CHECK(matches("year:2021..2022") == Ids{1, 2});
  CHECK(matches("id:arXiv:2201.00002v3") == Ids{2});
  CHECK(matches("networks -graphs") == Ids{3});
  CHECK(matches("switch trees", kAny) == Ids{1, 2, 3});
  CHECK(matches("switch trees").empty());

  // Filters carry no weight: a filter-only query scores zero, and adding a
  // filter leaves a text query's scores as they were.
  Xapian::Enquire enquire(db);
  enquire.set_query(parser().parse("subject:cs", kAll).query);
  for (Xapian::MSetIterator it = enquire.get_mset(0, 10).begin(); it != Xapian::MSetIterator();
       ++it) {
    CHECK(it.get_weight() == 0.0);
  }
  enquire.set_query(parser().parse("networks", kAll).query);
  const double unfiltered = enquire.get_mset(0, 10).begin().get_weight();
  enquire.set_query(parser().parse("networks subject:math", kAll).query);
  Xapian::MSet filtered = enquire.get_mset(0, 10);
  REQUIRE(filtered.size() == 2);
  CHECK(filtered.begin().get_weight() == Approx(unfiltered));
}

// NEAR, proximity phrases, aliases and groups on documents indexed as the
// document builder indexes them (positions count from 1 in each field).
TEST_CASE("NEAR, proximity and subject aliases match the documents they should", "[query]") {
  namespace schema = paperdex::schema;
  Xapian::WritableDatabase db(std::string(), Xapian::DB_BACKEND_INMEMORY);
  struct Paper {
    const char* abstract;
    std::vector<std::string> subjects;  // lower-cased, as indexed
  };
  const std::vector<Paper> papers = {
      {"optical circuit switch fabrics", {"cs.ni", "cs"}},   // 1: 2 apart
      {"switch for optical networks", {"math.na", "math"}},  // 2: reversed, 2 apart
      {"optical parts of a large packet switch", {"physics.optics", "physics"}},  // 3: 6 apart
      {"an optical switch", {"alg-geom"}},                                        // 4: adjacent
  };
  const auto& a = analyzer();
  for (const Paper& paper : papers) {
    Xapian::Document doc;
    Xapian::termpos position = 1;
    for (const auto& token : a.tokenize(a.prepare(paper.abstract))) {
      doc.add_posting(schema::make_term(schema::kTextPrefix, token.stem), position++);
    }
    for (const std::string& subject : paper.subjects) {
      doc.add_boolean_term(schema::make_term(schema::kSubjectPrefix, subject));
    }
    db.add_document(doc);
  }
  const auto matches = [&](const std::string& query) {
    Xapian::Enquire enquire(db);
    enquire.set_query(parser().parse(query, kAll).query);
    std::vector<Xapian::docid> ids;
    for (Xapian::MSetIterator it = enquire.get_mset(0, 10).begin(); it != Xapian::MSetIterator();
         ++it) {
      ids.push_back(*it);
    }
    std::sort(ids.begin(), ids.end());
    return ids;
  };
  using Ids = std::vector<Xapian::docid>;
  CHECK(matches("optical NEAR/1 switch") == Ids{4});
  CHECK(matches("optical NEAR/2 switch") == Ids{1, 2, 4});  // either order
  CHECK(matches("optical NEAR/5 switch") == Ids{1, 2, 4});
  CHECK(matches("optical NEAR/6 switch") == Ids{1, 2, 3, 4});
  CHECK(matches("optical NEAR switch") == Ids{1, 2, 3, 4});
  CHECK(matches("\"optical switch\"~2") == Ids{1, 2, 4});
  CHECK(matches("\"optical switch\"") == Ids{4});
  CHECK(matches("\"switch optical\"").empty());
  // cs.NA and math.NA are one category; math.AG takes in retired alg-geom.
  CHECK(matches("subject:cs.NA") == Ids{2});
  CHECK(matches("subject:cs") == Ids{1, 2});
  CHECK(matches("subject:math") == Ids{2, 4});
  CHECK(matches("subject:math.AG") == Ids{4});
  CHECK(matches("subject:physics") == Ids{3});
  CHECK(matches("subject:physics.optics") == Ids{3});
}
