#include "query/index_terms.h"

#include "paperdex/common/schema.h"

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

std::vector<std::string> IndexTermSource::words_starting(std::string_view prefix,
                                                         std::size_t limit) const {
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
}

std::vector<std::string> IndexTermSource::terms_starting(std::string_view prefix,
                                                         std::size_t limit) const {
  std::vector<std::string> terms;
  take_prefixed(db_.allterms_begin(std::string(prefix)), prefix, 0, limit, terms);
  return terms;
}

bool IndexTermSource::has_term(const std::string& term) const {
  if (remote_) return true;
  const auto [it, added] = has_term_.try_emplace(term, false);
  if (added) it->second = db_.term_exists(term);
  return it->second;
}

}  // namespace paperdex::detail
