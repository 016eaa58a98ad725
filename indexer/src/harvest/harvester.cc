// run_harvest: for each set, a listing fetched on one thread (HttpClient,
// parse_oai_page) and indexed on the calling one, each page committed with
// the harvest's state (harvest_state.h) so a killed run resumes at the next
// page.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <set>
#include <string_view>
#include <thread>
#include <utility>

#include <xapian.h>

#include "../run_guard.h"
#include "harvest_state.h"
#include "http_client.h"
#include "oai_page.h"
#include "page_queue.h"
#include "paperdex/errors.h"
#include "paperdex/indexer/harvest.h"
#include "paperdex/indexer/index_writer.h"

namespace paperdex {
namespace harvest {
namespace {

using Clock = std::chrono::steady_clock;

// Percent-encodes all but RFC 3986's unreserved characters.
std::string url_encode(const std::string& text) {
  std::string encoded;
  for (const unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      encoded += static_cast<char>(c);
    } else {
      char buffer[4];
      std::snprintf(buffer, sizeof buffer, "%%%02X", c);
      encoded += buffer;
    }
  }
  return encoded;
}

// What one listing asks for, and the token to resume it at (if any).
struct Listing {
  std::string base_url;
  std::string metadata_prefix;
  std::string set;
  std::string from;
  std::string until;
  std::string resume_token;

  std::string first_url() const {
    std::string url = base_url + "?verb=ListRecords&metadataPrefix=" + url_encode(metadata_prefix);
    if (!set.empty()) url += "&set=" + url_encode(set);
    if (!from.empty()) url += "&from=" + url_encode(from);
    if (!until.empty()) url += "&until=" + url_encode(until);
    return url;
  }
  std::string token_url(const std::string& token) const {
    return base_url + "?verb=ListRecords&resumptionToken=" + url_encode(token);
  }
};

// The resumption tokens one list has sent: one sent again is a loop that
// would never end (a server answering each token with itself, or A, B, A).
// Kept as two unrelated 64-bit hashes of each, not the token: a token may be
// megabytes, and a false match (odds about pages² / 2^128) would only stop a
// run early, to continue with the next.
class SeenTokens {
 public:
  // False when `token` was seen before.
  bool insert(std::string_view token) { return seen_.insert(digest(token)).second; }
  void clear() { seen_.clear(); }

 private:
  using Digest = std::pair<std::uint64_t, std::uint64_t>;
  static Digest digest(std::string_view token) {
    std::uint64_t fnv = 14695981039346656037ULL;  // FNV-1a
    for (const unsigned char c : token) fnv = (fnv ^ c) * 1099511628211ULL;
    return {fnv, std::hash<std::string_view>{}(token)};
  }
  std::set<Digest> seen_;
};

// A token as an error message shows it: a hostile one may be megabytes.
std::string shown_token(const std::string& token) {
  constexpr std::size_t kShown = 200;
  if (token.size() <= kShown) return "'" + token + "'";
  return "'" + token.substr(0, kShown) + "...' (" + std::to_string(token.size()) + " bytes)";
}

// How often one run starts a listing again for an expired token: more means
// the server rejects the tokens it has just given.
constexpr int kMaxRestarts = 3;

// Fetches the listing's pages into `queue`, from its resume token or its
// start. A token the server no longer accepts restarts the listing.
void fetch_pages(HttpClient& client, const Listing& listing, PageQueue& queue) {
  std::string token = listing.resume_token;
  SeenTokens seen;
  if (!token.empty()) seen.insert(token);
  std::string note;
  int restarts = 0;
  for (;;) {
    const bool starts = token.empty();
    const std::string url = starts ? listing.first_url() : listing.token_url(token);
    std::optional<OaiPage> page;
    try {
      client.get(url, [&](const std::string& body) { page = parse_oai_page(body, url); });
    } catch (const RedirectRefused& error) {
      throw HttpError(std::string(error.what()) + "; every page before it is committed");
    } catch (const HttpError& error) {
      throw HttpError(std::string(error.what()) +
                      "; every page before it is committed: run the same command again to "
                      "continue from there");
    }
    if (page->error_code == "badResumptionToken" && !starts && restarts++ < kMaxRestarts) {
      note = "the server no longer accepts the resumption token (" + page->error_message +
             "): the harvest starts again from its from date (papers already current stay "
             "unchanged)";
      token.clear();
      seen.clear();  // a new list, which may send the same tokens again
      continue;
    }
    if (!page->error_code.empty() && page->error_code != "noRecordsMatch") {
      throw std::runtime_error(url + ": the repository answered OAI-PMH error " + page->error_code +
                               ": " + page->error_message);
    }
    if (!page->token.empty() && !seen.insert(page->token)) {
      throw std::runtime_error(
          url + ": the repository sent the resumption token " + shown_token(page->token) +
          " a second time in this list, which would never end; this page is not indexed, every "
          "page before it is committed: the same command continues from there once the "
          "repository is fixed (tell its operators)");
    }
    token = page->token;
    if (!queue.put(FetchedPage{std::move(*page), url, starts, std::move(note)})) return;
    note.clear();
    if (token.empty()) return;
  }
}

// One listing, indexed page by page into `writer` as it is fetched.
class ListingHarvest {
 public:
  ListingHarvest(IndexWriter& writer, HttpClient& client, const std::atomic<bool>* stop,
                 const HarvestEvents& events, HarvestResult& result, Clock::time_point started)
      : writer_(writer),
        client_(client),
        stop_(stop),
        events_(events),
        result_(result),
        started_(started) {}

