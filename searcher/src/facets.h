// Facet counting over the full match set. Xapian's ValueCountMatchSpy counts
// one value per document; a paper has several subjects, so the subject facet
// needs a spy that splits the slot's list.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <xapian.h>

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

// Adds the counts of `spy` into `into`.
void add_counts(std::map<std::string, std::size_t>& into,
                const std::map<std::string, Xapian::doccount>& counts);

// Subject facet: by count descending, then name. Year facet: newest first.
std::vector<FacetCount> subject_facet(const std::map<std::string, std::size_t>& counts);
std::vector<FacetCount> year_facet(const std::map<std::string, std::size_t>& counts);

}  // namespace paperdex::detail
