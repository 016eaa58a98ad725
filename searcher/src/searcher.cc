#include "paperdex/searcher.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string_view>

#include <xapian.h>

#include "database_open.h"
#include "index_info.h"
#include "match/matcher.h"
#include "match/ranking.h"
#include "paper.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/index_time.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/space_split.h"
#include "paperdex/common/stored_record.h"
#include "query/index_terms.h"
#include "query/paper_reference.h"
#include "query/query_translation.h"
#include "query/related.h"
#include "query/title_bonus.h"
#include "results/author_forms.h"
#include "results/citations.h"
#include "results/explain.h"
#include "results/facet_table.h"
#include "results/facets.h"
#include "results/highlighter.h"
#include "results/passage.h"
#include "results/spelling.h"
#include "saved_searches.h"
#include "tags.h"

namespace paperdex {
namespace {

// What a Xapian error says, without the name of its class: messages are for
// users of paperdex, who never meet Xapian's types.
std::string reason(const Xapian::Error& error) {
  std::string message = error.get_msg();
  if (const char* context = error.get_error_string(); context != nullptr && *context != '\0') {
    message += std::string(" (") + context + ")";
  }
  return message;
}

// The error for a read of the index at `path` that failed while `doing`
// ("searching"), for what failed: an IoError naming the index and what to do.
enum class ReadFault { kOther, kRemote, kDamaged };
IoError read_failure(const std::string& path, std::string_view doing, ReadFault fault,
                     const std::string& why) {
  const std::string what = std::string(doing) + " the index at " + path + " failed: ";
  switch (fault) {
    case ReadFault::kRemote:
      return IoError(what + "a remote shard: " + why +
                     "; check that its xapian-tcpsrv is running and reachable");
    case ReadFault::kDamaged:
      return IoError(what + "the index may be damaged (" + why + "); check it with " +
                     "xapian-check " + path + ", and rebuild it with paperdex-index");
    case ReadFault::kOther:
      break;
  }
  return IoError(what + why);
}

// Runs `read`, turning any failure that is not already a paperdex::Error into
// an IoError naming the index: Xapian's errors (any table's damage shows as a
// DatabaseError, DatabaseCorruptError mostly), and what a damaged index can
// make a reader throw (std::bad_alloc for a length read from garbage).
// Nothing from the index leaves the library as anything else: an uncaught
// Xapian error aborted paperdex-search (issue 28).
template <typename Read>
auto as_read_failure(const std::string& path, std::string_view doing, const Read& read)
    -> decltype(read()) {
  try {
    return read();
  } catch (const Error&) {
    throw;
  } catch (const Xapian::DatabaseModifiedError& error) {
    throw read_failure(path, doing, ReadFault::kOther, reason(error));
  } catch (const Xapian::DatabaseError& error) {
    throw read_failure(path, doing, ReadFault::kDamaged, reason(error));
  } catch (const Xapian::NetworkError& error) {
    throw read_failure(path, doing, ReadFault::kRemote, reason(error));
  } catch (const Xapian::Error& error) {
    throw read_failure(path, doing, ReadFault::kOther, reason(error));
  } catch (const std::exception& error) {
    throw read_failure(path, doing, ReadFault::kDamaged, error.what());
  }
}

// Calls `attempt` until it returns without Xapian::DatabaseModifiedError: a
// writer committing while we read can discard the revision we were reading.
// Between tries, `recover` moves to a revision that exists; after `retries`
// of them the index is reported as changing too fast (IoError). Every read
// of the index goes through here, once (Searcher::Impl::guarded).
template <typename Attempt, typename Recover>
auto retry_when_modified(const std::string& path, std::string_view doing, int retries,
                         const Attempt& attempt, const Recover& recover) -> decltype(attempt()) {
  for (int tried = 0;; ++tried) {
    try {
      return attempt();
    } catch (const Xapian::DatabaseModifiedError&) {
      if (tried >= retries) {
        throw IoError("the index at " + path + " kept changing while " + std::string(doing) +
                      "; try again");
      }
      recover();
    }
  }
}

// "the remote shard tcp://HOST:PORT (/idx/XAPIANDB:2)" that `error` is about,
// as its user wrote it, or "a remote shard" when the error names none.
std::string shard_named(const Xapian::Error& error, std::vector<detail::RemoteShard>& shards) {
  const detail::RemoteShard* shard = detail::shard_of(error, shards);
  return shard != nullptr ? "the remote shard " + detail::described(*shard) : "a remote shard";
}

// The databases at `locations` as one paperdex index (database_open.h), of
// this schema; `path` names them in messages.
void open_database(const std::vector<std::string>& locations, const std::string& path,
                   const detail::OpenOptions& options, detail::OpenedIndex& opened) {
  for (const std::string& location : locations) {
    if (!detail::is_tcp_location(location) && !std::filesystem::exists(location)) {
      throw DatabaseNotFoundError("no paperdex index at " + location +
                                  "; build one there with paperdex-index first");
    }
  }
  std::optional<int> version;
  try {
    // Opening again finds the revision the writer left.
    retry_when_modified(
        path, "opening it", 5,
        [&] {
          detail::open_index(locations, options, opened);
          version = schema::stored_schema_version(opened.db);
        },
        [] {});
  } catch (const Xapian::DatabaseError& error) {
    throw DatabaseNotFoundError("cannot open the index at " + path + ": " + reason(error) +
                                "; check the path, or rebuild the index with paperdex-index");
  } catch (const Xapian::NetworkError& error) {
    throw DatabaseNotFoundError("cannot reach " + shard_named(error, opened.remote_shards) +
                                " of the index at " + path + ": " + reason(error) +
                                "; check that its xapian-tcpsrv is running and reachable");
  }
  if (!version) {
    throw SchemaVersionError(path +
                             " is not a paperdex index (no schema version); build one with "
                             "paperdex-index");
  }
  if (*version != schema::kSchemaVersion) {
    throw SchemaVersionError("the index at " + path + " has schema version " +
                             std::to_string(*version) + " but this paperdex reads version " +
                             std::to_string(schema::kSchemaVersion) +
                             "; re-index it with this paperdex into a new path");
  }
}

// The locations of several databases opened as one, for messages.
std::string locations_text(const std::vector<std::string>& locations) {
  if (locations.empty()) throw std::invalid_argument("a Searcher needs at least one location");
  std::string text = locations.front();
  for (std::size_t i = 1; i < locations.size(); ++i) text += " + " + locations[i];
  return text;
}

// A filter value the parser refused, as the FilterError that names the
// search parameter (search_parameters.h: "subject") and the value, not a
// place in the query.
[[noreturn]] void throw_filter_error(const QuerySyntaxError& error, std::string parameter,
                                     const std::string& value) {
  std::string suggestion = parameter == "subject" ? detail::nearest_subject(value) : "";
  throw FilterError(error.what(), std::move(parameter), value, std::move(suggestion));
}

// OR of each value's filter (the search parameter `parameter`), AND-ed with
// `query` as a filter.
Xapian::Query add_filters(const detail::QueryParser& parser, Xapian::Query query,
                          std::string_view field, std::string_view parameter,
                          const std::vector<std::string>& values) {
  if (values.empty()) return query;
  std::vector<Xapian::Query> alternatives;
  for (const std::string& value : values) {
    try {
      alternatives.push_back(parser.parse_filter(field, value));
    } catch (const QuerySyntaxError& error) {
      throw_filter_error(error, std::string(parameter), value);
    }
  }
  Xapian::Query filter(Xapian::Query::OP_OR, alternatives.begin(), alternatives.end());
  return Xapian::Query(Xapian::Query::OP_FILTER, query, filter);
}

// "2.5 s", for messages.
std::string format_seconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%g s", seconds);
  return text;
}

// The match set of a query (MatchRule) and its papers with every word.
struct MatchPlan {
  MatchRule rule = MatchRule::kAsWritten;
  MatchSet set = MatchSet::kAllWords;  // what `counted` is
  Xapian::Query matched;               // the papers ranked, filters applied
  Xapian::Query ranked;  // `matched` with what titles add to the ranking (title_bonus.h)
  // The papers the total and facets describe: `matched`, but for kMostWords.
  Xapian::Query counted;
  Xapian::Query all_words;  // its papers with every word (== matched for kAllWords)
  // kShortQuery over remote shards: planned as if some paper had every word,
  // which the page's count then tells (Searcher::Impl::search).
  bool full_match_assumed = false;
};

// A name's words as one `author:` phrase: they follow each other in one
// author's name. Quotes in the name would end the phrase; they go.
std::string author_phrase(const std::string& name) {
  std::string phrase = "\"";
  for (const char c : name) phrase.push_back(c == '"' ? ' ' : c);
  return phrase + "\"";
}

// What became new about `record` after `since` (an index time; "": nothing
// asked), as its index times say: the first of added, a new version, a new
// category that is later.
PaperNews news_since(const Record& record, const std::string& since) {
  if (since.empty()) return PaperNews::kNone;
  if (record.added > since) return PaperNews::kNew;
  if (record.version_added > since) return PaperNews::kNewVersion;
  if (record.subject_added > since) return PaperNews::kCrossListed;
  return PaperNews::kNone;
}

}  // namespace

