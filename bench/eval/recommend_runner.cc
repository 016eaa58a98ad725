#include "recommend_runner.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <stdexcept>
#include <vector>

#include "eval/trec_run.h"
#include "paperdex/searcher.h"

namespace paperdex::eval {
namespace {

// The tags in the order of their first line, each with its documents.
std::vector<std::pair<std::string, std::vector<std::string>>> read_tags(
    const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read the tags file " + file.string());
  std::vector<std::pair<std::string, std::vector<std::string>>> tags;
  std::map<std::string, std::size_t> position;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    const std::size_t tab = line.find('\t');
    if (tab == std::string::npos || tab == 0 || tab + 1 == line.size()) {
      throw std::runtime_error(file.string() + ":" + std::to_string(number) +
                               ": expected tag<TAB>doc_id");
    }
    const std::string name = line.substr(0, tab);
    const auto [it, added] = position.emplace(name, tags.size());
    if (added) tags.push_back({name, {}});
    tags[it->second].second.push_back(line.substr(tab + 1));
  }
  return tags;
}

}  // namespace

std::size_t run_recommendations(const std::string& index_dir,
                                const std::filesystem::path& tags_file, std::size_t depth,
                                std::ostream& run, const std::string& run_tag) {
  const auto tags = read_tags(tags_file);
  Searcher searcher(index_dir);
  std::vector<double> milliseconds;
  std::size_t failed = 0;
  for (const auto& [name, documents] : tags) {
    try {
      // The tag as the file has it, whatever an earlier run left.
      try {
        searcher.delete_tag(name);
      } catch (const TagError&) {  // no such tag yet
      }
      const TagChange change = searcher.add_to_tag(name, documents);
      for (const std::string& missing : change.not_found) {
        std::cerr << "paperdex-eval: tag " << name << ": no document " << missing << '\n';
      }
      SearchRequest request;
      request.recommend = {name};
      request.limit = depth;
      request.facets = false;
      const auto started = std::chrono::steady_clock::now();
      const SearchResult result = searcher.search(request);
      milliseconds.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
              .count());
      std::vector<ScoredDoc> hits;
      for (const Hit& hit : result.hits) hits.push_back({hit.id, hit.score});
      write_trec_run(run, name, rank_with_trec_ties(hits), run_tag);
    } catch (const Error& error) {
      std::cerr << "paperdex-eval: tag " << name << " failed: " << error.what() << '\n';
      ++failed;
    }
  }
  if (!milliseconds.empty()) {
    std::sort(milliseconds.begin(), milliseconds.end());
    std::fprintf(stderr, "recommend: %zu tags, median %.1f ms, slowest %.1f ms\n",
                 milliseconds.size(), milliseconds[milliseconds.size() / 2], milliseconds.back());
  }
  return failed;
}

}  // namespace paperdex::eval
