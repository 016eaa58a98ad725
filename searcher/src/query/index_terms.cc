#include "query/index_terms.h"

#include <algorithm>

#include "paperdex/common/schema.h"
#include "query/fixed_weight.h"

namespace paperdex::detail {
namespace {

// Appends the entries of `it` that start with `prefix`, minus `strip` bytes,
// until there are `limit` in `out`.
void take_prefixed(Xapian::TermIterator it, std::string_view prefix, std::size_t strip,
                   std::size_t limit, std::vector<std::string>& out) {
  it.skip_to(std::string(prefix));
  for (; it != Xapian::TermIterator() && out.size() < limit; ++it) {
    const std::string entry = *it;
    if (!std::string_view(entry).starts_with(prefix)) break;
    out.push_back(entry.substr(strip));
  }
}

}  // namespace

std::vector<std::string> IndexTermSource::paper_terms(
    const std::string& term, std::span<const std::string_view> prefixes) const {
  std::vector<std::string> terms;
  Xapian::doccount papers = 0;
  for (auto posting = db_.postlist_begin(term);
       posting != db_.postlist_end(term) && papers < kMostPapersPerTerm; ++posting, ++papers) {
    for (const std::string_view prefix : prefixes) {
      Xapian::TermIterator it = db_.termlist_begin(*posting);
      it.skip_to(std::string(prefix));
      for (; it != db_.termlist_end(*posting); ++it) {
        const std::string entry = *it;
        if (!std::string_view(entry).starts_with(prefix)) break;
        if (schema::prefix_of(entry) == prefix) terms.push_back(entry);
      }
    }
  }
  return terms;
}

template <typename Read>
std::vector<std::string> IndexTermSource::listed(Listings& listings, std::string_view prefix,
                                                 std::size_t limit, const Read& read) const {
  if (!remote_) return read();
  Listing listing(prefix, limit);
  if (const auto known = listings.find(listing); known != listings.end()) return known->second;
  return listings.emplace(std::move(listing), read()).first->second;
}

std::vector<std::string> IndexTermSource::words_starting(std::string_view prefix,
                                                         std::size_t limit) const {
  return listed(words_read_, prefix, limit, [&] {
    std::vector<std::string> words;
    try {
      if (db_.spellings_begin() != db_.spellings_end()) {
        take_prefixed(db_.spellings_begin(), prefix, 0, limit, words);
        return words;
      }
    } catch (const Xapian::DatabaseModifiedError&) {
      throw;  // the searcher reopens
    } catch (const Xapian::DatabaseError&) {
      // A damaged spelling table (the searcher notes it): the stems below.
      words.clear();
    }
    // The text field holds the title's stems too.
    const std::string pattern = std::string(schema::kTextPrefix) + std::string(prefix);
    take_prefixed(db_.allterms_begin(pattern), pattern, schema::kTextPrefix.size(), limit, words);
    return words;
  });
}

std::vector<std::string> IndexTermSource::terms_starting(std::string_view prefix,
                                                         std::size_t limit) const {
  return listed(terms_read_, prefix, limit, [&] {
    std::vector<std::string> terms;
    take_prefixed(db_.allterms_begin(std::string(prefix)), prefix, 0, limit, terms);
    return terms;
  });
}

bool IndexTermSource::has_term(const std::string& term) const {
  const std::optional<Xapian::doccount> freq = termfreq(term);
  return !freq || *freq > 0;
}

std::optional<Xapian::doccount> IndexTermSource::termfreq(const std::string& term) const {
  if (const auto known = known_.find(term); known != known_.end()) return known->second;
  if (remote_) {
    if (std::find(unanswered_.begin(), unanswered_.end(), term) == unanswered_.end())
      unanswered_.push_back(term);
    return std::nullopt;
  }
  return remember(term, db_.get_termfreq(term));
}

std::optional<Xapian::doccount> IndexTermSource::papers_with_body() const {
  // Asked for each plain word: the value statistics are a look-up each.
  if (!papers_with_body_) papers_with_body_ = detail::papers_with_body(db_);
  return papers_with_body_;
}

std::optional<bool> IndexTermSource::has_match(const Xapian::Query& query) const {
  Xapian::Enquire enquire(db_);
  enquire.set_query(query);
  enquire.set_weighting_scheme(Xapian::BoolWeight());
  return enquire.get_mset(0, 0, 1).get_matches_lower_bound() > 0;
}

Xapian::doccount IndexTermSource::remember(const std::string& term, Xapian::doccount freq) const {
  if (known_.size() >= kMostKnownTermFrequencies) known_.clear();
  known_.emplace(term, freq);
  return freq;
}

bool IndexTermSource::learn_termfreqs(const FrequencyExchange& exchange) {
  if (unanswered_.empty()) return false;
  std::map<std::string, Xapian::doccount> learned;
  if (exchange) {
    learned = exchange(unanswered_);
  } else {
    // Xapian gathers every query term's frequency from every shard before it
    // matches, all shards at once; a match of no documents stops there.
    Xapian::Enquire stats(db_);
    stats.set_query(Xapian::Query(Xapian::Query::OP_OR, unanswered_.begin(), unanswered_.end()));
    stats.set_weighting_scheme(Xapian::BoolWeight());
    const Xapian::MSet none = stats.get_mset(0, 0);
    for (const std::string& term : unanswered_) learned.emplace(term, none.get_termfreq(term));
  }
  for (const std::string& term : unanswered_) {
    const auto found = learned.find(term);
    remember(term, found != learned.end() ? found->second : db_.get_termfreq(term));
  }
  unanswered_.clear();
  return true;
}

}  // namespace paperdex::detail
