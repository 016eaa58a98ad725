// Real arXiv metadata in every format (../shared/data): one document per
// paper, facet counts equal to an independent count of the XML (subjects by
// the taxonomy's rows: cs.IT and math.IT are one), and a known
// title from each format found. Skipped, with a warning, without ../shared.
#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <xapian.h>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "index_test_support.h"
#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/taxonomy.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using paperdex::test::TempDir;

std::string gunzip(const fs::path& path) {
  gzFile file = gzopen(path.c_str(), "rb");
  REQUIRE(file != nullptr);
  std::string text;
  char buffer[1 << 16];
  int n = 0;
  while ((n = gzread(file, buffer, sizeof buffer)) > 0) text.append(buffer, n);
  gzclose(file);
  return text;
}

// The text of every <tag>...</tag> in `block`.
std::vector<std::string> elements(std::string_view block, const std::string& tag) {
  std::vector<std::string> found;
  const std::string open = "<" + tag + ">", close = "</" + tag + ">";
  for (std::size_t at = block.find(open); at != std::string_view::npos;
       at = block.find(open, at + 1)) {
    const std::size_t begin = at + open.size();
    const std::size_t end = block.find(close, begin);
    if (end == std::string_view::npos) break;
    found.emplace_back(block.substr(begin, end - begin));
  }
  return found;
}

// Independent counts of the harvest: distinct ids, subject facet rows,
// first-version years.
struct HarvestCounts {
  std::set<std::string> ids;
  std::map<std::string, std::size_t> subjects;
  std::map<std::string, std::size_t> years;
};

// The subject facet's rows as the taxonomy defines them: one per canonical
// category id, counting each paper its drill-down (the subject filter's XC
// terms: a category and its archive, lower-cased) finds.
std::map<std::string, std::size_t> subject_rows(
    const std::vector<std::vector<std::string>>& papers) {
  std::set<std::string> rows;
  for (const auto& categories : papers) {
    for (const std::string& category : categories)
      rows.insert(paperdex::taxonomy::canonical_id(category));
  }
  std::map<std::string, std::size_t> counts;
  for (const std::string& row : rows) {
    const std::vector<std::string> wanted = paperdex::taxonomy::subject_values(row);
    for (const auto& categories : papers) {
      const bool found = std::any_of(categories.begin(), categories.end(), [&](std::string c) {
        for (char& ch : c) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        const std::string archive = c.substr(0, c.find('.'));
        return std::find(wanted.begin(), wanted.end(), c) != wanted.end() ||
               std::find(wanted.begin(), wanted.end(), archive) != wanted.end();
      });
      if (found) ++counts[row];
    }
  }
  return counts;
}

HarvestCounts count_harvest(const fs::path& dir) {
  HarvestCounts counts;
  std::vector<std::vector<std::string>> papers;  // categories of each
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string xml = gunzip(entry.path());
    for (std::size_t at = xml.find("<record>"); at != std::string::npos;
         at = xml.find("<record>", at + 1)) {
      const std::string_view record(xml.data() + at, xml.find("</record>", at) - at);
      if (!counts.ids.insert(elements(record, "id").at(0)).second) continue;
      std::istringstream categories(elements(record, "categories").at(0));
      papers.emplace_back();
      for (std::string category; categories >> category;) papers.back().push_back(category);
      ++counts.years[elements(record, "created").at(0).substr(0, 4)];
    }
  }
  counts.subjects = subject_rows(papers);
  return counts;
}

std::map<std::string, std::size_t> as_map(const std::vector<paperdex::FacetCount>& facet) {
  std::map<std::string, std::size_t> counts;
  for (const auto& value : facet) counts[value.value] = value.count;
  return counts;
}

int index_into(const std::string& db, const std::vector<std::string>& inputs, std::string& log) {
  return paperdex::test::index_files(db, inputs, &log);
}

