// paperdex-serve's API (serve/api) driven in-process through Api::handle, on
// a small index written through the library: every route, every error
// status and its JSON shape, each format's body equal to paperdex-search's
// for the same query and options (the CLI run in-process), ETag and 304,
// CORS off and on, OpenSearch, and an indexer's commit seen by the next
// request without a restart.
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "api.h"
#include "index_test_support.h"
#include "output.h"
#include "page_files.h"
#include "paperdex/indexer/index_writer.h"
#include "routes.h"
#include "search_cli.h"
#include "search_parameters.h"
#include "searcher_pool.h"
#include "test_support.h"

namespace {

using paperdex::serve::Api, paperdex::serve::ApiSettings, paperdex::serve::HttpHeaders,
    paperdex::serve::HttpRequest, paperdex::serve::HttpResponse;
using paperdex::test::contains;
using Json = nlohmann::ordered_json;

paperdex::Record paper(std::string id, std::string title, std::vector<std::string> subjects,
                       std::string submitted) {
  paperdex::Record record;
  record.id = std::move(id);
  record.title = std::move(title);
  record.abstract = "We study " + record.title + " in data center networks.";
  record.authors = {"Ada Lovelace", "Alan Turing"};
  record.subjects = std::move(subjects);
  record.submitted = std::move(submitted);
  record.year = std::stoi(record.submitted.substr(0, 4));
  record.updated = record.submitted;
  return record;
}

void add_papers(paperdex::IndexWriter& writer) {
  writer.add(paper("2101.00001", "Optical circuit switching", {"cs.NI"}, "2021-01-04"));
  writer.add(paper("2101.00002", "Optical packet switching", {"cs.NI", "cs.DC"}, "2021-01-05"));
  writer.add(paper("2002.00003", "Quantum error correction codes", {"quant-ph"}, "2020-02-03"));
  writer.add(paper("hep-th/9901001", "String dualities and branes", {"hep-th"}, "1999-01-04"));
  writer.add(
      paper("2203.00004", "Network scheduling with learning", {"cs.LG", "cs.NI"}, "2022-03-01"));
}

const paperdex::test::SharedIndex& small_index() {
  static const paperdex::test::SharedIndex index{
      paperdex::test::SharedIndex::WriteRecords(add_papers)};
  return index;
}

// small_index()'s papers in an index of its own in `dir`, for a test that
// changes it; its path.
std::string small_index_in(const paperdex::test::TempDir& dir) {
  const std::string path = (dir / "index").string();
  paperdex::IndexWriter writer(path);
  add_papers(writer);
  writer.commit();
  return path;
}

ApiSettings settings_for(const std::string& path) {
  ApiSettings settings;
  settings.databases = {path};
  return settings;
}

Api& small_api() {
  static Api api(settings_for(small_index().path()));
  return api;
}

HttpResponse get(Api& api, const std::string& target, HttpHeaders headers = {}) {
  return api.handle(HttpRequest{"GET", target, std::move(headers)});
}

std::optional<std::string> header(const HttpResponse& response, std::string_view name) {
  for (const auto& [key, value] : response.headers) {
    if (key == name) return value;
  }
  return std::nullopt;
}

// paperdex-search on `path` with `args`, in-process: what it prints.
std::string cli_output(const std::string& path, std::vector<std::string> args) {
  ::setenv("COLUMNS", "80", 1);  // the text format's width, as the API's
  args.insert(args.begin(), {"paperdex-search", "--db", path});
  std::vector<const char*> argv;
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  std::ostringstream out, err;
  const int status =
      paperdex::cli::run_search(static_cast<int>(argv.size()), argv.data(), out, err);
  INFO(err.str());
  REQUIRE(status <= 1);  // 1: the search found nothing, and printed so all the same
  return out.str();
}

// The error object of a response, after checking the shape every error has.
Json error_of(const HttpResponse& response) {
  INFO(response.body);
  CHECK(response.content_type == "application/json; charset=utf-8");
  const Json json = Json::parse(response.body);
  REQUIRE(json.contains("error"));
  CHECK(json["error"]["status"] == response.status);
  CHECK(!json["error"]["message"].get<std::string>().empty());
  return json["error"];
}

}  // namespace

