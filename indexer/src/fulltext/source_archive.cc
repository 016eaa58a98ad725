// The extraction stage (full text): an arXiv source package unpacked in
// memory through libarchive, within bounds on unpacked bytes, entries and one
// entry's size, so that a gzip bomb or a tar of a million files stops at the
// bound, named. Only the files that can hold LaTeX are kept.
#include <archive.h>
#include <archive_entry.h>

#include <memory>

#include "fulltext/latex_internal.h"
#include "fulltext/text_cleaning.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/utf8.h"

namespace paperdex::fulltext::detail {
namespace {

struct ArchiveFree {
  void operator()(archive* a) const { archive_read_free(a); }
};
using ArchivePtr = std::unique_ptr<archive, ArchiveFree>;

// Decompressors built into libarchive, by name rather than
// archive_read_support_filter_all: "all" may run external programs (lrzip,
// lzop, grzip) on the input, which an untrusted file must not make us do.
ArchivePtr new_reader() {
  ArchivePtr reader(archive_read_new());
  if (!reader) throw std::bad_alloc();
  archive* a = reader.get();
  archive_read_support_filter_gzip(a);
  archive_read_support_filter_bzip2(a);
  archive_read_support_filter_xz(a);
  archive_read_support_format_tar(a);
  archive_read_support_format_gnutar(a);
  // A lone gzipped file: one entry of its decompressed bytes. Other formats
  // bid higher, so a tar is read as a tar.
  archive_read_support_format_raw(a);
  return reader;
}

// A name whose text is worth reading: LaTeX, a bibliography (.bbl, .bib), or a file
// without an extension (\input{intro} may name one). macOS's "._x" copies and
// __MACOSX/ hold resource forks, not text.
bool wanted(std::string_view name) {
  if (name.find("__MACOSX/") != std::string_view::npos) return false;
  const std::size_t slash = name.rfind('/');
  const std::string_view base = slash == std::string_view::npos ? name : name.substr(slash + 1);
  if (base.empty() || base.starts_with("._")) return false;
  const std::size_t dot = base.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return true;
  const std::string extension = ascii_lower(base.substr(dot));
  return extension == ".tex" || extension == ".ltx" || extension == ".latex" ||
         extension == ".bbl" || extension == ".bib";
}

std::string clean_name(std::string_view name) {
  while (name.starts_with("./")) name.remove_prefix(2);
  while (name.starts_with("/")) name.remove_prefix(1);
  return std::string(name);
}

class Unpacker {
 public:
  Unpacker(const std::string& path, const ArchiveLimits& limits) : path_(path), limits_(limits) {}

  SourceFiles run(archive* a) {
    archive_entry* entry = nullptr;
    for (;;) {
      const int status = archive_read_next_header(a, &entry);
      if (status == ARCHIVE_EOF) break;
      if (status < ARCHIVE_WARN) damaged(a);
      if (++entries_ > limits_.max_entries) {
        throw FullTextError(path_, "holds more than " + with_thousands(limits_.max_entries) +
                                       " files, the bound on a source package's files");
      }
      take(a, entry);
    }
    source_.single_file = archive_format(a) == ARCHIVE_FORMAT_RAW;
    return std::move(source_);
  }

 private:
  [[noreturn]] void damaged(archive* a) const {
    const char* message = archive_error_string(a);
    throw FullTextError(path_, std::string("damaged archive (") +
                                   (message != nullptr ? message : "unknown error") + ")");
  }

  void count(std::size_t bytes) {
    total_ += bytes;
    if (total_ > limits_.max_total_bytes) {
      throw FullTextError(path_, "unpacks to more than " + describe_bytes(limits_.max_total_bytes) +
                                     ", the bound on a source package's unpacked bytes");
    }
  }

  void take(archive* a, archive_entry* entry) {
    const bool raw = archive_format(a) == ARCHIVE_FORMAT_RAW;
    const std::string name =
        raw ? std::string("main.tex")
            : clean_name(archive_entry_pathname(entry) ? archive_entry_pathname(entry) : "");
    if (!raw && (archive_entry_filetype(entry) != AE_IFREG || !wanted(name))) {
      // Skipping still unpacks it: its size counts.
      if (archive_entry_size_is_set(entry))
        count(static_cast<std::size_t>(std::max<la_int64_t>(archive_entry_size(entry), 0)));
      if (archive_read_data_skip(a) < ARCHIVE_WARN) damaged(a);
      return;
    }
    std::string bytes;
    char buffer[65536];
    for (;;) {
      const la_ssize_t got = archive_read_data(a, buffer, sizeof buffer);
      if (got == 0) break;
      if (got < 0) damaged(a);
      count(static_cast<std::size_t>(got));
      if (bytes.size() + static_cast<std::size_t>(got) > limits_.max_entry_bytes) {
        throw FullTextError(path_, quote_input(name) + " unpacks to more than " +
                                       describe_bytes(limits_.max_entry_bytes) +
                                       ", the bound on one file of a source package");
      }
      bytes.append(buffer, static_cast<std::size_t>(got));
    }
    source_.files[name] = drop_invalid(sanitize_utf8(bytes));
  }

  const std::string& path_;
  const ArchiveLimits& limits_;
  SourceFiles source_;
  std::size_t entries_ = 0;
  std::size_t total_ = 0;
};

}  // namespace

SourceFiles unpack_source(const std::string& path, std::string_view bytes,
                          const ArchiveLimits& limits) {
  const ArchivePtr reader = new_reader();
  if (archive_read_open_memory(reader.get(), bytes.data(), bytes.size()) != ARCHIVE_OK) {
    const FileKind kind = sniff(bytes);
    if (kind != FileKind::kGzip && kind != FileKind::kTar) {
      throw FullTextError(path, "not a LaTeX source (neither TeX nor an archive)");
    }
    const char* message = archive_error_string(reader.get());
    throw FullTextError(path, std::string("damaged archive (") +
                                  (message != nullptr ? message : "unknown error") + ")");
  }
  return Unpacker(path, limits).run(reader.get());
}

}  // namespace paperdex::fulltext::detail
