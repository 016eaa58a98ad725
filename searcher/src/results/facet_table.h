// Facet values of every document, loaded once per database revision into
// flat arrays indexed by docid. Counting a facet over 26,000 matches through
// Xapian's value streams costs ~22 ms (a value lookup per document and slot);
// through these arrays it costs a table lookup per document.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <xapian.h>

namespace paperdex::detail {

// The rows of the subject facet over a set of subject values (categories as
// stored: "cs.NI"). arXiv files some categories under two names (cs.IT and
// math.IT are one category; a legacy one lives on in its successor:
// subject:math.AG finds alg-geom papers), and a row's count must be what
// drilling down to it finds. So a row is a category's canonical id
// (taxonomy::canonical_id), and a paper counts once in each row whose
// subject filter (taxonomy::subject_values) finds it.
class SubjectRows {
 public:
  explicit SubjectRows(const std::vector<std::string>& values);

  std::size_t row_count() const { return names_.size(); }
  const std::string& row_name(std::size_t row) const { return names_[row]; }
  // The rows a paper with the value of this index (into the constructor's
  // `values`) counts in, its own row (the value's canonical id) first.
  const std::vector<std::uint32_t>& rows_of(std::size_t value) const { return rows_[value]; }

 private:
  std::vector<std::string> names_;
  std::vector<std::vector<std::uint32_t>> rows_;  // by value
};

// A subject facet row: its papers, and how many of them have the row as
// their own category. Counts taken over disjoint sets of papers (the parts of
// a count, matcher.h) add up row by row; which rows are listed is
// decided after (listed_rows).
struct SubjectRowCount {
  std::size_t papers = 0;
  std::size_t own = 0;
};
using SubjectRowCounts = std::map<std::string, SubjectRowCount>;

// Papers by row, for the rows some paper has as its own category: a legacy
// archive row (astro-ph) is not listed for papers of its successors alone.
std::map<std::string, std::size_t> listed_rows(const SubjectRowCounts& rows);

// Counts papers into the rows of a SubjectRows, each paper once per row.
class SubjectRowCounter {
 public:
  explicit SubjectRowCounter(const SubjectRows& rows)
      : rows_(rows),
        counts_(rows.row_count(), 0),
        own_(rows.row_count(), 0),
        last_paper_(rows.row_count(), 0) {}

  // `count` papers whose subject values are these (indices into the rows'
  // values).
  template <typename Codes>
  void add(const Codes& values, std::size_t count) {
    ++paper_;
    for (const auto value : values) {
      const std::vector<std::uint32_t>& rows = rows_.rows_of(value);
      if (!rows.empty()) own_[rows.front()] += count;
      for (const std::uint32_t row : rows) {
        if (last_paper_[row] == paper_) continue;  // another alias of the same row
        last_paper_[row] = paper_;
        counts_[row] += count;
      }
    }
  }

  // Counts by row name, of every row a paper counted in.
  SubjectRowCounts counts() const;

 private:
  const SubjectRows& rows_;
  std::vector<std::size_t> counts_;
  std::vector<std::size_t> own_;
  std::vector<std::size_t> last_paper_;
  std::size_t paper_ = 0;
};

class FacetTable {
 public:
  // Reads the subject and year slots of every document. nullptr for a
  // sharded or remote database (see load): count with Xapian's spies instead.
  static std::shared_ptr<const FacetTable> load(const Xapian::Database& db);

  std::size_t subject_value_count() const { return subject_names_.size(); }
  // The subject facet's rows over every subject value of the index.
  const SubjectRows& subject_rows() const { return *subject_rows_; }
  std::size_t year_value_count() const { return year_values_.size(); }
  const std::string& subject_name(std::size_t code) const { return subject_names_[code]; }
  // The year's value as stored in the slot (sortable_serialise).
  const std::string& year_value(std::size_t code) const { return year_values_[code]; }

  // Counts the document in its subjects' rows and its year.
  void count(Xapian::docid docid, SubjectRowCounter& subjects,
             std::vector<std::uint32_t>& year_counts) const {
    if (docid >= year_code_.size()) return;
    if (year_code_[docid] != kNone) ++year_counts[year_code_[docid]];
    subjects.add(std::span(subject_codes_.data() + subject_begin_[docid],
                           subject_codes_.data() + subject_begin_[docid + 1]),
                 1);
  }

 private:
  static constexpr std::uint16_t kNone = 0xFFFF;

  std::vector<std::string> subject_names_;
  std::vector<std::string> year_values_;
  std::vector<std::uint16_t> year_code_;      // by docid
  std::vector<std::uint32_t> subject_begin_;  // by docid: first index into subject_codes_
  std::vector<std::uint16_t> subject_codes_;
  std::unique_ptr<SubjectRows> subject_rows_;
};

// True when a shard of `db` is remote (a stub's "remote" line). Match spies
// then run on the shard servers, which know only Xapian's own classes. And
// Xapian 1.4, matching several shards one of them remote with a sort by value,
// spies on some remote matches twice: the server counts them, then the client
// again when they sort below its page. Such a match needs its spies in a
// pass without the sort.
bool has_remote_shard(const Xapian::Database& db);

// Counts subjects and years of every match through a FacetTable.
class FacetTableSpy : public Xapian::MatchSpy {
 public:
  explicit FacetTableSpy(std::shared_ptr<const FacetTable> table);
  void operator()(const Xapian::Document& doc, double weight) override;
  // Counts the document numbered `docid`, as a match would be.
  void add(Xapian::docid docid) { table_->count(docid, subject_counts_, year_counts_); }

  // Subject facet rows (SubjectRowCounter::counts), and years by value as
  // the value-stream spies report them.
  SubjectRowCounts subject_counts() const;
  std::map<std::string, std::size_t> year_counts() const;

 private:
  std::shared_ptr<const FacetTable> table_;
  SubjectRowCounter subject_counts_;
  std::vector<std::uint32_t> year_counts_;
};

}  // namespace paperdex::detail
