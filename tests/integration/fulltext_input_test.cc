// paperdex-index reads papers' full text (#50) beside their metadata: the
// shared arXiv PDFs and LaTeX source packages (../shared/data/fulltext),
// each attached to its arXiv id and searched by body:; metadata arriving
// later merges with a body-only paper and keeps its body; a file read again
// replaces its body; a file that is no PDF, or a damaged one, is named and
// the good file beside it indexed.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include <xapian.h>

#include "paperdex/common/schema.h"
#include "paperdex/common/stored_record.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
namespace schema = paperdex::schema;
using paperdex::test::quote;
using paperdex::test::run_command;
using paperdex::test::shared_fulltext;
using paperdex::test::TempDir;
using paperdex::test::write_file;

paperdex::test::RunOutput index(const std::string& db, const std::vector<std::string>& inputs,
                                const std::string& options = "") {
  std::string command = std::string(PAPERDEX_INDEX_BIN) + " --db " + quote(db) + " " + options;
  for (const std::string& input : inputs) command += " " + quote(input);
  return run_command(command + " 2>&1");
}

// The ids paperdex-search finds for `query`, best first.
std::vector<std::string> search(const std::string& db, const std::string& query) {
  const auto result =
      run_command(std::string(PAPERDEX_SEARCH_BIN) + " --db " + quote(db) +
                  " --format tsv --fields id -n 10 " + quote(query) + " 2>/dev/null");
  std::vector<std::string> ids;
  std::istringstream lines(result.out);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty()) ids.push_back(line);
  }
  return ids;
}

// The stored body of paper `id`, "" when it has none or is not there.
std::string body_of(const std::string& db, const std::string& id) {
  const Xapian::Database database(db);
  const std::string term = schema::make_term(schema::kIdPrefix, id);
  if (database.postlist_begin(term) == database.postlist_end(term)) return "";
  return paperdex::decode_body(
      database.get_document(*database.postlist_begin(term)).get_value(schema::kBodySlot));
}

std::size_t paper_count(const std::string& db) { return Xapian::Database(db).get_doccount(); }

// Six consecutive plain words (letters only, three or more each) of
// `text`'s second page, or "" when it has none.
std::string phrase_past_page_one(const std::string& text) {
  const std::size_t page_two = text.find('\f');
  if (page_two == std::string::npos) return "";
  const std::size_t end = text.find('\f', page_two + 1);
  return paperdex::test::six_plain_words(text.substr(page_two + 1, end - page_two - 1));
}

// What a test starts from: a folder of its own, with the index to build in
// it at `db`.
class FolderIndex {
 protected:
  TempDir dir;
  const std::string db = (dir.path() / "index").string();

  // ../shared/data/fulltext; nullopt, after a WARN saying what goes untested
  // (`untested`), when it is absent.
  static std::optional<fs::path> shared_or_warn(const std::string& untested) {
    auto shared = shared_fulltext();
    if (!shared) WARN("../shared/data/fulltext is absent: " << untested);
    return shared;
  }
};

}  // namespace

TEST_CASE_METHOD(
    FolderIndex,
    "every shared PDF and LaTeX package is indexed under its arXiv id, searched by body:",
    "[fulltext][cli]") {
  const auto shared = shared_or_warn("the shared PDFs and LaTeX sources are not indexed");
  if (!shared) return;
  const auto run = index(db, {(*shared / "pdf").string(), (*shared / "latex").string()});
  INFO(run.out);
  REQUIRE(run.status == 0);

  std::vector<fs::path> files;
  for (const char* folder : {"pdf", "latex"}) {
    for (const auto& entry : fs::directory_iterator(*shared / folder))
      files.push_back(entry.path());
  }
  REQUIRE(files.size() >= 25);
  std::size_t phrases = 0;
  for (const fs::path& file : files) {
    INFO(file.filename().string());
    const std::string id = paperdex::test::shared_file_id(file);
    const std::string body = body_of(db, id);
    CHECK(body.size() > 1000);
    if (file.extension() != ".pdf") continue;
    const std::string phrase = phrase_past_page_one(body);
    if (phrase.empty()) continue;  // the one-page PDF
    INFO(phrase);
    const std::vector<std::string> found = search(db, "body:\"" + phrase + "\"");
    REQUIRE_FALSE(found.empty());
    CHECK(found.front() == id);
    ++phrases;
  }
  CHECK(phrases >= 20);
}