  void run(const Listing& listing, HarvestState state) {
    key_ = state_key(listing.base_url, listing.set, listing.metadata_prefix);
    state_ = std::move(state);
    set_ = listing.set;
    PageQueue queue;
    std::jthread fetcher([&] {
      try {
        fetch_pages(client_, listing, queue);
        queue.finish(nullptr);
      } catch (...) {
        queue.finish(std::current_exception());
      }
    });
    try {
      while (std::optional<FetchedPage> fetched = queue.take()) {
        const auto started = Clock::now();
        commit_page(*fetched, listing);
        result_.index_seconds += std::chrono::duration<double>(Clock::now() - started).count();
        // Between pages: the fetcher sees the same flag in its transfer or wait.
        if (stop_ != nullptr && stop_->load()) throw HarvestInterrupted();
      }
    } catch (...) {
      // Half a page must not be committed by the writer's destructor.
      writer_.discard_batch();
      queue.close();
      throw;
    }
  }

 private:
  void take_problems(const OaiPage& page) {
    IndexRunResult& run = result_.run;
    for (const ReadProblem& problem : page.problems) {
      ++run.skipped;
      ++run.skipped_by_reason[problem.reason];
      if (events_.on_skipped) events_.on_skipped(problem);
    }
    for (const ReadProblem& warning : page.warnings) {
      ++run.fields_cut;
      if (events_.on_truncated) events_.on_truncated(warning);
    }
  }

  void commit_page(FetchedPage& fetched, const Listing& listing) {
    OaiPage& page = fetched.page;
    if (!fetched.note.empty() && events_.on_note) events_.on_note(fetched.note);
    if (fetched.starts_listing) {
      state_.pages = state_.records = state_.list_size = 0;
      state_.started = page.response_date;
      state_.from = listing.from;
      state_.until = listing.until;
    }
    take_problems(page);
    for (Record& record : page.records) writer_.add(std::move(record));
    result_.run.records_read += page.records.size();
    ++result_.pages;
    ++state_.pages;
    state_.records += page.records.size() + page.problems.size();
    state_.list_size = page.complete_list_size.value_or(state_.list_size);
    state_.token = page.token;
    const std::uint64_t listed = state_.records;
    if (state_.token.empty()) {  // the listing is complete
      state_.last_from = state_.started;
      state_.from = state_.until = state_.started = {};
      state_.pages = state_.records = state_.list_size = 0;
    }
    writer_.set_metadata(key_, encode_state(state_));
    writer_.commit();
    if (events_.on_progress) events_.on_progress(progress(page, listed));
  }

  HarvestProgress progress(const OaiPage& page, std::uint64_t listed) const {
    HarvestProgress now;
    now.set = set_;
    now.pages = result_.pages;
    now.records = result_.run.records_read;
    now.listed = listed;
    now.list_size = page.complete_list_size.value_or(0);
    now.elapsed_seconds = std::chrono::duration<double>(Clock::now() - started_).count();
    return now;
  }

