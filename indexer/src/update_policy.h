// The rules by which a record changes the index, shared by both writers
// (IndexWriter for batches, the bulk builder for new indexes) so that the
// same inputs give the same papers and the same counts on either path:
// - field by field, the newest source that has a field wins (merge_sources):
//   a record never takes away what another source gave unless it is newer
//   and says otherwise, and the same records in any order give the same
//   paper, so re-reading them changes nothing;
// - a record whose merged form equals the stored one is "unchanged", one that
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

// What adding one record did to its paper.
enum class Change {
  kAdded,      // a paper the index did not have
  kUpdated,    // the stored paper changed
  kUnchanged,  // identical to the stored paper, or older than it
  kMerged,     // an author-page record folded into a paper it names
};

// The paper as `stored` and a new record of it, `incoming`, describe it
// together. Each field (title, abstract, authors, subjects, dates, DOI,
// journal reference, comments, report number, license) comes from the
// source with the newest `updated` date that has it (Record::field_dates
// keeps each field's date); a source without a date ranks below every dated
// one. Two sources of the same date that disagree keep the longer value,
// then the greater, so that no order of reading wins. The version lists are
// joined; the first version's date, when known, is the submission date
// (sources that give only a date of submission give it in their own time
// zone). Page authors are kept, as keep_page_authors says; so are the
// versions any source lists with no files (withdrawn_versions). Whether the
// paper is withdrawn follows from the merged record (is_withdrawn). A
// record with a body (full text) replaces the stored body and its facts; one
// without keeps them (the last body read wins). Otherwise the
// merge is commutative, associative and idempotent: the index converges.
Record merge_sources(const Record& stored, const Record& incoming);

// True when `comments` state that the paper was withdrawn: arXiv's notice
// ("This paper has been withdrawn by the author(s)"), "Withdrawn ..." or
// "paper withdrawn" opening a sentence, "withdrawn by ...", "we withdraw
// this paper" - but not a paper withdrawn from a journal or a conference
// ("withdrawn from IEEE Trans."), nor one that merely names a withdrawn
// paper ("replaces the withdrawn paper arXiv:...").
bool comments_withdraw(std::string_view comments);

// The paper is withdrawn when its latest version is one a source listed with
// no files, or its comments (the latest version's, the newest source's) say
// so: a later version that is not a withdrawal takes the mark away again.
bool is_withdrawn(const Record& record);

// A record of a paper not stored yet, in the form merge_sources gives
// (versions in order, the submission date v1's, the withdrawn mark): so that a paper stores
// alike whether one source or several gave it.
// In place, as the writers do it for every new paper.
void first_source(Record& record);

// A paper the index did not have: added and changed at `now` (the index's
// clock, index_time.h).
void stamp_added(Record& record, const std::string& now);

// `merged` (merge_sources of `stored` and a record, kUpdated) at `now`, for
// what is new to a reader: a version `stored` did not list moves
// version_added, a category it did not have subject_added, and either moves
// changed (when `stored` listed any: a list a source without one left empty
// is filled in, not grown). Any other change (a fixed typo, a journal reference) stamps
// nothing: it does not make the paper new again.
void stamp_changed(Record& merged, const Record& stored, const std::string& now);

// kUnchanged when `merged` (merge_sources of `stored` and a record) stores
// the same as `stored`, kUpdated otherwise.
Change compare_merged(const Record& merged, const Record& stored);

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

// A paper first known from author pages or from a full text that named no
// paper (a derived id) folds into the arXiv record of the same title and
// year, handing over its page authors, and its body when the record has none.
void absorb_page_paper(Record& arxiv_record, const Record& page_paper);

}  // namespace paperdex::update_policy