TEST_CASE("serve API: /health says the index can be read, and is never cached", "[serve]") {
  const HttpResponse response = get(small_api(), "/health");
  REQUIRE(response.status == 200);
  const Json json = Json::parse(response.body);
  CHECK(json["status"] == "ok");
  CHECK(json["documents"] == 5);
  CHECK(header(response, "Cache-Control") == "no-store");
}

TEST_CASE("serve API: /search in every format is paperdex-search's output for the same options",
          "[serve]") {
  const std::string path = small_index().path();
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"q=optical+switching", {"optical switching"}},
      {"q=switching&limit=1&offset=1&sort=newest",
       {"--limit", "1", "--offset", "1", "--sort", "newest", "switching"}},
      {"q=data&subject=cs.NI&year=2021..2022&facets=1&facet=author&fields=id,title,year",
       {"--subject", "cs.NI", "--year", "2021..2022", "--facets", "1", "--facet", "author",
        "--fields", "id,title,year", "data"}},
      {"subject=cs.NI&any&explain=true&snippet=40",
       {"--subject", "cs.NI", "--any", "--explain", "--snippet", "40"}},
  };
  for (const paperdex::presentation::OutputFormat& format :
       paperdex::presentation::output_formats()) {
    for (const auto& [query, args] : cases) {
      std::vector<std::string> cli_args = args;
      cli_args.insert(cli_args.begin(), {"--format", std::string(format.name)});
      const std::string target = "/search?" + query + "&format=" + std::string(format.name);
      INFO(target);
      const HttpResponse response = get(small_api(), target);
      REQUIRE(response.status == 200);
      CHECK(response.content_type == format.media_type);
      CHECK(response.body == cli_output(path, cli_args));
    }
  }
  // An Atom page says where it is in the results (OpenSearch).
  const HttpResponse atom = get(small_api(), "/search?q=switching&offset=1&limit=1&format=atom");
  CHECK(contains(atom.body, "<opensearch:totalResults>2</opensearch:totalResults>"));
  CHECK(contains(atom.body, "<opensearch:startIndex>2</opensearch:startIndex>"));
  CHECK(contains(atom.body, "<opensearch:itemsPerPage>1</opensearch:itemsPerPage>"));
  // JSON is the default format.
  const HttpResponse plain = get(small_api(), "/search?q=optical");
  CHECK(plain.body == cli_output(path, {"--json", "optical"}));
  CHECK(Json::parse(plain.body)["total"] == 2);
}

TEST_CASE("serve API: a bad parameter is a 400 naming it, with paperdex-search's message",
          "[serve]") {
  const struct {
    std::string target;
    std::string parameter;
    std::string message;  // a part of it
  } cases[] = {
      {"/search?q=a&limit=abc", "limit", "limit must be a whole number, not 'abc'"},
      {"/search?q=a&limit=20000", "limit", "limit must be between 0 and 10,000, not 20000"},
      {"/search?q=a&offset=-1", "offset", "offset must be between 0 and 100,000, not -1"},
      {"/search?q=a&sort=best", "sort",
       "sort must be relevance, newest, oldest, updated, added or citations"},
      {"/search?q=a&format=pdf", "format", "format must be text, json"},
      {"/search?q=a&fields=id,colour", "fields", "fields: no field 'colour'"},
      {"/search?q=a&facet=venue", "facet", "facet must be subject, year or author"},
      {"/search?q=a&facets=99999", "facets", "facets must be between 0 and 10,000"},
      {"/search?q=a&any=maybe", "any", "any takes true or false"},
      {"/search?q=a&colour=red", "colour",
       "no parameter 'colour' here; this route takes q, subject"},
      {"/search?q=a&match=most", "match", "match must be all or any, not 'most'"},
      {"/search?q=a&suggest=perhaps", "suggest", "suggest takes true or false"},
      {"/search?q=a&limit=1&limit=2", "limit", "limit is given twice"},
      {"/search?q=a&subject=cs.XX", "subject", "subject cs.XX: "},
      {"/search?q=a&year=20x4", "year", "year 20x4: "},
      {"/search?q=", "q", "empty query"},
      {"/search?q=%zz", "q", "a malformed %-escape"},
      {"/suggest", "q", "q is required"},
      {"/paper/2101.00001?fields=score", "fields", "fields score is a search hit's"},
      {"/health?verbose=1", "verbose", "this route takes none"},
  };
  for (const auto& bad : cases) {
    INFO(bad.target);
    const HttpResponse response = get(small_api(), bad.target);
    CHECK(response.status == 400);
    const Json error = error_of(response);
    CHECK(error["parameter"] == bad.parameter);
    CHECK(contains(error["message"].get<std::string>(), bad.message));
    CHECK(header(response, "Cache-Control") == "no-store");
  }
}