TEST_CASE_METHOD(FolderIndex,
                 "a body read before the paper's metadata stays, and a file read again replaces it",
                 "[fulltext][cli]") {
  const fs::path source = dir.path() / "papers" / "2101.00001.tex";
  write_file(source,
             "\\documentclass{article}\n\\title{A Draft Title}\n\\begin{document}\n\\maketitle\n"
             "\\section{Method}\nWe counted the migrating starlings over the estuary.\n"
             "\\end{document}\n");
  auto run = index(db, {source.string()});
  INFO(run.out);
  REQUIRE(run.status == 0);
  CHECK(search(db, "body:\"migrating starlings\"") == std::vector<std::string>{"2101.00001"});
  CHECK(search(db, "title:draft") == std::vector<std::string>{"2101.00001"});

  // The paper's metadata arrives: one paper, the metadata's title, the body kept.
  const fs::path snapshot = dir.path() / "snapshot.jsonl";
  write_file(snapshot, paperdex::test::snapshot_line("2101.00001", "Birds over estuaries") + "\n");
  run = index(db, {snapshot.string()});
  REQUIRE(run.status == 0);
  CHECK(search(db, "title:estuaries") == std::vector<std::string>{"2101.00001"});
  CHECK(search(db, "title:draft").empty());
  CHECK(search(db, "body:\"migrating starlings\"") == std::vector<std::string>{"2101.00001"});
  CHECK(search(db, "starlings") == std::vector<std::string>{"2101.00001"});

  // The source changed and read again: its new body replaces the old one.
  write_file(source,
             "\\documentclass{article}\n\\title{A Draft Title}\n\\begin{document}\n\\maketitle\n"
             "\\section{Method}\nWe counted the wading curlews on the mudflats.\n"
             "\\end{document}\n");
  run = index(db, {source.string()});
  REQUIRE(run.status == 0);
  CHECK(search(db, "body:curlews") == std::vector<std::string>{"2101.00001"});
  CHECK(search(db, "body:starlings").empty());
  CHECK(search(db, "title:estuaries") == std::vector<std::string>{"2101.00001"});
  CHECK(Xapian::Database(db).get_doccount() == 1);
}

TEST_CASE_METHOD(
    FolderIndex,
    "a text file named .pdf and a damaged PDF are named, the good PDF beside them indexed",
    "[fulltext][cli][hostile]") {
  const auto shared = shared_or_warn("no real PDF to index beside the hostile files");
  if (!shared) return;
  const fs::path folder = dir.path() / "pdfs";
  fs::create_directories(folder);
  fs::copy_file(*shared / "pdf/1805.05865.pdf", folder / "1805.05865.pdf");
  write_file(folder / "2101.00002.pdf", "This is a note, not a PDF at all.\n");
  std::ifstream good(*shared / "pdf/0801.0012.pdf", std::ios::binary);
  std::string head(4000, '\0');
  good.read(head.data(), static_cast<std::streamsize>(head.size()));
  write_file(folder / "2101.00003.pdf", head);  // a PDF cut short
  const auto run = index(db, {folder.string()});
  INFO(run.out);
  CHECK(run.status != 0);
  CHECK(paperdex::test::contains(run.out, "2101.00002.pdf: not a PDF"));
  CHECK(paperdex::test::contains(run.out, "2101.00003.pdf"));
  CHECK(body_of(db, "1805.05865").size() > 1000);
  CHECK(body_of(db, "2101.00002").empty());
  CHECK(body_of(db, "2101.00003").empty());
}

