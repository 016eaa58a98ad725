// The thread-safety contract of searcher.h, exercised: several threads, each
// with its own Searcher, search while another thread updates the index with an
// IndexWriter in batches. Every result must describe one committed state of the
// index: no half batch, facets that add up, totals that never go backwards.
//
// Catch2 v2 assertions are not thread-safe, so the threads record what they
// saw and the main thread asserts.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "paperdex/indexer/index_writer.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

using paperdex::test::TempDir;

constexpr std::size_t kBaseline = 40;     // papers indexed before the threads start
constexpr std::size_t kBatch = 25;        // papers each writer batch adds
constexpr std::size_t kBatches = 24;      // writer batches
constexpr std::size_t kReaders = 4;       // searching threads
constexpr std::size_t kFreshEvery = 8;    // a reader opens a new Searcher this often
constexpr std::size_t kMinSearches = 20;  // per reader, even if the writer is quick

const std::vector<std::string> kSubjects = {"cs.NI", "cs.DC", "cs.LG"};

// Zeppelin papers are the ones the writer adds; baseline papers never change.
paperdex::Record make_paper(const std::string& kind, std::size_t n) {
  paperdex::Record record;
  record.id = (kind == "zeppelin" ? "2402." : "2401.") + std::to_string(10000 + n);
  record.title = (kind == "zeppelin" ? "Zeppelin routing for optical networks, part "
                                     : "Baseline scheduling study number ") +
                 std::to_string(n);
  record.abstract = "We study " + kind +
                    " methods for datacenter fabrics and report throughput, latency and cost "
                    "across many workloads; experiment " +
                    std::to_string(n) + ".";
  record.authors = {"Ada Example", "Grace Sample"};
  record.subjects = {kSubjects[n % kSubjects.size()]};
  record.year = 2020 + static_cast<int>(n % 5);
  record.updated = "2024-01-01";
  return record;
}

std::size_t facet_sum(const std::vector<paperdex::FacetCount>& facets) {
  return std::accumulate(facets.begin(), facets.end(), std::size_t{0},
                         [](std::size_t sum, const auto& facet) { return sum + facet.count; });
}

// What one reader thread saw; checked on the main thread.
struct ReaderLog {
  std::size_t searches = 0;
  std::size_t io_errors = 0;  // IoError: the index outran three reopens (allowed, counted)
  std::vector<std::string> violations;
};

void check_result(const paperdex::SearchResult& zeppelin, const paperdex::SearchResult& baseline,
                  std::size_t& last_total, ReaderLog& log) {
  const auto violation = [&](const std::string& what) {
    if (log.violations.size() < 20) log.violations.push_back(what);
  };
  const std::size_t total = zeppelin.total;
  if (total % kBatch != 0) {
    violation("saw part of a batch: total " + std::to_string(total));
  }
  if (total < last_total) {
    violation("total went back from " + std::to_string(last_total) + " to " +
              std::to_string(total));
  }
  last_total = std::max(last_total, total);
  if (!zeppelin.total_exact) violation("total not exact");
  if (facet_sum(zeppelin.year_facets) != total || facet_sum(zeppelin.subject_facets) != total) {
    violation("facets do not add up to the total " + std::to_string(total));
  }
  if (zeppelin.hits.size() != std::min<std::size_t>(total, 10)) {
    violation("page of " + std::to_string(zeppelin.hits.size()) + " hits for total " +
              std::to_string(total));
  }
  for (const paperdex::Hit& hit : zeppelin.hits) {
    const std::string marked = paperdex::render_highlights(hit.title, "[", "]", false);
    if (hit.id.rfind("2402.", 0) != 0 || marked.find("[Zeppelin]") == std::string::npos) {
      violation("unexpected hit " + hit.id + ": " + marked);
    }
  }
  if (baseline.total != kBaseline) {
    violation("baseline papers: " + std::to_string(baseline.total));
  }
}

void run_reader(const std::string& db, const std::atomic<bool>& writer_done, ReaderLog& log) {
  paperdex::SearchRequest zeppelin;
  zeppelin.query = "zeppelin";
  paperdex::SearchRequest baseline;
  baseline.query = "baseline";  // with facets counted, so its total is exact
  std::size_t last_total = 0;
  try {
    auto searcher = std::make_unique<paperdex::Searcher>(db);
    while (!writer_done.load() || log.searches < kMinSearches) {
      if (log.searches % kFreshEvery == kFreshEvery - 1) {
        searcher = std::make_unique<paperdex::Searcher>(db);
      }
      ++log.searches;
      try {
        const paperdex::SearchResult found = searcher->search(zeppelin);
        check_result(found, searcher->search(baseline), last_total, log);
      } catch (const paperdex::IoError&) {
        ++log.io_errors;
      }
    }
  } catch (const std::exception& error) {
    log.violations.push_back(std::string("unexpected exception: ") + error.what());
  } catch (...) {
    // Xapian's exceptions are not std::exceptions: one escaped the library.
    log.violations.push_back("an exception that is not a std::exception escaped the library");
  }
}

}  // namespace

TEST_CASE("searchers in several threads stay consistent while the index is updated",
          "[concurrency][integration]") {
  TempDir dir;
  const std::string db = (dir / "index").string();
  paperdex::IndexWriterOptions options;
  options.batch_records = 1'000'000;  // commit only when the test says so
  options.batch_interval = std::chrono::hours(1);
  {
    paperdex::IndexWriter writer(db, options);
    for (std::size_t n = 0; n < kBaseline; ++n) writer.add(make_paper("baseline", n));
    writer.commit();
  }

  std::atomic<bool> writer_done{false};
  std::string writer_error;
  std::vector<ReaderLog> logs(kReaders);
  std::vector<std::thread> readers;
  for (ReaderLog& log : logs) {
    readers.emplace_back(run_reader, db, std::cref(writer_done), std::ref(log));
  }
  std::thread writer_thread([&] {
    try {
      paperdex::IndexWriter writer(db, options);
      std::size_t next = 0;
      for (std::size_t batch = 0; batch < kBatches; ++batch) {
        for (std::size_t i = 0; i < kBatch; ++i) writer.add(make_paper("zeppelin", next++));
        // Replacing a paper inside a batch must not change any count.
        paperdex::Record revised = make_paper("zeppelin", batch);
        revised.abstract += " Revised.";
        revised.updated = "2024-02-0" + std::to_string(1 + batch % 9);
        writer.add(revised);
        writer.commit();
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    } catch (const std::exception& error) {
      writer_error = error.what();
    } catch (...) {
      writer_error = "an exception that is not a std::exception escaped the library";
    }
    writer_done = true;
  });
  writer_thread.join();
  for (std::thread& reader : readers) reader.join();

  CHECK(writer_error.empty());
  std::size_t searches = 0, io_errors = 0;
  for (const ReaderLog& log : logs) {
    INFO("reader: " << log.searches << " searches, " << log.io_errors << " IoErrors");
    for (const std::string& violation : log.violations) FAIL_CHECK(violation);
    CHECK(log.searches >= kMinSearches);
    searches += log.searches;
    io_errors += log.io_errors;
  }
  // Reopen-and-retry should make IoError rare even under constant commits.
  INFO(searches << " searches, " << io_errors << " IoErrors");
  CHECK(io_errors * 10 <= searches);

  // Afterwards a new Searcher sees every batch.
  paperdex::Searcher searcher(db);
  paperdex::SearchRequest request;
  request.query = "zeppelin";
  const paperdex::SearchResult result = searcher.search(request);
  CHECK(result.total == kBatch * kBatches);
  CHECK(searcher.document_count() == kBaseline + kBatch * kBatches);
}