TEST_CASE("serve API: a query syntax error is a 400 on q with its position", "[serve]") {
  const HttpResponse response = get(small_api(), "/search?q=optical+AND+(switching&strict-syntax");
  REQUIRE(response.status == 400);
  const Json error = error_of(response);
  CHECK(error["parameter"] == "q");
  REQUIRE(error.contains("position"));
  CHECK(error["position"].get<std::size_t>() <= std::string("optical AND (switching").size());
}

TEST_CASE("serve API: unknown ids and paths are 404s, other methods 405 with Allow", "[serve]") {
  for (const std::string target : {"/paper/9999.99999", "/like/9999.99999", "/no/such/thing"}) {
    INFO(target);
    const HttpResponse response = get(small_api(), target);
    CHECK(response.status == 404);
    error_of(response);
  }
  const HttpResponse post = small_api().handle(HttpRequest{"POST", "/search?q=optical", {}});
  CHECK(post.status == 405);
  error_of(post);
  CHECK(header(post, "Allow") == "GET, HEAD, OPTIONS");
  const HttpResponse head = small_api().handle(HttpRequest{"HEAD", "/search?q=optical", {}});
  CHECK(head.status == 200);
  CHECK(head.body == get(small_api(), "/search?q=optical").body);
}

TEST_CASE(
    "serve API: /paper, /like, /suggest and /stats are the CLI's --show, --like, "
    "suggestion and --stats",
    "[serve]") {
  const std::string path = small_index().path();
  HttpResponse paper = get(small_api(), "/paper/hep-th/9901001");
  REQUIRE(paper.status == 200);
  CHECK(paper.body == cli_output(path, {"--format", "jsonl", "--show", "hep-th/9901001"}));
  CHECK(Json::parse(paper.body)["id"] == "hep-th/9901001");
  paper = get(small_api(), "/paper/2101.00001v1?format=bibtex");
  CHECK(paper.content_type == "application/x-bibtex; charset=utf-8");
  CHECK(paper.body == cli_output(path, {"--format", "bibtex", "--show", "2101.00001v1"}));

  const HttpResponse like = get(small_api(), "/like/2101.00001?limit=3");
  REQUIRE(like.status == 200);
  CHECK(like.body == cli_output(path, {"--json", "--limit", "3", "--like", "2101.00001"}));

  const HttpResponse suggest = get(small_api(), "/suggest?q=opticl+swiching");
  REQUIRE(suggest.status == 200);
  const Json cli = Json::parse(cli_output(path, {"--json", "opticl swiching"}));
  CHECK(Json::parse(suggest.body)["suggestion"] == cli["suggestion"]);
  CHECK(Json::parse(suggest.body)["query"] == "opticl swiching");

  // The CLI's, but for the index's path: a client has no business with the
  // server's paths.
  const HttpResponse stats = get(small_api(), "/stats");
  REQUIRE(stats.status == 200);
  Json cli_stats = Json::parse(cli_output(path, {"--stats", "--json"}));
  cli_stats.erase("path");
  CHECK(Json::parse(stats.body) == cli_stats);
  CHECK(stats.body.find(path) == std::string::npos);
}

