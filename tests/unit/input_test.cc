// The input layer (input.cc): format detection, files, directories, gzip,
// and every way an input can be unusable.
#include <catch2/catch.hpp>
#include <iostream>
#include <stdexcept>

#include "input_stream.h"
#include "paperdex/indexer/readers.h"
#include "reader_test_support.h"
#include "test_support.h"

using paperdex::InputFormat;
using paperdex::test::Collected;
using paperdex::test::gzip_stored;
using paperdex::test::TempDir;
using paperdex::test::write_file;

namespace {

std::string jsonl_line(const std::string& id, const std::string& title) {
  return R"({"id":")" + id + R"(","title":")" + title +
         R"(","authors":"A. Author","categories":"cs.IR","abstract":"Text."})" + "\n";
}

std::string jsonl_lines(int count) {
  std::string text;
  for (int i = 1; i <= count; ++i) {
    text += jsonl_line("2101." + std::to_string(10000 + i), "Paper " + std::to_string(i));
  }
  return text;
}

Collected read_path(const std::filesystem::path& path) {
  Collected collected;
  paperdex::read_input(path.string(), collected.sink());
  return collected;
}

}  // namespace

TEST_CASE("detect_format recognises each format from its first bytes", "[readers]") {
  struct Case {
    std::string head;
    InputFormat expected;
  };
  const std::vector<Case> cases = {
      {"arXiv subjects\n\nAda Lovelace\n", InputFormat::kAuthorPage},
      {"\xEF\xBB\xBF\r\n\r\narXiv subjects\r\n", InputFormat::kAuthorPage},
      {"{\"id\":\"0704.0001\"}\n", InputFormat::kArxivJsonl},
      {"  \n{\"id\": 1}", InputFormat::kArxivJsonl},
      {"[\n  {\"id\": \"0704.0001\"}", InputFormat::kArxivJsonArray},
      {"<?xml version=\"1.0\"?>\n<OAI-PMH xmlns=\"http://www.openarchives.org/OAI/2.0/\">",
       InputFormat::kOaiPmh},
      {"<?xml version='1.0' encoding='UTF-8'?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">",
       InputFormat::kAtom},
      {"<atom:feed xmlns:atom=\"http://www.w3.org/2005/Atom\">", InputFormat::kAtom},
      {"<feed xmlns=\"http://example.org/not-atom\">", InputFormat::kUnknown},
      {"<html><body>arXiv</body></html>", InputFormat::kUnknown},
      {"arXiv2026\nA title\n", InputFormat::kUnknown},
      {"id,title\n1,x\n", InputFormat::kUnknown},
      {"", InputFormat::kUnknown},
      {" \r\n\t ", InputFormat::kUnknown},
      {std::string("\x1f\x8b\x08\x00", 4), InputFormat::kUnknown},
  };
  for (const auto& c : cases) {
    INFO("head: " << c.head);
    CHECK(paperdex::detect_format(c.head) == c.expected);
  }
}

TEST_CASE("format_name names every format", "[readers]") {
  CHECK(paperdex::format_name(InputFormat::kAuthorPage) == "author-page");
  CHECK(paperdex::format_name(InputFormat::kArxivJsonl) == "arxiv-jsonl");
  CHECK(paperdex::format_name(InputFormat::kOaiPmh) == "oai-pmh");
  CHECK(paperdex::format_name(InputFormat::kAtom) == "atom");
  CHECK(paperdex::format_name(InputFormat::kUnknown) == "unknown");
}

TEST_CASE("unusable inputs are problems naming the file, never exceptions", "[readers]") {
  TempDir dir;
  struct Case {
    std::string name;
    std::string bytes;
    std::string reason;
  };
  std::string binary;
  for (int i = 0; i < 4096; ++i) binary.push_back(static_cast<char>((i * 37) % 256));
  const std::vector<Case> cases = {
      {"empty.txt", "", "empty"},
      {"blank.txt", "\n  \r\n\t\n", "empty"},
      {"binary.bin", binary, "binary"},
      {"words.txt", "just some words\nand more\n", "unknown-format"},
      {"table.csv", "id,title\n1,x\n", "unknown-format"},
      {"empty.gz", gzip_stored(""), "empty"},
      {"binary.gz", gzip_stored(binary), "binary"},
      {"garbage.gz", std::string("\x1f\x8b\x08\x00garbage that is not deflate", 31),
       "corrupt-gzip"},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    write_file(dir / c.name, c.bytes);
    Collected got;
    REQUIRE_NOTHROW(paperdex::read_input((dir / c.name).string(), got.sink()));
    CHECK(got.records.empty());
    REQUIRE(got.problems.size() == 1);
    CHECK(got.problems[0].reason == c.reason);
    CHECK(got.problems[0].origin == (dir / c.name).string());
    CHECK_FALSE(got.problems[0].message.empty());
  }

  Collected missing = read_path(dir / "does-not-exist.jsonl");
  REQUIRE(missing.problems.size() == 1);
  CHECK(missing.problems[0].reason == "unreadable");
  CHECK(missing.problems[0].origin == (dir / "does-not-exist.jsonl").string());
}

