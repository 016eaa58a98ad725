// One page of an OAI-PMH ListRecords answer, read whole: the envelope the
// harvest loop steers by (responseDate, resumptionToken, <error>) and the
// records, read by the OAI reader every input file goes through. A page is
// either whole or refused: a truncated or malformed body throws BadBody and
// is fetched again, so half a page is never indexed. Private to the indexer.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "paperdex/common/record.h"
#include "paperdex/indexer/record_sink.h"

namespace paperdex::harvest {

struct OaiPage {
  std::string response_date;  // the server's clock, as it wrote it
  std::string error_code;     // <error code="...">: noRecordsMatch, badResumptionToken, ...
  std::string error_message;
  std::string token;  // the next page's resumptionToken; empty on the last page
  std::optional<std::uint64_t> complete_list_size;
  std::optional<std::uint64_t> cursor;
  std::vector<Record> records;
  std::vector<ReadProblem> problems;  // records the reader could not use
  std::vector<ReadProblem> warnings;  // records kept with a field cut
};

// Reads `body`; `origin` (the URL) names it in the records' problems. Throws
// BadBody (saying what is wrong, not where) when it is not a whole OAI-PMH
// response.
OaiPage parse_oai_page(const std::string& body, const std::string& origin);

// Checks `body` as parse_oai_page does, without reading the records.
void check_oai_page(const std::string& body, const std::string& origin);

}  // namespace paperdex::harvest
