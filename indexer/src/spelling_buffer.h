// Spelling words gathered over many documents and written to a database in
// one go. Xapian's spelling table keeps, for each word it has not seen
// before, a set of fragment keys; a bulk build writes many small fresh
// segments in which every word is new, so adding words segment by segment
// rewrote the fragments of the whole vocabulary for every segment, and its
// merges merged them again (measured: +70% indexing CPU). Gathered, and
// written into one spelling database per worker, each word's fragments are
// written once, and a later batch only adds to its frequency.
#pragma once

#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

#include <xapian.h>

namespace paperdex {

class SpellingBuffer {
 public:
  // Distinct words held before full() asks for a flush: bounds the memory
  // (some 100 bytes a word) whatever the corpus size.
  explicit SpellingBuffer(std::size_t max_words = 200'000) : max_words_(max_words) {}

  void add(const std::vector<std::string>& words) {
    for (const std::string& word : words) ++counts_[word];
  }

  // Takes back the words of a paper added before (replaced or deleted): from
  // the words held, or, once flushed, from the finished database
  // (apply_removals).
  void remove(const std::vector<std::string>& words) {
    for (const std::string& word : words) {
      const auto held = counts_.find(word);
      if (held == counts_.end()) {
        ++flushed_removals_[word];
      } else if (--held->second == 0) {
        counts_.erase(held);
      }
    }
  }
  bool full() const { return counts_.size() >= max_words_; }
  bool empty() const { return counts_.empty(); }

  // Adds every word with its count to `db`'s spelling table, and forgets them.
  void flush_into(Xapian::WritableDatabase& db) {
    for (const auto& [word, count] : counts_) db.add_spelling(word, count);
    counts_.clear();
  }

  // Removes the words taken back after they were flushed from `db`, the
  // database they were flushed into.
  void apply_removals(Xapian::WritableDatabase& db) const {
    for (const auto& [word, count] : flushed_removals_) db.remove_spelling(word, count);
  }
  bool has_removals() const { return !flushed_removals_.empty(); }

 private:
  std::size_t max_words_;
  std::unordered_map<std::string, Xapian::termcount> counts_;
  // At most one entry per distinct word, like counts_ unflushed.
  std::unordered_map<std::string, Xapian::termcount> flushed_removals_;
};

}  // namespace paperdex
