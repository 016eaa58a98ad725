// libFuzzer target: the references stage (#51) on any text, as a PDF's
// pages: the reference list read from it, each entry as the record keeps it
// (its ids, DOI, title...), its citing terms and its stored form. Promises:
// no crash, no hang; every term within Xapian's bound and of a citing
// prefix; title keys and terms within their bounds; the stored list reads
// back as written.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fulltext/references.h"
#include "fulltext_input.h"
#include "fuzz_support.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/citations.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/utf8.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace paperdex;
  static const Analyzer analyzer;
  // Valid UTF-8, as every reader hands the stage its text (the PDF helper's
  // pages, the LaTeX converter's, the data set's sanitized strings).
  const std::string text = sanitize_utf8(fuzz::as_text(data, size));
  std::vector<std::string> warnings;
  std::vector<Reference> references;
  for (fulltext::Reference& read :
       fulltext::references_from_pdf_pages(text, "fuzz.pdf", warnings)) {
    references.push_back(record_reference(std::move(read)));
  }
  // One entry of the whole input too: parse_reference's own bounds.
  references.push_back(record_reference(fulltext::parse_reference(text)));
  for (const Reference& reference : references) {
    if (!is_valid_utf8(reference.text)) fuzz::broken("a reference not valid UTF-8", reference.text);
    if (citations::title_keys(analyzer, reference).size() > citations::kMaxTitleKeysPerReference) {
      fuzz::broken("too many title keys", reference.text);
    }
    for (const std::string& term : citations::citing_terms(analyzer, reference)) {
      const std::string_view prefix = schema::prefix_of(term);
      if (term.size() > 245) fuzz::broken("a term over Xapian's bound", term);
      if (prefix != schema::kCitedIdPrefix && prefix != schema::kCitedDoiPrefix &&
          prefix != schema::kCitedTitlePrefix) {
        fuzz::broken("a citing term of another prefix", term);
      }
    }
  }
  const std::vector<Reference> read =
      citations::decode_references(citations::encode_references(references));
  if (read.size() != references.size()) fuzz::broken("the stored list lost entries");
  for (std::size_t i = 0; i < read.size(); ++i) {
    if (read[i].id != references[i].id || read[i].more_ids != references[i].more_ids) {
      fuzz::broken("the stored list changed an entry's ids", references[i].text);
    }
  }
  return 0;
}
