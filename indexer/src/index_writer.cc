#include "paperdex/indexer/index_writer.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include <xapian.h>
#include <nlohmann/json.hpp>

#include "document_builder.h"
#include "last_update.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/index_time.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/stored_record.h"
#include "paperdex/common/writable_index.h"
#include "update_policy.h"

namespace paperdex {
namespace {

namespace fs = std::filesystem;

// The bytes of the index's files, or nothing when they cannot be listed (an
// index that is no directory of files).
std::optional<std::uintmax_t> index_bytes(const std::string& path) {
  std::error_code error;
  std::uintmax_t total = 0;
  for (fs::directory_iterator it(path, error), end; !error && it != end; it.increment(error)) {
    const std::uintmax_t size = it->is_regular_file(error) ? it->file_size(error) : 0;
    if (error) return std::nullopt;
    total += size;
  }
  if (error) return std::nullopt;
  return total;
}

// A commit needs room on the disk for the index's changed blocks before the
// old ones are freed: far more than the batch wrote while it was added (a
// batch of 200 short papers wrote 155 KiB, its commit 754 KiB more).
// Xapian 1.4.22 answers some writes that find the disk full during a commit
// by throwing again while the first exception unwinds, which ends the
// process (tests/integration disk_failure_test.cc): so a commit that cannot
// fit is not begun. It needs twice what the run's largest commit took, and
// at least kCommitPerBatchWrite times what its batch wrote.
constexpr std::uintmax_t kCommitPerBatchWrite = 8;

}  // namespace

RecordWriter::~RecordWriter() = default;

IndexStats& IndexStats::operator+=(const IndexStats& other) {
  added += other.added;
  updated += other.updated;
  unchanged += other.unchanged;
  merged += other.merged;
  deleted += other.deleted;
  return *this;
}

struct IndexWriter::Impl {
  std::string path;
  IndexWriterOptions options;
  Xapian::WritableDatabase db;
  Analyzer analyzer;
  DocumentBuilder builder;
  IndexStats stats;
  std::size_t changes_in_batch = 0;
  bool in_batch = false;
  std::chrono::steady_clock::time_point batch_started;
  // The index's bytes when the batch began, and the most a commit of this
  // run added to them (kCommitPerBatchWrite).
  std::optional<std::uintmax_t> batch_start_bytes;
  std::uintmax_t largest_commit = 0;
  // The index's clock for the papers of this batch (index_time.h): taken
  // with the write lock held, so it is later than any time a reader of the
  // saved searches recorded before this writer opened (saved_searches.h).
  std::string batch_time;

  Impl(const std::string& db_path, IndexWriterOptions opts)
      : path(db_path),
        options(opts),
        db(open_writable(db_path, opts.wait_for_lock)),
        builder(analyzer,
                opts.records_in_slot || db.get_value_freq(schema::kStoredRecordSlot) > 0) {
    check_schema();
  }

  void check_schema() {
    const std::optional<int> version = schema::stored_schema_version(db);
    if (!version) {
      if (db.get_doccount() > 0) {
        throw SchemaVersionError("database " + path +
                                 " is not a paperdex index (no schema version); choose another "
                                 "path");
      }
      schema::write_schema_metadata(db);
      db.commit();
    } else if (*version != schema::kSchemaVersion) {
      throw SchemaVersionError("database " + path + " has schema version " +
                               std::to_string(*version) + ", this paperdex writes version " +
                               std::to_string(schema::kSchemaVersion) +
                               "; re-index into a new path");
    }
  }

  void begin_change() {
    if (!in_batch) {
      // One transaction per batch: a batch lands whole or not at all, and
      // --strict can drop it.
      batch_start_bytes = index_bytes(path);
      db.begin_transaction();
      in_batch = true;
      batch_started = std::chrono::steady_clock::now();
      batch_time = index_time_now();
    }
  }

  void end_change() {
    ++changes_in_batch;
    if (changes_in_batch >= options.batch_records ||
        std::chrono::steady_clock::now() - batch_started >= options.batch_interval) {
      commit();
    }
  }

  void commit() {
    if (!in_batch) return;
    stamp_last_update(db);
    const std::optional<std::uintmax_t> before = index_bytes(path);
    check_room_for_commit(before);
    db.commit_transaction();
    in_batch = false;
    changes_in_batch = 0;
    const std::optional<std::uintmax_t> after = index_bytes(path);
    if (before && after && *after > *before) {
      largest_commit = std::max(largest_commit, *after - *before);
    }
  }

  // Throws, the batch dropped, when the disk lacks the room a commit of it
  // needs (kCommitPerBatchWrite): the index stays as its last commit left it.
  void check_room_for_commit(const std::optional<std::uintmax_t>& before) {
    if (!before || !batch_start_bytes) return;
    const std::uintmax_t written = *before > *batch_start_bytes ? *before - *batch_start_bytes : 0;
    const std::uintmax_t needed = std::max(2 * largest_commit, kCommitPerBatchWrite * written);
    std::error_code error;
    const fs::space_info space = fs::space(path, error);
    if (error || space.available >= needed) return;
    discard();
    throw std::runtime_error(
        "writing the index at " + path + " stopped before a commit: it needs about " +
        std::to_string(needed / 1024) + " KiB and the disk has " +
        std::to_string(space.available / 1024) + " KiB free: " + std::strerror(ENOSPC));
  }

