// The full text of a file that names no paper (no arXiv id in its name, on
// page 1 or in its metadata), matched to the paper of the index it is by its
// title and authors, through the searcher's known-item ranking (a query that
// is a paper's title ranks that paper first). A wrong attachment is worse
// than none: a paper is taken only when its title is the text's title, or
// nearly (the same content words), its authors do not contradict the text's,
// and no other paper comes as close. paperdex-index sets it as
// IndexRunOptions::identify_fulltext.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "paperdex/common/record.h"

namespace paperdex::cli {

// How close two titles are, compared by their folded words (case, accents,
// TeX and punctuation ignored).
enum class TitleMatch {
  kNone,   // different papers' titles, or too unlike to tell
  kNear,   // the same content words, the rest nearly so ("p p" for "$pp$")
  kExact,  // the same folded words
};

enum class AuthorMatch {
  kUnknown,   // either list is empty
  kDisagree,  // no surname in common
  kAgree,     // a surname in common
};

class FullTextMatcher {
 public:
  // Searches the index at `db_path` as it is committed when find() is
  // called; an index that cannot be opened matches nothing.
  explicit FullTextMatcher(std::string db_path);
  ~FullTextMatcher();
  FullTextMatcher(const FullTextMatcher&) = delete;
  FullTextMatcher& operator=(const FullTextMatcher&) = delete;

  // The id of the indexed paper `text` (a full text's record: title,
  // authors) is, or empty when none is certain.
  std::string find(const Record& text);

  // How close `a` and `b` are as titles.
  TitleMatch compare_titles(std::string_view a, std::string_view b) const;

  // Whether two author lists share a surname (a name's last word, folded).
  AuthorMatch compare_authors(const std::vector<std::string>& a,
                              const std::vector<std::string>& b) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace paperdex::cli
