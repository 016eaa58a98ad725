// paperdex-remote-floor: the floor Xapian 1.4's remote protocol sets under a
// search of remote shards, with plain Xapian only (no paperdex Searcher), on
// the layouts bench/remote_bench.sh measures paperdex on:
//   single  one index (the reference)
//   local   its --jobs 2 --shards build: the stub of two local shards
//   remote  the same two shards, each served by xapian-tcpsrv on 127.0.0.1
//           (started here, stopped on exit), through a stub of two lines
// Each query (one a line) is parsed by a plain Xapian::QueryParser (English
// stems, every word required, each word in the title-and-abstract field or
// the title's: paperdex's T and S prefixes), then a search does the least a
// page needs: get_mset(0, 10) with an exact count (check_at_least = the
// document count) and each hit's get_document().get_data(), one after the
// other; and, on the remote shards, the page's pass alone ("remote, no
// documents"): the floor of a remote page whose documents cost nothing more.
// The parse is not timed. Prints, as remote_bench.sh does, p50/p99 of each
// layout (a query's latency is its median over the rounds), the ratios to one
// index, and how many pages (the count and the hits' id terms, read untimed)
// equal one index's.
//
// usage: paperdex-remote-floor [--rounds N] [--warmup N] SINGLE SHARDED QUERIES
//   SINGLE   one index; SHARDED: a --shards build (shard-0, shard-1, XAPIANDB)
//   (remote_bench.sh -k DIR keeps them as DIR/single and DIR/sharded)
//   --check-spies  instead: on each layout, whether a match spy in the page's
//            pass counts every match once (the year facet's ValueCountMatchSpy,
//            the page sorted by relevance then date, as paperdex sorts it)
//   --records-slot  also: copies of the two shards with each document's data
//            in a value slot too (made in a temporary directory, ~1 min on
//            the cs harvest), served the same way, and a page whose records
//            come back with it as the hits' collapse keys (the slot's values
//            are unique, so nothing collapses): the page's pass without an
//            exact count (the count would be a pass of its own beside it, as
//            paperdex counts) and no document exchange ("remote, records as
//            collapse keys"); beside it the same pass without the collapse key
//            ("remote, page pass without count"). What a remote page could
//            cost if Xapian 1.4's one-document-per-exchange were bypassed.
//   --count-floor  also: the count a search's total and facets need, alone,
//            on one index and on the remote shards: every match counted,
//            unweighted, with Xapian's value-count spies on the subject and
//            year slots (what paperdex's count of remote shards runs on the
//            servers, part_count.cc; one index walks posting lists instead)
//            ("..., count with facets"); and on the remote shards that count
//            followed by the page's pass without documents ("remote, count
//            with facets, then the page's pass"): the least a remote search
//            with an exact total and facets exchanges and makes the servers
//            do, before any paperdex code.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <xapian.h>

#include "measure.h"
#include "paperdex/common/schema.h"

extern char** environ;

namespace {

namespace fs = std::filesystem;

struct Options {
  int rounds = 3;
  int warmup = 1;
  bool check_spies = false;
  bool records_slot = false;
  bool count_floor = false;
  fs::path single, sharded, queries;
};

[[noreturn]] void usage() {
  std::cerr << "usage: paperdex-remote-floor [--rounds N] [--warmup N] [--check-spies] "
               "[--records-slot] [--count-floor] SINGLE SHARDED QUERIES\n"
               "  SINGLE: one index; SHARDED: its --shards build (shard-0, shard-1 and a stub)\n";
  std::exit(2);
}

Options parse_options(int argc, char** argv) {
  Options options;
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if ((arg == "--rounds" || arg == "--warmup") && i + 1 < argc) {
      const int value = std::atoi(argv[++i]);
      if (value < (arg == "--rounds" ? 1 : 0)) usage();
      (arg == "--rounds" ? options.rounds : options.warmup) = value;
    } else if (arg == "--check-spies") {
      options.check_spies = true;
    } else if (arg == "--records-slot") {
      options.records_slot = true;
    } else if (arg == "--count-floor") {
      options.count_floor = true;
    } else if (!arg.empty() && arg[0] == '-') {
      usage();
    } else {
      positional.push_back(arg);
    }
  }
  if (positional.size() != 3) usage();
  options.single = positional[0];
  options.sharded = positional[1];
  options.queries = positional[2];
  return options;
}