TEST_CASE("serve API: an ETag from the index revision and the URL, If-None-Match gets a 304",
          "[serve]") {
  const HttpResponse first = get(small_api(), "/search?q=optical");
  const auto tag = header(first, "ETag");
  REQUIRE(tag);
  CHECK(header(first, "Cache-Control") == "public, max-age=30");
  CHECK(header(get(small_api(), "/search?q=optical"), "ETag") == tag);
  CHECK(header(get(small_api(), "/search?q=optical&limit=1"), "ETag") != tag);
  const HttpResponse again = get(small_api(), "/search?q=optical", {{"if-none-match", *tag}});
  CHECK(again.status == 304);
  CHECK(again.body.empty());
  CHECK(header(again, "ETag") == tag);
  CHECK(get(small_api(), "/search?q=optical", {{"if-none-match", "W/\"other\""}}).status == 200);

  const HttpResponse page = get(small_api(), "/");
  REQUIRE(page.status == 200);
  CHECK(contains(page.content_type, "text/html"));
  CHECK(header(page, "Cache-Control") == "public, max-age=3600");
  CHECK(get(small_api(), "/", {{"if-none-match", *header(page, "ETag")}}).status == 304);
}

TEST_CASE("serve API: every page file is sent with the page's Content-Security-Policy header",
          "[serve]") {
  const std::string policy =
      std::string(paperdex::serve::kPageContentSecurityPolicy) + "; frame-ancestors 'none'";
  for (const std::string path : {"/", "/page.css", "/page.js", "/syntax.txt"}) {
    INFO(path);
    const HttpResponse file = get(small_api(), path);
    REQUIRE(file.status == 200);
    const HttpResponse cached = get(small_api(), path, {{"if-none-match", *header(file, "ETag")}});
    REQUIRE(cached.status == 304);
    for (const HttpResponse& response : {file, cached}) {
      CHECK(header(response, "Content-Security-Policy") == policy);
      CHECK(header(response, "X-Content-Type-Options") == "nosniff");
      CHECK(header(response, "Referrer-Policy") == "no-referrer");
    }
  }
  // The API's answers are data, not a page: no page policy.
  CHECK_FALSE(header(get(small_api(), "/search?q=optical"), "Content-Security-Policy"));
}

TEST_CASE(
    "serve API: CORS is off by default; on, it allows the one origin and answers "
    "preflights",
    "[serve]") {
  const HttpHeaders from_site = {{"origin", "https://lab.example"}};
  const HttpResponse off = get(small_api(), "/search?q=optical", from_site);
  CHECK_FALSE(header(off, "Access-Control-Allow-Origin"));
  CHECK_FALSE(header(off, "Vary"));

  ApiSettings settings = settings_for(small_index().path());
  settings.cors_origin = "https://lab.example";
  Api api(settings);
  const HttpResponse on = get(api, "/search?q=optical", from_site);
  CHECK(header(on, "Access-Control-Allow-Origin") == "https://lab.example");
  CHECK(header(on, "Vary") == "Origin");
  const HttpResponse other = get(api, "/search?q=optical", {{"origin", "https://evil.example"}});
  CHECK_FALSE(header(other, "Access-Control-Allow-Origin"));
  const HttpResponse preflight = api.handle(
      HttpRequest{"OPTIONS",
                  "/search?q=optical",
                  {{"origin", "https://lab.example"}, {"access-control-request-method", "GET"}}});
  CHECK(preflight.status == 204);
  CHECK(header(preflight, "Access-Control-Allow-Origin") == "https://lab.example");
  CHECK(header(preflight, "Access-Control-Allow-Methods") == "GET, HEAD, OPTIONS");
}

TEST_CASE("serve API: /opensearch.xml points back at the host the client reached", "[serve]") {
  const HttpResponse response =
      get(small_api(), "/opensearch.xml", {{"host", "papers.example:8080"}});
  REQUIRE(response.status == 200);
  CHECK(response.content_type == "application/opensearchdescription+xml; charset=utf-8");
  CHECK(contains(response.body, "xmlns=\"http://a9.com/-/spec/opensearch/1.1/\""));
  CHECK(contains(response.body, "template=\"http://papers.example:8080/search?q={searchTerms}"));
  const HttpResponse proxied = get(small_api(), "/opensearch.xml",
                                   {{"host", "papers.example"}, {"x-forwarded-proto", "https"}});
  CHECK(contains(proxied.body, "https://papers.example/?q={searchTerms}"));
  // Its bytes follow those two headers: a cache must keep the answers apart.
  CHECK(header(response, "Vary") == "Host, X-Forwarded-Proto");
  CHECK(header(proxied, "ETag") != header(response, "ETag"));
  const HttpResponse forged = get(small_api(), "/opensearch.xml", {{"host", "a\"><x y=\""}});
  CHECK(forged.status == 400);
  error_of(forged);
}

