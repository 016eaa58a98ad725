// The citation graph's keys (#51): how a paper's reference list is stored
// and which index terms link each reference to the paper it cites. The
// indexer writes with it (DocumentBuilder), the searcher reads with it
// (cites:, cited_by:, a paper's resolved references, cited_by_count).
//
// Nothing is resolved when a paper is written: a reference keeps what its
// text says (an arXiv id; else a DOI and the titles its text may hold) as
// terms, and the cited paper's own terms answer them when a search asks
// (schema.h kCitedIdPrefix). So a paper indexed after the papers that cite
// it is cited at once, and nothing is read or written again.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "paperdex/common/record.h"

namespace paperdex {
class Analyzer;
}

namespace paperdex::citations {

// Record::references as kReferencesSlot holds it: JSON (short keys, empty
// fields left out), compressed as a body is (encode_body).
std::string encode_references(const std::vector<Reference>& references);
// The list encode_references made; empty for "" and for a value that is no
// such list (an index written by another version is read, not refused).
std::vector<Reference> decode_references(std::string_view value);

// A title is linked only when it has this many words: a shorter run of a
// reference's text ("Neural networks") is too often some paper's title
// without naming it. A wrong link is worse than none.
inline constexpr std::size_t kMinTitleWords = 4;
// Longer runs are not titles (a title over 40 words is one in thousands).
inline constexpr std::size_t kMaxTitleWords = 40;
// What one reference and one paper may add, whatever their text: a
// reference list of 10,000 entries (the extraction stage's bound) gives at
// most kMaxCitationTerms terms.
inline constexpr std::size_t kMaxTitleKeysPerReference = 24;
inline constexpr std::size_t kMaxCitationTerms = 20000;

// The title keys (schema::title_key_term's hash of the folded words,
// without its prefix) of the titles `reference` may hold: the title read
// from it, and each run of its text between punctuation (quotes, periods,
// brackets), alone or joined with the next runs across ':', ',', '?' and
// '!' (a subtitle, a title holding a comma), of kMinTitleWords to
// kMaxTitleWords words, of which kMinTitleWords hold no digit and not all
// are words of the entry's author names (runs of pages and DOIs, and lists
// of authors, are no titles). A paper whose whole title is one of them is
// the one it cites. At most kMaxTitleKeysPerReference, distinct.
std::vector<std::string> title_keys(const Analyzer& analyzer, const Reference& reference);

// The terms a citing paper carries for `reference`: kCitedIdPrefix and each
// arXiv id it names, kCitedDoiPrefix and its DOI, kCitedTitlePrefix and each
// title key. All of them: an entry's id may be wrong (a copied link) or
// name one of several works it lists, and a whole title of four words or
// more, matched exactly, links only the paper it names.
std::vector<std::string> citing_terms(const Analyzer& analyzer, const Reference& reference);

// The term of this index's own terms (schema.h) that answers a citing term:
// XL+id -> Q+id, XO+doi -> XD+doi, XH+key -> XN+key; "" for any other term.
std::string cited_paper_term(std::string_view citing_term);
// The citing term a paper's own term answers (the inverse): Q+id -> XL+id,
// XD+doi -> XO+doi, XN+key -> XH+key; "" for any other term.
std::string citing_term_for(std::string_view paper_term);

}  // namespace paperdex::citations
