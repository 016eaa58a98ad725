// paperdex-xapian-floor: the speed and size floor that Xapian itself sets
// under paperdex's index. Every document is read and built in memory first
// (by the indexer's own readers and DocumentBuilder, timed apart), then only
// Xapian's part is timed: add_document() of the finished documents into one
// fresh glass database in the cheapest way Xapian 1.4 offers (DB_DANGEROUS,
// no fsync, no spelling table, $XAPIAN_FLUSH_THRESHOLD papers per flush),
// then xapian-compact's work (Xapian::Database::compact). No engine that
// stores these documents in Xapian can index faster per core than read +
// build + this ("core_ceiling"), nor into fewer bytes.
//
// Variants, each with the same documents cut down further:
//   full       the documents exactly as paperdex-index writes them
//   nopos      the same terms and wdfs without positions (phrase search gone)
//   postings   terms and wdfs only: no positions, no stored record, no values
// One thread: figures are per core. Two cores at most double them, and only
// before the work of merging two halves: with --threads N the documents are
// split into N parts, written by N threads into N databases at once, and
// compacted into one, which is what a build on N cores must do for one index;
// its wall-clock rate against N times the per-core ceiling is the share of
// that ceiling any such build can reach.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include <unistd.h>

#include <xapian.h>

#include "bench_main.h"
#include "document_builder.h"
#include "measure.h"
#include "named_choices.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/indexer/readers.h"

using paperdex::bench::process_cpu_seconds;
using paperdex::bench::seconds_since;

namespace {

namespace fs = std::filesystem;

enum class Variant { kFull, kNoPositions, kPostingsOnly };

constexpr paperdex::bench::NamedChoices<Variant, 3> kVariants{
    {{{"full", Variant::kFull},
      {"nopos", Variant::kNoPositions},
      {"postings", Variant::kPostingsOnly}}}};

// The same document without what `variant` drops.
Xapian::Document cut_down(const Xapian::Document& built, Variant variant) {
  if (variant == Variant::kFull) return built;
  Xapian::Document cut;
  for (auto term = built.termlist_begin(); term != built.termlist_end(); ++term) {
    cut.add_term(*term, term.get_wdf());
  }
  if (variant == Variant::kNoPositions) {
    cut.set_data(built.get_data());
    for (auto value = built.values_begin(); value != built.values_end(); ++value) {
      cut.add_value(value.get_valueno(), *value);
    }
  }
  return cut;
}

std::uintmax_t directory_bytes(const fs::path& dir) {
  std::uintmax_t total = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.is_regular_file()) total += entry.file_size();
  }
  return total;
}

struct Figures {
  double add_wall = 0, add_cpu = 0, compact_wall = 0, compact_cpu = 0;
  std::uintmax_t bytes = 0;
  std::string tables;  // "position 188.0 postlist 94.0 ..." in MB
};

// Adds `documents[begin, end)` to a fresh database at `path`, and commits.
void add_part(const std::vector<Xapian::Document>& documents, std::size_t begin, std::size_t end,
              const fs::path& path) {
  Xapian::WritableDatabase db(path.string(),
                              Xapian::DB_CREATE | Xapian::DB_DANGEROUS | Xapian::DB_NO_SYNC);
  for (std::size_t i = begin; i < end; ++i) db.add_document(documents[i]);
  db.commit();
  db.close();
}

