// paperdex-bibtex: the extraction stage's BibTeX reader, run by the LaTeX
// reader (paperdex/common/bibtex.h: for a source package's .bib and --import) as a child process so
// that libbtparse, a C parser with global state, never reads an untrusted .bib inside the indexer.
// It limits itself (address space, CPU time, no core file), reads the .bib on stdin entry by entry
// and writes the protocol of paperdex/common/bibtex.h to stdout. A crash or a hang here costs this
// file's references only; the parent names the file and goes on.
#include <btparse.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "helper_process.h"
#include "paperdex/common/bibtex.h"

namespace {

namespace protocol = paperdex::bibtex_protocol;

struct Options {
  std::size_t memory_mib = 0;   // 0: no limit of our own
  std::size_t cpu_seconds = 0;  // 0: no limit of our own
  std::size_t max_entries = protocol::kMaxEntries;
  std::string name;
};

bool parse_options(int argc, char** argv, Options& options) {
  return paperdex::fulltext::helper::parse_arguments(argc, argv,
                                                     {{"--memory-mib", &options.memory_mib},
                                                      {"--cpu-seconds", &options.cpu_seconds},
                                                      {"--max-entries", &options.max_entries}},
                                                     options.name);
}

void write_line(const nlohmann::json& line) {
  const std::string text = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fputc('\n', stdout);
}

nlohmann::json entry_line(AST* entry) {
  nlohmann::json fields = nlohmann::json::object();
  char* field_name = nullptr;
  for (AST* field = bt_next_field(entry, nullptr, &field_name); field != nullptr;
       field = bt_next_field(entry, field, &field_name)) {
    if (field_name == nullptr) continue;
    const std::unique_ptr<char, void (*)(void*)> value(bt_get_text(field), std::free);
    std::string name = field_name;
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (value) fields[name] = value.get();
  }
  const char* type = bt_entry_type(entry);
  const char* key = bt_entry_key(entry);
  return {{"line", entry->line},
          {"type", type != nullptr ? type : ""},
          {"key", key != nullptr ? key : ""},
          {"fields", std::move(fields)}};
}

// Every entry of stdin; @string definitions are kept by libbtparse as it
// reads them, so the entries after them have their macros expanded.
int read_bibtex(Options& options) {
  bt_initialize();
  bt_set_stringopts(BTE_REGULAR, BTO_FULL);
  bt_set_stringopts(BTE_MACRODEF, BTO_MACRO);
  std::size_t entries = 0, unreadable = 0;
  for (;;) {
    boolean ok = 1;
    // Null at the end of the input only; an entry it cannot read comes back
    // with `ok` false, and it goes on after it.
    AST* entry = bt_parse_entry(stdin, options.name.data(), 0, &ok);
    if (entry == nullptr) break;
    const std::unique_ptr<AST, void (*)(AST*)> owned(entry, bt_free_ast);
    if (!ok) {
      ++unreadable;
      continue;
    }
    if (bt_entry_metatype(entry) != BTE_REGULAR) continue;
    if (++entries <= options.max_entries) {
      write_line(entry_line(entry));
      std::fflush(stdout);  // the parent keeps what came before a crash or a timeout
    }
  }
  write_line({{"entries", entries}, {"unreadable", unreadable}});
  return std::fflush(stdout) == 0 ? protocol::kExitOk : protocol::kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!parse_options(argc, argv, options)) {
    std::fputs(
        "usage: paperdex-bibtex [--memory-mib M] [--cpu-seconds S] [--max-entries N] [--] NAME "
        "< FILE.bib\n"
        "Writes a .bib's entries for paperdex-index, which runs it; not meant to be run by "
        "hand.\n",
        stderr);
    return protocol::kExitUsage;
  }
  paperdex::fulltext::helper::limit_self(options.memory_mib, options.cpu_seconds);
  std::set_new_handler([] {
    std::fputs("Out of memory\n", stderr);
    std::_Exit(protocol::kExitOutOfMemory);
  });
  int status = protocol::kExitUsage;
  try {
    status = read_bibtex(options);
  } catch (const std::bad_alloc&) {
    status = protocol::kExitOutOfMemory;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "%s\n", error.what());
  }
  // No teardown of a library this program only runs (nor a leak checker's
  // report on it at exit, in the sanitized build): the status stands.
  std::fflush(nullptr);
  std::_Exit(status);
}