struct Searcher::Impl {
  std::vector<std::string> locations;
  std::string path;  // the locations, for messages
  // How `db` was opened; its remote timeout follows the searches' time limit.
  detail::OpenOptions open_options;
  // `db`, its remote shards (missing ones too) and the stubs and databases
  // opened.
  detail::OpenedIndex opened;
  Xapian::Database db;
  Analyzer analyzer;
  detail::QueryParser parser{analyzer};

  // The page and the counts, over the index's parts on every core (matcher.h).
  std::unique_ptr<detail::Matcher> matcher;
  // Of the revision the matcher shows.
  detail::SpellingWords spellings;
  // Of the revision `db` shows, as `spellings`: a cache, which reading a
  // query (const) fills.
  mutable detail::TermFrequencies termfreqs;

  // Whether the call under way takes the results of the shards that answer
  // (SearchRequest::allow_partial; SearcherOptions' for the other calls).
  bool partial_allowed = false;
  const bool partial_by_default = false;
  // SearcherOptions::split_each_search: the matcher's document-number ranges
  // (0: as many as cores; 1: each search on the calling thread alone).
  const std::size_t ranges = 0;
  // When the call under way started: its time limit counts from then, also
  // when it is run again without a failed shard.
  std::chrono::steady_clock::time_point call_started = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point connected_at;

  Impl(std::vector<std::string> db_locations, const SearcherOptions& options)
      : locations(std::move(db_locations)),
        path(locations_text(locations)),
        partial_allowed(options.allow_partial),
        partial_by_default(options.allow_partial),
        ranges(options.split_each_search ? 0 : 1) {
    open_options.allow_program_stubs = options.allow_program_stubs;
    open_options.remote_timeout_seconds =
        detail::remote_timeout_for(options.time_limit_seconds, options.allow_partial);
    connect();
  }

  // Opens the locations (without the shards that cannot be reached, when
  // partial results are allowed), and a matcher of them. A database replaced
  // while they were opened (IndexFiles) could leave `db` and the matcher's
  // own handles on different databases: they are opened again.
  void connect() {
    open_options.skip_unreachable = partial_allowed;
    if (!partial_allowed) open_options.left_out.clear();
    for (int tried = 0;; ++tried) {
      detail::OpenedIndex fresh;
      open_following_stubs(fresh);
      matcher.reset();
      opened = std::move(fresh);
      db = opened.db;
      // The matcher counts a stub's local shards in parallel (it reads the stub).
      matcher = std::make_unique<detail::Matcher>(locations.size() == 1 ? path : "", db, ranges,
                                                  detail::PageRanking::kWalked, connect_again());
      sync_matcher(false);
      if (tried >= 3 || !opened.files.changed()) break;
    }
    connected_at = std::chrono::steady_clock::now();
  }

  // Runs `read` against the index, the one place a Searcher call meets
  // writers and the network: a writer's commit that discards the revision
  // being read moves the Searcher to the latest one (reopen) and reads again;
  // a remote shard that fails is dealt with by after_network_failure; any
  // other Xapian error becomes an IoError saying what `doing` failed.
  template <typename Read>
  auto guarded(std::string_view doing, const Read& read) -> decltype(read()) {
    return as_read_failure(path, doing, [&] {
      for (int failures = 0;; ++failures) {
        try {
          return retry_when_modified(path, doing, 3, read, [this] { reopen(); });
        } catch (const Xapian::NetworkError& error) {
          after_network_failure(error, doing, failures);
        }
      }
    });
  }

  // More connections to the databases just opened, of the same layout:
  // those left out stay out, and one that cannot be reached now fails the
  // connection rather than shift the document numbers. None for a stub that
  // runs a program, which each connection would run again.
  detail::ConnectAgain connect_again() const {
    if (opened.runs_programs || opened.remote_shards.empty()) return {};
    detail::OpenOptions same = open_options;
    same.skip_unreachable = false;
    for (const detail::RemoteShard& shard : opened.remote_shards) {
      if (shard.missing) same.left_out.emplace(shard.endpoint, shard.why);
    }
    return [locations = locations, path = path, same] {
      detail::OpenedIndex again;
      open_database(locations, path, same, again);
      return again.db;
    };
  }

  // After a remote shard failed with `error` (the call's `failures`th
  // failure before it): with partial results allowed, connects again without
  // it (a shard that stayed silent is left out untried; one that cannot be
  // reached any more, by the open). Otherwise throws an IoError naming it;
  // but a first failure that is no timeout connects again, once: a shard
  // server closes a connection idle past its idle timeout (60 s by default).
  void after_network_failure(const Xapian::NetworkError& error, std::string_view doing,
                             int failures) {
    // Xapian's errors are not polymorphic: the type is in its name.
    const bool timeout = std::string_view(error.get_type()) == "NetworkTimeoutError";
    const int shards = static_cast<int>(opened.remote_shards.size());
    if (partial_allowed && failures <= shards) {
      const detail::RemoteShard* shard = detail::shard_of(error, opened.remote_shards);
      if (timeout && shard != nullptr) {
        open_options.left_out[shard->endpoint] =
            "it did not answer within half the time limit: " + reason(error);
      }
      connect();
      return;
    }
    const std::string shard = shard_named(error, opened.remote_shards);
    if (timeout) {
      // A silent shard had its time (the time limit): connecting again
      // would give it as much once more.
      throw IoError(shard + " of the index at " + path + " did not answer while " +
                    std::string(doing) + " within the time limit: " + reason(error) +
                    "; check that its xapian-tcpsrv is running and reachable, raise "
                    "--time-limit, or take the other shards' results with --allow-partial");
    }
    if (failures >= 1) {
      throw IoError(shard + " of the index at " + path + " failed while " + std::string(doing) +
                    ": " + reason(error) +
                    "; check that its xapian-tcpsrv is running and reachable, or take the "
                    "other shards' results with --allow-partial");
    }
    connect();
  }

