#include "paperdex/indexer/index_writer.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string_view>

#include <xapian.h>

#include "document_builder.h"
#include "last_update.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/stored_record.h"

namespace paperdex {
namespace {

// Appends the names of `extra` that `names` does not have yet; true if any.
bool add_missing(std::vector<std::string>& names, const std::vector<std::string>& extra) {
  bool changed = false;
  for (const std::string& name : extra) {
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      names.push_back(name);
      changed = true;
    }
  }
  return changed;
}

// The databases a stub lists (a stub file, or DIR/XAPIANDB as
// `paperdex-index --shards` writes); 0 when `path` is not a stub.
std::size_t stub_shard_count(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code error;
  fs::path stub(path);
  if (fs::is_directory(stub, error)) {
    if (fs::exists(stub / "iamglass", error)) return 0;
    stub /= "XAPIANDB";
  }
  std::ifstream in(stub);
  std::size_t shards = 0;
  for (std::string line; std::getline(in, line);) {
    const auto begin = line.find_first_not_of(" \t\r");
    if (begin == std::string::npos || line[begin] == '#') continue;
    constexpr std::string_view kBackends[] = {"auto",  "glass",  "chert",
                                              "honey", "remote", "inmemory"};
    const std::string backend = line.substr(begin, line.find_first_of(" \t", begin) - begin);
    if (std::find(std::begin(kBackends), std::end(kBackends), backend) == std::end(kBackends)) {
      return 0;  // not a stub: Xapian says what it is not
    }
    ++shards;
  }
  return shards;
}

// Why the index at `path` (or, before it exists, the directory to hold it)
// cannot be written to, if it cannot: a read-only file system, say. Root
// passes every permission check but this one.
std::optional<std::string> unwritable(const std::string& path) {
  std::error_code ignored;
  std::filesystem::path where = path;
  if (!std::filesystem::exists(where, ignored)) where = where.parent_path();
  if (where.empty()) where = ".";
  if (::access(where.c_str(), W_OK) == 0) return std::nullopt;
  const int error = errno;
  if (error != EROFS && error != EACCES && error != EPERM) return std::nullopt;
  return "cannot write to the index at " + path + ": " +
         (error == EROFS ? std::string("it is on a read-only file system")
                         : std::string("no write permission")) +
         "; it can still be searched. Make it writable (or copy it somewhere writable) and "
         "run again";
}

Xapian::WritableDatabase open_writable(const std::string& path, bool wait_for_lock) {
  // Opened as glass, a stub directory would silently get a new empty
  // database beside the stub, which readers would then open instead of it.
  if (const std::size_t shards = stub_shard_count(path); shards > 0) {
    throw IoError(path + " is a sharded index (" + std::to_string(shards) +
                  (shards == 1 ? " shard" : " shards") +
                  "); add records by rebuilding it, or merge the shards with xapian-compact "
                  "first");
  }
  int flags = Xapian::DB_CREATE_OR_OPEN | Xapian::DB_BACKEND_GLASS;
  if (wait_for_lock) flags |= Xapian::DB_RETRY_LOCK;
  try {
    return Xapian::WritableDatabase(path, flags);
  } catch (const Xapian::DatabaseLockError&) {
    // Taking the lock fails too where the lock file cannot be made.
    if (auto why = unwritable(path)) throw IoError(*why);
    throw DatabaseLockedError("database " + path +
                              " is locked by another indexer; wait for it to finish or use "
                              "--wait to wait for it");
  } catch (const Xapian::Error& error) {
    if (auto why = unwritable(path)) throw IoError(*why + " (" + error.get_description() + ")");
    throw IoError("cannot open database " + path + " for writing: " + error.get_description());
  }
}

}  // namespace

struct IndexWriter::Impl {
  std::string path;
  IndexWriterOptions options;
  Xapian::WritableDatabase db;
  Analyzer analyzer;
  DocumentBuilder builder{analyzer};
  IndexStats stats;
  std::size_t changes_in_batch = 0;
  bool in_batch = false;
  std::chrono::steady_clock::time_point batch_started;

  Impl(const std::string& db_path, IndexWriterOptions opts)
      : path(db_path), options(opts), db(open_writable(db_path, opts.wait_for_lock)) {
    check_schema();
  }