// One file of real records in one of the formats, read whole.
struct SourceFile {
  std::string format;  // "oai-cs", "arxivraw", "atom", "snapshot": its group of inputs
  fs::path path;
  std::string text;
  std::string open, close;  // what a record starts and ends with
};

// The arXiv id of one record: the snapshot's "id", or the first <id>.
std::optional<std::string> record_id(const SourceFile& file, std::string_view record) {
  if (file.format == "snapshot") {
    return paperdex::canonical_arxiv_id(nlohmann::json::parse(record).at("id").get<std::string>());
  }
  const std::vector<std::string> ids = elements(record, "id");
  return ids.empty() ? std::nullopt : paperdex::canonical_arxiv_id(ids.front());
}

// Calls visit(record, id) for each record of `file`; returns where the last one ends.
template <class Visit>
std::size_t for_each_record(const SourceFile& file, Visit&& visit) {
  std::size_t last_end = std::string::npos;
  for (std::size_t at = file.text.find(file.open); at != std::string::npos;
       at = file.text.find(file.open, last_end)) {
    const std::size_t end = file.text.find(file.close, at);
    if (end == std::string::npos) break;
    last_end = end + file.close.size();
    const std::string_view record(file.text.data() + at, last_end - at);
    visit(record, record_id(file, record));
  }
  return last_end;
}

// The file with only the records of `ids`, between its own text before the
// first record and after the last: "" when it has none of them.
std::string slice(const SourceFile& file, const std::set<std::string>& ids) {
  std::string kept;
  const std::size_t last_end = for_each_record(file, [&](std::string_view record, auto id) {
    if (id && ids.contains(*id)) kept.append(record).append("\n");
  });
  if (kept.empty()) return "";
  return file.text.substr(0, file.text.find(file.open)) + kept + file.text.substr(last_end);
}

// Every file of the cs harvest, arXivRaw, the Atom responses and the snapshot.
std::vector<SourceFile> read_sources(const fs::path& data) {
  std::vector<SourceFile> files;
  const auto add = [&](const std::string& format, const std::string& folder, const char* open,
                       const char* close) {
    std::set<fs::path> paths;
    for (const auto& entry : fs::directory_iterator(data / folder)) paths.insert(entry.path());
    for (const fs::path& path : paths) {
      std::string text;
      if (path.extension() == ".gz") {
        text = gunzip(path);
      } else {
        std::ifstream in(path);
        std::stringstream whole;
        whole << in.rdbuf();
        text = whole.str();
      }
      files.push_back({format, path, std::move(text), open, close});
    }
  };
  add("oai-cs", "arxiv-oai-cs-2016", "<record>", "</record>");
  add("arxivraw", "arxiv-oai-raw", "<record>", "</record>");
  add("atom", "arxiv-atom", "<entry>", "</entry>");
  add("snapshot", "arxiv-kaggle", "{", "\n");
  return files;
}

// The ids of the records whose last arXivRaw version has no files.
std::set<std::string> withdrawn_in_raw(const std::vector<SourceFile>& files) {
  std::set<std::string> withdrawn;
  for (const SourceFile& file : files) {
    if (file.format != "arxivraw") continue;
    for_each_record(file, [&](std::string_view record, auto id) {
      const std::vector<std::string> sizes = elements(record, "size");
      if (id && !sizes.empty() && sizes.back() == "0kb") withdrawn.insert(*id);
    });
  }
  return withdrawn;
}

}  // namespace

TEST_CASE("the 2016 cs harvest gives one document per id and facets that match the XML",
          "[formats]") {
  const auto shared = paperdex::test::shared_dir();
  if (!shared) {
    WARN("../shared is absent: skipped");
    return;
  }
  const fs::path harvest = *shared / "data" / "arxiv-oai-cs-2016";
  const HarvestCounts expected = count_harvest(harvest);
  TempDir dir;
  const std::string db = (dir / "index").string();
  std::string log;
  REQUIRE(index_into(db, {harvest.string()}, log) == 0);
  INFO(log);

  paperdex::Searcher searcher(db);
  CHECK(searcher.document_count() == expected.ids.size());
  paperdex::SearchRequest everything;
  everything.query = "year:..2100";
  everything.limit = 1;
  const paperdex::SearchResult result = searcher.search(everything);
  CHECK(result.total == expected.ids.size());
  CHECK(as_map(result.subject_facets) == expected.subjects);
  CHECK(as_map(result.year_facets) == expected.years);
}