  // Sets what a call allows, and tries missing shards again: before a call
  // that does not allow partial results (it fails naming them if they still
  // are missing), and every kRetryMissingShardSeconds for those that do.
  void begin_call(bool allow_partial) {
    partial_allowed = allow_partial;
    call_started = std::chrono::steady_clock::now();
    const bool missing =
        std::any_of(opened.remote_shards.begin(), opened.remote_shards.end(),
                    [](const detail::RemoteShard& shard) { return shard.missing; });
    if (!missing) return;
    const double since = std::chrono::duration<double>(call_started - connected_at).count();
    if (!allow_partial || since >= kRetryMissingShardSeconds) {
      open_options.left_out.clear();
      connect();
    }
  }

  // The one index saved searches are written to: several databases have
  // no one place for them.
  const std::string& saved_searches_path() const {
    if (locations.size() != 1) {
      throw IoError("saved searches are kept in one index, and " + path +
                    " is several databases; save and run them with one --db");
    }
    return path;
  }

  // A tag's change, when papers were added or removed: stored and committed,
  // and seen by this Searcher from now on.
  void store_change(Xapian::WritableDatabase& writable, TagChange& change) {
    if (change.changed.empty()) return;
    change.tag.changed = index_time_now();
    detail::store_tag(writable, change.tag);
    writable.commit();
    guarded("reading", [&] { reopen(); });
  }

  // SearchResult::partial and missing_shards, and a note per missing shard.
  void mark_missing_shards(SearchResult& result) const {
    for (const detail::RemoteShard& shard : opened.remote_shards) {
      if (!shard.missing) continue;
      result.partial = true;
      result.missing_shards.push_back(shard.name);
      result.notes.push_back("partial results: the remote shard " + detail::described(shard) +
                             " is left out (" + shard.why +
                             "); the hits, total and facets are of the other shards");
    }
  }

  // Moves to the latest revision; the matcher follows it. True when it moved.
  bool reopen() {
    return following_files([&] { return sync_matcher(true); });
  }

  // Runs `move` (a reopen), or opens the index again when a file it was
  // opened through was replaced (detail::IndexFiles): a read replica switched
  // to a new copy of the index, whose stub a reopen would never read, or a
  // bulk build swapped a new database in. Until the switch, the searcher
  // reads the old copy (it keeps its files open), and after it only the new
  // one: no search sees half of each. A switch between the check and the
  // move can leave the handles half on each, so the check is made again
  // after it.
  template <typename Move>
  bool following_files(const Move& move) {
    if (!opened.files.changed()) {
      try {
        const bool moved = move();
        if (!opened.files.changed()) return moved;
      } catch (const Xapian::DatabaseOpeningError&) {
        // The copy it reads is gone: a replica removes the copy it switched
        // from (here after the check, or on the host of a remote shard whose
        // xapian-tcpsrv serves a replica). Opening the index finds the new
        // one, or says that there is none.
      }
    }
    connect();
    return true;
  }

  // Opens the locations into `fresh`. A stub read just before a replica's
  // switch can name the copy the switch removes: the stub changed
  // meanwhile, and is read again.
  void open_following_stubs(detail::OpenedIndex& fresh) const {
    for (int tried = 0;; ++tried) {
      try {
        open_database(locations, path, open_options, fresh);
        return;
      } catch (const DatabaseNotFoundError&) {
        if (tried >= 3 || !fresh.files.changed()) throw;
      }
    }
  }

  // Moves the matcher (its handles and facet tables) to the revision `db`
  // shows, after moving `db` to the latest one when `move`. A writer can
  // discard that revision meanwhile, or commit between two handles' reopens:
  // move again and sync again, so that the counts and the page always come
  // from one revision.
  bool sync_matcher(bool move) {
    bool changed = !move;  // a fresh open needs its first sync
    retry_when_modified(
        path, "reading it", 5,
        [&] {
          if (move) changed = db.reopen() || changed;
          if (changed) {
            matcher->sync(db);
            spellings = detail::SpellingWords::of(db, matcher->local_shards());
            termfreqs.clear();
          }
        },
        [&] {
          move = true;
          changed = true;
        });
    return changed;
  }

  // The search's time budget (SearchRequest::time_limit_seconds): each pass
  // of the matcher gets what is left of it, and stops early when it is spent.
  struct TimeBudget {
    std::optional<std::chrono::steady_clock::time_point> deadline;
    bool spent = false;
  } budget;