TEST_CASE("serve API: an indexer's commit is seen by the next request, without a restart",
          "[serve]") {
  paperdex::test::TempDir dir;
  const std::string path = small_index_in(dir);
  Api api(settings_for(path));
  const HttpResponse before = get(api, "/search?q=zeppelin");
  REQUIRE(before.status == 200);
  CHECK(Json::parse(before.body)["total"] == 0);
  {
    paperdex::IndexWriter writer(path);
    writer.add(paper("2401.00005", "Zeppelin routing", {"cs.NI"}, "2024-01-02"));
    writer.commit();
  }
  const HttpResponse after = get(api, "/search?q=zeppelin");
  REQUIRE(after.status == 200);
  CHECK(Json::parse(after.body)["total"] == 1);
  CHECK(header(after, "ETag") != header(before, "ETag"));
  CHECK(Json::parse(get(api, "/health").body)["documents"] == 6);
}

TEST_CASE(
    "serve API: requests racing an indexer's commits get the old or the new revision, "
    "never an error",
    "[serve]") {
  paperdex::test::TempDir dir;
  const std::string path = small_index_in(dir);
  Api api(settings_for(path));
  paperdex::IndexWriter writer(path);
  constexpr int kCommits = 8;
  std::atomic<bool> writing{true};
  std::vector<std::vector<unsigned>> statuses(3);
  std::vector<std::thread> clients;
  for (auto& seen : statuses) {
    clients.emplace_back([&api, &writing, &seen] {
      while (writing || seen.size() < 5) {
        seen.push_back(get(api, "/search?q=zeppelin&limit=1").status);
      }
    });
  }
  for (int i = 0; i < kCommits; ++i) {
    writer.add(paper("2401.0000" + std::to_string(i), "Zeppelin routing " + std::to_string(i),
                     {"cs.NI"}, "2024-01-02"));
    writer.commit();
  }
  writing = false;
  for (std::thread& client : clients) client.join();
  for (const auto& seen : statuses) {
    CHECK(std::count(seen.begin(), seen.end(), 200u) == static_cast<long>(seen.size()));
  }
  CHECK(Json::parse(get(api, "/search?q=zeppelin").body)["total"] == kCommits);
}

TEST_CASE("serve API: an index that cannot be opened is refused at start, naming it", "[serve]") {
  paperdex::test::TempDir dir;
  CHECK_THROWS_WITH(Api(settings_for((dir / "missing").string())),
                    Catch::Contains((dir / "missing").string()));
}

void add_more_papers(paperdex::IndexWriter& writer) {
  writer.add(paper("2105.00005", "Optical interconnects for racks", {"cs.AR"}, "2021-05-06"));
}

TEST_CASE("serve API: several --db are served as one index, as paperdex-search searches them",
          "[serve]") {
  static const paperdex::test::SharedIndex more{
      paperdex::test::SharedIndex::WriteRecords(add_more_papers)};
  ApiSettings two = settings_for(small_index().path());
  two.databases.push_back(more.path());
  Api api(two);
  const HttpResponse response = get(api, "/search?q=optical");
  REQUIRE(response.status == 200);
  CHECK(Json::parse(response.body)["total"] == 3);
  CHECK(response.body ==
        cli_output(small_index().path(), {"--db", more.path(), "--json", "optical"}));
  CHECK(get(api, "/paper/2105.00005").status == 200);
}

