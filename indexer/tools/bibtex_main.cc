// paperdex-bibtex: the extraction stage's BibTeX reader, run by the LaTeX
// reader (indexer/src/fulltext/bibtex_reader.cc) as a child process so that
// libbtparse, a C parser with global state, never reads an untrusted .bib
// inside the indexer. It limits itself (address space, CPU time, no core
// file), reads the .bib on stdin entry by entry and writes the protocol of
// fulltext/bibtex_protocol.h to stdout. A crash or a hang here costs this
// file's references only; the parent names the file and goes on.
#include <sys/resource.h>

#include <btparse.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "fulltext/bibtex_protocol.h"

namespace {

namespace protocol = paperdex::fulltext::bibtex;

struct Options {
  std::size_t memory_mib = 0;   // 0: no limit of our own
  std::size_t cpu_seconds = 0;  // 0: no limit of our own
  std::size_t max_entries = protocol::kMaxEntries;
  std::string name;
};

bool parse_number(std::string_view text, std::size_t& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size();
}

bool parse_options(int argc, char** argv, Options& options) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    std::size_t* target = nullptr;
    if (arg == "--memory-mib") target = &options.memory_mib;
    if (arg == "--cpu-seconds") target = &options.cpu_seconds;
    if (arg == "--max-entries") target = &options.max_entries;
    if (target != nullptr) {
      if (++i >= argc || !parse_number(argv[i], *target)) return false;
    } else if (arg == "--" && i + 2 == argc) {
      options.name = argv[++i];  // a name that could read as an option
    } else if (options.name.empty() && !arg.starts_with("--")) {
      options.name = arg;
    } else {
      return false;
    }
  }
  return !options.name.empty();
}

// AddressSanitizer (the sanitized build) maps terabytes of shadow memory at
// start: an address-space limit would refuse its every allocation.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
constexpr bool kAddressSanitizer = __has_feature(address_sanitizer);
#else
constexpr bool kAddressSanitizer = false;
#endif

void set_limit(int resource, rlim_t soft, rlim_t hard) {
  const rlimit limit{soft, hard};
  setrlimit(resource, &limit);  // best effort: the parent's wall clock still holds
}

void limit_self(const Options& options) {
  set_limit(RLIMIT_CORE, 0, 0);
  if (options.memory_mib > 0 && !kAddressSanitizer) {
    const rlim_t bytes = static_cast<rlim_t>(options.memory_mib) << 20;
    set_limit(RLIMIT_AS, bytes, bytes);
  }
  if (options.cpu_seconds > 0) {
    set_limit(RLIMIT_CPU, options.cpu_seconds, options.cpu_seconds + 1);
  }
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
  limit_self(options);
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