// xapian-tcpsrv serving one shard on 127.0.0.1, in a process group of its own
// (it forks a process per connection); the group is stopped on destruction.
class ShardServer {
 public:
  ShardServer(const fs::path& shard, const fs::path& work) {
    std::mt19937 random{std::random_device{}()};
    for (int attempt = 0; attempt < 20 && pid_ == 0; ++attempt) {
      port_ = 20000 + static_cast<int>(random() % 40000);
      const fs::path log = work / ("server-" + std::to_string(port_) + ".log");
      spawn(shard, log);
      if (!wait_listening(log)) stop();  // the port was taken: another
    }
    if (pid_ == 0) {
      throw std::runtime_error("could not start xapian-tcpsrv for " + shard.string() +
                               " (is xapian-tools installed? apt-get install -y xapian-tools)");
    }
  }
  ~ShardServer() { stop(); }
  ShardServer(const ShardServer&) = delete;
  ShardServer& operator=(const ShardServer&) = delete;

  int port() const { return port_; }

 private:
  void spawn(const fs::path& shard, const fs::path& log) {
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    posix_spawn_file_actions_addopen(&files, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&files, 1, 2);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);
    const std::string port = std::to_string(port_);
    std::vector<std::string> args = {"xapian-tcpsrv", "--interface", "127.0.0.1",
                                     "--port",        port,          shard.string()};
    std::vector<char*> argv;
    for (std::string& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    if (posix_spawnp(&pid, argv[0], &files, &attributes, argv.data(), environ) == 0) pid_ = pid;
    posix_spawn_file_actions_destroy(&files);
    posix_spawnattr_destroy(&attributes);
  }