TEST_CASE("gzip is detected by its magic bytes, not by the file name", "[readers]") {
  TempDir dir;
  write_file(dir / "compressed.dat", gzip_stored(jsonl_lines(5)));
  write_file(dir / "plain.jsonl.gz", jsonl_lines(4));
  // Two members back to back, as `cat a.gz b.gz > c.gz` makes them.
  write_file(dir / "two-members.gz",
             gzip_stored(jsonl_lines(2)) + gzip_stored(jsonl_line("2101.99999", "Last")));

  const Collected compressed = read_path(dir / "compressed.dat");
  CHECK(compressed.problems.empty());
  REQUIRE(compressed.records.size() == 5);
  CHECK(compressed.records[4].title == "Paper 5");
  CHECK(compressed.records[4].origin == (dir / "compressed.dat").string() + ":5");

  const Collected plain = read_path(dir / "plain.jsonl.gz");
  CHECK(plain.problems.empty());
  CHECK(plain.records.size() == 4);

  const Collected members = read_path(dir / "two-members.gz");
  CHECK(members.problems.empty());
  REQUIRE(members.records.size() == 3);
  CHECK(members.records[2].id == "2101.99999");
}

TEST_CASE("a truncated gzip keeps the records before the cut and reports the file", "[readers]") {
  TempDir dir;
  const std::string content = jsonl_lines(50);
  const std::string gz = gzip_stored(content, 512);
  write_file(dir / "cut.jsonl.gz", gz.substr(0, gz.size() / 2));

  const Collected got = read_path(dir / "cut.jsonl.gz");
  CHECK(got.records.size() >= 20);
  CHECK(got.records.size() < 50);
  CHECK(got.has_problem("truncated-gzip"));
  for (const auto& problem : got.problems) {
    CHECK(problem.origin.starts_with((dir / "cut.jsonl.gz").string()));
  }
  // The records that did arrive are whole ones, in order.
  for (std::size_t i = 0; i < got.records.size(); ++i) {
    CHECK(got.records[i].title == "Paper " + std::to_string(i + 1));
  }
}

TEST_CASE("a truncated real OAI page keeps its earlier records", "[readers]") {
  const auto shared = paperdex::test::shared_dir();
  if (!shared) {
    WARN("skipped: ../shared is absent");
    return;
  }
  const std::string gz =
      paperdex::test::read_file(*shared / "data" / "arxiv-oai-cs-2016" / "page-001.xml.gz");
  TempDir dir;
  write_file(dir / "page.xml.gz", gz.substr(0, gz.size() / 2));
  const Collected got = read_path(dir / "page.xml.gz");
  CHECK(got.records.size() > 300);
  CHECK(got.records.size() < 1000);
  CHECK(got.has_problem("truncated-gzip"));
  CHECK(got.has_problem("invalid-xml"));  // the XML ends inside a record too
}