  void discard() {
    if (!in_batch) return;
    db.cancel_transaction();
    in_batch = false;
    changes_in_batch = 0;
  }

  // The stored paper with this id term (its body too), if any.
  std::optional<std::pair<Xapian::docid, Record>> find(const std::string& id_term) {
    Xapian::PostingIterator it = db.postlist_begin(id_term);
    if (it == db.postlist_end(id_term)) return std::nullopt;
    const Xapian::docid docid = *it;
    return std::make_pair(docid, DocumentBuilder::stored_paper(db.get_document(docid)));
  }

  // Papers with the same normalized title, and a year compatible with `year`.
  std::vector<std::pair<Xapian::docid, Record>> find_by_title(const std::string& key_term,
                                                              int year) {
    std::vector<std::pair<Xapian::docid, Record>> found;
    if (key_term.empty()) return found;
    for (auto it = db.postlist_begin(key_term); it != db.postlist_end(key_term); ++it) {
      Record existing = DocumentBuilder::stored_paper(db.get_document(*it));
      if (year == 0 || existing.year == 0 || existing.year == year) {
        found.emplace_back(*it, std::move(existing));
      }
    }
    return found;
  }

  // Stores `record` in place of `previous`, the version stored before (null
  // for a new paper). The spelling table counts papers: it gains the words
  // only the new version has and loses those only the old one had (none when
  // the title and abstract are the same: new authors, a journal reference).
  void store(const Record& record, const Record* previous) {
    std::vector<std::string> words;
    db.replace_document(schema::make_term(schema::kIdPrefix, record.id),
                        builder.build(record, &words));
    if (previous != nullptr && previous->title == record.title &&
        previous->abstract == record.abstract) {
      return;
    }
    const std::vector<std::string> old_words =
        previous != nullptr ? builder.spelling_words(*previous) : std::vector<std::string>{};
    std::vector<std::string> gone;
    std::set_difference(old_words.begin(), old_words.end(), words.begin(), words.end(),
                        std::back_inserter(gone));
    std::vector<std::string> added;
    std::set_difference(words.begin(), words.end(), old_words.begin(), old_words.end(),
                        std::back_inserter(added));
    for (const std::string& word : gone) db.remove_spelling(word);
    for (const std::string& word : added) db.add_spelling(word);
  }

  // Deletes a stored paper, and its words from the spelling table.
  void forget(Xapian::docid docid, const Record& stored) {
    db.delete_document(docid);
    for (const std::string& word : builder.spelling_words(stored)) db.remove_spelling(word);
  }

  // A record without an id (author pages) joins any paper of the same title,
  // or becomes a paper of its own under an id derived from title and year.
  update_policy::Change add_page_record(Record record) {
    auto same_title = find_by_title(builder.title_key_term(record.title), record.year);
    if (!same_title.empty()) {
      Record& existing = same_title.front().second;
      const Record before = existing;
      if (!update_policy::merge_page_record(existing, record)) {
        return update_policy::Change::kUnchanged;
      }
      store(existing, &before);
      return update_policy::Change::kMerged;
    }
    record.id = builder.derived_id(record);
    record.page_authors = record.authors;
    update_policy::stamp_added(record, batch_time);
    store(record, nullptr);
    return update_policy::Change::kAdded;
  }

  // A full text no id names (and the run's search found no paper for):
  // the paper of exactly its title takes its body, when there is one such
  // paper, or one the same file made before; else it becomes a paper of its
  // own, under an id derived from its title, which a later record of that
  // title (arXiv metadata) absorbs, body and all.
  update_policy::Change add_body_without_id(Record record) {
    auto same_title = find_by_title(builder.title_key_term(record.title), record.year);
    const std::string own_id = builder.derived_id(record);
    const bool made_before =
        std::any_of(same_title.begin(), same_title.end(),
                    [&](const auto& paper) { return paper.second.id == own_id; });
    // A paper of this title by other authors is another paper.
    std::erase_if(same_title, [&](const auto& paper) {
      return authors_disagree(record.authors, paper.second.authors);
    });
    if (!made_before && same_title.size() == 1) {
      record.id = same_title.front().second.id;
    } else {
      // The text's own paper, made before; or none, or several papers of
      // this title, which one not certain: a paper of its own.
      record.id = own_id;
    }
    return add_identified_record(std::move(record));
  }

  // Both lists name authors and no surname (a name's last word, folded) is
  // in both.
  bool authors_disagree(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    const auto surnames = [this](const std::vector<std::string>& names) {
      std::vector<std::string> out;
      for (const std::string& name : names) {
        const std::string folded = schema::folded_words(analyzer, name);
        if (!folded.empty()) out.push_back(folded.substr(folded.rfind(' ') + 1));
      }
      std::sort(out.begin(), out.end());
      return out;
    };
    const std::vector<std::string> of_a = surnames(a), of_b = surnames(b);
    if (of_a.empty() || of_b.empty()) return false;
    std::vector<std::string> common;
    std::set_intersection(of_a.begin(), of_a.end(), of_b.begin(), of_b.end(),
                          std::back_inserter(common));
    return common.empty();
  }

