// The rules by which a record changes the index, shared by both writers
// (IndexWriter for batches, the bulk builder for new indexes) so that the
// same inputs give the same papers and the same counts on either path:
// - newer wins: a record older than the stored version of its paper changes
//   nothing (dates compared as dates; an unknown date is never older);
// - a record whose stored form equals the stored one is "unchanged", one that
//   differs "updated", one for a new id "added";
// - authors that author pages contributed (page_authors) survive every
//   arXiv update of the paper, and are listed among its authors.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "paperdex/common/record.h"
#include "paperdex/indexer/index_writer.h"

namespace paperdex::update_policy {

// "YYYY-MM-DD..." as the number YYYYMMDD; 0 when absent or malformed.
std::uint32_t date_number(std::string_view date);

// True when a record dated `incoming` must not replace the version dated
// `stored` (both date_number()s): it is older. Unknown dates (0) never lose.
bool is_older(std::uint32_t incoming, std::uint32_t stored);

// What adding one record did to its paper.
enum class Change {
  kAdded,      // a paper the index did not have
  kUpdated,    // the stored paper changed
  kUnchanged,  // identical to the stored paper, or older than it
  kMerged,     // an author-page record folded into a paper it names
};

// How a record for a paper already stored changes it, given both versions'
// `updated` dates (date_number()s): kUnchanged when it is older than the
// stored version or would store the same content (`same_content`: its stored
// form equals the stored one), kUpdated otherwise.
Change compare_versions(std::uint32_t incoming_updated, std::uint32_t stored_updated,
                        bool same_content);

// Adds `change` to the counts.
void count(IndexStats& stats, Change change);

// Appends the names of `extra` that `names` lacks; true if any was missing.
bool add_missing(std::vector<std::string>& names, const std::vector<std::string>& extra);

// A new version of a stored paper keeps the authors its author pages gave
// it: `incoming` takes `stored`'s page_authors and lists them among its authors.
void keep_page_authors(Record& incoming, const Record& stored);

// An author-page record (no id) joins `paper`, a stored paper of the same
// title: its authors join the paper's authors and page authors. True when
// that changed the paper (kMerged), false when it knew them all (kUnchanged).
bool merge_page_record(Record& paper, const Record& page);

// A paper first known from author pages (a derived id) folds into the arXiv
// record of the same title and year, handing over its page authors.
void absorb_page_paper(Record& arxiv_record, const Record& page_paper);

}  // namespace paperdex::update_policy
