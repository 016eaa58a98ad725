// Embedding paperdex: index a few papers with IndexWriter, change and delete
// one, then search them with Searcher and print the hits, their highlights and
// the facets. docs/api.md walks through this program.
//
//   paperdex-embed INDEX_DIR [QUERY]
#include <algorithm>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include <paperdex/indexer/index_writer.h>
#include <paperdex/searcher.h>

namespace {

paperdex::Record paper(std::string id, std::string title, std::string abstract,
                       std::vector<std::string> authors, std::string category, int year) {
  paperdex::Record record;
  record.id = std::move(id);
  record.title = std::move(title);
  record.abstract = std::move(abstract);
  record.authors = std::move(authors);
  record.subjects = {std::move(category)};
  record.year = year;
  record.updated = std::to_string(year) + "-01-01";
  return record;
}

// Writes three papers, revises one and deletes another. The writer commits
// when it goes out of scope (or on commit()); searchers see only commits.
void build_index(const std::string& db) {
  paperdex::IndexWriter writer(db);
  writer.add(paper("2401.00001", "Optical circuit switching for datacenter networks",
                   "We schedule optical circuit switches so that bulk transfers bypass the "
                   "packet network, and measure completion times on a testbed.",
                   {"Ada Example", "Grace Sample"}, "cs.NI", 2024));
  writer.add(paper("2401.00002", "Packet scheduling with learned priorities",
                   "A learned scheduler for packet switches that adapts priorities to the "
                   "traffic mix.",
                   {"Alan Placeholder"}, "cs.NI", 2023));
  writer.add(paper("2401.00003", "A survey of photonic interconnects",
                   "Optical and photonic interconnects for high-performance computing.",
                   {"Edsger Specimen"}, "cs.AR", 2022));

  // Adding a paper with an id already indexed replaces it (newer `updated` wins).
  paperdex::Record revised = paper("2401.00002", "Packet scheduling with learned priorities",
                                   "A learned scheduler for packet and optical switches.",
                                   {"Alan Placeholder"}, "cs.NI", 2023);
  revised.updated = "2023-06-01";
  writer.add(revised);

  writer.remove("2401.00003");
  writer.commit();
  std::cout << writer.document_count() << " papers in " << db << '\n';
}

// Highlights through the callback: matched runs in upper-case brackets here,
// but a GUI would switch fonts instead.
std::string bracket_matches(const paperdex::HighlightedText& text) {
  std::string out;
  paperdex::visit_highlights(text, [&](std::string_view run, bool matched) {
    if (matched) out += '[';
    out += run;
    if (matched) out += ']';
  });
  return out;
}

void print(const paperdex::SearchResult& result) {
  std::cout << result.total << (result.total_exact ? "" : "+") << " matching papers\n";
  for (const paperdex::Hit& hit : result.hits) {
    std::cout << hit.id << " (" << hit.year << ") "
              << paperdex::render_highlights(hit.title, "*", "*", false) << '\n'
              << "    " << bracket_matches(hit.snippet) << '\n';
  }
  std::cout << "subjects:";
  for (const paperdex::FacetCount& facet : result.subject_facets) {
    std::cout << ' ' << facet.value << '=' << facet.count;
  }
  std::cout << "\nyears:";
  for (const paperdex::FacetCount& facet : result.year_facets) {
    std::cout << ' ' << facet.value << '=' << facet.count;
  }
  std::cout << '\n';
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: paperdex-embed INDEX_DIR [QUERY]\n";
    return 2;
  }
  const std::string db = argv[1];
  paperdex::SearchRequest request;
  request.query = argc > 2 ? argv[2] : "optical switches";
  request.limit = 5;
  // This program shows its user where a query goes wrong; by default the
  // library would read what is not valid syntax as words instead.
  request.strict_syntax = true;
  try {
    build_index(db);
    paperdex::Searcher searcher(db);  // one per thread; cheap to open
    print(searcher.search(request));
  } catch (const paperdex::QuerySyntaxError& error) {
    std::cerr << "paperdex-embed: " << error.what() << "\n  " << request.query << "\n  "
              << std::string(std::min(error.position(), request.query.size()), ' ') << "^\n";
    return 2;
  } catch (const paperdex::Error& error) {  // every other paperdex error
    std::cerr << "paperdex-embed: " << error.what() << '\n';
    return 1;
  }
  return 0;
}