TEST_CASE("snapshot, OAI, arXivRaw, Atom and author pages index together", "[formats]") {
  const auto shared = paperdex::test::shared_dir();
  if (!shared) {
    WARN("../shared is absent: skipped");
    return;
  }
  const fs::path data = *shared / "data";
  TempDir dir;
  const std::string db = (dir / "index").string();
  std::string log;
  const int status = index_into(
      db,
      {(data / "arxiv-kaggle").string(), (data / "arxiv-oai-raw").string(),
       (data / "arxiv-atom").string(), (data / "arxiv-oai-cs-2016" / "page-001.xml.gz").string(),
       (paperdex::test::source_dir() / "corpus" / "author-pages").string()},
      log);
  INFO(log);
  CHECK(status <= 1);  // the Atom error feed is reported and skipped

  paperdex::Searcher searcher(db);
  struct Known {
    const char* format;
    const char* query;
    const char* id;
  };
  const std::vector<Known> known = {
      {"snapshot", "title:\"prompt diphoton production cross sections\"", "0704.0001"},
      {"OAI arXiv", "title:\"Sparsity-certifying Graph Decompositions\"", "0704.0002"},
      {"arXivRaw", "id:0803.4354", "0803.4354"},
      {"Atom", "title:\"Heat-bath random walks with Markov bases\"", "1605.08386"},
      {"author page", "title:\"Lane-Granularity OCS Scheduling\"", nullptr},
  };
  for (const Known& k : known) {
    INFO(k.format << ": " << k.query);
    paperdex::SearchRequest request;
    request.query = k.query;
    const paperdex::SearchResult result = searcher.search(request);
    REQUIRE_FALSE(result.hits.empty());
    if (k.id) CHECK(result.hits.front().id == k.id);
  }
  // 0704.0002 is both in the snapshot head and in OAI page 1: one document.
  paperdex::SearchRequest overlap;
  overlap.query = "id:0704.0002";
  CHECK(searcher.search(overlap).total == 1);
}

TEST_CASE("an author page's paper joins its arXiv record, in one index and in shards",
          "[formats]") {
  // Eight papers, so that with two workers some land in each shard, and an
  // author page listing them all by title with one more author.
  TempDir dir;
  constexpr int kPapers = 8;
  {
    std::ofstream snapshot(dir / "snapshot.jsonl");
    std::ofstream page(dir / "page.txt");
    page << "arXiv subjects\n\nPage Author\n\n"
            "Publications and source records attributed to Page Author.\n\n";
    for (int i = 0; i < kPapers; ++i) {
      const std::string title = "Routing paper number " + std::to_string(i) + " on optical fabrics";
      snapshot << R"({"id": "2601.0000)" << i << R"(", "authors": "Ada Writer", "title": ")"
               << title << R"(", "categories": "cs.NI", "abstract": "An abstract.", )"
               << R"("versions": [{"version": "v1", "created": "Mon, 5 Jan 2026 10:00:00 GMT"}]})"
               << '\n';
      page << "arXiv2026\n\n" << title << "\n\nAn abstract.\n\ncs.NI\xE2\x86\x97\n\n";
    }
  }
  for (const bool shards : {false, true}) {
    INFO((shards ? "--jobs 2 --shards" : "one index"));
    paperdex::IndexRunOptions options;
    options.db_path = (dir / (shards ? "sharded" : "single")).string();
    options.inputs = {(dir / "snapshot.jsonl").string(), (dir / "page.txt").string()};
    options.jobs = 2;
    options.keep_shards = shards;
    std::ostringstream out, err;
    REQUIRE(paperdex::test::run_indexer(options, out, err) == 0);
    INFO(out.str() + err.str());

    paperdex::Searcher searcher(options.db_path);
    CHECK(searcher.document_count() == kPapers);
    paperdex::SearchRequest by_page_author;
    by_page_author.query = "author:\"Page Author\"";
    by_page_author.limit = kPapers;
    const paperdex::SearchResult result = searcher.search(by_page_author);
    CHECK(result.total == kPapers);
    for (const paperdex::Hit& hit : result.hits) CHECK(hit.id.starts_with("2601."));
  }
}