  update_policy::Change add_identified_record(Record record) {
    const std::string id_term = schema::make_term(schema::kIdPrefix, record.id);
    if (auto existing = find(id_term)) {
      const Record& stored = existing->second;
      Record merged = update_policy::merge_sources(stored, record);
      const update_policy::Change change = update_policy::compare_merged(merged, stored);
      if (change == update_policy::Change::kUpdated) {
        update_policy::stamp_changed(merged, stored, batch_time);
        store(merged, &stored);
      }
      return change;
    }
    update_policy::first_source(record);
    // Papers first seen on author pages (derived ids) fold into the arXiv record.
    for (auto& [docid, page_paper] :
         find_by_title(builder.title_key_term(record.title), record.year)) {
      if (!page_paper.id.starts_with(kDerivedIdPrefix)) continue;
      // A full text of this title by other authors is another paper's.
      if (!page_paper.body.empty() && authors_disagree(record.authors, page_paper.authors)) {
        continue;
      }
      update_policy::absorb_page_paper(record, page_paper);
      forget(docid, page_paper);
      ++stats.merged;
    }
    update_policy::stamp_added(record, batch_time);
    store(record, nullptr);
    return update_policy::Change::kAdded;
  }
};

IndexWriter::IndexWriter(const std::string& path, IndexWriterOptions options)
    : impl_(std::make_unique<Impl>(path, options)) {}

IndexWriter::~IndexWriter() {
  try {
    impl_->commit();
  } catch (...) {
    // Nothing sensible to do in a destructor: the open batch is lost, the
    // committed ones are intact.
  }
}

void IndexWriter::add(const Record& record) { add(Record(record)); }

void IndexWriter::add(Record&& record) {
  if (record.deleted) {
    remove(record.id);
    return;
  }
  impl_->begin_change();
  update_policy::Change change;
  if (!record.id.empty()) {
    change = impl_->add_identified_record(std::move(record));
  } else if (!record.body.empty()) {
    change = impl_->add_body_without_id(std::move(record));
  } else {
    change = impl_->add_page_record(std::move(record));
  }
  update_policy::count(impl_->stats, change);
  impl_->end_change();
}

bool IndexWriter::remove(const std::string& id) {
  impl_->begin_change();
  const std::string canonical = canonical_arxiv_id(id).value_or(id);
  const std::string id_term = schema::make_term(schema::kIdPrefix, canonical);
  const auto stored = impl_->find(id_term);
  if (stored) {
    impl_->forget(stored->first, stored->second);
    ++impl_->stats.deleted;
  }
  impl_->end_change();
  return stored.has_value();
}

void IndexWriter::set_metadata(const std::string& key, const std::string& value) {
  impl_->begin_change();
  impl_->db.set_metadata(key, value);
}

std::string IndexWriter::metadata(const std::string& key) const {
  return impl_->db.get_metadata(key);
}

std::vector<std::pair<std::string, std::string>> IndexWriter::metadata_with_prefix(
    const std::string& prefix) const {
  std::vector<std::pair<std::string, std::string>> entries;
  for (auto it = impl_->db.metadata_keys_begin(prefix); it != impl_->db.metadata_keys_end(prefix);
       ++it) {
    entries.emplace_back(*it, impl_->db.get_metadata(*it));
  }
  return entries;
}

std::size_t IndexWriter::drop_bodies_from(const std::vector<std::string>& files) {
  if (files.empty()) return 0;
  impl_->begin_change();
  // The papers with a body, by their facts' "file": a removal is rare, and
  // no term names files.
  const std::unordered_set<std::string> gone(files.begin(), files.end());
  std::vector<Xapian::docid> from_file;
  for (auto it = impl_->db.valuestream_begin(schema::kFullTextSlot);
       it != impl_->db.valuestream_end(schema::kFullTextSlot); ++it) {
    const nlohmann::json facts = nlohmann::json::parse(*it, nullptr, false);
    if (facts.is_object() && gone.contains(facts.value("file", ""))) {
      from_file.push_back(it.get_docid());
    }
  }
  for (const Xapian::docid docid : from_file) {
    const Record stored = DocumentBuilder::stored_paper(impl_->db.get_document(docid));
    Record without = stored;
    without.body.clear();
    without.fulltext.clear();
    without.references.clear();
    impl_->store(without, &stored);
  }
  if (!from_file.empty()) impl_->end_change();
  return from_file.size();
}

void IndexWriter::commit() { impl_->commit(); }
void IndexWriter::discard_batch() { impl_->discard(); }
void IndexWriter::discard_uncommitted() { impl_->discard(); }

IndexStats IndexWriter::finish() {
  impl_->commit();
  return impl_->stats;
}
const IndexStats& IndexWriter::stats() const { return impl_->stats; }
std::size_t IndexWriter::document_count() const { return impl_->db.get_doccount(); }

}  // namespace paperdex
