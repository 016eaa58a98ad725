// A plain query that is an author's name (query/author_reading.h): which
// queries may be one, and how the parser reads one with what the index says
// of it (a term source of fixed frequencies here; the index itself in
// tests/integration/author_forms_test.cc).
#include <catch2/catch.hpp>

#include <map>
#include <optional>
#include <string>

#include "paperdex/common/analyzer.h"
#include "query/author_reading.h"
#include "query/query_translation.h"

namespace {

using paperdex::MatchMode;
using paperdex::detail::ParsedQuery;
using paperdex::detail::QueryParser;
using paperdex::detail::TermSource;

const paperdex::Analyzer& analyzer() {
  static const paperdex::Analyzer instance;
  return instance;
}

// Frequencies of the terms in `known`; any other term's is 0, or unknown
// (a remote index's first reading) when `all_known` is false.
class Frequencies : public TermSource {
 public:
  std::map<std::string, Xapian::doccount> known;
  bool all_known = true;
  std::optional<bool> match;  // has_match's answer

  std::vector<std::string> words_starting(std::string_view, std::size_t) const override {
    return {};
  }
  std::vector<std::string> terms_starting(std::string_view, std::size_t) const override {
    return {};
  }
  bool has_term(const std::string& term) const override {
    const std::optional<Xapian::doccount> freq = termfreq(term);
    return !freq || *freq > 0;
  }
  std::optional<Xapian::doccount> termfreq(const std::string& term) const override {
    if (const auto found = known.find(term); found != known.end()) return found->second;
    if (all_known) return Xapian::doccount{0};
    return std::nullopt;
  }
  std::optional<bool> has_match(const Xapian::Query&) const override { return match; }
};

ParsedQuery parse(const std::string& query, const TermSource& terms) {
  static const QueryParser parser(analyzer());
  return parser.parse(query, MatchMode::kAllWords, &terms, paperdex::detail::Syntax::kLenient);
}

bool searches(const ParsedQuery& parsed, const std::string& term) {
  return parsed.query.get_description().find(term) != std::string::npos;
}

}  // namespace

TEST_CASE("a query may be an author's name: initials or given names and a surname",
          "[query][authors]") {
  const struct {
    const char* query;
    std::optional<std::string> reading;
  } cases[] = {
      {"G. Hinton", "author:\"G. Hinton\""},
      {"Hinton, G.", "author:\"Hinton, G.\""},
      {"Hinton G", "author:\"Hinton G\""},
      {"G.E. Hinton", "author:\"G.E. Hinton\""},
      {"  Hinton_GE ", "author:\"Hinton_GE\""},
      {"Geoffrey Hinton", "author:\"Geoffrey Hinton\"~2"},
      {"Hinton, Geoffrey", "author:\"Hinton, Geoffrey\"~2"},
      {"Geoffrey E. Hinton", "author:\"Geoffrey E. Hinton\"~2"},
      {"J\u00fcrgen Schmidhuber", "author:\"J\u00fcrgen Schmidhuber\"~2"},
      // Any two words may be a name: the index says whether one is.
      {"graph neural", "author:\"graph neural\"~2"},
      // Not a name: one word, five, a lone initial, digits, other marks.
      {"hinton", std::nullopt},
      {"G.", std::nullopt},
      {"optical circuit switch scheduling study", std::nullopt},
      {"Hinton 2015", std::nullopt},
      {"1409.3215", std::nullopt},
      {"Hinton, G., Bengio", std::nullopt},
      // Function words alone ("for the USQCD Collaboration" is an author).
      {"for the", std::nullopt},
      {"Kaiming He", "author:\"Kaiming He\"~2"},
      {"what? Hinton", std::nullopt},
  };
  for (const auto& row : cases) {
    INFO(row.query);
    CHECK(paperdex::detail::author_reading(analyzer(), row.query) == row.reading);
  }
}

TEST_CASE("a name the index has is read as its author too, the words kept", "[query][authors]") {
  Frequencies index;
  index.known = {{"XIhinton_g", 12}, {"Ahinton", 14}, {"Ag", 40}, {"Thinton", 7}};
  const ParsedQuery parsed = parse("G. Hinton", index);
  // The author's papers, or the papers with the words.
  CHECK(searches(parsed, "XIhinton_g"));
  CHECK(searches(parsed, "Thinton"));
  CHECK(parsed.author_papers.get_description() == "Query(XIhinton_g)");
  REQUIRE(parsed.notes.size() == 1);
  CHECK(parsed.notes[0] ==
        "read 'G. Hinton' as an author's name, author:\"G. Hinton\": that author's papers come "
        "first, then the papers with the words (to search the words alone, write all:(G. "
        "Hinton))");
  CHECK(parsed.words.empty());  // a name the index has is no misspelling

  // Written otherwise: all:(...) is the words alone.
  CHECK(parse("all:(G. Hinton)", index).author_papers.empty());
  CHECK(parse("all:(G. Hinton)", index).notes.empty());
  // A surname+initials key no paper has: the words alone.
  index.known.erase("XIhinton_g");
  const ParsedQuery nobody = parse("G. Hinton", index);
  CHECK_FALSE(searches(nobody, "XIhinton_g"));
  CHECK(nobody.author_papers.empty());
  CHECK(nobody.notes.empty());
}

TEST_CASE("given names and a surname are read as an author when one author has them all",
          "[query][authors]") {
  Frequencies index;
  index.known = {{"Adeep", 3}, {"Alearning", 1}, {"Tdeep", 1915}, {"Tlearn", 9000}};
  // Each word is some author's, but no one author's name holds both.
  index.match = false;
  const ParsedQuery words = parse("deep learning", index);
  CHECK(words.author_papers.empty());
  CHECK(words.notes.empty());
  CHECK_FALSE(searches(words, "NEAR"));
  // One author's does.
  index.match = true;
  const ParsedQuery name = parse("deep learning", index);
  CHECK(name.author_papers.get_description() == "Query((Adeep NEAR 3 Alearning))");
  CHECK(name.notes.size() == 1);
  // A word no author has: nothing to ask.
  index.known.erase("Alearning");
  index.match = std::nullopt;
  CHECK(parse("deep learning", index).author_papers.empty());
}

TEST_CASE("a name read before the index's frequencies are known matches as it will after",
          "[query][authors]") {
  // A remote index's first reading (IndexTermSource: frequencies come with
  // the search's first count): its matches must be the second reading's.
  Frequencies unknown;
  unknown.all_known = false;
  const ParsedQuery first = parse("G. Hinton", unknown);
  // The author's papers or the words' (which match nothing if no paper has
  // the key), with no weight of their own and no note until known.
  REQUIRE(first.query.get_type() == Xapian::Query::OP_OR);
  CHECK(first.query.get_subquery(1).get_description() == "Query(XIhinton_g)");
  CHECK(first.author_papers.empty());
  CHECK(first.notes.empty());
  Frequencies known;
  known.known = {{"XIhinton_g", 12}, {"Ahinton", 14}, {"Ag", 40}, {"Thinton", 7}};
  const ParsedQuery second = parse("G. Hinton", known);
  REQUIRE(second.query.get_type() == Xapian::Query::OP_OR);
  CHECK(second.query.get_subquery(1).get_description() == "Query(XIhinton_g)");
}