TEST_CASE("the spelling table counts papers through updates and deletions", "[formats]") {
  TempDir dir;
  const auto write_version = [&](const std::string& abstract, const std::string& date) {
    std::ofstream snapshot(dir / "snapshot.jsonl");
    snapshot << R"({"id": "2601.00001", "authors": "Ada Writer", "title": "Counting words", )"
             << R"("categories": "cs.IR", "abstract": ")" << abstract << R"(", )"
             << R"("update_date": ")" << date << R"("})" << '\n';
  };
  paperdex::IndexRunOptions options;
  options.db_path = (dir / "index").string();
  options.inputs = {(dir / "snapshot.jsonl").string()};
  const auto index = [&] {
    std::ostringstream out, err;
    REQUIRE(paperdex::test::run_indexer(options, out, err) == 0);
  };
  const auto frequency = [&](const std::string& word) -> Xapian::doccount {
    const Xapian::Database db(options.db_path);
    Xapian::TermIterator it = db.spellings_begin();
    it.skip_to(word);
    return it != db.spellings_end() && *it == word ? it.get_termfreq() : 0;
  };

  write_version("A quokkaword beside a sharedword.", "2026-01-05");
  index();
  CHECK(frequency("quokkaword") == 1);
  CHECK(frequency("sharedword") == 1);

  // A new version: its words replace the old version's, each still one paper.
  write_version("A wallabyword beside a sharedword.", "2026-02-05");
  index();
  CHECK(frequency("quokkaword") == 0);
  CHECK(frequency("wallabyword") == 1);
  CHECK(frequency("sharedword") == 1);

  // Both versions in one bulk build: the older one's words are taken back.
  {
    std::ofstream both(dir / "both.jsonl");
    for (const auto& [abstract, date] :
         {std::pair{"A quokkaword beside a sharedword.", "2026-01-05"},
          std::pair{"A wallabyword beside a sharedword.", "2026-02-05"}}) {
      both << R"({"id": "2601.00001", "authors": "Ada Writer", "title": "Counting words", )"
           << R"("categories": "cs.IR", "abstract": ")" << abstract << R"(", )"
           << R"("update_date": ")" << date << R"("})" << '\n';
    }
  }
  {
    paperdex::IndexRunOptions bulk = options;
    bulk.db_path = (dir / "bulk").string();
    bulk.inputs = {(dir / "both.jsonl").string()};
    std::ostringstream out, err;
    REQUIRE(paperdex::test::run_indexer(bulk, out, err) == 0);
    const Xapian::Database db(bulk.db_path);
    for (const auto& [word, expected] :
         {std::pair{"quokkaword", 0}, std::pair{"wallabyword", 1}, std::pair{"sharedword", 1}}) {
      INFO(word);
      Xapian::TermIterator it = db.spellings_begin();
      it.skip_to(word);
      const Xapian::doccount found =
          it != db.spellings_end() && *it == word ? it.get_termfreq() : 0;
      CHECK(found == static_cast<Xapian::doccount>(expected));
    }
  }

  // Deleted: its words go with it.
  options.inputs.clear();
  options.delete_ids = {"2601.00001"};
  index();
  CHECK(frequency("wallabyword") == 0);
  CHECK(frequency("sharedword") == 0);
}

