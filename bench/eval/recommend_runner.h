// The residual-collection test of recommendations (bench/recommend.sh): each
// tag of a TAGS.tsv file ("tag<TAB>doc_id" lines) is stored in the index as
// a paperdex tag, and the collection ranked for it through
// SearchRequest::recommend, exactly as paperdex-search --recommend runs it.
#pragma once

#include <cstddef>
#include <filesystem>
#include <ostream>
#include <string>

namespace paperdex::eval {

// Runs every tag of `tags_file` against the index at `index_dir` and writes
// the top `depth` papers per tag to `run` as a TREC run (the tag as query
// id). Prints the median time of a recommendation to standard error.
// Returns the number of tags whose recommendation failed (named there).
std::size_t run_recommendations(const std::string& index_dir,
                                const std::filesystem::path& tags_file, std::size_t depth,
                                std::ostream& run, const std::string& run_tag);

}  // namespace paperdex::eval
