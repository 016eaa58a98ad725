// paperdex-update-floor: the floor Xapian itself sets under an incremental
// update of an existing index. Every record of the update is read and built
// in memory first (by the indexer's own readers and DocumentBuilder, timed
// apart), then only Xapian's part is timed: one WritableDatabase opened on the
// index, replace_document() by id term for each document (which adds a new
// paper and replaces an existing one alike), one commit(). paperdex-index also
// reads each paper's stored record and updates the spelling table; the floor
// does neither, so no update into this index can take less time than this.
// The block counts show how much of it is the disk: run it after
// `echo 3 > /proc/sys/vm/drop_caches` for an index whose pages are not cached.
// One thread. It MODIFIES the index: run it on a copy.

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "bench_main.h"
#include "document_builder.h"
#include "measure.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/schema.h"
#include "paperdex/indexer/readers.h"

using paperdex::bench::process_cpu_seconds;
using paperdex::bench::seconds_since;

namespace {

// One record of the update, ready for Xapian.
struct Update {
  std::string id_term;
  Xapian::Document document;
};

// 512-byte blocks the process has read from and written to disk so far.
struct BlockCounts {
  long in = 0, out = 0;
};

BlockCounts block_counts() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return {usage.ru_inblock, usage.ru_oublock};
}

int usage(std::ostream& out, int status) {
  out << "usage: paperdex-update-floor INDEX UPDATE...\n"
         "MODIFIES INDEX: run it on a copy (cp -r INDEX COPY; paperdex-update-floor COPY ...).\n"
         "Reads UPDATE and builds every document in memory with paperdex's DocumentBuilder\n"
         "(timed apart), then times Xapian alone applying them to INDEX: replace_document by\n"
         "id term for each, one commit. Prints wall and CPU seconds and the blocks read and\n"
         "written (getrusage, 512 bytes each) of that phase. One thread. For an index whose\n"
         "pages are not cached, run it after `echo 3 > /proc/sys/vm/drop_caches`.\n";
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "-h" || arg == "--help") return usage(std::cout, 0);
    if (arg.starts_with("-") && arg != "-") return usage(std::cerr, 2);
    positional.emplace_back(arg);
  }
  if (positional.size() < 2) return usage(std::cerr, 2);
  const std::string index = positional.front();
  const std::vector<std::string> inputs(positional.begin() + 1, positional.end());

  return paperdex::bench::run_reporting_errors("paperdex-update-floor", [&] {
    const paperdex::Analyzer analyzer;
    const paperdex::DocumentBuilder builder(analyzer);
    std::vector<Update> updates;
    paperdex::RecordSink sink;
    sink.on_record = [&](paperdex::Record&& record) {
      if (record.id.empty()) record.id = builder.derived_id(record);
      updates.push_back({paperdex::schema::make_term(paperdex::schema::kIdPrefix, record.id),
                         builder.build(record)});
    };
    std::size_t problems = 0;
    std::string first_problem;
    sink.on_problem = [&](const paperdex::ReadProblem& problem) {
      if (problems++ == 0) first_problem = problem.origin + ": " + problem.message;
    };
    const double build_cpu_started = process_cpu_seconds();
    const auto build_started = std::chrono::steady_clock::now();
    for (const std::string& file : paperdex::expand_inputs(inputs)) {
      paperdex::read_input(file, sink);
    }
    // Nothing to time: say why rather than print a table of zeros.
    if (updates.empty()) {
      throw std::runtime_error("no record read" +
                               (first_problem.empty() ? std::string() : "; " + first_problem));
    }
    const double build_wall = seconds_since(build_started);
    const double build_cpu = std::max(process_cpu_seconds() - build_cpu_started, 1e-9);

    // Opening is Xapian's work too (version file, table roots), so it is timed.
    // Default durability (fsync on commit), as paperdex-index writes.
    const BlockCounts blocks_before = block_counts();
    const double cpu_started = process_cpu_seconds();
    const auto started = std::chrono::steady_clock::now();
    Xapian::WritableDatabase db(index, Xapian::DB_OPEN | Xapian::DB_BACKEND_GLASS);
    const Xapian::doccount docs_before = db.get_doccount();
    std::size_t existing = 0;
    for (const Update& update : updates) {
      // replace_document looks up the same postlist next, so counting adds a
      // lookup of pages already read, not a read of its own. An id repeated
      // within UPDATE counts as existing the second time.
      if (db.term_exists(update.id_term)) ++existing;
      db.replace_document(update.id_term, update.document);
    }
    const auto commit_started = std::chrono::steady_clock::now();
    db.commit();
    const double commit_wall = seconds_since(commit_started);
    const double wall = seconds_since(started);
    const double cpu = process_cpu_seconds() - cpu_started;
    const BlockCounts blocks_after = block_counts();
    const Xapian::doccount docs_after = db.get_doccount();
    db.close();

    std::printf(
        "# %zu records (%zu unreadable), %zu of their ids in INDEX before; read and built in\n"
        "# %.2f s wall at %.0f records per CPU second; one thread; blocks of 512 bytes\n",
        updates.size(), problems, existing, build_wall,
        static_cast<double>(updates.size()) / build_cpu);
    std::printf("%11s %11s %10s %10s %10s %10s %10s\n", "docs_before", "docs_after", "xapian_s",
                "xapian_cpu", "commit_s", "blocks_in", "blocks_out");
    std::printf("%11u %11u %10.2f %10.2f %10.2f %10ld %10ld\n", docs_before, docs_after, wall, cpu,
                commit_wall, blocks_after.in - blocks_before.in,
                blocks_after.out - blocks_before.out);
    return 0;
  });
}
