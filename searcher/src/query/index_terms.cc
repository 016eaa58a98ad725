#include "query/index_terms.h"

#include <algorithm>

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

WordListTermSource::WordListTermSource(std::vector<std::string> entries)
    : entries_(std::move(entries)) {
  std::sort(entries_.begin(), entries_.end());
}

std::vector<std::string> WordListTermSource::words_starting(std::string_view prefix,
                                                            std::size_t limit) const {
  return terms_starting(prefix, limit);
}

std::vector<std::string> WordListTermSource::terms_starting(std::string_view prefix,
                                                            std::size_t limit) const {
  std::vector<std::string> found;
  auto it = std::lower_bound(entries_.begin(), entries_.end(), prefix,
                             [](const std::string& entry, std::string_view wanted) {
                               return std::string_view(entry) < wanted;
                             });
  for (; it != entries_.end() && found.size() < limit && it->starts_with(prefix); ++it) {
    found.push_back(*it);
  }
  return found;
}

}  // namespace paperdex::detail
