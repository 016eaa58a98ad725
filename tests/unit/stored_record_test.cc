// The stored record (common/include/paperdex/common/stored_record.h): every
// field comes back, the stored form is compressed, and data that is not a
// frame of this paperdex's dictionary is refused with a message, never
// decoded into garbage or allowed to allocate what a corrupt header claims.
#include "paperdex/common/stored_record.h"

#include <string>

#include <catch2/catch.hpp>

namespace {

paperdex::Record full_record() {
  paperdex::Record record;
  record.id = "2101.00001";
  record.title = "Optical circuit switching in data centres";
  record.abstract = "We study optical circuit switching. Ünïcödé, TeX: α ≤ β, and \"quotes\".";
  record.authors = {"Ada Lovelace", "Charles Babbage"};
  record.subjects = {"cs.NI", "physics.optics"};
  record.year = 2021;
  record.submitted = "2021-01-01";
  record.updated = "2021-03-04";
  record.doi = "10.1000/xyz";
  record.journal = "J. Opt. 1 (2021) 2";
  record.comments = "12 pages";
  record.report_no = "CERN-TH-2021-001";
  record.license = "http://creativecommons.org/licenses/by/4.0/";
  record.versions = {{"v1", "2021-01-01"}, {"v2", "2021-03-04"}};
  record.page_authors = {"A. Lovelace"};
  record.field_dates = {{"li", "2021-01-01"}};
  return record;
}

std::string refusal(const std::string& data) {
  try {
    paperdex::decode_stored_record(data);
  } catch (const std::runtime_error& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a stored record keeps every field, compressed", "[stored-record]") {
  const paperdex::Record record = full_record();
  const std::string stored = paperdex::encode_stored_record(record);
  const std::string json = paperdex::stored_record_json(record);
  CHECK(stored.size() < json.size() * 3 / 4);
  const paperdex::Record back = paperdex::decode_stored_record(stored);
  CHECK(paperdex::stored_record_json(back) == json);
  CHECK(back.title == record.title);
  CHECK(back.abstract == record.abstract);
  CHECK(back.authors == record.authors);
  CHECK(back.versions.size() == 2);
  CHECK(back.versions[1].date == "2021-03-04");
  CHECK(back.page_authors == record.page_authors);
  CHECK(back.field_dates == record.field_dates);
  // The same record is always stored alike: the writers compare stored forms.
  CHECK(paperdex::encode_stored_record(record) == stored);
}

TEST_CASE("data that is no stored record of this paperdex is refused", "[stored-record]") {
  const std::string stored = paperdex::encode_stored_record(full_record());

  // An index of schema 7 stored plain JSON.
  CHECK_THAT(refusal(paperdex::stored_record_json(full_record())),
             Catch::Contains("not a paperdex stored record") && Catch::Contains("rebuild"));
  CHECK_THAT(refusal(""), Catch::Contains("no zstd frame"));
  CHECK_THAT(refusal(stored.substr(0, stored.size() / 2)), Catch::Contains("corrupt frame"));

  // A frame of another dictionary: in a single-segment frame with a one-byte
  // id (as the trainer writes), the id follows the frame header descriptor.
  std::string other = stored;
  const auto descriptor = static_cast<unsigned char>(other[4]);
  REQUIRE((descriptor & 0x20) != 0);
  REQUIRE((descriptor & 3) == 1);
  other[5] = 2;
  CHECK_THAT(refusal(other), Catch::Contains("dictionary 2"));

  // A frame without its content size, as a corrupt or foreign one may be.
  std::string unsized = stored;
  unsized[4] = static_cast<char>(static_cast<unsigned char>(unsized[4]) & 0x3f & ~0x20);
  CHECK_THAT(refusal(unsized), Catch::Contains("not a paperdex stored record"));
}
