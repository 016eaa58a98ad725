// The input format table (input.cc): one row per format, each detected from
// a sample of its own and read by its own reader; the rest of the input
// layer (format_name, detect_format, the unknown-format message, --help)
// comes from the table.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <set>
#include <sstream>
#include <vector>

#include "paperdex/indexer/readers.h"
#include "reader_test_support.h"
#include "test_support.h"

using paperdex::InputFormat;
using paperdex::InputFormatInfo;

namespace {

// A one-page PDF titled "Table test", its cross-reference table at the
// right offsets.
std::string one_page_pdf() {
  const std::string stream = "BT /F1 24 Tf 72 700 Td (Some words of the paper) Tj ET";
  const std::vector<std::string> objects = {
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
      "/Resources << /Font << /F1 5 0 R >> >> >>",
      "<< /Length " + std::to_string(stream.size()) + " >>\nstream\n" + stream + "\nendstream",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
      "<< /Title (Table test) >>"};
  std::string pdf = "%PDF-1.4\n";
  std::vector<std::size_t> offsets;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    offsets.push_back(pdf.size());
    pdf += std::to_string(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
  }
  const std::size_t xref = pdf.size();
  pdf += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
  for (const std::size_t offset : offsets) {
    std::string number = std::to_string(offset);
    pdf += std::string(10 - number.size(), '0') + number + " 00000 n \n";
  }
  pdf += "trailer\n<< /Size " + std::to_string(objects.size() + 1) +
         " /Root 1 0 R /Info 6 0 R >>\nstartxref\n" + std::to_string(xref) + "\n%%EOF\n";
  return pdf;
}

// A small valid input of each format, with one record titled "Table test".
std::string sample(InputFormat format) {
  switch (format) {
    case InputFormat::kAuthorPage:
      return "arXiv subjects\n\nAda Lovelace\n\n"
             "Publications and source records attributed to Ada Lovelace.\n\n"
             "arXiv2021\n\nTable test\n\nAn abstract.\n\ncs.NI\xE2\x86\x97\n";
    case InputFormat::kArxivJsonl:
      return R"({"id":"2101.00001","title":"Table test","authors":"A. Author","abstract":"x"})"
             "\n";
    case InputFormat::kArxivJsonArray:
      return R"([{"id":"2101.00001","title":"Table test","authors":"A. Author","abstract":"x"}])";
    case InputFormat::kJsonDocument:
      return "{\n  \"count\": 1,\n  \"papers\": [\n    {\"arxiv_id\": \"2101.00001v1\", "
             "\"title\": \"Table test\", \"summary\": \"x\", \"authors\": [\"A. Author\"]}\n"
             "  ]\n}\n";
    case InputFormat::kOaiPmh:
      return R"(<?xml version="1.0"?><OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/">)"
             R"(<ListRecords><record><header><identifier>oai:arXiv.org:2101.00001</identifier>)"
             R"(</header><metadata><arXiv xmlns="http://arxiv.org/OAI/arXiv/"><id>2101.00001</id>)"
             R"(<title>Table test</title><abstract>x</abstract></arXiv></metadata></record>)"
             R"(</ListRecords></OAI-PMH>)";
    case InputFormat::kAtom:
      return R"(<feed xmlns="http://www.w3.org/2005/Atom"><entry>)"
             R"(<id>http://arxiv.org/abs/2101.00001v1</id><title>Table test</title>)"
             R"(<summary>x</summary><author><name>A. Author</name></author></entry></feed>)";
    case InputFormat::kPdf:
      return one_page_pdf();
    case InputFormat::kLatexSource:
      return "\\documentclass{article}\n\\title{Table test}\n\\begin{document}\n\\maketitle\n"
             "\\section{Introduction}\nSome words of the paper.\n\\end{document}\n";
    case InputFormat::kUnknown:
      break;
  }
  return "";
}

}  // namespace

TEST_CASE("input formats: one row each, with a distinct name and a description",
          "[readers][input-formats]") {
  std::set<std::string> names;
  std::set<InputFormat> formats;
  for (const InputFormatInfo& row : paperdex::input_formats()) {
    INFO(row.name);
    CHECK(names.insert(std::string(row.name)).second);
    CHECK(formats.insert(row.format).second);
    CHECK(row.format != InputFormat::kUnknown);
    CHECK_FALSE(row.description.empty());
    CHECK(paperdex::format_name(row.format) == row.name);
    REQUIRE(row.detect != nullptr);
    REQUIRE(row.read != nullptr);
  }
  CHECK(formats.size() == 8);
  CHECK(paperdex::format_name(InputFormat::kUnknown) == "unknown");
}

TEST_CASE("input formats: each row detects its own sample and no other's, and reads it",
          "[readers][input-formats]") {
  // The PDF row runs the helper as built (it is not beside this program).
  setenv("PAPERDEX_PDFTEXT", PAPERDEX_PDFTEXT_BIN, 0);
  for (const InputFormatInfo& row : paperdex::input_formats()) {
    INFO(row.name);
    const std::string bytes = sample(row.format);
    REQUIRE_FALSE(bytes.empty());
    CHECK(paperdex::detect_format(bytes) == row.format);
    for (const InputFormatInfo& other : paperdex::input_formats()) {
      if (other.format != row.format) CHECK_FALSE(other.detect(bytes));
    }
    paperdex::test::Collected got;
    std::istringstream in(bytes);
    // Named as a paper's file: a full text is read for the arXiv id its name gives.
    row.read(in, "2101.00001", got.sink(), paperdex::ReadOptions{});
    INFO(got.problems.size() << " problems");
    REQUIRE(got.records.size() == 1);
    CHECK(got.records[0].title == "Table test");
  }
}

TEST_CASE("input formats: an unknown format's message names every format of the table",
          "[readers][input-formats]") {
  paperdex::test::TempDir dir;
  paperdex::test::write_file(dir / "notes.txt", "just some words\n");
  paperdex::test::Collected got;
  paperdex::read_input((dir / "notes.txt").string(), got.sink());
  REQUIRE(got.problems.size() == 1);
  CHECK(paperdex::holds_no_records(got.problems[0]));
  for (const InputFormatInfo& row : paperdex::input_formats()) {
    INFO(row.name);
    CHECK(got.problems[0].message.find(row.description) != std::string::npos);
  }
}