  void start_budget(double seconds) {
    budget = {};
    if (seconds > 0) {
      budget.deadline =
          call_started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                             std::chrono::duration<double>(seconds));
    }
  }

  void check_budget() {
    if (budget.deadline && std::chrono::steady_clock::now() >= *budget.deadline) {
      budget.spent = true;
    }
  }

  // The page from `first` (`count` hits) of `query`'s matches by `sort`, the
  // exact total, and with `facets` the subject and year facets. `--limit 0`
  // is how people count, so the total is exact whether or not facets are
  // counted (a walk of the posting lists costs little beside the page); only
  // the time limit makes it an estimate. Exact
  // totals and facets need every match seen, but not weighed: the page comes
  // from a pass that may skip what cannot reach it, the counts from
  // unweighted, unsorted passes over every match (weighing every match was
  // two thirds of a query's time; and sorted by value over remote shards,
  // Xapian 1.4 would count some matches twice).
  detail::PassResult run(const Xapian::Query& query, bool by_relevance, SortOrder sort,
                         Xapian::doccount first, Xapian::doccount count, bool facets) {
    return timed_pass({.query = query,
                       .weighted = by_relevance,
                       .sort = sort,
                       .first = first,
                       .count = count,
                       .exact_total = true,
                       .facets = facets});
  }

  // `request` run within the time limit, which every pass must then check.
  detail::PassResult timed_pass(detail::PassRequest request) {
    request.deadline = budget.deadline;
    detail::PassResult found = matcher->run(request);
    check_budget();
    return found;
  }

  // The total and the facets of `counted`, when they are not those of the
  // papers ranked (MatchSet::kMostWords): `pass`, the page's, counted those.
  void count_apart(detail::PassResult& pass, const Xapian::Query& counted, bool facets) {
    detail::PassResult found = counting_pass(counted, facets);
    pass.matches = found.matches;
    pass.exact = pass.exact && found.exact;
    pass.subjects = std::move(found.subjects);
    pass.years = std::move(found.years);
  }

  // The passage of the paper's body (Hit::passage), when it has one: read
  // from its value slot (schema.h kBodySlot), which only passages read.
  Passage body_passage(const detail::PageHit& found, const detail::Highlighter& highlighter,
                       std::size_t target_bytes) {
    const auto passage = [&](const Xapian::Document& document) {
      const std::string body = decode_body(document.get_value(schema::kBodySlot));
      if (body.empty()) return Passage{};
      return detail::body_passage(highlighter, body, document.get_value(schema::kFullTextSlot),
                                  target_bytes);
    };
    // A remote page's document is read where it is, never copied (PageHit).
    return found.document ? passage(*found.document) : passage(db.get_document(found.docid));
  }

  // `passage`: the paper matched in its body (detail::matched_in_body).
  Hit make_hit(const detail::PageHit& found, const detail::Highlighter& highlighter,
               const SearchRequest& request, bool all_words, bool passage) {
    const std::size_t snippet_bytes = request.snippet_bytes;
    // A page of remote shards brings its records or documents (matcher.h's
    // PageHit); a record it brought is read where it is.
    const std::string fetched = !found.record.empty() ? std::string()
                                : found.document      ? found.document->get_data()
                                                      : db.get_document(found.docid).get_data();
    Record record = decode_stored_record(found.record.empty() ? fetched : found.record);
    Hit hit;
    hit.news = news_since(record, request.new_since);
    hit.id = record.id;
    hit.title = highlighter.mark_all(record.title);
    hit.snippet = highlighter.snippet(record.abstract, snippet_bytes);
    if (passage) hit.passage = body_passage(found, highlighter, snippet_bytes);
    hit.authors = record.authors;
    hit.subjects = record.subjects;
    hit.year = record.year;
    hit.score = found.weight;
    hit.matches_all_words = all_words;
    hit.paper = detail::paper_from_record(std::move(record));
    return hit;
  }

  // Papers by this author (SearchRequest::authors): the exact name, as the
  // author facet lists it, with the other forms of it the facet counts with
  // it ("Geoffrey Hinton" for "Geoffrey E. Hinton"), or the name's words as
  // `author:` finds them ("grassl", a family name alone).
  Xapian::Query author_filter(const std::string& name) const {
    const Xapian::Query exact = parser.author_filter(name);
    std::vector<Xapian::Query> alternatives{exact,
                                            parser.parse_filter("author", author_phrase(name))};
    const std::string term = *exact.get_terms_begin();
    const std::string_view prefix = schema::kAuthorExactPrefix;
    for (const std::string& form :
         detail::author_form_terms(db, prefix, std::string_view(term).substr(prefix.size()))) {
      if (form != term) alternatives.emplace_back(form);
    }
    return Xapian::Query(Xapian::Query::OP_OR, alternatives.begin(), alternatives.end());
  }

  // The request's filters (subject, year, author), AND-ed onto `query`;
  // without cross-lists, the subjects must be the papers' primary ones.
  Xapian::Query filtered(const SearchRequest& request, Xapian::Query query) const {
    query = add_filters(parser, std::move(query), request.cross_lists ? "subject" : "primary",
                        "subject", request.subjects);
    query = add_filters(parser, std::move(query), "year", "year", request.years);
    if (request.only_new && !request.new_since.empty()) {
      // The slot holds "TIME ID", the times all of one width: '\xff' after
      // the time is above every "new_since ID", below every later time.
      query = Xapian::Query(Xapian::Query::OP_FILTER, query,
                            Xapian::Query(Xapian::Query::OP_VALUE_GE, schema::kChangedSlot,
                                          request.new_since + '\xff'));
    }
    if (request.authors.empty()) return query;
    std::vector<Xapian::Query> authors;
    for (const std::string& name : request.authors) {
      try {
        authors.push_back(author_filter(name));
      } catch (const QuerySyntaxError& error) {
        throw_filter_error(error, "author", name);
      }
    }
    return Xapian::Query(Xapian::Query::OP_FILTER, query,
                         Xapian::Query(Xapian::Query::OP_OR, authors.begin(), authors.end()));
  }

  // `query` as the request reads it (its match mode and syntax). With
  // `count_ahead`, `query` is the request's own words, matched as parsed.
  detail::ParsedQuery parse(const SearchRequest& request, std::string_view query,
                            bool count_ahead = false) const {
    // Wildcards not expanded by the time limit are searched as their words.
    detail::IndexTermSource terms(db, termfreqs, budget.deadline, matcher->remote());
    const auto syntax = request.strict_syntax ? detail::Syntax::kStrict : detail::Syntax::kLenient;
    detail::ParsedQuery parsed = parser.parse(query, request.match, &terms, syntax);
    // Over remote shards the terms' frequencies (a word's weight as a name)
    // come in one exchange after a first reading, and the query is read
    // again with them, as over one index. The second reading matches the
    // first's papers (the frequencies change weights, and leave out names
    // no paper has), so the exchange can be the search's first count (its
    // statistics bring the frequencies): one exchange less.
    // The exchange runs only when a frequency is unknown: never over one
    // index, whose source looks each one up.
    detail::IndexTermSource::FrequencyExchange count;
    if (count_ahead) {
      count = [&](const std::vector<std::string>& terms_asked) {
        return matcher->count_ahead(first_counted(request, parsed), budget.deadline, terms_asked);
      };
    }
    if (!terms.learn_termfreqs(count)) return parsed;
    parsed = parser.parse(query, request.match, &terms, syntax);
    if (count_ahead) matcher->same_matches_as_counted(first_counted(request, parsed));
    return parsed;
  }

  // A query that is one paper's id or DOI finds that paper, as id: or doi:
  // would; when the index lacks it, the id's words are searched (abstracts
  // cite ids), with a note, rather than nothing found and nothing said.
  detail::ParsedQuery parse_reference(const SearchRequest& request,
                                      const detail::PaperReference& reference) const {
    const Xapian::Query filter = parser.parse_filter(reference.field->name, reference.value);
    for (auto term = filter.get_terms_begin(); term != filter.get_terms_end(); ++term) {
      if (db.get_termfreq(*term) > 0)
        return parser.parse_field(reference.field->name, reference.value);
    }
    detail::ParsedQuery words = parse(request, reference.value);
    // An id's words are not misspellings, and their places are in the id,
    // not in the query a suggestion would rewrite.
    words.words.clear();
    words.notes.insert(words.notes.begin(), detail::missing_paper_note(reference));
    return words;
  }

  // The request's words as parsed, with what the searcher adds for `like`.
  detail::ParsedQuery understand(const SearchRequest& request) const {
    detail::ParsedQuery parsed;
    const bool has_filters =
        !request.subjects.empty() || !request.years.empty() || !request.authors.empty();
    const bool no_words = request.query.find_first_not_of(" \t\r\n") == std::string::npos;
    const bool like = !request.like.empty() || !request.recommend.empty();
    if (no_words && (has_filters || like)) {
      parsed.query = detail::match_all();
    } else if (const auto reference = detail::paper_reference(request.query)) {
      parsed = parse_reference(request, *reference);
    } else {
      parsed = parse(request, request.query, !like);
    }
    if (like) {
      // Papers like the given one or the tags' papers, among those the
      // query (if any) matches.
      detail::RelatedQuery related =
          request.recommend.empty()
              ? detail::related_query(db, request.like)
              : detail::recommendation_query(db, detail::recommend_from(db, request.recommend));
      parsed.query = no_words
                         ? related.query
                         : Xapian::Query(Xapian::Query::OP_FILTER, related.query, parsed.query);
      if (!request.recommend.empty()) parsed.recommendation = related.query;
      parsed.has_text = true;
      parsed.any_word = Xapian::Query();  // no any-word form
      parsed.free_text_clauses = 0;
      for (std::string& stem : related.stems) parsed.highlight_stems.push_back(std::move(stem));
    }
    return parsed;
  }

  // Which papers the query matches (MatchRule) and how they rank.
  // `no_full_match`: a kShortQuery's page found no paper with every word.
  MatchPlan plan_match(const SearchRequest& request, const detail::ParsedQuery& parsed,
                       bool no_full_match = false) {
    MatchPlan plan = plan_match_set(request, parsed, no_full_match);
    plan.ranked = detail::with_title_bonus(db, plan.matched, parsed, matcher->remote());
    if (plan.set != MatchSet::kMostWords) plan.counted = plan.matched;
    return plan;
  }

  // Whether the query is long enough that its most words are counted
  // (MatchRule::kLongQuery), not all of them.
  static bool counts_most_words(const SearchRequest& request, const detail::ParsedQuery& parsed) {
    return request.match != MatchMode::kAnyWord && !parsed.any_word.empty() &&
           parsed.free_text_clauses > kAllWordsUpTo && !parsed.most_words.empty();
  }

  // The matches plan_match_set counts first: a long query's most words,
  // else the query's own (has_match's, and the search's count).
  Xapian::Query first_counted(const SearchRequest& request,
                              const detail::ParsedQuery& parsed) const {
    return filtered(request, counts_most_words(request, parsed) ? parsed.most_words : parsed.query);
  }

  // Which papers the query matches (MatchRule): as written, or any word.
  MatchPlan plan_match_set(const SearchRequest& request, const detail::ParsedQuery& parsed,
                           bool no_full_match) {
    MatchPlan plan;
    plan.all_words = filtered(request, parsed.query);
    plan.matched = plan.all_words;
    if (request.match == MatchMode::kAnyWord) {
      plan.rule = MatchRule::kAnyWordRequested;
      plan.set = MatchSet::kAnyWord;
      return plan;
    }
    if (parsed.any_word.empty()) return plan;  // kAsWritten
    const Xapian::Query any_word = filtered(request, parsed.any_word);
    if (parsed.free_text_clauses > kAllWordsUpTo) {
      plan.rule = MatchRule::kLongQuery;
      plan.matched = any_word;
      plan.set = MatchSet::kAnyWord;
      if (counts_most_words(request, parsed)) {
        Xapian::Query most_words = first_counted(request, parsed);
        if (has_match(most_words)) {
          plan.set = MatchSet::kMostWords;
          plan.counted = std::move(most_words);
        }
      }
      return plan;
    }
    plan.rule = MatchRule::kShortQuery;
    // Over remote shards a count before the page is a pass of its own, two
    // exchanges with every server: unless the frequencies' exchange made it
    // (parse), the page is ranked as if some paper had every word, and its
    // count, made beside it, says whether one does.
    if (!no_full_match && matcher->remote() && !matcher->counts_ahead(plan.all_words)) {
      plan.full_match_assumed = true;
      return plan;
    }
    if (no_full_match || !has_match(plan.all_words)) {
      plan.rule = MatchRule::kNoFullMatch;
      plan.set = MatchSet::kAnyWord;
      plan.matched = any_word;
    }
    return plan;
  }

  bool has_match(const Xapian::Query& query) {
    const bool found = matcher->has_match(query, budget.deadline);
    check_budget();
    return found;
  }

  // Papers matching `query`, unweighted, with the subject and year facets
  // when `facets`: exact unless the time limit ran out.
  detail::PassResult counting_pass(const Xapian::Query& query, bool facets) {
    return timed_pass({.query = query, .weighted = false, .page = false, .facets = facets});
  }

  std::size_t count(const Xapian::Query& query) { return counting_pass(query, false).matches; }

  // What the result says of the query before any paper is read: how it was
  // understood and why it matches the set it does.
  static SearchResult describe(const detail::ParsedQuery& parsed, const MatchPlan& plan) {
    SearchResult result;
    result.parsed_query = detail::query_text(plan.matched);
    result.match_rule = plan.rule;
    result.match_set = plan.set;
    if (plan.set == MatchSet::kMostWords) {
      result.words_needed = parsed.words_needed;
      result.words_searched = parsed.words_searched;
    }
    result.notes = parsed.notes;
    return result;
  }

  // Hit::because: the recommendation's parts the paper matched that weighed
  // most. Only the recommendation is explained: filters, the title bonus and
  // the query's own words are not why a paper is like a tag, and each part
  // explained is a pass of its own.
  std::vector<TermContribution> because(const Xapian::Query& recommendation,
                                        Xapian::docid docid) const {
    std::vector<TermContribution> parts = detail::explain_match(db, recommendation, docid);
    std::erase_if(parts, [](const TermContribution& part) { return part.weight <= 0; });
    if (parts.size() > kMaxBecause) parts.resize(kMaxBecause);
    return parts;
  }

  // The hits that matched in their bodies by the parsed query's body terms
  // get a passage, the others none.
  void add_hits(SearchResult& result, const std::vector<detail::PageHit>& page,
                const MatchPlan& plan, const SearchRequest& request,
                const detail::Highlighter& highlighter, const detail::ParsedQuery& parsed) {
    std::vector<Xapian::docid> docids;
    for (const detail::PageHit& found : page) docids.push_back(found.docid);
    const std::vector<bool> in_body = detail::matched_in_body(db, parsed.query, docids);
    const std::size_t first = result.hits.size();
    for (std::size_t i = 0; i < page.size(); ++i) {
      const detail::PageHit& found = page[i];
      result.hits.push_back(make_hit(found, highlighter, request, true, in_body[i]));
      if (request.explain) {
        result.hits.back().explanation = detail::explain_match(db, plan.ranked, found.docid);
      }
      if (!parsed.recommendation.empty()) {
        result.hits.back().because = because(parsed.recommendation, found.docid);
      }
    }
    // The page's cited_by_count in one pass over the terms' statistics.
    std::vector<const PaperRecord*> papers;
    for (std::size_t i = first; i < result.hits.size(); ++i)
      papers.push_back(&result.hits[i].paper);
    const std::vector<int> counts = detail::cited_by_counts(db, analyzer, papers);
    for (std::size_t i = 0; i < counts.size(); ++i) {
      result.hits[first + i].paper.cited_by_count = counts[i];
    }
  }

  // The page: the match set's top hits from `offset`. Sets the totals and
  // returns the facet counts of the match set.
  detail::PassResult fill_page(SearchResult& result, const SearchRequest& request,
                               const MatchPlan& plan, const detail::ParsedQuery& parsed,
                               const detail::Highlighter& highlighter) {
    const bool counted_apart = plan.set == MatchSet::kMostWords;
    detail::PassResult pass = run(
        plan.ranked, parsed.has_text, request.sort, static_cast<Xapian::doccount>(request.offset),
        static_cast<Xapian::doccount>(request.limit), request.facets && !counted_apart);
    result.ranked_total = pass.matches;
    if (counted_apart) count_apart(pass, plan.counted, request.facets);
    add_hits(result, pass.page, plan, request, highlighter, parsed);
    result.total = pass.matches;
    result.total_exact = pass.exact;
    if (result.match_set == MatchSet::kAllWords) {
      result.all_words_total = result.total;
    } else if (plan.rule == MatchRule::kNoFullMatch) {
      // The rule's own finding (has_match, or the assumed full match's
      // count): no paper has every word. Not counted again.
      result.all_words_total = 0;
      for (Hit& hit : result.hits) hit.matches_all_words = false;
    } else {
      result.all_words_total = count(plan.all_words);
      mark_hits_with_every_word(result, pass.page, plan.all_words);
    }
    return pass;
  }

  // Hit::matches_all_words for a page of an any-word match set: which of its
  // papers also match the all-words query (one small query over the page).
  void mark_hits_with_every_word(SearchResult& result, const std::vector<detail::PageHit>& page,
                                 const Xapian::Query& all_words) {
    if (result.hits.empty()) return;
    std::vector<Xapian::Query> ids;
    for (const Hit& hit : result.hits)
      ids.emplace_back(schema::make_term(schema::kIdPrefix, hit.id));
    const Xapian::MSet full =
        detail::unweighted_enquire(
            db, Xapian::Query(Xapian::Query::OP_FILTER, all_words,
                              Xapian::Query(Xapian::Query::OP_OR, ids.begin(), ids.end())))
            .get_mset(0, static_cast<Xapian::doccount>(ids.size()));
    std::set<Xapian::docid> with_every_word(full.begin(), full.end());
    std::size_t index = 0;
    for (auto it = page.begin(); it != page.end() && index < result.hits.size(); ++it, ++index) {
      result.hits[index].matches_all_words = with_every_word.count(it->docid) > 0;
    }
  }

  void note_time_limit(SearchResult& result, const SearchRequest& request) const {
    if (!budget.spent) return;
    result.total_exact = false;
    result.notes.push_back("the search reached its time limit of " +
                           format_seconds(request.time_limit_seconds) +
                           ": the hits are the best found by then, and the total and facets "
                           "are estimates");
  }

  // The facets of the match set: subjects and years from the page's pass,
  // authors from a pass of their own (over the same documents) when asked.
  void add_facets(SearchResult& result, const SearchRequest& request, const MatchPlan& plan,
                  const detail::PassResult& counted) {
    if (!request.facets) return;
    result.subject_facets = detail::subject_facet(detail::listed_rows(counted.subjects));
    result.year_facets = detail::year_facet(counted.years);
    if (request.author_facet) {
      result.author_facets =
          detail::author_facet(detail::count_authors(db, plan.counted, budget.deadline), analyzer);
      check_budget();
    }
  }

  // A note for each SearchRequest::authors name that is no author's whole
  // name: it matched as name parts, and these are the nearest names.
  void note_author_names(SearchResult& result, const SearchRequest& request) {
    for (const std::string& name : request.authors) {
      if (db.get_termfreq(*parser.author_filter(name).get_terms_begin()) > 0) continue;
      result.notes.push_back(detail::author_name_note(db, analyzer, name, author_filter(name)));
    }
  }

  // Why a search that asked for suggestions has none: the index's spelling
  // table failed to read. Only suggestions (and the word list wildcards
  // expand against) come from it: the search itself is whole.
  void note_spelling_damage(SearchResult& result, const SearchRequest& request) const {
    if (spellings.damage.empty() || !(request.suggest || request.correct)) return;
    result.notes.push_back("no spelling suggestions: the spelling table of the index at " + path +
                           " is damaged (" + spellings.damage +
                           "); rebuild the index with "
                           "paperdex-index");
  }

  // The search of the spelling correction instead, when asked and there is one.
  std::optional<SearchResult> search_correction(const SearchRequest& request, SearchResult& result,
                                                const detail::ParsedQuery& parsed) {
    if (!(request.suggest || request.correct) || !request.like.empty() ||
        !request.recommend.empty()) {
      return std::nullopt;
    }
    result.suggestion =
        detail::spelling_suggestion(db, spellings, analyzer, request.query, parsed.words,
                                    result.all_words_total, budget.deadline);
    if (!request.correct || result.suggestion.empty()) return std::nullopt;
    SearchRequest corrected = request;
    corrected.query = result.suggestion;
    corrected.suggest = false;
    corrected.correct = false;
    SearchResult instead = search(corrected);
    instead.suggestion = std::move(result.suggestion);
    instead.corrected = true;
    return instead;
  }

  // Gives remote shards the timeout of `time_limit_seconds`: Xapian fixes a
  // remote shard's timeout when it connects, so they connect again when the
  // time limit changes (a silent shard was given up after 10 s whatever the
  // time limit said). Local databases have no timeout.
  void follow_time_limit(double time_limit_seconds) {
    const double timeout = detail::remote_timeout_for(time_limit_seconds, partial_allowed);
    if (timeout == open_options.remote_timeout_seconds) return;
    open_options.remote_timeout_seconds = timeout;
    if (!opened.remote_shards.empty()) connect();
  }

  SearchResult search(const SearchRequest& request) {
    // A remote shard sorts on its server, which has no way to count
    // citations (Xapian sends a server no code of ours).
    if (request.sort == SortOrder::kCitations && detail::has_remote_shard(db)) {
      throw InvalidRequestError("sort",
                                "citations needs local indexes: a remote shard cannot count "
                                "citations; sort by relevance, newest, oldest, updated or added");
    }
    follow_time_limit(request.time_limit_seconds);
    start_budget(request.time_limit_seconds);
    const detail::ParsedQuery parsed = understand(request);
    check_budget();  // wildcards expand within it
    MatchPlan plan = plan_match(request, parsed);
    SearchResult result = describe(parsed, plan);
    const detail::Highlighter highlighter(analyzer, parsed.highlight_terms, parsed.highlight_stems,
                                          parsed.query, parsed.word_sequence);
    detail::PassResult counted = fill_page(result, request, plan, parsed, highlighter);
    if (plan.full_match_assumed && result.total == 0) {
      plan = plan_match(request, parsed, true);
      result = describe(parsed, plan);
      counted = fill_page(result, request, plan, parsed, highlighter);
    }
    add_facets(result, request, plan, counted);
    note_time_limit(result, request);
    note_author_names(result, request);
    if (std::optional<SearchResult> instead = search_correction(request, result, parsed))
      return std::move(*instead);
    note_spelling_damage(result, request);
    return result;
  }

  Paper get(const std::string& id) {
    const Xapian::docid docid = detail::require_paper(db, id).docid;
    const Xapian::Document document = db.get_document(docid);
    Paper paper = stored_paper(document);
    paper.fulltext = detail::fulltext_facts(document.get_value(schema::kFullTextSlot));
    paper.references = detail::resolved_references(db, analyzer, document);
    paper.cited_by_count = detail::cited_by_count(db, analyzer, paper);
    return paper;
  }

  std::string body(const std::string& id) {
    const Xapian::docid docid = detail::require_paper(db, id).docid;
    return decode_body(db.get_document(docid).get_value(schema::kBodySlot));
  }

  // The paper's stored record and what follows from it, without what get()
  // reads besides (its full-text facts, resolved references, citations).
  static Paper stored_paper(const Xapian::Document& document) {
    return detail::paper_from_record(decode_stored_record(document.get_data()));
  }

  std::vector<Paper> reference_papers(const std::string& id) {
    const Xapian::docid docid = detail::require_paper(db, id).docid;
    std::vector<Paper> papers;
    for (Reference& reference : detail::resolved_references(db, analyzer, db.get_document(docid))) {
      if (reference.in_index) {
        // For the citation formats: its record, not its own references.
        const Xapian::docid cited = detail::require_paper(db, reference.id).docid;
        papers.push_back(stored_paper(db.get_document(cited)));
        continue;
      }
      Record record;
      record.id = reference.id;
      record.title = reference.title;
      record.authors = reference.authors;
      record.year = reference.year;
      record.doi = reference.doi;
      record.journal = reference.venue;
      // Its text, for what the fields above missed.
      record.comments = reference.text;
      papers.push_back(detail::paper_from_record(std::move(record)));
    }
    return papers;
  }

  void for_each_citation(const std::function<void(const Citation&)>& visit) {
    Citation citation;
    for (auto it = db.valuestream_begin(schema::kReferencesSlot);
         it != db.valuestream_end(schema::kReferencesSlot); ++it) {
      const Xapian::Document document = db.get_document(it.get_docid());
      citation.citing = decode_stored_record(document.get_data()).id;
      for (Reference& reference : detail::resolved_references(db, analyzer, document)) {
        // An entry listing several works: an edge to each of them.
        const std::vector<std::string> more_ids = std::move(reference.more_ids);
        citation.reference = std::move(reference);
        visit(citation);
        for (const std::string& id : more_ids) {
          citation.reference.id = id;
          citation.reference.resolved_by = "arxiv_id";
          citation.reference.in_index = db.term_exists(schema::make_term(schema::kIdPrefix, id));
          visit(citation);
        }
      }
    }
  }

  IndexInfo index_info() {
    IndexInfo info = detail::describe_index(db, locations);
    const detail::PassResult all =
        run(detail::match_all(), false, SortOrder::kRelevance, 0, 0, true);
    info.subjects = detail::subject_facet(detail::listed_rows(all.subjects));
    return info;
  }
};

