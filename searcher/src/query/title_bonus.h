// What a paper's title adds to the ranking of a query's plain words, beyond
// their share of the one text field (schema.h): people search mostly for a
// paper they know of, by its title or the words of it they remember
// (bench/known-item.sh). The bonus adds weight only; a query matches the
// papers it matched without it, and the paper whose title the query is as
// people cite titles (ParsedQuery::near_title_key, which the parser adds).
#pragma once

#include <xapian.h>

#include "query/query_translation.h"

namespace paperdex::detail {

// Each plain word's title-field term, its weight scaled by this: a paper
// whose title has the query's words ranks above one whose abstract merely
// mentions them, and the title's own rarity of a word counts (as a separate
// title field does in Lucene). Measured (bench/README.md, "Known-item
// search"): the title shapes' MRR@10 rose from 0.878 to 0.917 at 0.3; more
// helped titles further but cost SciFact's nDCG@10 1.1 % at 0.6 and 3 % at 1.
inline constexpr double kTitleWordsWeight = 0.3;

// A paper whose title and author names hold every one of a query's plain
// words (two or more) gains their title terms' weight once more, scaled by
// kAllWordsTitleWeight, and their name terms' scaled by kAllWordsNameWeight:
// the words a person remembers of a title are all in it, as are a surname
// and a title word ("hinton boltzmann"), while a topical query's words are
// seldom all in one title. A name weighs a fifth in a plain query
// (schema.h kAuthorWordsInPlainQuery), lest a surname that is also a word
// lift its author's papers; here the other words must be in the title too.
// Measured on the known-item benchmark (bench/README.md): title shapes'
// MRR@10 0.923 -> 0.942 (0.933 at a title weight of 0.1, 0.943 at 0.5,
// 0.941 at 1), author + word 0.685 -> 0.764 (0.686 with names at 0, 0.717 at
// 0.9, 0.772 at 9); on the cs title queries one top 10 of 1,000 reordered,
// no top hit changed; the relevance suite unchanged to four places.
inline constexpr double kAllWordsTitleWeight = 0.3;
inline constexpr double kAllWordsNameWeight = 3;

// What a paper whose whole title the query is gains: far above what a
// title's words weigh in a paper (IneB2 gives a word at most its idf, under
// 25 in an index of millions, times its mean count in the papers having it),
// so that it ranks first.
inline constexpr double kWholeTitleWeight = 1000;

// What a paper whose title the query is as people cite titles gains
// (ParsedQuery::near_title_key: a word shortened or inflected, the words'
// order and beginnings kept): below a whole title's, so that the paper
// titled exactly so still comes first, and above what any words weigh, so
// that "generative adversarial nets" finds "Generative Adversarial
// Networks" before "Conditional Generative Adversarial Nets".
inline constexpr double kNearTitleWeight = 700;

// What a paper by the author a query names gains (ParsedQuery::author_papers:
// "G. Hinton", "Hinton, Geoffrey"): far above what its words weigh, so that
// the author's papers come first and the papers with the words after them,
// yet below a whole title's.
inline constexpr double kNamedAuthorWeight = 500;

// A paper whose body (the full text, #50) holds a query's words in the order
// written gains, for each of them, its idf in the bodies
// (log2(1 + papers / papers with it)) times kBodySequenceWeight when they
// are consecutive (a sentence remembered word for word), and times
// kBodyWindowWeight when they are within kBodyWindowPerWord positions a word
// (the words of a sentence remembered, its function words forgotten):
// body words weigh no more than their share of a plain word
// (schema.h kBodyWordsInPlainQuery), and a body matches the words of nearly
// any query somewhere, so order and nearness are what tell the paper read.
// Queries of fewer than kBodySequenceWords words gain nothing: two or three
// words together are a topic's name more often than a memory ("random
// number generators"), and on 20,000 bodies of 6,000 words the two phrase
// looks took a three-word title query from 12 ms to 85 ms (a reader's
// remembered six words, or four, are what the bonus is for). Measured on
// bench/fulltext.sh (bench/README.md, "Full text").
inline constexpr std::size_t kBodySequenceWords = 4;
inline constexpr double kBodySequenceWeight = 1.0;
inline constexpr double kBodyWindowWeight = 1.0;
inline constexpr unsigned kBodyWindowPerWord = 4;

// A body holding every word of such a query, anywhere, gains their idf (as
// above) times kBodyAllWordsWeight: the words of a paper read, their order
// forgotten. One body word alone weighs its rarity among the papers that
// have a body (fixed_weight.h papers_with_body), low for a word most bodies
// have, so that a few PDFs do not come first for "time"; four or more words
// in one body tell as much as in one abstract. Measured on bench/fulltext.sh
// (the remembered words, s@1; the phrases' 0.991 unchanged): 0.973 with
// body words weighed over all the papers, 0.945 over those with a body
// alone, 0.982 with this bonus.
inline constexpr double kBodyAllWordsWeight = 0.5;

// `matched` (what `parsed` matches in `db`, filters applied) weighed with
// the titles' bonus: ParsedQuery::plain_stems in titles, each of them, and
// all of them in titles and names (ParsedQuery::plain_names), and
// ParsedQuery::whole_title_key when some paper in `db` has it, and
// near_title_key; and the papers of the author the query names (ParsedQuery::author_papers). The
// whole title's and the author's weights come from a posting source Xapian
// knows by name (remote shard servers need no registration); such a query is ranked by Xapian's
// matcher, the others by the posting walks (match/posting_walk.h) as before.
// `remote`: `db` has remote shards, where looking the key up is an exchange
// with each server in turn, and pages are never walked: the whole title's
// bonus is added without the look-up (a key no paper has adds no weight).
Xapian::Query with_title_bonus(const Xapian::Database& db, Xapian::Query matched,
                               const ParsedQuery& parsed, bool remote = false);

}  // namespace paperdex::detail