Figures write_variant(const std::vector<Xapian::Document>& documents, Variant variant,
                      unsigned threads, const fs::path& work) {
  std::vector<Xapian::Document> cut;
  cut.reserve(documents.size());
  for (const Xapian::Document& document : documents) cut.push_back(cut_down(document, variant));

  const std::string name(kVariants.name(variant));
  const fs::path compact = work / name;
  std::vector<fs::path> parts;
  for (unsigned i = 0; i < threads; ++i) {
    parts.push_back(work / (name + ".raw-" + std::to_string(i)));
    fs::remove_all(parts.back());
  }
  fs::remove_all(compact);
  Figures figures;
  {
    double cpu = process_cpu_seconds();
    auto started = std::chrono::steady_clock::now();
    if (threads == 1) {
      add_part(cut, 0, cut.size(), parts.front());
    } else {
      // Contiguous parts, as renumbering compaction lays them end to end.
      std::vector<std::exception_ptr> errors(threads);
      std::vector<std::thread> writers;
      for (unsigned i = 0; i < threads; ++i) {
        writers.emplace_back([&, i] {
          try {
            add_part(cut, cut.size() * i / threads, cut.size() * (i + 1) / threads, parts[i]);
          } catch (...) {
            errors[i] = std::current_exception();
          }
        });
      }
      for (std::thread& writer : writers) writer.join();
      for (const std::exception_ptr& error : errors) {
        if (error) std::rethrow_exception(error);
      }
    }
    figures.add_wall = seconds_since(started);
    figures.add_cpu = process_cpu_seconds() - cpu;

    cpu = process_cpu_seconds();
    started = std::chrono::steady_clock::now();
    Xapian::Database combined;
    for (const fs::path& part : parts) combined.add_database(Xapian::Database(part.string()));
    combined.compact(compact.string(), threads == 1 ? Xapian::DBCOMPACT_NO_RENUMBER : 0);
    figures.compact_wall = seconds_since(started);
    figures.compact_cpu = process_cpu_seconds() - cpu;
  }
  figures.bytes = directory_bytes(compact);
  for (const char* table : {"position", "postlist", "docdata", "termlist"}) {
    std::error_code missing;
    const auto bytes = fs::file_size(compact / (std::string(table) + ".glass"), missing);
    char cell[64];
    std::snprintf(cell, sizeof cell, "%s%s %.1f", figures.tables.empty() ? "" : " ", table,
                  missing ? 0.0 : static_cast<double>(bytes) / 1e6);
    figures.tables += cell;
  }
  for (const fs::path& part : parts) fs::remove_all(part);
  fs::remove_all(compact);
  return figures;
}