Searcher::Searcher(const std::string& db_path) : Searcher(db_path, SearcherOptions{}) {}
Searcher::Searcher(const std::string& db_path, const SearcherOptions& options)
    : Searcher(std::vector<std::string>{db_path}, options) {}
Searcher::Searcher(const std::vector<std::string>& locations, const SearcherOptions& options)
    : impl_(as_read_failure(locations_text(locations), "opening",
                            [&] { return std::make_unique<Impl>(locations, options); })) {}
Searcher::~Searcher() = default;
Searcher::Searcher(Searcher&&) noexcept = default;
Searcher& Searcher::operator=(Searcher&&) noexcept = default;

SearchResult Searcher::search(const SearchRequest& request) {
  validate_request(request);
  as_read_failure(impl_->path, "searching", [&] { impl_->begin_call(request.allow_partial); });
  SearchResult result = impl_->guarded("searching", [&] { return impl_->search(request); });
  impl_->mark_missing_shards(result);
  return result;
}

// const: no reopening; these reads do not meet a discarded revision.
std::size_t Searcher::document_count() const {
  return as_read_failure(impl_->path, "reading", [&] { return impl_->db.get_doccount(); });
}

AnalysisVersions Searcher::analysis_versions() const {
  return as_read_failure(impl_->path, "reading", [&] {
    return AnalysisVersions{impl_->db.get_metadata(std::string(schema::kAnalysisKey)),
                            analysis_version()};
  });
}

