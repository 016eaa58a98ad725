// Facet values of every document, loaded once per database revision into
// flat arrays indexed by docid. Counting a facet over 26,000 matches through
// Xapian's value streams costs ~22 ms (a value lookup per document and slot);
// through these arrays it costs a table lookup per document.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <xapian.h>

namespace paperdex::detail {

class FacetTable {
 public:
  // Reads the subject and year slots of every document. nullptr for a
  // sharded or remote database (see load): count with Xapian's spies instead.
  static std::shared_ptr<const FacetTable> load(const Xapian::Database& db);

  std::size_t subject_value_count() const { return subject_names_.size(); }
  std::size_t year_value_count() const { return year_values_.size(); }
  const std::string& subject_name(std::size_t code) const { return subject_names_[code]; }
  // The year's value as stored in the slot (sortable_serialise).
  const std::string& year_value(std::size_t code) const { return year_values_[code]; }

  // Adds one to the counters of the document's subjects and year.
  void count(Xapian::docid docid, std::vector<std::uint32_t>& subject_counts,
             std::vector<std::uint32_t>& year_counts) const {
    if (docid >= year_code_.size()) return;
    if (year_code_[docid] != kNone) ++year_counts[year_code_[docid]];
    for (std::uint32_t i = subject_begin_[docid]; i < subject_begin_[docid + 1]; ++i) {
      ++subject_counts[subject_codes_[i]];
    }
  }

 private:
  static constexpr std::uint16_t kNone = 0xFFFF;

  std::vector<std::string> subject_names_;
  std::vector<std::string> year_values_;
  std::vector<std::uint16_t> year_code_;      // by docid
  std::vector<std::uint32_t> subject_begin_;  // by docid: first index into subject_codes_
  std::vector<std::uint16_t> subject_codes_;
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

  // Counts by value, as the value-stream spies report them.
  std::map<std::string, std::size_t> subject_counts() const;
  std::map<std::string, std::size_t> year_counts() const;

 private:
  std::shared_ptr<const FacetTable> table_;
  std::vector<std::uint32_t> subject_counts_;
  std::vector<std::uint32_t> year_counts_;
};

}  // namespace paperdex::detail