TEST_CASE("serve API: /saved lists the saved searches, /saved/{name} serves each, read only",
          "[serve][saved-searches]") {
  paperdex::test::TempDir dir;
  const std::string path = small_index_in(dir);
  cli_output(path, {"--save", "optics", "--sort", "added", "optical"});
  cli_output(path, {"--save", "quantum", "--subject", "quant-ph", "quantum"});
  Api api(settings_for(path));

  // The list is --saved-list --format json's.
  const HttpResponse list = get(api, "/saved");
  REQUIRE(list.status == 200);
  CHECK(list.content_type == "application/json; charset=utf-8");
  CHECK(Json::parse(list.body) == Json::parse(cli_output(path, {"--saved-list", "--json"})));
  CHECK(Json::parse(list.body)[1]["options"] == "quantum --subject quant-ph");

  // Each format is paperdex-search --saved NAME's, with the same page
  // (saved in the order the route uses, that of the index's additions).
  for (const paperdex::presentation::OutputFormat& format :
       paperdex::presentation::output_formats()) {
    const std::string target = "/saved/optics?limit=10&format=" + std::string(format.name);
    INFO(target);
    const HttpResponse response = get(api, target);
    REQUIRE(response.status == 200);
    CHECK(response.content_type == format.media_type);
    CHECK(response.body ==
          cli_output(path, {"--saved", "optics", "--format", std::string(format.name)}));
  }
  // The feed: named by the search, 50 papers a page unless limit says.
  const HttpResponse feed = get(api, "/saved/optics?format=atom");
  CHECK(contains(feed.body, "<title>paperdex: optics (optical)</title>"));
  CHECK(contains(feed.body, "<opensearch:itemsPerPage>50</opensearch:itemsPerPage>"));
  Json json = Json::parse(get(api, "/saved/optics").body);
  CHECK(json["saved_search"]["name"] == "optics");
  CHECK(json["saved_search"]["only_new"] == false);
  CHECK(json["saved_search"]["matches"] == 2);

  // A paper added since: first (the newest in the index), "new", and still
  // new after any number of requests: the route marks nothing seen.
  {
    paperdex::IndexWriter writer(path);
    writer.add(paper("2401.00009", "Optical burst switching", {"cs.NI"}, "2020-01-02"));
    writer.commit();
  }
  for (int request = 0; request < 2; ++request) {
    json = Json::parse(get(api, "/saved/optics").body);
    REQUIRE(json["hits"].size() == 3);
    CHECK(json["hits"][0]["id"] == "2401.00009");
    CHECK(json["hits"][0]["news"] == "new");
    CHECK(Json::parse(get(api, "/saved").body)[0]["new"] == 1);
  }
  // sort= orders otherwise: by submission, newest first.
  json = Json::parse(get(api, "/saved/optics?sort=newest").body);
  CHECK(json["hits"][2]["id"] == "2401.00009");
  const Json seen = Json::parse(cli_output(path, {"--saved", "optics", "--new", "--json"}));
  CHECK(seen["hits"].size() == 1);
  // paperdex-search --new marked it seen: the route says so at once.
  json = Json::parse(get(api, "/saved/optics").body);
  CHECK_FALSE(json["hits"][0].contains("news"));
  CHECK(json["saved_search"]["new_since"] > seen["saved_search"]["new_since"]);

  // An unknown name, or one no search could have, is a 404 naming it.
  for (const std::string name : {"nothing", "a%2Fb", "..", "x%20y"}) {
    const HttpResponse missing = get(api, "/saved/" + name);
    INFO(name << ": " << missing.body);
    CHECK(missing.status == 404);
    CHECK(error_of(missing)["parameter"] == "name");
  }
  CHECK(contains(error_of(get(api, "/saved/nothing"))["message"].get<std::string>(),
                 "no saved search 'nothing'; it has optics, quantum"));
  // Its query and filters are its own: q and the filters are no parameters here.
  for (const std::string target :
       {"/saved/optics?q=quantum", "/saved/optics?subject=cs.NI", "/saved?limit=1"}) {
    INFO(target);
    CHECK(get(api, target).status == 400);
  }
  // An index without saved searches lists none.
  CHECK(get(small_api(), "/saved").body == "[]\n");
}

