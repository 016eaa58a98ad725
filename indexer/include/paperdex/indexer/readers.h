/// @file
/// Readers: one per input format, each streaming records into a RecordSink.
/// Records come out with display text already prepared (TeX decoded, lines
/// unwrapped, valid UTF-8); ids canonical arXiv ids or empty.
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "paperdex/export.h"
#include "paperdex/indexer/fulltext_limits.h"
#include "paperdex/indexer/record_sink.h"

namespace paperdex {

/// The input formats paperdex reads.
/// kArxivJsonArray: one JSON document holding an array of snapshot records;
/// kJsonDocument: one JSON object holding lists of paper records under keys.
/// kPdf, kLatexSource: a paper's full text (#50), a record with a body.
enum class InputFormat {
  kAuthorPage,
  kArxivJsonl,
  kOaiPmh,
  kAtom,
  kArxivJsonArray,
  kJsonDocument,
  kPdf,
  kLatexSource,
  kUnknown
};

/// How inputs are read; the metadata formats need nothing of it.
struct ReadOptions {
  FullTextLimits fulltext;
};

/// One row of the input format table (input.cc): what a new format adds.
struct InputFormatInfo {
  InputFormat format;
  std::string_view name;         ///< short name for messages and --help ("arxiv-jsonl")
  std::string_view description;  ///< what it is, for --help ("an arXiv API Atom feed")
  /// Whether content starting with `head` is of this format; `head` is
  /// decompressed, without byte-order mark and leading whitespace, not empty.
  bool (*detect)(std::string_view head);
  /// Reads a whole stream of this format into the sink (never throws for bad input).
  void (*read)(std::istream& in, const std::string& origin, const RecordSink& sink,
               const ReadOptions& options);
};

/// Every format paperdex reads, in the order detection tries them.
PAPERDEX_API const std::vector<InputFormatInfo>& input_formats();

/// A short name for the format ("arxiv-jsonl", ...), for messages.
PAPERDEX_API std::string_view format_name(InputFormat format);

/// Detects the format from the first bytes of the (decompressed) content.
PAPERDEX_API InputFormat detect_format(std::string_view head);

/// ReadProblem reasons for an input that holds no records of any known kind
/// (rather than damaged records): see holds_no_records().
inline constexpr std::string_view kNotRecordsEmpty = "empty";
inline constexpr std::string_view kNotRecordsBinary = "binary";
inline constexpr std::string_view kNotRecordsUnknownFormat = "unknown-format";

/// True for a problem that says a whole input is no record file at all (empty,
/// binary, or text of no known format), as a README or an image beside the
/// data in a directory is.
PAPERDEX_API bool holds_no_records(const ReadProblem& problem);

/// ReadProblem reasons for an input whose source answered with an error instead
/// of papers (an arXiv API error feed, an OAI-PMH error response): see
/// holds_no_papers().
inline constexpr std::string_view kNoPapersApiError = "api-error";
inline constexpr std::string_view kNoPapersOaiError = "oai-error";

/// True for a problem that says an input carried no paper because its source
/// reported an error: nothing in it was a bad record, so a run tells it as a
/// warning, not a skipped record (a harvest that fetched an error page keeps
/// failing otherwise, run after run).
PAPERDEX_API bool holds_no_papers(const ReadProblem& problem);

/// Reads an "arXiv subjects" author page (see corpus/author-pages/).
PAPERDEX_API void read_author_page(std::istream& in, const std::string& origin,
                                   const RecordSink& sink);

/// Reads the arXiv dataset snapshot's JSON lines, one record an object: what
/// a program holding records in that shape (Python's Writer.add) hands the
/// reader, so they are read exactly as a snapshot file is. Problems name
/// `origin` and the line ("origin:3").
PAPERDEX_API void read_arxiv_jsonl(std::istream& in, const std::string& origin,
                                   const RecordSink& sink);

/// The keys of a snapshot record: every key read_arxiv_jsonl reads (the
/// snapshot's and the arXiv API's names), and "submitter" and "pdf_url", which
/// sources have and the index does not keep. The reader ignores other keys (a
/// file may carry more); Python's Writer.add refuses them, as a caller's mistake.
PAPERDEX_API const std::vector<std::string_view>& snapshot_keys();

/// Files given on the command line: a directory is read recursively (sorted
/// paths), "-" is standard input, ".gz" content is decompressed transparently,
/// the format is detected from content. An unreadable or unknown input is
/// reported as a problem, not thrown.
/// One file an input path stands for.
struct InputFile {
  std::string path;
  bool found_in_directory = false;  ///< listed from a directory given, not named itself
};
/// list_inputs lists the files the paths stand for, in reading order.
PAPERDEX_API std::vector<InputFile> list_inputs(const std::vector<std::string>& paths);
/// expand_inputs: their paths only.
PAPERDEX_API std::vector<std::string> expand_inputs(const std::vector<std::string>& paths);
/// Reads one file (or "-") of any supported format into `sink`.
PAPERDEX_API void read_input(const std::string& path, const RecordSink& sink,
                             const ReadOptions& options = {});

}  // namespace paperdex
