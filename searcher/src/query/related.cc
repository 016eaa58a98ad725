#include "query/related.h"

#include <optional>
#include <utility>

#include "paper.h"

#include "paperdex/common/analyzer.h"
#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/stopwords.h"
#include "paperdex/errors.h"

namespace paperdex::detail {
namespace {

// Title and abstract stems worth searching for: not numbers, function words
// ("the", "which": they say nothing of what the paper is about) or single
// letters (two letters stay: acronyms such as "OCS" stem to "oc"), and found
// in some other paper (a word only this paper has finds nothing).
class TextTermDecider : public Xapian::ExpandDecider {
 public:
  explicit TextTermDecider(const Xapian::Database& db) : db_(db) {}

  // The text field's terms only: the title's words are there too, so the
  // title field adds nothing.
  bool operator()(const std::string& term) const override {
    if (schema::prefix_of(term) != schema::kTextPrefix) return false;
    const std::string_view stem = std::string_view(term).substr(schema::kTextPrefix.size());
    if (stem.size() < 2 || is_number(stem) || is_stopword(stem)) return false;
    return db_.get_termfreq(term) > 1;
  }

 private:
  const Xapian::Database& db_;
};

}  // namespace

RelatedQuery related_query(const Xapian::Database& db, std::string_view id,
                           Xapian::termcount max_terms) {
  const FoundPaper paper = require_paper(db, id);
  Xapian::Enquire enquire(db);
  // Bo1 weighs a term by how much more often the paper uses it than the
  // collection would lead one to expect, so a word the abstract keeps coming
  // back to beats a word that is merely rare (measured on corpus/: the OCS
  // papers' neighbours are OCS papers with Bo1, half of them with the
  // default, which favours rare words).
  enquire.set_expansion_scheme("bo1");
  Xapian::RSet relevant;
  relevant.add_document(paper.docid);
  const TextTermDecider decider(db);
  // Exact term frequencies: the default estimates them from one shard of a
  // sharded index, which would pick other words than a single index does.
  const Xapian::ESet expansion =
      enquire.get_eset(max_terms, relevant, Xapian::Enquire::USE_EXACT_TERMFREQ, &decider);

  RelatedQuery related;
  std::vector<Xapian::Query> terms;
  const double top = expansion.empty() ? 1.0 : expansion.begin().get_weight();
  for (Xapian::ESetIterator it = expansion.begin(); it != expansion.end(); ++it) {
    // Relative weights keep the most distinctive terms in front without
    // letting one rare word decide alone.
    const double scale = top > 0 ? it.get_weight() / top : 1.0;
    terms.emplace_back(Xapian::Query::OP_SCALE_WEIGHT, Xapian::Query(*it), scale);
    related.stems.push_back(
        (*it).substr(schema::kTextPrefix.size()));  // the decider kept text terms
  }
  // A paper without usable words matches nothing rather than everything.
  Xapian::Query similar = terms.empty()
                              ? Xapian::Query::MatchNothing
                              : Xapian::Query(Xapian::Query::OP_OR, terms.begin(), terms.end());
  related.query = Xapian::Query(Xapian::Query::OP_AND_NOT, similar, Xapian::Query(paper.id_term));
  return related;
}

}  // namespace paperdex::detail
