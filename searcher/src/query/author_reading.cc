#include "query/author_reading.h"

#include <algorithm>
#include <vector>

#include "paperdex/common/author_names.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/stopwords.h"

namespace paperdex::detail {
namespace {

// The most words a name is read from ("Jan van der Berg"); a longer query
// is a sentence or a title.
constexpr std::size_t kMostNameWords = 4;

// Letters (any script), spaces, and the marks names are written with:
// initials' dots, hyphens (Jean-Pierre), apostrophes (O'Brien), arXiv's
// underscore (Hinton_G), and one comma ("Hinton, G."). Digits and other
// marks say the query is something else.
bool written_as_a_name(std::string_view query) {
  std::size_t commas = 0;
  for (const char c : query) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) continue;
    if (c == ' ' || c == '\t' || c == '.' || c == '-' || c == '\'' || c == '_') continue;
    if (c == ',' && ++commas == 1) continue;
    return false;
  }
  return true;
}

std::string_view trimmed(std::string_view text) {
  const auto is_space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

// Whether the index has the terms `query` needs to match: kNone when it
// cannot match (a word no name has), kUnknown when a frequency is not known
// yet, kFound when every term it needs is some paper's.
NameEvidence terms_evidence(const Xapian::Query& query, const TermSource& terms) {
  const auto rank = [](NameEvidence evidence) {
    return evidence == NameEvidence::kNone ? 0 : evidence == NameEvidence::kUnknown ? 1 : 2;
  };
  switch (query.get_type()) {
    case Xapian::Query::LEAF_TERM: {
      const std::optional<Xapian::doccount> freq = terms.termfreq(*query.get_terms_begin());
      if (!freq) return NameEvidence::kUnknown;
      return *freq > 0 ? NameEvidence::kFound : NameEvidence::kNone;
    }
    case Xapian::Query::OP_OR:
    case Xapian::Query::OP_SYNONYM:
    case Xapian::Query::OP_PHRASE:
    case Xapian::Query::OP_NEAR:
    case Xapian::Query::OP_AND: {
      const bool any =
          query.get_type() == Xapian::Query::OP_OR || query.get_type() == Xapian::Query::OP_SYNONYM;
      NameEvidence result = any ? NameEvidence::kNone : NameEvidence::kFound;
      for (std::size_t i = 0; i < query.get_num_subqueries(); ++i) {
        const NameEvidence part = terms_evidence(query.get_subquery(i), terms);
        if (any ? rank(part) > rank(result) : rank(part) < rank(result)) result = part;
      }
      return result;
    }
    default:
      return NameEvidence::kUnknown;
  }
}

// Whether a paper that has some term of each part of `query` matches it:
// true of alternatives of terms (the surname+initials keys), not of words
// that must be near each other.
bool matches_by_terms(const Xapian::Query& query) {
  switch (query.get_type()) {
    case Xapian::Query::LEAF_TERM:
      return true;
    case Xapian::Query::OP_OR:
    case Xapian::Query::OP_SYNONYM:
      for (std::size_t i = 0; i < query.get_num_subqueries(); ++i) {
        if (!matches_by_terms(query.get_subquery(i))) return false;
      }
      return true;
    default:
      return false;
  }
}

}  // namespace

std::optional<std::string> author_reading(const Analyzer& analyzer, std::string_view query) {
  query = trimmed(query);
  if (query.empty() || !written_as_a_name(query)) return std::nullopt;
  const std::string prepared = analyzer.prepare(query);
  const std::vector<Token> tokens = analyzer.tokenize(prepared);
  if (tokens.empty() || tokens.size() > kMostNameWords) return std::nullopt;
  const std::string written = "author:\"" + std::string(query) + "\"";
  if (!written_initials_keys(analyzer, prepared, tokens).empty()) return written;
  const auto full_words = std::count_if(tokens.begin(), tokens.end(), [](const Token& token) {
    return !is_initials_word(token.term);
  });
  // Function words alone are no name, though an author may be one: "of
  // the" is in "Members of the ... Collaboration" (Kaiming He's "he" is one).
  const bool content = std::any_of(tokens.begin(), tokens.end(), [](const Token& token) {
    return !is_initials_word(token.term) && !is_stopword(token.term);
  });
  if (full_words < 2 || !content) return std::nullopt;
  // Within one name in any order, with one word more between: "Geoffrey
  // Hinton" is Geoffrey E. Hinton, and "Hinton, Geoffrey" him too. (An
  // author's words lie schema::kValueGap from the next author's.)
  return written + "~2";
}

NameEvidence name_evidence(const Xapian::Query& papers, const TermSource& terms) {
  const NameEvidence evidence = terms_evidence(papers, terms);
  if (evidence != NameEvidence::kFound || matches_by_terms(papers)) return evidence;
  const std::optional<bool> found = terms.has_match(papers);
  if (!found) return NameEvidence::kUnknown;
  return *found ? NameEvidence::kFound : NameEvidence::kNone;
}

std::string author_reading_note(std::string_view query, std::string_view reading) {
  const std::string words(trimmed(query));
  return "read " + quote_input(words) + " as an author's name, " + std::string(reading) +
         ": that author's papers come first, then the papers with the words (to search the words "
         "alone, write all:(" +
         words + "))";
}

}  // namespace paperdex::detail
