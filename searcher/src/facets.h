// Facet counting over the full match set. Xapian's ValueCountMatchSpy counts
// one value per document; a paper has several subjects, so the subject facet
// needs a spy that splits the slot's list.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <xapian.h>

#include "paperdex/common/analyzer.h"
#include "paperdex/searcher.h"

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

// Adds the counts of `spy` into `into`.
void add_counts(std::map<std::string, std::size_t>& into,
                const std::map<std::string, Xapian::doccount>& counts);

// Subject facet: by count descending, then name, labelled with the
// taxonomy's names. Year facet: newest first.
std::vector<FacetCount> subject_facet(const std::map<std::string, std::size_t>& counts);
std::vector<FacetCount> year_facet(const std::map<std::string, std::size_t>& counts);

// Authors of every match of `query`, by display name. A pass of its own:
// reading the author slot of every match costs about as much as the search,
// so only a request for the author facet pays for it.
std::map<std::string, std::size_t> count_authors(const Xapian::Database& db,
                                                 const Xapian::Query& query);

// Author facet: by count descending, then name. Spellings of one name that
// fold alike ("Björn"/"Bjorn") count as one author, shown as the most common.
std::vector<FacetCount> author_facet(const std::map<std::string, std::size_t>& counts,
                                     const Analyzer& analyzer);

}  // namespace paperdex::detail
