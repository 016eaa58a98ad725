// The search page's files as paperdex-serve serves them (serve/page): the
// table's paths and types, the embedded bytes equal to the files in the
// source tree, and the page's own rules read off its text: no inline script
// or style (so a Content-Security-Policy without 'unsafe-inline' holds), no
// HTML made from strings in the JavaScript, every local file it loads served.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "output.h"
#include "page_files.h"
#include "syntax_help.h"
#include "test_support.h"

using paperdex::serve::find_page_file;
using paperdex::serve::PageFile;

namespace {

std::string source_file(const std::string& name) {
  std::ifstream in(paperdex::test::source_dir() / "serve" / "page" / name, std::ios::binary);
  REQUIRE(in);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

std::string served(std::string_view url_path) {
  const PageFile* file = find_page_file(url_path);
  REQUIRE(file != nullptr);
  return std::string(file->bytes);
}

}  // namespace

TEST_CASE("page files are served at their paths with their types", "[serve_page]") {
  const struct {
    std::string_view url_path;
    std::string_view source;
    std::string_view content_type;
  } expected[] = {
      {"/", "index.html", "text/html; charset=utf-8"},
      {"/page.css", "page.css", "text/css; charset=utf-8"},
      {"/page.js", "page.js", "text/javascript; charset=utf-8"},
  };
  for (const auto& file : expected) {
    INFO(file.url_path);
    const PageFile* found = find_page_file(file.url_path);
    REQUIRE(found != nullptr);
    CHECK(found->url_path == file.url_path);
    CHECK(found->content_type == file.content_type);
    CHECK(found->bytes == source_file(std::string(file.source)));
  }
  CHECK(find_page_file("/index.html") == nullptr);
  CHECK(find_page_file("/page.js?v=1") == nullptr);  // the caller strips the query
  CHECK(find_page_file("/PAGE.JS") == nullptr);
  CHECK(find_page_file("") == nullptr);
}

TEST_CASE("the page's syntax help is the CLI's --help-syntax text", "[serve_page]") {
  const PageFile* file = find_page_file("/syntax.txt");
  REQUIRE(file != nullptr);
  CHECK(file->content_type == "text/plain; charset=utf-8");
  CHECK(file->bytes == paperdex::presentation::syntax_help());
  CHECK(find_page_file("/syntax.txt")->bytes.data() == file->bytes.data());  // made once
}

TEST_CASE("the page has no inline script or style", "[serve_page]") {
  const std::string html = served("/");
  // Every <script> loads a file; no <style> element, style= or on...= attribute.
  const std::regex script_tag(R"(<script\b[^>]*>)", std::regex::icase);
  int scripts = 0;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), script_tag);
       it != std::sregex_iterator(); ++it) {
    ++scripts;
    CHECK_THAT(it->str(), Catch::Contains("src=\"/"));
  }
  CHECK(scripts == 1);
  CHECK_FALSE(std::regex_search(html, std::regex(R"(<style\b)", std::regex::icase)));
  CHECK_FALSE(std::regex_search(html, std::regex(R"(\sstyle\s*=)", std::regex::icase)));
  CHECK_FALSE(std::regex_search(html, std::regex(R"(\son[a-z]+\s*=)", std::regex::icase)));
  CHECK_FALSE(std::regex_search(html, std::regex(R"(javascript:)", std::regex::icase)));
  std::smatch policy;
  REQUIRE(std::regex_search(
      html, policy, std::regex(R"#(http-equiv="Content-Security-Policy"\s+content="([^"]*)")#")));
  CHECK(policy[1].str() == paperdex::serve::kPageContentSecurityPolicy);
  CHECK_FALSE(std::regex_search(html, std::regex("unsafe-(inline|eval)")));
}

TEST_CASE("the page's script never parses strings as HTML", "[serve_page]") {
  const std::string script = served("/page.js");
  for (const char* sink : {"innerHTML", "outerHTML", "insertAdjacentHTML", "document.write",
                           "eval(", "new Function", "setAttribute('style"}) {
    INFO(sink);
    CHECK(script.find(sink) == std::string::npos);
  }
  CHECK_THAT(script, Catch::Contains("textContent"));
}

TEST_CASE("every local file the page loads is served", "[serve_page]") {
  const std::string html = served("/");
  const std::regex local_file(R"#((?:src|href)="(/[^"?#]+\.(?:css|js|txt))")#");
  int files = 0;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), local_file);
       it != std::sregex_iterator(); ++it) {
    ++files;
    INFO((*it)[1].str());
    CHECK(find_page_file((*it)[1].str()) != nullptr);
  }
  CHECK(files == 2);  // page.css and page.js
  CHECK_THAT(served("/page.js"), Catch::Contains("'/syntax.txt'"));
}

// The results page links its papers in the API's citation formats and as a
// feed (#53): each link's format is one of the API's, by the API's name.
TEST_CASE("the page's export links name the API's formats", "[serve_page]") {
  const std::string html = served("/");
  const std::regex export_link(R"#(data-format="([^"]*)")#");
  std::vector<std::string> formats;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), export_link);
       it != std::sregex_iterator(); ++it) {
    formats.push_back((*it)[1].str());
    INFO(formats.back());
    CHECK(paperdex::presentation::find_format(formats.back()) != nullptr);
  }
  CHECK(formats == std::vector<std::string>{"bibtex", "ris", "csljson", "atom"});
  CHECK_THAT(served("/page.js"), Catch::Contains("application/atom+xml"));
}