TEST_CASE("directories are read recursively in sorted order, hidden entries skipped", "[readers]") {
  TempDir dir;
  write_file(dir / "b" / "2.jsonl", jsonl_line("2101.00002", "Two"));
  write_file(dir / "b" / "1.jsonl", jsonl_line("2101.00001", "One"));
  write_file(dir / "a.jsonl", jsonl_line("2101.00000", "Zero"));
  write_file(dir / "c" / "d" / "3.jsonl.gz", gzip_stored(jsonl_line("2101.00003", "Three")));
  write_file(dir / ".hidden.jsonl", jsonl_line("2101.00009", "Hidden"));
  write_file(dir / ".git" / "x.jsonl", jsonl_line("2101.00008", "In git"));

  const std::vector<std::string> expected = {
      (dir / "a.jsonl").string(), (dir / "b" / "1.jsonl").string(),
      (dir / "b" / "2.jsonl").string(), (dir / "c" / "d" / "3.jsonl.gz").string()};
  const auto missing = (dir / "missing.txt").string();
  std::vector<std::string> wanted = expected;
  wanted.push_back(missing);
  wanted.push_back("-");
  CHECK(paperdex::expand_inputs({dir.path().string(), missing, "-"}) == wanted);

  const Collected got = read_path(dir.path());
  CHECK(got.problems.empty());
  REQUIRE(got.records.size() == 4);
  CHECK(got.records[0].title == "Zero");
  CHECK(got.records[1].title == "One");
  CHECK(got.records[2].title == "Two");
  CHECK(got.records[3].title == "Three");
}

TEST_CASE("progress ends at the number of bytes in the file", "[readers]") {
  TempDir dir;
  const std::string gz = gzip_stored(jsonl_lines(200));
  write_file(dir / "p.gz", gz);
  const Collected got = read_path(dir / "p.gz");
  REQUIRE_FALSE(got.progress.empty());
  CHECK(got.progress.back() == gz.size());
  CHECK(std::is_sorted(got.progress.begin(), got.progress.end()));
}

TEST_CASE("peeking at a stream does not consume it", "[readers]") {
  std::stringbuf source(gzip_stored(std::string(300000, 'x') + "end"));
  paperdex::detail::CountingInputBuf raw(source, nullptr);
  CHECK(paperdex::detail::has_gzip_magic(raw.peek(2)));
  paperdex::detail::GzipInputBuf gzip(raw);
  CHECK(gzip.peek(5) == "xxxxx");
  std::istream in(&gzip);
  std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(all.size() == 300003);
  CHECK(all.ends_with("end"));
  CHECK_FALSE(gzip.truncated());
  CHECK(gzip.error().empty());
}

TEST_CASE("\"-\" reads standard input", "[readers]") {
  std::stringbuf input(gzip_stored(jsonl_lines(3)));
  std::streambuf* saved = std::cin.rdbuf(&input);
  Collected got;
  paperdex::read_input("-", got.sink());
  std::cin.rdbuf(saved);
  CHECK(got.problems.empty());
  REQUIRE(got.records.size() == 3);
  CHECK(got.records[2].origin == "<stdin>:3");
}

TEST_CASE("a sink that throws on a problem (--strict) stops the read with its exception",
          "[readers]") {
  struct Strict : std::runtime_error {
    using std::runtime_error::runtime_error;
  };
  TempDir dir;
  const std::string oai_head =
      "<?xml version=\"1.0\"?>\n<OAI-PMH xmlns=\"http://www.openarchives.org/OAI/2.0/\">"
      "<ListRecords>";
  const std::string bad_oai_record =
      "<record><header><identifier>x</identifier></header><metadata><arXiv><id>x</id>"
      "<title>T</title></arXiv></metadata></record>";
  const std::vector<std::pair<std::string, std::string>> inputs = {
      {"bad.jsonl",
       jsonl_line("2101.00001", "Fine") + "{broken\n" + jsonl_line("2101.00002", "Late")},
      {"bad.xml", oai_head + bad_oai_record + std::string(300000, ' ') +
                      "<record><header><identifier>oai:arXiv.org:2101.00002</identifier>"
                      "</header><metadata><arXiv><id>2101.00002</id><title>Late</title></arXiv>"
                      "</metadata></record></ListRecords></OAI-PMH>"},
      {"bad.txt", "arXiv subjects\nA. Person\narXiv2020\n"},
      {"bad.bin", std::string(100, '\0')},
  };
  for (const auto& [name, bytes] : inputs) {
    INFO(name);
    write_file(dir / name, bytes);
    std::vector<paperdex::Record> records;
    paperdex::RecordSink sink{
        [&](paperdex::Record&& record) { records.push_back(std::move(record)); },
        [](const paperdex::ReadProblem& problem) { throw Strict(problem.origin); }, nullptr,
        nullptr};
    CHECK_THROWS_AS(paperdex::read_input((dir / name).string(), sink), Strict);
    for (const auto& record : records) CHECK(record.title != "Late");
  }
}