bool Searcher::reopen() {
  return impl_->guarded("reopening", [&] { return impl_->reopen(); });
}

// Each database's UUID (the combined database's names every shard's), the
// revision of each local one (Xapian gives none of a remote or combined
// database) and the papers, with the indexer's stamp of its last commit:
// every commit changes the stamp, so remote shards' commits show too.
std::string Searcher::revision() const {
  return as_read_failure(impl_->path, "reading", [&] {
    const Xapian::Database& db = impl_->db;
    std::string text = db.get_uuid();
    if (db.size() == 1 && impl_->matcher->local_shards().empty()) {
      try {
        text += ':' + std::to_string(db.get_revision());
      } catch (const Xapian::InvalidOperationError&) {
        // a remote database: the stamp and the count below stand for it
      }
    }
    for (const Xapian::Database& shard : impl_->matcher->local_shards()) {
      text += ':' + std::to_string(shard.get_revision());
    }
    return text + ':' + std::to_string(db.get_doccount()) + ':' +
           db.get_metadata(std::string(schema::kLastUpdateKey));
  });
}

Paper Searcher::get(const std::string& id) {
  impl_->partial_allowed = impl_->partial_by_default;
  return impl_->guarded("reading", [&] { return impl_->get(id); });
}

std::vector<Paper> Searcher::reference_papers(const std::string& id) {
  impl_->partial_allowed = impl_->partial_by_default;
  return impl_->guarded("reading", [&] { return impl_->reference_papers(id); });
}