  // Whether the server says it listens within 10 s (false: it exited).
  bool wait_listening(const fs::path& log) const {
    for (int i = 0; i < 200 && pid_ != 0; ++i) {
      std::ifstream in(log);
      std::string line;
      while (std::getline(in, line)) {
        if (line.rfind("Listening", 0) == 0) return true;
      }
      if (waitpid(pid_, nullptr, WNOHANG) == pid_) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  }

  void stop() {
    if (pid_ == 0) return;
    kill(-pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
    pid_ = 0;
  }

  pid_t pid_ = 0;
  int port_ = 0;
};

struct Page {
  Xapian::doccount matches = 0;
  std::vector<Xapian::docid> hits;
  std::vector<std::string> ids;  // the hits' id terms (read untimed), to compare layouts by
  bool operator==(const Page& other) const { return matches == other.matches && ids == other.ids; }
};

// The slot the --records-slot copies hold each document's data in (past
// paperdex's own slots, schema.h).
constexpr Xapian::valueno kRecordSlot = 15;

struct Layout {
  std::string name;
  Xapian::Database db;
  bool documents = true;  // false: the page's pass alone, no document read
  // The page's pass without an exact count; with `collapse_records`, its
  // hits' records come as their collapse keys (--records-slot).
  bool without_count = false;
  bool collapse_records = false;
  // Instead of a page: every match counted, unweighted, with the facet spies
  // (--count-floor).
  bool count_with_facets = false;
  bool then_page = false;               // and then the page's pass (`documents` as set)
  std::vector<std::vector<double>> ms;  // by query, one per round
  std::vector<Page> pages;              // of the first measured round
};

// The count with facets alone (--count-floor); returns its milliseconds.
double count(const Layout& layout, const Xapian::Query& query, Page& page) {
  const auto started = std::chrono::steady_clock::now();
  Xapian::Enquire enquire(layout.db);
  // Unweighted behind "every document", as paperdex counts (ranking.h).
  enquire.set_query(Xapian::Query(Xapian::Query::OP_FILTER, Xapian::Query(std::string()), query));
  enquire.set_weighting_scheme(Xapian::BoolWeight());
  Xapian::ValueCountMatchSpy subjects(paperdex::schema::kSubjectsSlot);
  Xapian::ValueCountMatchSpy years(paperdex::schema::kYearSlot);
  enquire.add_matchspy(&subjects);
  enquire.add_matchspy(&years);
  const Xapian::MSet mset = enquire.get_mset(0, 0, layout.db.get_doccount());
  page.matches = mset.get_matches_estimated();
  page.hits.clear();
  // The facets read as paperdex reads them (part_count.cc), timed.
  std::size_t values = 0;
  for (const auto* spy : {&subjects, &years}) {
    for (auto it = spy->values_begin(); it != spy->values_end(); ++it) values += it.get_termfreq();
  }
  const double ms = paperdex::bench::seconds_since(started) * 1000;
  if (values == 0 && page.matches > 0) throw std::runtime_error("facet spies that saw no match");
  return ms;
}

// The least a page needs (above), as `layout` says (after the count, for a
// layout that counts); returns its milliseconds.
double search(const Layout& layout, const Xapian::Query& query, Page& page) {
  const double counting = layout.count_with_facets ? count(layout, query, page) : 0;
  if (layout.count_with_facets && !layout.then_page) return counting;
  const Xapian::doccount counted = page.matches;
  const auto started = std::chrono::steady_clock::now();
  Xapian::Enquire enquire(layout.db);
  enquire.set_query(query);
  if (layout.collapse_records) enquire.set_collapse_key(kRecordSlot);
  const Xapian::MSet mset =
      enquire.get_mset(0, 10, layout.without_count ? 0 : layout.db.get_doccount());
  page.matches = layout.without_count ? 0 : mset.get_matches_estimated();
  page.hits.clear();
  std::size_t bytes = 0;
  for (auto hit = mset.begin(); hit != mset.end(); ++hit) {
    page.hits.push_back(*hit);
    if (layout.documents) bytes += hit.get_document().get_data().size();
    if (layout.collapse_records) bytes += hit.get_collapse_key().size();
  }
  const double ms = paperdex::bench::seconds_since(started) * 1000;
  if ((layout.documents || layout.collapse_records) && bytes == 0 && !page.hits.empty())
    throw std::runtime_error("a page without its records");
  if (layout.then_page) page.matches = counted;
  return counting + ms;
}

// A copy of `shard` in `copy` whose documents hold their data in
// kRecordSlot too.
void copy_with_records(const fs::path& shard, const fs::path& copy) {
  fs::copy(shard, copy, fs::copy_options::recursive);
  Xapian::WritableDatabase db(copy.string(), Xapian::DB_OPEN);
  for (auto id = db.postlist_begin(""); id != db.postlist_end(""); ++id) {
    Xapian::Document document = db.get_document(*id);
    document.add_value(kRecordSlot, document.get_data());
    db.replace_document(*id, document);
  }
  db.commit();
}

// The id term ("Q...") of each of `page`'s hits (what one index and the
// shards' pages are compared by: their stored data holds index times).
void read_ids(const Xapian::Database& db, Page& page) {
  page.ids.clear();
  for (const Xapian::docid hit : page.hits) {
    Xapian::TermIterator term = db.termlist_begin(hit);
    term.skip_to("Q");
    page.ids.push_back(term != db.termlist_end(hit) ? *term : "");
  }
}

// The queries whose year facet, counted by a spy in the page's pass, does
// not add up to the exact count (every paper has one year).
std::size_t spy_miscounts(const Xapian::Database& db, const std::vector<Xapian::Query>& queries) {
  constexpr Xapian::valueno kYearSlot = 0, kDateSlot = 2;  // paperdex's schema.h
  std::size_t miscounted = 0;
  for (const Xapian::Query& query : queries) {
    Xapian::Enquire enquire(db);
    enquire.set_query(query);
    enquire.set_sort_by_relevance_then_value(kDateSlot, true);
    Xapian::ValueCountMatchSpy years(kYearSlot);
    enquire.add_matchspy(&years);
    const Xapian::MSet mset = enquire.get_mset(0, 10, db.get_doccount());
    Xapian::doccount counted = 0;
    for (auto year = years.values_begin(); year != years.values_end(); ++year) {
      counted += year.get_termfreq();
    }
    miscounted += counted != mset.get_matches_estimated();
  }
  return miscounted;
}

std::vector<Xapian::Query> parse_queries(const fs::path& file) {
  Xapian::QueryParser parser;
  parser.set_stemmer(Xapian::Stem("english"));
  parser.set_stemming_strategy(Xapian::QueryParser::STEM_ALL);  // "Tmodel", as indexed
  parser.set_default_op(Xapian::Query::OP_AND);
  parser.add_prefix("", "T");  // title and abstract
  parser.add_prefix("", "S");  // the title
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read the query file " + file.string());
  std::vector<Xapian::Query> queries;
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    queries.push_back(parser.parse_query(line));
  }
  return queries;
}

double percentile(std::vector<double> values, double p) {  // nearest rank
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(std::ceil(p / 100 * values.size()));
  return values[std::clamp<std::size_t>(rank, 1, values.size()) - 1];
}

std::vector<double> latencies(const Layout& layout) {
  std::vector<double> per_query;
  for (const std::vector<double>& rounds : layout.ms) {
    per_query.push_back(paperdex::bench::median(rounds));
  }
  return per_query;
}

void print_table(const std::vector<Layout>& layouts) {
  const std::vector<double> base = latencies(layouts.front());
  const double base50 = percentile(base, 50), base99 = percentile(base, 99);
  std::printf("| layout | p50 ms | p99 ms | p50 ratio | p99 ratio | pages identical |\n");
  std::printf("|---|---|---|---|---|---|\n");
  for (const Layout& layout : layouts) {
    const std::vector<double> lat = latencies(layout);
    std::size_t same = 0;
    for (std::size_t q = 0; q < layout.pages.size(); ++q) {
      // A pass without an exact count is compared by its hits alone, a
      // count by its count.
      const Page& page = layout.pages[q];
      const Page& reference = layouts.front().pages[q];
      same += layout.without_count       ? page.ids == reference.ids
              : layout.count_with_facets ? page.matches == reference.matches
                                         : page == reference;
    }
    std::printf("| %s (plain Xapian) | %.2f | %.2f | x%.2f | x%.2f | %zu of %zu |\n",
                layout.name.c_str(), percentile(lat, 50), percentile(lat, 99),
                percentile(lat, 50) / base50, percentile(lat, 99) / base99, same,
                layout.pages.size());
  }
}

void run(const Options& options) {
  const std::vector<Xapian::Query> queries = parse_queries(options.queries);
  if (queries.empty()) throw std::runtime_error("no queries in " + options.queries.string());
  const fs::path work =
      fs::temp_directory_path() / ("paperdex-remote-floor." + std::to_string(getpid()));
  fs::create_directories(work);
  struct Cleanup {
    fs::path dir;
    ~Cleanup() { fs::remove_all(dir); }
  } cleanup{work};
  ShardServer shard0(options.sharded / "shard-0", work);
  ShardServer shard1(options.sharded / "shard-1", work);
  const fs::path stub = work / "remote.stub";
  std::ofstream(stub) << "remote 127.0.0.1:" << shard0.port()
                      << "\nremote 127.0.0.1:" << shard1.port() << "\n";
  std::vector<Layout> layouts;
  const Xapian::Database remote(stub.string());
  // A layout to measure: `documents` read in turn, or the page's pass alone;
  // without its exact count; its records as collapse keys.
  const auto layout = [](std::string name, Xapian::Database db, bool documents = true,
                         bool without_count = false, bool collapse_records = false) {
    Layout made;
    made.name = std::move(name);
    made.db = std::move(db);
    made.documents = documents;
    made.without_count = without_count;
    made.collapse_records = collapse_records;
    return made;
  };
  layouts.push_back(layout("single", Xapian::Database(options.single.string())));
  layouts.push_back(layout("local", Xapian::Database(options.sharded.string())));
  layouts.push_back(layout("remote", remote));
  layouts.push_back(layout("remote, no documents", remote, false));
  std::optional<ShardServer> records0, records1;
  if (options.records_slot) {
    copy_with_records(options.sharded / "shard-0", work / "records-0");
    copy_with_records(options.sharded / "shard-1", work / "records-1");
    records0.emplace(work / "records-0", work);
    records1.emplace(work / "records-1", work);
    const fs::path records_stub = work / "records.stub";
    std::ofstream(records_stub) << "remote 127.0.0.1:" << records0->port()
                                << "\nremote 127.0.0.1:" << records1->port() << "\n";
    const Xapian::Database with_records(records_stub.string());
    layouts.push_back(layout("remote, page pass without count", with_records, false, true));
    layouts.push_back(layout("remote, records as collapse keys", with_records, false, true, true));
  }
  if (options.count_floor) {
    Layout single_count = layouts.front();
    single_count.name = "single, count with facets";
    single_count.count_with_facets = true;
    Layout remote_count = layout("remote, count with facets", remote, false);
    remote_count.count_with_facets = true;
    Layout remote_count_page = remote_count;
    remote_count_page.name = "remote, count with facets, then the page's pass";
    remote_count_page.then_page = true;
    remote_count_page.without_count = true;
    layouts.push_back(std::move(single_count));
    layouts.push_back(std::move(remote_count));
    layouts.push_back(std::move(remote_count_page));
  }
  if (options.check_spies) {
    for (const Layout& layout : layouts) {
      if (!layout.documents) continue;
      std::printf("%s: %zu of %zu queries' spy counts differ from their match count\n",
                  layout.name.c_str(), spy_miscounts(layout.db, queries), queries.size());
    }
    return;
  }
  for (int round = -options.warmup; round < options.rounds; ++round) {
    for (Layout& layout : layouts) {  // the layouts in turn, as remote_bench.sh
      layout.ms.resize(queries.size());
      layout.pages.resize(queries.size());
      Page page;
      for (std::size_t q = 0; q < queries.size(); ++q) {
        const double ms = search(layout, queries[q], page);
        if (round < 0) continue;
        layout.ms[q].push_back(ms);
        if (round > 0) continue;
        read_ids(layout.db, page);
        layout.pages[q] = page;
      }
    }
  }
  std::printf("%zu queries, %d warm-up + %d rounds per layout\n", queries.size(), options.warmup,
              options.rounds);
  print_table(layouts);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    run(parse_options(argc, argv));
  } catch (const Xapian::Error& e) {
    std::cerr << "paperdex-remote-floor: " << e.get_description() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "paperdex-remote-floor: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