TEST_CASE_METHOD(
    FolderIndex,
    "the PDF limits are options, shown with their defaults, and a page limit cuts a PDF",
    "[fulltext][cli][limits]") {
  // One line: --help wraps its descriptions at the terminal's width.
  const std::string help = std::regex_replace(
      run_command(std::string(PAPERDEX_INDEX_BIN) + " --help").out, std::regex(R"(\s+)"), " ");
  for (const char* shown : {"--pdf-time-limit", "default 60)", "--pdf-memory-limit",
                            "default 1,024)", "--pdf-page-limit", "default 2,000)",
                            "--pdf-text-limit", "--source-size-limit", "--pdf-readers"}) {
    CHECK(paperdex::test::contains(help, shown));
  }
  const auto refused = index(db, {dir.path().string()}, "--pdf-page-limit 0");
  CHECK(refused.status == 2);
  CHECK(paperdex::test::contains(refused.out, "--pdf-page-limit must be between 1 and"));

  const auto shared = shared_or_warn("no real PDF to cut at a page limit");
  if (!shared) return;
  const fs::path pdf = *shared / "pdf/2206.10883v3.pdf";
  const auto whole = index((dir.path() / "whole").string(), {pdf.string()});
  const auto cut = index(db, {pdf.string()}, "--pdf-page-limit 2");
  INFO(cut.out);
  CHECK(whole.status == 0);
  CHECK(cut.status == 1);  // a PDF not read whole
  CHECK(paperdex::test::contains(cut.out, "first 2 of "));
  const std::string whole_body = body_of((dir.path() / "whole").string(), "2206.10883");
  const std::string cut_body = body_of(db, "2206.10883");
  CHECK(!cut_body.empty());
  CHECK(cut_body.size() < whole_body.size() / 2);
  CHECK(whole_body.starts_with(cut_body.substr(0, 200)));
}

TEST_CASE_METHOD(FolderIndex,
                 "PDFs read several at once are indexed as if read one after the other",
                 "[fulltext][cli][read-ahead]") {
  const auto shared = shared_or_warn("no real PDFs to read at once");
  if (!shared) return;
  const fs::path folder = dir.path() / "pdfs";
  fs::create_directories(folder);
  std::vector<std::string> ids;
  for (const char* name :
       {"0801.0012.pdf", "1805.05865.pdf", "2301.05883.pdf", "2304.10117.pdf", "2503.05372.pdf"}) {
    fs::copy_file(*shared / "pdf" / name, folder / name);
    ids.push_back(paperdex::test::shared_file_id(name));
  }
  write_file(folder / "2101.00002.pdf", "%PDF-1.5\n% cut short\n");  // between the good ones
  const auto one = index((dir.path() / "one").string(), {folder.string()}, "--pdf-readers 1");
  const auto four = index((dir.path() / "four").string(), {folder.string()}, "--pdf-readers 4");
  INFO(one.out << "\n---\n" << four.out);
  CHECK(one.status == 1);
  CHECK(four.status == 1);
  CHECK(paperdex::test::contains(four.out, "2101.00002.pdf"));
  CHECK(paper_count((dir.path() / "four").string()) == ids.size());
  for (const std::string& id : ids) {
    INFO(id);
    const std::string body = body_of((dir.path() / "one").string(), id);
    CHECK(body.size() > 1000);
    CHECK(body_of((dir.path() / "four").string(), id) == body);
  }
}

namespace {

// 0807.3577.pdf prints no arXiv stamp: under a name without its id, it names
// no paper. Its info title and authors are its paper's.
constexpr const char* kUnstampedPdf = "pdf/0807.3577.pdf";
constexpr const char* kUnstampedId = "0807.3577";
constexpr const char* kUnstampedTitle = "Apparent and average accelerations of the Universe";
constexpr const char* kUnstampedAuthors = "Krzysztof Bolejko and Lars Andersson";

std::string metadata_line(const std::string& id, const std::string& title,
                          const std::string& authors) {
  paperdex::test::SnapshotRecord record;
  record.id = id;
  record.title = title;
  record.authors = authors;
  return paperdex::test::snapshot_json(record);
}

}  // namespace

