// The full-text inputs of paperdex-index (#50): PDFs and LaTeX sources, read
// by the extraction stage (fulltext/fulltext.h) into records that carry a
// body (Record::body, Record::fulltext) for their arXiv id. The merge of
// sources (update_policy.h) joins such a record with the paper's metadata,
// whichever comes first.
#pragma once

#include <istream>
#include <string>
#include <string_view>

#include "fulltext/fulltext.h"
#include "paperdex/common/record.h"
#include "paperdex/indexer/readers.h"
#include "paperdex/indexer/record_sink.h"

namespace paperdex {

// Whether `head` (decompressed) is a PDF: "%PDF-" within its first 1,024 bytes.
bool is_pdf(std::string_view head);
// Whether the file at `path` is itself a PDF (not gzipped, not standard
// input): the helper reads it in place.
bool is_pdf_file(const std::string& path);
// Whether `head` (decompressed) is a LaTeX source: a tar (arXiv's source
// packages, gzipped or not) or TeX (\documentclass, \begin{document}, ...).
bool is_latex_source(std::string_view head);

// The input format table's readers (input.cc). Each reads one file's paper:
// a record with its body for the arXiv id the file names or prints, or a
// problem naming the file and the reason ("encrypted", "no arXiv id ...").
// Both read under options.fulltext's bounds.
void read_pdf_input(std::istream& in, const std::string& origin, const RecordSink& sink,
                    const ReadOptions& options);
void read_latex_input(std::istream& in, const std::string& origin, const RecordSink& sink,
                      const ReadOptions& options);

// The extraction stage's bounds for the user's (ReadOptions::fulltext).
fulltext::PdfLimits pdf_limits(const FullTextLimits& limits);
fulltext::ArchiveLimits archive_limits(const FullTextLimits& limits);

// The record of a full text: its arXiv id (empty when the file names
// none), the title and authors the file gives (undated, so any dated
// metadata of the paper wins over them), the body and what it was read from
// (Record::fulltext's JSON).
Record fulltext_record(fulltext::FullText&& text);

// Gives `record` the body of `text`, what it was read from
// (Record::fulltext) and its reference list (Record::references).
void attach_fulltext(Record& record, fulltext::FullText&& text);

// A reference of the extraction stage as the record keeps it.
Reference record_reference(fulltext::Reference&& read);

// Record::fulltext's JSON for `text`: source, file, pages, words, sections
// and page offsets.
std::string fulltext_facts(const fulltext::FullText& text);

// ReadProblem reasons.
inline constexpr std::string_view kFullTextUnreadable = "fulltext-unreadable";
inline constexpr std::string_view kFullTextNoId = "fulltext-no-id";

}  // namespace paperdex