  IndexWriter& writer_;
  HttpClient& client_;
  const std::atomic<bool>* stop_;
  const HarvestEvents& events_;
  HarvestResult& result_;
  Clock::time_point started_;
  std::string key_;
  std::string set_;
  HarvestState state_;
};

// "2016-03-09T00:35:38Z" -> "2016-03-09": arXiv's granularity is the day, and
// a day's overlap only re-reads papers that stay unchanged.
std::string day_of(const std::string& date) { return date.substr(0, 10); }

// The listing of `set`: its from date, and its resume token when the index
// holds an interrupted harvest asking for the same dates.
Listing plan_listing(const HarvestOptions& options, const std::string& set,
                     const HarvestState& state, const HarvestEvents& events) {
  Listing listing{options.base_url, options.metadata_prefix, set, options.from, options.until, {}};
  if (listing.from.empty() || listing.from == "auto") listing.from = day_of(state.last_from);
  const std::string what = set.empty() ? "the harvest" : "the harvest of set " + set;
  if (state.token.empty()) return listing;
  if (state.from == listing.from && state.until == listing.until) {
    listing.resume_token = state.token;
    if (events.on_note) {
      events.on_note(what + " resumes after page " + std::to_string(state.pages) + " (" +
                     std::to_string(state.records) + " records done)");
    }
  } else if (events.on_note) {
    events.on_note("an interrupted harvest is not resumed: it asked for from '" + state.from +
                   "' until '" + state.until + "', " + what + " asks for from '" + listing.from +
                   "' until '" + listing.until + "'");
  }
  return listing;
}

HttpOptions http_options(const HarvestOptions& options) {
  HttpOptions http;
  http.user_agent = options.user_agent;
  http.pause = Seconds(options.delay_seconds);
  http.timeout = Seconds(options.timeout_seconds);
  http.deadline = Seconds(options.deadline_seconds);
  http.cross_host_redirects = options.cross_host_redirects;
  http.stop = options.stop;
  return http;
}

void harvest_all(const HarvestOptions& options, const HarvestEvents& events,
                 HarvestResult& result) {
  const auto started = Clock::now();
  IndexWriterOptions writer_options;
  // Commits are the pages', never a batch's: a batch must not end mid-page.
  writer_options.batch_records = SIZE_MAX;
  writer_options.batch_interval = std::chrono::hours(24 * 365);
  writer_options.wait_for_lock = options.wait_for_lock;
  IndexWriter writer(options.db_path, writer_options);
  HttpClient client(http_options(options), [&](Seconds wait, const std::string& why) {
    if (events.on_wait) events.on_wait(wait.count(), why);
  });
  const std::vector<std::string> sets =
      options.sets.empty() ? std::vector<std::string>{""} : options.sets;
  for (const std::string& set : sets) {
    const std::string key = state_key(options.base_url, set, options.metadata_prefix);
    const std::string stored = writer.metadata(key);
    HarvestState state;
    if (stored.empty()) {
      state.base_url = options.base_url;
      state.set = set;
      state.metadata_prefix = options.metadata_prefix;
    } else {
      state = decode_state(key, stored);
    }
    const Listing listing = plan_listing(options, set, state, events);
    try {
      ListingHarvest(writer, client, options.stop, events, result, started)
          .run(listing, std::move(state));
    } catch (const HarvestInterrupted&) {
      // The pages committed stay, with the position of the next.
      result.run.outcome = IndexRunOutcome::kInterrupted;
      break;
    }
  }
  result.run.stats = writer.finish();
  result.run.documents = writer.document_count();
  result.fetch_seconds = client.transfer_time().count();
  result.wait_seconds = client.wait_time().count();
}

}  // namespace
}  // namespace harvest

std::string harvest_user_agent(std::string_view version, std::string_view contact) {
  std::string agent = "paperdex/" + std::string(version);
  if (!contact.empty()) agent += " (+mailto:" + std::string(contact) + ")";
  return agent;
}

HarvestResult run_harvest(const HarvestOptions& options, const HarvestEvents& events) {
  HarvestResult result;
  result.run.mode = WriteMode::kBatched;
  detail::run_guarded(options.db_path, result.run,
                      [&] { harvest::harvest_all(options, events, result); });
  return result;
}

std::vector<HarvestState> harvest_states(const std::string& db_path) {
  try {
    return harvest::read_states(Xapian::Database(db_path));
  } catch (const Xapian::Error& error) {
    throw IoError("cannot open the index at " + db_path + ": " + error.get_description());
  }
}

}  // namespace paperdex