  void check_schema() {
    const std::optional<int> version = schema::stored_schema_version(db);
    if (!version) {
      if (db.get_doccount() > 0) {
        throw SchemaMismatchError("database " + path +
                                  " is not a paperdex index (no schema version); choose another "
                                  "--db path");
      }
      schema::write_schema_metadata(db);
      db.commit();
    } else if (*version != schema::kSchemaVersion) {
      throw SchemaMismatchError("database " + path + " has schema version " +
                                std::to_string(*version) + ", this paperdex writes version " +
                                std::to_string(schema::kSchemaVersion) +
                                "; re-index into a new --db path");
    }
  }

  void begin_change() {
    if (!in_batch) {
      // One transaction per batch: a batch lands whole or not at all, and
      // --strict can drop it.
      db.begin_transaction();
      in_batch = true;
      batch_started = std::chrono::steady_clock::now();
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
    db.commit_transaction();
    in_batch = false;
    changes_in_batch = 0;
  }

  void discard() {
    if (!in_batch) return;
    db.cancel_transaction();
    in_batch = false;
    changes_in_batch = 0;
  }

  // The stored record of the paper with this id term, if any.
  std::optional<std::pair<Xapian::docid, Record>> find(const std::string& id_term) {
    Xapian::PostingIterator it = db.postlist_begin(id_term);
    if (it == db.postlist_end(id_term)) return std::nullopt;
    const Xapian::docid docid = *it;
    return std::make_pair(docid, decode_stored_record(db.get_document(docid).get_data()));
  }

  // Papers with the same normalized title, and a year compatible with `year`.
  std::vector<std::pair<Xapian::docid, Record>> find_by_title(const std::string& key_term,
                                                              int year) {
    std::vector<std::pair<Xapian::docid, Record>> found;
    if (key_term.empty()) return found;
    for (auto it = db.postlist_begin(key_term); it != db.postlist_end(key_term); ++it) {
      Record existing = decode_stored_record(db.get_document(*it).get_data());
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

  void add_page_record(Record record) {
    // A record without an id (author pages) joins any paper of the same title.
    const std::string key = builder.title_key_term(record.title);
    auto same_title = find_by_title(key, record.year);
    if (!same_title.empty()) {
      Record& existing = same_title.front().second;
      const Record before = existing;
      const bool authors_new = add_missing(existing.authors, record.authors);
      const bool page_new = add_missing(existing.page_authors, record.authors);
      if (authors_new || page_new) {
        store(existing, &before);
        ++stats.merged;
      } else {
        ++stats.unchanged;
      }
      return;
    }
    record.id = builder.derived_id(record);
    record.page_authors = record.authors;
    store(record, nullptr);
    ++stats.added;
  }

  void add_identified_record(Record record) {
    const std::string id_term = schema::make_term(schema::kIdPrefix, record.id);
    if (auto existing = find(id_term)) {
      Record& stored = existing->second;
      if (!stored.updated.empty() && !record.updated.empty() && stored.updated > record.updated) {
        ++stats.unchanged;  // an older version never overwrites a newer one
        return;
      }
      record.page_authors = stored.page_authors;
      add_missing(record.authors, record.page_authors);
      if (encode_stored_record(record) == db.get_document(existing->first).get_data()) {
        ++stats.unchanged;
        return;
      }
      store(record, &stored);
      ++stats.updated;
      return;
    }
    // Papers first seen on author pages (derived ids) fold into the arXiv record.
    for (auto& [docid, page_paper] :
         find_by_title(builder.title_key_term(record.title), record.year)) {
      if (!page_paper.id.starts_with(kDerivedIdPrefix)) continue;
      add_missing(record.page_authors, page_paper.page_authors);
      forget(docid, page_paper);
      ++stats.merged;
    }
    add_missing(record.authors, record.page_authors);
    store(record, nullptr);
    ++stats.added;
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

void IndexWriter::add(const Record& record) {
  if (record.deleted) {
    remove(record.id);
    return;
  }
  impl_->begin_change();
  if (record.id.empty()) {
    impl_->add_page_record(record);
  } else {
    impl_->add_identified_record(record);
  }
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

void IndexWriter::commit() { impl_->commit(); }
void IndexWriter::discard_batch() { impl_->discard(); }
const IndexStats& IndexWriter::stats() const { return impl_->stats; }
std::size_t IndexWriter::document_count() const { return impl_->db.get_doccount(); }

}  // namespace paperdex