TEST_CASE("every source of a paper merges to one record: any order, and again unchanged",
          "[formats][update-policy]") {
  const auto shared = paperdex::test::shared_dir();
  if (!shared) {
    WARN("../shared is absent: skipped");
    return;
  }
  // The papers the cs harvest shares with arXivRaw, the Atom responses or
  // the snapshot, and only they, from each file that has any.
  const std::vector<SourceFile> files = read_sources(*shared / "data");
  std::set<std::string> harvested, elsewhere, common, versioned;
  for (const SourceFile& file : files) {
    for_each_record(file, [&](std::string_view, auto id) {
      if (!id) return;
      (file.format == "oai-cs" ? harvested : elsewhere).insert(*id);
      if (file.format == "arxivraw" || file.format == "snapshot") versioned.insert(*id);
    });
  }
  std::set_intersection(harvested.begin(), harvested.end(), elsewhere.begin(), elsewhere.end(),
                        std::inserter(common, common.end()));
  REQUIRE(!common.empty());
  TempDir dir;
  std::map<std::string, std::vector<std::string>> inputs;  // by format
  for (const SourceFile& file : files) {
    const std::string sliced = slice(file, common);
    if (sliced.empty()) continue;
    const fs::path path = dir / (file.format + "-" + file.path.filename().string());
    paperdex::test::write_file(path, sliced);
    inputs[file.format].push_back(path.string());
  }
  REQUIRE(inputs.size() == 4);

  const auto index = [](const std::string& db, const std::vector<std::string>& group) {
    paperdex::IndexRunOptions options;
    options.db_path = db;
    options.inputs = group;
    options.jobs = 2;  // the first group is a bulk build, the others batches
    const paperdex::IndexRunResult result = paperdex::run_index(options);
    INFO(result.error);
    REQUIRE(result.error.empty());
    return result.stats;
  };
  const std::vector<std::string> forward = {"oai-cs", "arxivraw", "atom", "snapshot"};
  const std::vector<std::string> backward(forward.rbegin(), forward.rend());
  std::map<std::string, std::string> first_documents;
  for (const auto& order : {forward, backward}) {
    const std::string db = (dir / ("index-" + order.front())).string();
    for (const std::string& format : order) index(db, inputs[format]);
    // Each source again, in either order: nothing changes.
    for (const auto& again : {order, forward}) {
      for (const std::string& format : again) {
        INFO(format << " again, after " << order.front() << " first");
        const paperdex::IndexStats stats = index(db, inputs[format]);
        CHECK(stats.added == 0);
        CHECK(stats.updated == 0);
        CHECK(stats.unchanged > 0);
      }
    }
    std::map<std::string, std::string> documents;
    for (const auto& [term, record] : paperdex::test::stored_records(db)) {
      documents[term] = paperdex::test::paper_json(record);
    }
    CHECK(documents.size() == common.size());
    if (first_documents.empty()) {
      first_documents = documents;
    } else {
      CHECK(documents == first_documents);  // the same papers, whichever source came first
    }
  }

  // A paper keeps the version list a source gave it, and v1's date is its
  // submission date (0704.0002: the snapshot's versions, the harvest's none);
  // one whose latest arXivRaw version has no files is withdrawn.
  const std::set<std::string> withdrawn = withdrawn_in_raw(files);
  std::size_t checked = 0;
  for (const auto& [term, record] :
       paperdex::test::stored_records((dir / "index-oai-cs").string())) {
    INFO(record.id);
    if (versioned.contains(record.id)) {
      ++checked;
      REQUIRE_FALSE(record.versions.empty());
      CHECK(record.submitted == record.versions.front().date);
    }
    if (withdrawn.contains(record.id)) CHECK(record.withdrawn);
  }
  CHECK(checked > 0);
  CHECK(std::any_of(withdrawn.begin(), withdrawn.end(),
                    [&](const std::string& id) { return common.contains(id); }));
}