int usage(std::ostream& out, int status) {
  out << "usage: paperdex-xapian-floor [--work DIR] [--variant full|nopos|postings|all]\n"
         "                             [--threads N] INPUT...\n"
         "Reads INPUT and builds every document in memory with paperdex's DocumentBuilder (timed\n"
         "apart), then times Xapian alone writing them into a fresh database and compacting it;\n"
         "prints records per CPU second, the compacted size per table, and the most records per\n"
         "second one core could index (read + build + Xapian). One thread; with --threads N\n"
         "also N threads writing N parts at once, then compacted into one database: the share\n"
         "of N times the per-core ceiling that N cores can reach. Papers per flush (per part):\n"
         "$XAPIAN_FLUSH_THRESHOLD, default all of them in one. DIR (default a fresh directory\n"
         "under the system temp directory) is removed afterwards.\n";
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<Variant> variants = kVariants.all();
  unsigned threads = 1;
  fs::path work;
  std::vector<std::string> inputs;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "-h" || arg == "--help") return usage(std::cout, 0);
    if (arg == "--work" && i + 1 < argc) {
      work = argv[++i];
    } else if (arg == "--variant" && i + 1 < argc) {
      const auto chosen = kVariants.parse(argv[++i]);
      if (!chosen) return usage(std::cerr, 2);
      variants = *chosen;
    } else if (arg == "--threads" && i + 1 < argc) {
      const int n = std::atoi(argv[++i]);
      if (n < 1 || n > 64) return usage(std::cerr, 2);
      threads = static_cast<unsigned>(n);
    } else if (arg.starts_with("-") && arg != "-") {
      return usage(std::cerr, 2);
    } else {
      inputs.emplace_back(arg);
    }
  }
  if (inputs.empty()) return usage(std::cerr, 2);

  return paperdex::bench::run_reporting_errors("paperdex-xapian-floor", [&] {
    if (work.empty()) {
      work = fs::temp_directory_path() / ("paperdex-xapian-floor." + std::to_string(::getpid()));
    }
    fs::create_directories(work);
    // By default one flush for the whole corpus: Xapian inverts everything in
    // memory and writes each table once. Measured, a few thousand papers per
    // flush is faster (bench/README.md), so the variable is the user's to set.
    if (std::getenv("XAPIAN_FLUSH_THRESHOLD") == nullptr) {
      ::setenv("XAPIAN_FLUSH_THRESHOLD", "100000000", 1);
    }

    const paperdex::Analyzer analyzer;
    const paperdex::DocumentBuilder builder(analyzer);
    std::vector<Xapian::Document> documents;
    paperdex::RecordSink sink;
    sink.on_record = [&](paperdex::Record&& record) {
      if (record.id.empty()) record.id = builder.derived_id(record);
      documents.push_back(builder.build(record));
    };
    std::size_t problems = 0;
    std::string first_problem;
    sink.on_problem = [&](const paperdex::ReadProblem& problem) {
      if (problems++ == 0) first_problem = problem.origin + ": " + problem.message;
    };
    const double build_started = process_cpu_seconds();
    for (const std::string& file : paperdex::expand_inputs(inputs)) {
      paperdex::read_input(file, sink);
    }
    // Nothing to time: say why rather than print a table of zeros.
    if (documents.empty()) {
      throw std::runtime_error("no record read" +
                               (first_problem.empty() ? std::string() : "; " + first_problem));
    }
    const double build_cpu = std::max(process_cpu_seconds() - build_started, 1e-9);
    const double n = static_cast<double>(documents.size());

    const char* flush = std::getenv("XAPIAN_FLUSH_THRESHOLD");
    std::printf(
        "# %zu records (%zu unreadable), read and built at %.0f records per CPU second;\n"
        "# %s papers per flush; work dir %s\n"
        "# wall_rec/s: records per wall second if building were split over the threads too;\n"
        "# share: wall_rec/s against the threads times the one-thread core_ceiling/s\n",
        documents.size(), problems, n / build_cpu, flush, work.c_str());
    std::printf("%-9s %7s %9s %9s %10s %9s %12s %14s %10s %6s %9s %9s  %s\n", "variant", "threads",
                "add_s", "add_cpu", "cpu_rec/s", "compact_s", "xapian_rec/s", "core_ceiling/s",
                "wall_rec/s", "share", "MB", "B/rec", "tables (MB)");
    for (const Variant variant : variants) {
      double core_ceiling = 0;
      for (const unsigned writers : threads == 1 ? std::vector{1u} : std::vector{1u, threads}) {
        const Figures f = write_variant(documents, variant, writers, work);
        // Xapian's records per CPU second including compaction, and what one
        // core doing nothing but reading, building and writing could reach.
        const double xapian_cpu = f.add_cpu + f.compact_cpu;
        if (writers == 1) core_ceiling = n / (build_cpu + xapian_cpu);
        const double wall_rate = n / (build_cpu / writers + f.add_wall + f.compact_wall);
        std::printf(
            "%-9s %7u %9.2f %9.2f %10.0f %9.2f %12.0f %14.0f %10.0f %6.2f %9.1f %9.0f  %s\n",
            std::string(kVariants.name(variant)).c_str(), writers, f.add_wall, f.add_cpu,
            n / f.add_cpu, f.compact_wall, n / xapian_cpu, n / (build_cpu + xapian_cpu), wall_rate,
            wall_rate / (writers * core_ceiling), static_cast<double>(f.bytes) / 1e6,
            static_cast<double>(f.bytes) / n, f.tables.c_str());
        std::fflush(stdout);
      }
    }
    fs::remove_all(work);
    return 0;
  });
}
