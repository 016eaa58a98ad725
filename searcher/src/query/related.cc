#include "query/related.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "paperdex/common/analyzer.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/stopwords.h"
#include "paperdex/errors.h"
#include "query/fixed_weight.h"

namespace paperdex::detail {
namespace {

// Title and abstract stems worth searching for: not numbers, function words
// ("the", "which": they say nothing of what the paper is about) or single
// letters (two letters stay: acronyms such as "OCS" stem to "oc"), and found
// in some other paper (a word only this paper has finds nothing). The text
// field's terms only: the title's words are there too, so the title field
// adds nothing.
class TextTermDecider : public Xapian::ExpandDecider {
 public:
  explicit TextTermDecider(const Xapian::Database& db) : db_(db) {}

  bool operator()(const std::string& term) const override {
    if (schema::prefix_of(term) != schema::kTextPrefix) return false;
    const std::string_view stem = std::string_view(term).substr(schema::kTextPrefix.size());
    if (stem.size() < 2 || is_number(stem) || is_stopword(stem)) return false;
    return db_.get_termfreq(term) > 1;
  }

 private:
  const Xapian::Database& db_;
};

// The papers' most distinctive words, each weighted relative to the first.
std::vector<Xapian::Query> feedback_words(const Xapian::Database& db,
                                          const std::vector<FoundPaper>& papers,
                                          Xapian::termcount max_terms,
                                          std::vector<std::string>& stems) {
  Xapian::Enquire enquire(db);
  // For one paper, Bo1 weighs a term by how much more often the paper uses
  // it than the collection would lead one to expect, so a word the abstract
  // keeps coming back to beats a word that is merely rare (measured on
  // corpus/: the OCS papers' neighbours are OCS papers with Bo1, half of
  // them with the default, which favours rare words). For several papers,
  // Robertson's offer weight ("trad": how many of them use the term, times
  // its relevance weight) finds the terms they share: on the residual-
  // collection test (bench/recommend.sh) it beat Bo1 by 5 % on LISA, 9 % on
  // MED and 16 % on NPL. Its k (how soon a term's frequency in a paper
  // saturates) at 2 rather than Xapian's 1, with 70 terms rather than 50,
  // raised all three by 0.4 to 1.6 % over five draws of tags.
  if (papers.size() > 1) {
    enquire.set_expansion_scheme("trad", kRecommendationSaturation);
  } else {
    enquire.set_expansion_scheme("bo1");
  }
  Xapian::RSet relevant;
  for (const FoundPaper& paper : papers) relevant.add_document(paper.docid);
  const TextTermDecider decider(db);
  // Exact term frequencies: the default estimates them from one shard of a
  // sharded index, which would pick other words than a single index does.
  const Xapian::ESet expansion =
      enquire.get_eset(max_terms, relevant, Xapian::Enquire::USE_EXACT_TERMFREQ, &decider);
  std::vector<Xapian::Query> words;
  const double top = expansion.empty() ? 1.0 : expansion.begin().get_weight();
  for (Xapian::ESetIterator it = expansion.begin(); it != expansion.end(); ++it) {
    // Relative weights keep the most distinctive terms in front without
    // letting one rare word decide alone.
    const double scale = top > 0 ? it.get_weight() / top : 1.0;
    words.emplace_back(Xapian::Query::OP_SCALE_WEIGHT, Xapian::Query(*it), scale);
    stems.push_back((*it).substr(schema::kTextPrefix.size()));
  }
  return words;
}

// The authors and categories the papers share, at most this many.
constexpr std::size_t kMostPeopleAndFields = 10;

// Whole author names and categories are boolean terms, without the
// within-paper frequency the expansion set weighs by: each is weighed by
// the share of the papers that have it times its relevance weight
// (Robertson and Sparck Jones's), kept when that is positive (more common
// among the papers than in the index), and searched at that fixed weight.
std::vector<Xapian::Query> feedback_people_and_fields(const Xapian::Database& db,
                                                      const std::vector<FoundPaper>& papers) {
  std::map<std::string, double> having;  // term -> papers with it
  for (const FoundPaper& paper : papers) {
    // One walk of the paper's terms: the prefixes in their byte order.
    static_assert(schema::kAuthorExactPrefix < schema::kSubjectPrefix);
    Xapian::TermIterator term = db.termlist_begin(paper.docid);
    const Xapian::TermIterator end = db.termlist_end(paper.docid);
    for (const std::string_view prefix : {schema::kAuthorExactPrefix, schema::kSubjectPrefix}) {
      if (term == end) break;  // an iterator at its end cannot skip
      for (term.skip_to(std::string(prefix)); term != end && schema::prefix_of(*term) == prefix;
           ++term) {
        ++having[*term];
      }
    }
  }
  const double documents = db.get_doccount(), relevant = static_cast<double>(papers.size());
  std::vector<std::pair<double, std::string>> weighed;
  for (const auto& [term, r] : having) {
    const double n = db.get_termfreq(term);
    const double relevance = std::log(((r + 0.5) * (documents - n - relevant + r + 0.5)) /
                                      ((n - r + 0.5) * (relevant - r + 0.5)));
    if (n > r && relevance > 0) weighed.emplace_back(r / relevant * relevance, term);
  }
  std::sort(weighed.rbegin(), weighed.rend());
  if (weighed.size() > kMostPeopleAndFields) weighed.resize(kMostPeopleAndFields);
  std::vector<Xapian::Query> parts;
  for (const auto& [weight, term] : weighed)
    parts.push_back(fixed_weight(weight, Xapian::Query(term)));
  return parts;
}

// The query for papers like `papers`, made of `parts`, the papers left out.
RelatedQuery papers_like(const std::vector<FoundPaper>& papers, std::vector<Xapian::Query> parts,
                         std::vector<std::string> stems) {
  RelatedQuery related;
  related.stems = std::move(stems);
  // Papers without usable words match nothing rather than everything.
  Xapian::Query similar = parts.empty()
                              ? Xapian::Query::MatchNothing
                              : Xapian::Query(Xapian::Query::OP_OR, parts.begin(), parts.end());
  std::vector<Xapian::Query> own;
  for (const FoundPaper& paper : papers) own.emplace_back(paper.id_term);
  related.query = Xapian::Query(Xapian::Query::OP_AND_NOT, similar,
                                Xapian::Query(Xapian::Query::OP_OR, own.begin(), own.end()));
  return related;
}

}  // namespace

RelatedQuery related_query(const Xapian::Database& db, std::string_view id,
                           Xapian::termcount max_terms) {
  const std::vector<FoundPaper> papers{require_paper(db, id)};
  std::vector<std::string> stems;
  std::vector<Xapian::Query> words = feedback_words(db, papers, max_terms, stems);
  return papers_like(papers, std::move(words), std::move(stems));
}

RelatedQuery recommendation_query(const Xapian::Database& db, const std::vector<FoundPaper>& papers,
                                  Xapian::termcount max_terms) {
  std::vector<std::string> stems;
  std::vector<Xapian::Query> parts = feedback_words(db, papers, max_terms, stems);
  for (Xapian::Query& part : feedback_people_and_fields(db, papers))
    parts.push_back(std::move(part));
  return papers_like(papers, std::move(parts), std::move(stems));
}

}  // namespace paperdex::detail