void Searcher::for_each_citation(const std::function<void(const Citation&)>& visit) {
  impl_->partial_allowed = impl_->partial_by_default;
  impl_->guarded("reading", [&] { impl_->for_each_citation(visit); });
}

std::string Searcher::body(const std::string& id) {
  impl_->partial_allowed = impl_->partial_by_default;
  return impl_->guarded("reading", [&] { return impl_->body(id); });
}

IndexInfo Searcher::index_info() {
  impl_->partial_allowed = impl_->partial_by_default;
  return impl_->guarded("reading", [&] { return impl_->index_info(); });
}

std::string_view news_name(PaperNews news) {
  switch (news) {
    case PaperNews::kNew:
      return "new";
    case PaperNews::kNewVersion:
      return "new version";
    case PaperNews::kCrossListed:
      return "cross-listed";
    case PaperNews::kNone:
      break;
  }
  return "";
}

void Searcher::save_search(const std::string& name, const SearchRequest& request) {
  detail::check_saved_search_name(name);
  SearchRequest check = detail::kept_part(request);
  check.limit = 0;
  check.facets = false;
  search(check);  // a query or filter a search would refuse is refused now
  Xapian::WritableDatabase db =
      detail::open_for_user_metadata(impl_->saved_searches_path(), "saved searches");
  SavedSearch saved;
  saved.name = name;
  saved.request = detail::kept_part(request);
  saved.saved = saved.seen = index_time_now();
  detail::store_saved_search(db, saved);
  detail::commit_after(db, saved.seen);
}

