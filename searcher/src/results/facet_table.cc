#include "results/facet_table.h"

#include <algorithm>
#include <unordered_map>

#include "paperdex/common/schema.h"
#include "paperdex/common/taxonomy.h"

namespace paperdex::detail {
namespace {

// Interns a value: the same string always gets the same small code.
class Interner {
 public:
  explicit Interner(std::vector<std::string>& names) : names_(names) {}
  std::uint16_t code(const std::string& value) {
    auto [it, added] = codes_.try_emplace(value, static_cast<std::uint16_t>(names_.size()));
    if (added) {
      if (names_.size() >= 0xFFFF) throw std::length_error("too many distinct facet values");
      names_.push_back(value);
    }
    return it->second;
  }

 private:
  std::vector<std::string>& names_;
  std::unordered_map<std::string, std::uint16_t> codes_;
};

// The subject terms the indexer writes for a category: the category and its
// archive, lower-cased (document_builder.cc).
std::vector<std::string> subject_terms(const std::string& category) {
  std::string lower = category;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  std::vector<std::string> terms{lower};
  if (const std::size_t dot = lower.find('.'); dot != std::string::npos) {
    terms.push_back(lower.substr(0, dot));
  }
  return terms;
}

}  // namespace

SubjectRows::SubjectRows(const std::vector<std::string>& values) : rows_(values.size()) {
  // A row per canonical id, with the terms its drill-down matches.
  std::unordered_map<std::string, std::uint32_t> row_of_name;
  std::vector<std::vector<std::string>> row_terms;
  std::vector<std::uint32_t> own(values.size());
  for (std::size_t value = 0; value < values.size(); ++value) {
    const std::string name = taxonomy::canonical_id(values[value]);
    const auto [found, added] =
        row_of_name.try_emplace(name, static_cast<std::uint32_t>(names_.size()));
    if (added) {
      names_.push_back(name);
      std::vector<std::string> terms = taxonomy::subject_values(name);
      if (terms.empty()) terms = subject_terms(name);  // not in the taxonomy: itself alone
      row_terms.push_back(std::move(terms));
    }
    own[value] = found->second;
  }
  // The rows whose drill-down finds each term: a value's rows are its
  // terms', found without comparing it with every row (a count over remote
  // shards builds these rows on every search).
  std::unordered_map<std::string, std::vector<std::uint32_t>> rows_of_term;
  for (std::uint32_t row = 0; row < names_.size(); ++row) {
    for (const std::string& term : row_terms[row]) rows_of_term[term].push_back(row);
  }
  for (std::size_t value = 0; value < values.size(); ++value) {
    std::vector<std::uint32_t> others;
    for (const std::string& term : subject_terms(values[value])) {
      if (const auto found = rows_of_term.find(term); found != rows_of_term.end()) {
        others.insert(others.end(), found->second.begin(), found->second.end());
      }
    }
    std::sort(others.begin(), others.end());
    others.erase(std::unique(others.begin(), others.end()), others.end());
    rows_[value].push_back(own[value]);
    for (const std::uint32_t row : others) {
      if (row != own[value]) rows_[value].push_back(row);
    }
  }
}

SubjectRowCounts SubjectRowCounter::counts() const {
  SubjectRowCounts counts;
  for (std::size_t row = 0; row < counts_.size(); ++row) {
    if (counts_[row] > 0) counts[rows_.row_name(row)] = {counts_[row], own_[row]};
  }
  return counts;
}

std::map<std::string, std::size_t> listed_rows(const SubjectRowCounts& rows) {
  std::map<std::string, std::size_t> listed;
  for (const auto& [name, count] : rows) {
    if (count.own > 0) listed[name] = count.papers;
  }
  return listed;
}

bool has_remote_shard(const Xapian::Database& db) {
  try {
    (void)db.locked();  // unimplemented for remote databases only
    return false;
  } catch (const Xapian::UnimplementedError&) {
    return true;
  } catch (const Xapian::DatabaseLockError&) {
    // A local index whose lock file cannot be opened: on a read-only file
    // system, say. It is searched all the same.
    return false;
  }
}

std::shared_ptr<const FacetTable> FacetTable::load(const Xapian::Database& db) {
  // Several shards: Xapian 1.4 hands a match spy each document with its docid
  // in its own shard, not in the combined database, so a table by combined
  // docid would count the wrong papers. A remote database: the spy would run
  // on a server that knows only Xapian's own classes (and not this table).
  if (db.size() != 1 || has_remote_shard(db)) return nullptr;
  auto table = std::make_shared<FacetTable>();
  try {
    const Xapian::docid last = db.get_lastdocid();
    table->year_code_.assign(static_cast<std::size_t>(last) + 1, kNone);
    Interner years(table->year_values_);
    for (auto it = db.valuestream_begin(schema::kYearSlot);
         it != db.valuestream_end(schema::kYearSlot); ++it) {
      table->year_code_[it.get_docid()] = years.code(*it);
    }

    // Subjects arrive in docid order, so each document's codes are one run.
    Interner subjects(table->subject_names_);
    table->subject_begin_.assign(static_cast<std::size_t>(last) + 2, 0);
    Xapian::docid next = 1;  // first docid whose begin is not yet set
    for (auto it = db.valuestream_begin(schema::kSubjectsSlot);
         it != db.valuestream_end(schema::kSubjectsSlot); ++it) {
      const Xapian::docid docid = it.get_docid();
      const auto begin = static_cast<std::uint32_t>(table->subject_codes_.size());
      for (; next <= docid; ++next) table->subject_begin_[next] = begin;
      schema::for_each_list_value(*it, [&](std::string_view subject) {
        table->subject_codes_.push_back(subjects.code(std::string(subject)));
      });
    }
    const auto end = static_cast<std::uint32_t>(table->subject_codes_.size());
    for (; next < table->subject_begin_.size(); ++next) table->subject_begin_[next] = end;
    table->subject_rows_ = std::make_unique<SubjectRows>(table->subject_names_);
  } catch (const Xapian::UnimplementedError&) {
    return nullptr;  // remote shards do not stream values
  } catch (const Xapian::NetworkError&) {
    return nullptr;
  }
  return table;
}

FacetTableSpy::FacetTableSpy(std::shared_ptr<const FacetTable> table)
    : table_(std::move(table)),
      subject_counts_(table_->subject_rows()),
      year_counts_(table_->year_value_count(), 0) {}

void FacetTableSpy::operator()(const Xapian::Document& doc, double /*weight*/) {
  table_->count(doc.get_docid(), subject_counts_, year_counts_);
}

SubjectRowCounts FacetTableSpy::subject_counts() const { return subject_counts_.counts(); }

std::map<std::string, std::size_t> FacetTableSpy::year_counts() const {
  std::map<std::string, std::size_t> counts;
  for (std::size_t code = 0; code < year_counts_.size(); ++code) {
    if (year_counts_[code] > 0) counts[table_->year_value(code)] = year_counts_[code];
  }
  return counts;
}

}  // namespace paperdex::detail
