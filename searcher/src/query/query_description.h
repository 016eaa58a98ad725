// Xapian 1.4 has no getters for a query's parameters (a scale factor, a
// NEAR window, a value range's limits); its description spells them out,
// bytes outside printable ASCII as \xNN. What the searcher reads of them,
// read one way (explain.cc, posting_walk.cc).
#pragma once

#include <optional>
#include <string>

#include <xapian.h>

namespace paperdex::detail {

// The description of one node, inside "Query(...)".
std::string inner_description(const Xapian::Query& query);

// The factor of an OP_SCALE_WEIGHT node ("2.5 * ..."), as exact as Xapian
// prints it (%.20g: the double itself).
double scale_factor(const Xapian::Query& scaled);

// The weight of a Xapian::FixedWeightPostingSource leaf (fixed_weight.h;
// "PostingSource(Xapian::FixedWeightPostingSource(wt=2.5))", %.20g), or none
// for any other node: every paper matches it with that weight.
std::optional<double> fixed_weight_of(const Xapian::Query& query);

}  // namespace paperdex::detail