TEST_CASE_METHOD(FolderIndex,
                 "a PDF that names no paper is attached to the indexed paper of its title",
                 "[fulltext][cli][which-paper]") {
  const auto shared = shared_or_warn("no PDF without an arXiv id to attach");
  if (!shared) return;
  write_file(dir.path() / "meta.jsonl",
             metadata_line(kUnstampedId, kUnstampedTitle, kUnstampedAuthors) +
                 metadata_line("0807.0001", "Average accelerations of an inhomogeneous Universe",
                               "Krzysztof Bolejko"));
  REQUIRE(index(db, {(dir.path() / "meta.jsonl").string()}).status == 0);
  fs::create_directories(dir.path() / "downloads");
  fs::copy_file(*shared / kUnstampedPdf, dir.path() / "downloads" / "paper.pdf");
  const auto run = index(db, {(dir.path() / "downloads").string()});
  INFO(run.out);
  REQUIRE(run.status == 0);
  CHECK(paper_count(db) == 2);
  CHECK(body_of(db, kUnstampedId).size() > 1000);
  CHECK(body_of(db, "0807.0001").empty());
  // Read again: the same paper's body replaced, nothing duplicated.
  REQUIRE(index(db, {(dir.path() / "downloads").string()}).status == 0);
  CHECK(paper_count(db) == 2);
}

TEST_CASE_METHOD(
    FolderIndex,
    "a PDF whose paper is not indexed becomes a paper of its own until its metadata comes",
    "[fulltext][cli][which-paper]") {
  const auto shared = shared_or_warn("no PDF without an arXiv id to index");
  if (!shared) return;
  fs::create_directories(dir.path() / "downloads");
  fs::copy_file(*shared / kUnstampedPdf, dir.path() / "downloads" / "paper.pdf");
  // 1805.05865 neither: its title is read from its first page's layout.
  fs::copy_file(*shared / "pdf/1805.05865.pdf", dir.path() / "downloads" / "loeb.pdf");
  auto run = index(db, {(dir.path() / "downloads").string()});
  INFO(run.out);
  REQUIRE(run.status == 0);
  REQUIRE(paper_count(db) == 2);
  // Found first by its title, under an id of its own.
  std::vector<std::string> found = search(db, kUnstampedTitle);
  REQUIRE_FALSE(found.empty());
  CHECK(found.front().starts_with("pdx-"));
  CHECK(body_of(db, found.front()).size() > 1000);
  found = search(db, "Lets Talk About Black Hole Singularities");
  REQUIRE_FALSE(found.empty());
  CHECK(found.front().starts_with("pdx-"));

  // Read again: still one paper each.
  REQUIRE(index(db, {(dir.path() / "downloads").string()}).status == 0);
  CHECK(paper_count(db) == 2);

  // Its arXiv metadata arrives: one paper under the arXiv id, the body kept.
  write_file(dir.path() / "meta.jsonl",
             metadata_line(kUnstampedId, kUnstampedTitle, kUnstampedAuthors));
  run = index(db, {(dir.path() / "meta.jsonl").string()});
  REQUIRE(run.status == 0);
  CHECK(paper_count(db) == 2);
  CHECK(body_of(db, kUnstampedId).size() > 1000);
  found = search(db, kUnstampedTitle);
  REQUIRE_FALSE(found.empty());
  CHECK(found.front() == kUnstampedId);
}