TEST_CASE("serve API: /recommend answers as paperdex-search --recommend, /tags lists the tags",
          "[serve][tags]") {
  const paperdex::test::TempDir dir;
  const std::string path = small_index_in(dir);
  paperdex::Searcher(path).add_to_tag("optics", {"2101.00001"});
  Api api(settings_for(path));
  // Every format is paperdex-search's, with the same page.
  for (const paperdex::presentation::OutputFormat& format :
       paperdex::presentation::output_formats()) {
    const std::string target = "/recommend?tag=optics&format=" + std::string(format.name);
    INFO(target);
    const HttpResponse response = get(api, target);
    REQUIRE(response.status == 200);
    CHECK(response.body ==
          cli_output(path, {"--recommend", "optics", "--format", std::string(format.name)}));
  }
  const Json json = Json::parse(get(api, "/recommend?tag=optics&subject=cs.NI").body);
  REQUIRE(!json["hits"].empty());
  CHECK(json["hits"][0]["id"] == "2101.00002");
  CHECK(!json["hits"][0]["because"].empty());
  for (const Json& hit : json["hits"]) CHECK(hit["id"] != "2101.00001");
  // /search takes the library's parameter under its own name.
  CHECK(get(api, "/search?recommend=optics").body == get(api, "/recommend?tag=optics").body);
  // The list is --tags --format json's.
  const HttpResponse tags = get(api, "/tags");
  REQUIRE(tags.status == 200);
  CHECK(Json::parse(tags.body) == Json::parse(cli_output(path, {"--tags", "--json"})));
  CHECK(Json::parse(tags.body)[0]["papers"] == Json{"2101.00001"});
  // No tag: 400; an unknown one: 404 naming those there are.
  CHECK(error_of(get(api, "/recommend"))["parameter"] == "tag");
  const HttpResponse unknown = get(api, "/recommend?tag=nothing");
  CHECK(unknown.status == 404);
  const Json error = error_of(unknown);
  CHECK(error["parameter"] == "tag");
  CHECK(contains(error["message"].get<std::string>(), "no tag 'nothing'; it has optics"));
}

TEST_CASE("serve API: docs/http-api.md lists every route, parameter and format the tables have",
          "[serve]") {
  std::ifstream file(paperdex::test::source_dir() / "docs" / "http-api.md");
  REQUIRE(file);
  const std::string doc((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  for (const paperdex::serve::Route& route : paperdex::serve::routes()) {
    CHECK(contains(doc, "| `GET " + std::string(route.pattern) + "` |"));
  }
  for (const paperdex::serve::Parameter& parameter : paperdex::serve::parameters()) {
    CHECK(contains(doc, "| `" + std::string(parameter.name) + "` |"));
  }
  for (const paperdex::presentation::OutputFormat& format :
       paperdex::presentation::output_formats()) {
    CHECK(contains(
        doc, "| `" + std::string(format.name) + "` | `" + std::string(format.media_type) + "`"));
  }
}

TEST_CASE(
    "serve API: the Searcher pool keeps a Searcher after a request's error, drops it "
    "after the index's",
    "[serve]") {
  paperdex::serve::SearcherPool pool({small_index().path()}, {});
  CHECK(pool.use([](paperdex::Searcher& searcher) { return searcher.document_count(); }) == 5);
  CHECK(pool.idle() == 1);
  CHECK_THROWS_AS(pool.use([](paperdex::Searcher& searcher) { return searcher.get("9999.99999"); }),
                  paperdex::PaperNotFoundError);
  CHECK(pool.idle() == 1);
  CHECK_THROWS_AS(pool.use([](paperdex::Searcher&) -> int { throw paperdex::IoError("gone"); }),
                  paperdex::IoError);
  CHECK(pool.idle() == 0);
  CHECK(pool.use([](paperdex::Searcher& searcher) { return searcher.document_count(); }) == 5);
  CHECK(pool.idle() == 1);
  ApiSettings forever = settings_for(small_index().path());
  forever.time_limit_seconds = -1;
  CHECK_THROWS_WITH(Api(forever), Catch::Contains("time_limit_seconds must be between 0"));
}

TEST_CASE(
    "serve API: a deprecated parameter still works, and the answer says what to write instead",
    "[serve]") {
  const HttpResponse old = get(small_api(), "/search?q=optical+packet&any");
  const HttpResponse now = get(small_api(), "/search?q=optical+packet&match=any");
  REQUIRE(old.status == 200);
  CHECK(old.body == now.body);
  const auto warning = std::find_if(old.headers.begin(), old.headers.end(),
                                    [](const auto& header) { return header.first == "Warning"; });
  REQUIRE(warning != old.headers.end());
  CHECK(contains(warning->second, "any is deprecated; use match=any"));
  CHECK(std::none_of(now.headers.begin(), now.headers.end(),
                     [](const auto& header) { return header.first == "Warning"; }));
}