SavedSearch Searcher::saved_search(const std::string& name) {
  SavedSearch saved = impl_->guarded("reading", [&] {
    impl_->reopen();
    return detail::require_saved_search(impl_->db, name);
  });
  saved.new_papers = count_new(saved);
  return saved;
}

std::vector<SavedSearch> Searcher::saved_searches() {
  std::vector<SavedSearch> all = impl_->guarded("reading", [&] {
    impl_->reopen();
    return detail::list_saved_searches(impl_->db);
  });
  for (SavedSearch& saved : all) saved.new_papers = count_new(saved);
  return all;
}

std::size_t Searcher::count_new(const SavedSearch& saved) {
  SearchRequest counting = detail::saved_request(saved, SearchRequest{});
  counting.only_new = true;
  counting.limit = 0;
  counting.facets = false;
  counting.suggest = false;
  return search(counting).total;
}

void Searcher::delete_saved_search(const std::string& name) {
  detail::check_saved_search_name(name);
  Xapian::WritableDatabase db =
      detail::open_for_user_metadata(impl_->saved_searches_path(), "saved searches");
  detail::require_saved_search(db, name);
  detail::remove_saved_search(db, name);
  db.commit();
}

namespace {

// The tag `name` of `db` to change: the one there is, or a new one.
Tag tag_to_change(const Xapian::Database& db, const std::string& name) {
  detail::check_tag_name(name);
  if (std::optional<Tag> tag = detail::find_tag(db, name)) return std::move(*tag);
  Tag tag;
  tag.name = name;
  tag.created = index_time_now();
  return tag;
}

}  // namespace

TagChange Searcher::add_to_tag(const std::string& name, const std::vector<std::string>& ids) {
  Xapian::WritableDatabase db =
      detail::open_for_user_metadata(impl_->saved_searches_path(), "tags");
  TagChange change;
  change.tag = tag_to_change(db, name);
  std::vector<std::string>& papers = change.tag.papers;
  for (const std::string& given : ids) {
    const std::optional<detail::FoundPaper> found = detail::paper_named(db, given);
    if (!found) {
      change.not_found.push_back(given);
      continue;
    }
    std::string id = detail::id_of(*found);
    if (std::find(papers.begin(), papers.end(), id) != papers.end()) {
      change.unchanged.push_back(std::move(id));
      continue;
    }
    if (papers.size() == kMaxTagPapers) {
      throw TagError("the tag " + quote_input(name) + " holds " + std::to_string(kMaxTagPapers) +
                         " papers, the most a tag holds; make another tag",
                     name);
    }
    papers.push_back(id);
    change.changed.push_back(std::move(id));
  }
  impl_->store_change(db, change);
  return change;
}

TagChange Searcher::remove_from_tag(const std::string& name, const std::vector<std::string>& ids) {
  Xapian::WritableDatabase db =
      detail::open_for_user_metadata(impl_->saved_searches_path(), "tags");
  TagChange change;
  change.tag = detail::require_tag(db, name);
  std::vector<std::string>& papers = change.tag.papers;
  for (const std::string& given : ids) {
    // As listed (a paper the index no longer has), else as the index names it.
    std::string id = given;
    if (std::find(papers.begin(), papers.end(), id) == papers.end()) {
      const std::optional<detail::FoundPaper> found = detail::paper_named(db, given);
      if (!found) {
        change.not_found.push_back(given);
        continue;
      }
      id = detail::id_of(*found);
    }
    if (std::erase(papers, id) == 0) {
      change.unchanged.push_back(std::move(id));
      continue;
    }
    change.changed.push_back(std::move(id));
  }
  impl_->store_change(db, change);
  return change;
}

namespace {

// The distinct folded words of `text` (TeX decoded, as the indexer decodes
// a title), as a title's own key reads them.
std::set<std::string> folded_words(const Analyzer& analyzer, const std::string& text) {
  const std::string folded = schema::folded_words(analyzer, analyzer.prepare(text));
  std::set<std::string> words;
  for (const std::string_view word : split_on_spaces(folded)) words.emplace(word);
  return words;
}

// The share of their distinct words two titles share.
double shared_share(const std::set<std::string>& a, const std::set<std::string>& b) {
  std::size_t both = 0;
  for (const std::string& word : a) both += b.count(word);
  const std::size_t either = a.size() + b.size() - both;
  return either == 0 ? 0 : static_cast<double>(both) / static_cast<double>(either);
}

}  // namespace

IdentifiedPaper Searcher::identify(const PaperClues& clues) {
  const IdentifiedPaper by_id = impl_->guarded("reading", [&] {
    for (const std::string& id : clues.arxiv_ids) {
      if (const auto paper = detail::find_paper(impl_->db, id)) {
        return IdentifiedPaper{detail::id_of(*paper), "arxiv_id"};
      }
    }
    const auto paper = clues.doi.empty() ? std::nullopt : detail::paper_named(impl_->db, clues.doi);
    return paper ? IdentifiedPaper{detail::id_of(*paper), "doi"} : IdentifiedPaper{};
  });
  if (!by_id.id.empty()) return by_id;
  if (clues.title.find_first_not_of(" \t") == std::string::npos) return {};
  SearchRequest known_item;
  known_item.query = clues.title;
  known_item.limit = 1;
  known_item.facets = false;
  known_item.suggest = false;
  const SearchResult found = search(known_item);
  if (found.hits.empty()) return {};
  const Hit& first = found.hits.front();
  const double share = shared_share(folded_words(impl_->analyzer, clues.title),
                                    folded_words(impl_->analyzer, first.title.text));
  if (share < kTitleMatchShare) return {};
  return {first.id, "title"};
}

Tag Searcher::tag(const std::string& name) {
  return impl_->guarded("reading", [&] {
    impl_->reopen();
    return detail::require_tag(impl_->db, name);
  });
}

std::vector<Tag> Searcher::tags() {
  return impl_->guarded("reading", [&] {
    impl_->reopen();
    return detail::list_tags(impl_->db);
  });
}

void Searcher::delete_tag(const std::string& name) {
  Xapian::WritableDatabase db =
      detail::open_for_user_metadata(impl_->saved_searches_path(), "tags");
  Tag tag = detail::require_tag(db, name);
  tag.papers.clear();
  detail::store_tag(db, tag);
  db.commit();
  impl_->guarded("reading", [&] { impl_->reopen(); });
}

SearchResult Searcher::search_saved(const std::string& name, const SearchRequest& page) {
  return search(detail::saved_request(saved_search(name), page));
}

SearchResult Searcher::search_new(const std::string& name, const SearchRequest& page) {
  detail::check_saved_search_name(name);
  // Under the lock no writer commits: the search sees every paper there is,
  // and the papers of the next writer are stamped after `seen`.
  Xapian::WritableDatabase db =
      detail::open_for_user_metadata(impl_->saved_searches_path(), "saved searches");
  SavedSearch saved = detail::require_saved_search(db, name);
  SearchRequest request = detail::saved_request(saved, page);
  request.only_new = true;
  impl_->guarded("reading", [&] { impl_->reopen(); });
  SearchResult result = search(request);
  saved.seen = index_time_now();
  detail::store_saved_search(db, saved);
  detail::commit_after(db, saved.seen);
  return result;
}

}  // namespace paperdex