TEST_CASE_METHOD(FolderIndex,
                 "a PDF is not attached to a paper of a similar title or of other authors",
                 "[fulltext][cli][which-paper]") {
  const auto shared = shared_or_warn("no PDF without an arXiv id to index");
  if (!shared) return;
  // One word more; the same title by other authors.
  write_file(dir.path() / "meta.jsonl",
             metadata_line("0807.0002", "Apparent and average accelerations of the early Universe",
                           kUnstampedAuthors) +
                 metadata_line("0807.0003", kUnstampedTitle, "Jane Doe and John Roe"));
  REQUIRE(index(db, {(dir.path() / "meta.jsonl").string()}).status == 0);
  fs::create_directories(dir.path() / "downloads");
  fs::copy_file(*shared / kUnstampedPdf, dir.path() / "downloads" / "paper.pdf");
  const auto run = index(db, {(dir.path() / "downloads").string()});
  INFO(run.out);
  REQUIRE(run.status == 0);
  CHECK(paper_count(db) == 3);
  CHECK(body_of(db, "0807.0002").empty());
  CHECK(body_of(db, "0807.0003").empty());
  const std::vector<std::string> found = search(db, "body:\"accelerations\"");
  REQUIRE(found.size() == 1);
  CHECK(found.front().starts_with("pdx-"));
}

TEST_CASE_METHOD(
    FolderIndex,
    "a folder indexed again reads only new and changed files and drops the bodies of gone ones",
    "[fulltext][cli][folders]") {
  const auto shared = shared_or_warn("no PDFs to keep a folder of");
  if (!shared) return;
  const fs::path folder = dir.path() / "papers";
  fs::create_directories(folder);
  for (const char* name : {"0801.0012.pdf", "1805.05865.pdf", "2304.10117.pdf"}) {
    fs::copy_file(*shared / "pdf" / name, folder / name);
  }
  auto run = index(db, {folder.string()});
  INFO(run.out);
  REQUIRE(run.status == 0);
  CHECK(paperdex::test::contains(run.out, "records read   3"));
  const std::string body_0801 = body_of(db, "0801.0012");
  REQUIRE(body_0801.size() > 1000);

  // Nothing changed: nothing read.
  run = index(db, {folder.string()});
  INFO(run.out);
  REQUIRE(run.status == 0);
  CHECK(paperdex::test::contains(run.out, "records read   0"));
  CHECK(paperdex::test::contains(run.out, "files unchanged 3"));

  // Touched only (a new time, the same bytes): not read either.
  fs::last_write_time(folder / "1805.05865.pdf",
                      fs::last_write_time(folder / "1805.05865.pdf") + std::chrono::hours(1));
  // One changed: another PDF's bytes under the same name, a new time.
  fs::copy_file(*shared / "pdf/2503.05621.pdf", folder / "0801.0012.pdf",
                fs::copy_options::overwrite_existing);
  fs::last_write_time(folder / "0801.0012.pdf",
                      fs::last_write_time(folder / "0801.0012.pdf") + std::chrono::hours(2));
  // One added, one removed.
  fs::copy_file(*shared / "pdf/2110.02751.pdf", folder / "2110.02751.pdf");
  fs::remove(folder / "2304.10117.pdf");
  run = index(db, {folder.string()});
  INFO(run.out);
  REQUIRE(run.status == 0);
  CHECK(paperdex::test::contains(run.out, "records read   2"));
  CHECK(paperdex::test::contains(run.out, "files unchanged 1"));
  CHECK(paperdex::test::contains(run.out, "files gone     1 (bodies dropped: 1)"));
  // The changed file's new body replaced the old one (its name names the paper).
  const std::string changed = body_of(db, "0801.0012");
  CHECK(changed.size() > 1000);
  CHECK(changed != body_0801);
  CHECK(paperdex::test::contains(changed, "Affine"));
  CHECK(body_of(db, "2110.02751").size() > 1000);
  CHECK(body_of(db, "1805.05865").size() > 1000);
  // The removed file's paper stays, without its body.
  CHECK(body_of(db, "2304.10117").empty());
  const Xapian::Database database(db);
  CHECK(database.term_exists(schema::make_term(schema::kIdPrefix, "2304.10117")));
  const std::vector<std::string> found = search(db, "body:\"gravitational wave\"");
  CHECK(std::find(found.begin(), found.end(), "2304.10117") == found.end());
}
