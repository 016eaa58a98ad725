// Facets over the full match set, as SearchResult lists them: subjects (by
// the rows of facet_table.h's SubjectRows), years and authors. A slot holds
// one value per document and a paper has several authors, so the author
// facet counts with a spy that splits the slot's list (MultiValueCountSpy);
// subjects and years are counted through the FacetTable, or, where there is
// none, Xapian's own spies, whose counts are turned into rows here.
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <xapian.h>

#include "paperdex/common/analyzer.h"
#include "paperdex/searcher.h"
#include "results/facet_table.h"

namespace paperdex::detail {

class MultiValueCountSpy : public Xapian::MatchSpy {
 public:
  explicit MultiValueCountSpy(Xapian::valueno slot) : slot_(slot) {}

  void operator()(const Xapian::Document& doc, double weight) override;
  Xapian::MatchSpy* clone() const override;
  std::string name() const override;
  std::string serialise() const override;
  Xapian::MatchSpy* unserialise(const std::string& serialised,
                                const Xapian::Registry& context) const override;
  std::string serialise_results() const override;
  void merge_results(const std::string& serialised) override;
  std::string get_description() const override;

  const std::map<std::string, Xapian::doccount>& counts() const { return counts_; }

 private:
  Xapian::valueno slot_;
  std::map<std::string, Xapian::doccount> counts_;
};

// Adds `count` to each value of a kListSeparator-separated list.
void add_list_counts(std::map<std::string, std::size_t>& into, const std::string& list,
                     std::size_t count);

// The subject facet's rows (SubjectRows) from counts of subject lists (the
// slot's value per document, as Xapian's ValueCountMatchSpy counts them).
SubjectRowCounts subject_rows_of_lists(const std::map<std::string, std::size_t>& list_counts);

// Adds the counts of `spy` into `into`.
void add_counts(std::map<std::string, std::size_t>& into,
                const std::map<std::string, Xapian::doccount>& counts);

// Subject facet from row counts: by count descending, then name, labelled
// with the taxonomy's names. Year facet: newest first (SearchResult says so;
// a caller that wants the largest first sorts them).
std::vector<FacetCount> subject_facet(const std::map<std::string, std::size_t>& counts);
std::vector<FacetCount> year_facet(const std::map<std::string, std::size_t>& counts);

// Authors of every match of `query`, by display name. A pass of its own:
// reading the author slot of every match costs about as much as the search,
// so only a request for the author facet pays for it. It stops at `deadline`
// (none: no limit) with the matches seen by then counted.
std::map<std::string, std::size_t> count_authors(
    const Xapian::Database& db, const Xapian::Query& query,
    const std::optional<std::chrono::steady_clock::time_point>& deadline = std::nullopt);

// Author facet: by count descending, then name. Spellings of one name that
// fold alike ("Björn"/"Bjorn"), and forms of it that differ only by a middle
// name or initial where the index can tell (group_author_forms), count as
// one author, shown as the most common.
std::vector<FacetCount> author_facet(const std::map<std::string, std::size_t>& counts,
                                     const Analyzer& analyzer);

}  // namespace paperdex::detail
