// The per-format readers behind read_input (readers.h declares the public
// ones: author pages and the arXiv snapshot's JSON lines). Each reads a
// decompressed byte stream to its end, hands every record to the sink and
// reports bad input as problems, never throws for it. `origin` is the file
// name used in Record::origin and problems.
#pragma once

#include <istream>
#include <string>
#include <string_view>

#include "paperdex/indexer/readers.h"

namespace paperdex {

// A JSON document holding an array of records in the snapshot's format
// ("[{...}, {...}]", any layout), read one element at a time.
void read_arxiv_json_array(std::istream& in, const std::string& origin, const RecordSink& sink);

// A JSON document that is one object, pretty-printed or not, holding lists
// of records under keys of any name ({"count": 2, "papers": [...]}): the lists
// whose first element looks like a paper are read element by element as
// snapshot records (with the API's "arxiv_id", "summary", "published" and
// lists of "authors" and "categories" read as the snapshot's "id",
// "abstract", first version and "authors" and "categories"); a document without one is
// reported once as no format paperdex reads.
void read_json_document(std::istream& in, const std::string& origin, const RecordSink& sink);

// OAI-PMH ListRecords/GetRecord responses: metadataPrefix arXiv, arXivRaw or oai_dc.
void read_oai_pmh(std::istream& in, const std::string& origin, const RecordSink& sink);

// arXiv API Atom feeds.
void read_atom(std::istream& in, const std::string& origin, const RecordSink& sink);

namespace detail {
// "an author page, ..., or an arXiv API Atom feed": every format read, for
// the message about an input that is none of them.
std::string input_format_list();
}  // namespace detail

}  // namespace paperdex
