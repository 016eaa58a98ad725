/// @file
/// The Record model: one paper as a reader produced it, before analysis.
/// Readers fill it; the indexer turns it into a document; the searcher reads
/// the stored form back out for its results.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace paperdex {

/// One version of a paper as arXiv lists it.
struct RecordVersion {
  std::string version;  ///< "v1", "v2", ...
  std::string date;     ///< its submission date, "YYYY-MM-DD"; "" when unknown
};

/// One paper: what IndexWriter::add takes. Text fields are display text
/// (valid UTF-8, TeX already decoded); the indexer analyses them itself.
struct Record {
  /// Canonical arXiv id without version suffix ("2101.00001", "cs/9301111");
  /// empty when the source has none (author pages): the indexer derives one.
  std::string id;
  std::string title;                    ///< display text: TeX decoded, whitespace collapsed
  std::string abstract;                 ///< display text: TeX decoded, line wraps joined
  std::vector<std::string> authors;     ///< "Forenames Keyname", display form
  std::vector<std::string> categories;  ///< arXiv categories, primary first ("cs.NI")
  int year = 0;                         ///< year of first submission; 0 when unknown
  std::string created;                  ///< first-submission date "YYYY-MM-DD" when known
  std::string updated;                  ///< date of this metadata version "YYYY-MM-DD"; newer wins
  std::string doi;                      ///< DOI, when known
  std::string journal_ref;              ///< journal reference, when known
  std::string comments;                 ///< the submitter's comments ("12 pages, 3 figures")
  std::string report_no;                ///< report number(s) ("CERN-TH-2021-001"), when known
  std::string license;                  ///< license URL, when known
  std::vector<RecordVersion> versions;  ///< arXiv's version list, oldest first; empty when unknown
  bool deleted = false;                 ///< an OAI "deleted" record: remove the paper with this id

  /// Where the record came from, for messages: "path:line" or "path#record N".
  std::string origin;
  /// Authors contributed by author pages (kept across arXiv updates of the paper).
  std::vector<std::string> page_authors;
  /// A paper merged from several sources keeps each field from the newest
  /// source that has it: here the `updated` date of that source for each
  /// field where it is older than `updated` itself, by the field's stored
  /// name ("doi", "cm", ...). Empty for a paper from one source.
  std::map<std::string, std::string> field_dates;
};

}  // namespace paperdex
