/// @file
/// Harvesting an OAI-PMH repository (arXiv's) into an index: ListRecords
/// page by page, each page committed with the harvest's position, so a run
/// killed at any point continues where it stopped; incremental by default
/// (the next harvest asks only for what changed since the last complete one
/// began). Presenting it is the caller's: paperdex-index --harvest.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "paperdex/export.h"
#include "paperdex/indexer/index_run.h"

namespace paperdex {

/// arXiv's OAI-PMH endpoint (https://export.arxiv.org/oai2 is its older name).
inline constexpr const char* kDefaultHarvestUrl = "https://oaipmh.arxiv.org/oai";

/// What one run_harvest call does.
struct HarvestOptions {
  std::string db_path;
  std::string base_url = kDefaultHarvestUrl;
  std::vector<std::string> sets;  ///< one harvest each ("cs", "physics:hep-th"); none: everything
  /// YYYY-MM-DD; "auto" or empty: where the last complete harvest of this
  /// base URL, set and format began (everything when there was none).
  std::string from;
  std::string until;                         ///< YYYY-MM-DD or empty
  std::string metadata_prefix = "arXivRaw";  ///< "arXivRaw" or "arXiv"
  double delay_seconds = 3;                  ///< the least pause between two requests
  double timeout_seconds = 60;  ///< to connect, and for a transfer that receives nothing
  /// For a whole answer, from its request on (one trickling a byte a second
  /// never trips the timeout); then it is retried as after a network error.
  double deadline_seconds = 300;
  /// Follow redirects to another host too; by default only those within the
  /// base URL's host are (a bounded number), and any other stops the harvest.
  bool cross_host_redirects = false;
  std::string user_agent;  ///< "paperdex/VERSION (+mailto:EMAIL)"
  bool wait_for_lock = false;
  /// When given and set, the harvest stops within a tenth of a second: the
  /// pages committed stay, with the position of the next, and the outcome
  /// is kInterrupted (as IndexRunOptions::stop).
  const std::atomic<bool>* stop = nullptr;
};

/// How far a harvest has got.
struct HarvestProgress {
  std::string set;              ///< the set being harvested ("" for everything)
  std::uint64_t pages = 0;      ///< pages committed in this run
  std::uint64_t records = 0;    ///< records committed in this run
  std::uint64_t listed = 0;     ///< records of this harvest's list done (with earlier runs')
  std::uint64_t list_size = 0;  ///< the server's completeListSize; 0 when not given
  double elapsed_seconds = 0;
};

/// What run_harvest tells as it goes; every callback may be empty. on_wait
/// is called on the fetching thread, the others on the calling thread.
struct HarvestEvents {
  std::function<void(const HarvestProgress&)> on_progress;  ///< after each page
  std::function<void(const ReadProblem&)> on_skipped;       ///< a record that could not be used
  std::function<void(const ReadProblem&)> on_truncated;     ///< a record with a field cut
  std::function<void(const std::string& message)> on_note;  ///< resumed, restarted, ...
  /// A wait the server asked for (Retry-After), or before a retry, starting
  /// now; called on the fetching thread.
  std::function<void(double seconds, const std::string& why)> on_wait;
};

/// What the index remembers of one harvest (a base URL, set and format).
struct HarvestState {
  std::string base_url;
  std::string set;
  std::string metadata_prefix;
  /// The responseDate of the first page of the last complete harvest: where
  /// the next one starts with --from auto. Empty before one completed.
  std::string last_from;
  /// An interrupted harvest: the token of its next page (empty: none), its
  /// from/until, the responseDate of its first page and what it has done.
  std::string token;
  std::string from;
  std::string until;
  std::string started;
  std::uint64_t pages = 0;
  std::uint64_t records = 0;
  std::uint64_t list_size = 0;
};

/// What a harvest did: the run's values (outcome, counts, skipped records)
/// and the pages it committed.
struct HarvestResult {
  IndexRunResult run;
  std::uint64_t pages = 0;
  /// Where the time went, on the two threads: transfers; pauses between
  /// requests and waits for the server; reading and committing pages.
  double fetch_seconds = 0;
  double wait_seconds = 0;
  double index_seconds = 0;
};

/// "paperdex/VERSION (+mailto:CONTACT)" (without the parenthesis when there
/// is no contact): the User-Agent a harvest names itself with.
PAPERDEX_API std::string harvest_user_agent(std::string_view version, std::string_view contact);

/// Harvests every set of `options` in turn. Never throws: a failure (the
/// server gave up on, a locked index) is in result.run, after every page
/// before it was committed.
PAPERDEX_API HarvestResult run_harvest(const HarvestOptions& options,
                                       const HarvestEvents& events = {});

/// The harvests the index at `db_path` remembers. Throws IoError when it
/// cannot be opened.
PAPERDEX_API std::vector<HarvestState> harvest_states(const std::string& db_path);

}  // namespace paperdex
