// paperdex-pdftext: the extraction stage's PDF reader, run by read_pdf
// (indexer/src/fulltext/pdf_reader.cc) as a child process so that poppler
// never parses an untrusted file inside the indexer. It limits itself
// (address space, CPU time, no core file), reads one PDF with poppler-cpp and
// writes the protocol of fulltext/pdftext_protocol.h to stdout. A crash or a
// hang here costs this process only; the parent names the file and goes on.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include <poppler-document.h>
#include <poppler-global.h>
#include <poppler-page.h>
#include <poppler-toc.h>
#include <nlohmann/json.hpp>

#include "fulltext/first_page.h"
#include "fulltext/pdftext_protocol.h"
#include "helper_process.h"

namespace {

namespace protocol = paperdex::fulltext::pdftext;

struct Options {
  std::size_t max_pages = 2000;
  std::size_t memory_mib = 0;   // 0: no limit of our own
  std::size_t cpu_seconds = 0;  // 0: no limit of our own
  std::string file;
};

bool parse_options(int argc, char** argv, Options& options) {
  return paperdex::fulltext::helper::parse_arguments(argc, argv,
                                                     {{"--max-pages", &options.max_pages},
                                                      {"--memory-mib", &options.memory_mib},
                                                      {"--cpu-seconds", &options.cpu_seconds}},
                                                     options.file);
}

// PDF readers accept "%PDF-" anywhere in the first kilobyte.
int check_header(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return protocol::kExitCannotRead;
  char head[1024];
  in.read(head, sizeof head);
  const std::string_view bytes(head, static_cast<std::size_t>(in.gcount()));
  return bytes.find("%PDF-") == std::string_view::npos ? protocol::kExitNotPdf : protocol::kExitOk;
}

std::string utf8(const poppler::ustring& text) {
  const poppler::byte_array bytes = text.to_utf8();
  return std::string(bytes.begin(), bytes.end());
}

void add_outline(const poppler::toc_item& item, int level, nlohmann::json& outline) {
  for (const poppler::toc_item* child : item.children()) {
    if (outline.size() >= protocol::kMaxOutlineItems) return;
    outline.push_back({{"title", utf8(child->title())}, {"level", level}});
    if (level < protocol::kMaxOutlineDepth) add_outline(*child, level + 1, outline);
  }
}

// Whether a font's name says bold: "Times-Bold", "ABCDEF+CMBX12",
// "NimbusSanL-BoldItal", "Univers-ExtraBlack".
bool is_bold_font(std::string name) {
  if (const std::size_t plus = name.find('+'); plus != std::string::npos) name.erase(0, plus + 1);
  if (name.starts_with("CMBX") || name.starts_with("CMSSBX") || name.starts_with("CMB")) {
    return true;
  }
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char* mark : {"bold", "black", "heavy", "semibold", "demi"}) {
    if (name.find(mark) != std::string::npos) return true;
  }
  return false;
}

// The title and authors page 1 prints (fulltext/first_page.h), for a PDF
// whose info title names no paper.
nlohmann::json first_page(const poppler::document& document) {
  paperdex::fulltext::FirstPageIdentity identity;
  if (document.pages() > 0) {
    if (const std::unique_ptr<poppler::page> page(document.create_page(0)); page) {
      std::vector<paperdex::fulltext::PageWord> words;
      for (const poppler::text_box& box : page->text_list(poppler::page::text_list_include_font)) {
        if (words.size() >= paperdex::fulltext::kMaxFirstPageWords) break;
        const poppler::rectf bbox = box.bbox();
        paperdex::fulltext::PageWord word;
        word.text = utf8(box.text());
        word.x = bbox.x();
        word.y = bbox.y();
        word.width = bbox.width();
        word.height = bbox.height();
        word.font_size = box.has_font_info() ? box.get_font_size() : 0;
        word.bold = box.has_font_info() && is_bold_font(box.get_font_name());
        word.rotation = box.rotation();
        word.space_after = box.has_space_after();
        words.push_back(std::move(word));
      }
      identity = paperdex::fulltext::read_first_page(words, page->page_rect().height());
    }
  }
  return {{"title", identity.title}, {"authors", identity.authors}};
}

nlohmann::json header(const poppler::document& document, std::size_t pages_read) {
  nlohmann::json outline = nlohmann::json::array();
  if (const std::unique_ptr<poppler::toc> toc(document.create_toc()); toc && toc->root()) {
    add_outline(*toc->root(), 1, outline);
  }
  return {{"pages_total", document.pages()},         {"pages_read", pages_read},
          {"title", utf8(document.get_title())},     {"author", utf8(document.get_author())},
          {"subject", utf8(document.get_subject())}, {"keywords", utf8(document.get_keywords())},
          {"outline", std::move(outline)},           {"first_page", first_page(document)}};
}

// Each page's text in reading order (as pdftotext gives it), '\f' after it.
void write_pages(const poppler::document& document, std::size_t pages_read) {
  for (std::size_t i = 0; i < pages_read; ++i) {
    std::string text;
    if (const std::unique_ptr<poppler::page> page(document.create_page(static_cast<int>(i)));
        page) {
      text = utf8(page->text(poppler::rectf(), poppler::page::non_raw_non_physical_layout));
    }
    for (char& c : text) {
      if (c == '\f') c = ' ';
    }
    text.push_back('\f');
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);  // the parent keeps what came before a crash or a timeout
  }
}

int read_pdf(const Options& options) {
  if (const int status = check_header(options.file); status != protocol::kExitOk) return status;
  const std::unique_ptr<poppler::document> document(
      poppler::document::load_from_file(options.file));
  if (!document) return protocol::kExitDamaged;
  if (document->is_locked()) return protocol::kExitEncrypted;
  const std::size_t pages_total = static_cast<std::size_t>(std::max(document->pages(), 0));
  const std::size_t pages_read = std::min(pages_total, options.max_pages);
  const std::string line =
      header(*document, pages_read).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fputc('\n', stdout);
  write_pages(*document, pages_read);
  return std::fflush(stdout) == 0 ? protocol::kExitOk : protocol::kExitCannotRead;
}

void quiet(const std::string&, void*) {}  // poppler's complaints about a damaged file

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!parse_options(argc, argv, options)) {
    std::fputs(
        "usage: paperdex-pdftext [--max-pages N] [--memory-mib M] [--cpu-seconds S] FILE\n"
        "Writes a PDF's text for paperdex-index, which runs it; not meant to be run by hand.\n",
        stderr);
    return protocol::kExitUsage;
  }
  paperdex::fulltext::helper::limit_self(options.memory_mib, options.cpu_seconds);
  // A failed allocation under RLIMIT_AS is the memory limit, not a crash.
  std::set_new_handler([] {
    std::fputs("Out of memory\n", stderr);
    std::_Exit(protocol::kExitOutOfMemory);
  });
  poppler::set_debug_error_function(quiet, nullptr);
  // The exit status says what happened, and nothing after it may change it:
  // _Exit skips poppler's teardown, and a leak checker's report at exit (the
  // sanitized build) on a library this program only runs.
  int status = protocol::kExitDamaged;
  try {
    status = read_pdf(options);
  } catch (const std::bad_alloc&) {
    status = protocol::kExitOutOfMemory;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "%s\n", error.what());
  }
  std::fflush(nullptr);
  std::_Exit(status);
}
