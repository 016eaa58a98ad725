// Shell completion (issue 28, item 14): each CLI writes its bash and zsh
// scripts from its option table (--completion), the build installs them,
// and bash completes with them: every option --help lists, the values of
// the options that take one of a list, files for inputs, and the saved
// searches of the index the command line names (issue 53, item 10).
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "test_support.h"

namespace {

using paperdex::test::quote;
using paperdex::test::read_file;
using paperdex::test::run_command;
using paperdex::test::RunOutput;
using paperdex::test::TempDir;

// The long and short options of a --help listing (boost's "  -n [ --limit ] N"
// and "  --db PATH" rows).
std::set<std::string> help_options(const std::string& program) {
  const RunOutput help = run_command(program + " --help");
  REQUIRE(help.status == 0);
  std::set<std::string> options;
  static const std::regex row(R"(^  (-[a-zA-Z]) \[ (--[a-z][a-z-]*) \]|^  (--[a-z][a-z-]*))");
  std::istringstream lines(help.out);
  for (std::string line; std::getline(lines, line);) {
    std::smatch match;
    if (!std::regex_search(line, match, row)) continue;
    for (std::size_t i = 1; i < match.size(); ++i) {
      if (match[i].matched) options.insert(match[i].str());
    }
  }
  return options;
}

// The names of the formats table --help prints after "Formats (--format):".
std::string help_format_names() {
  const RunOutput help = run_command(std::string(PAPERDEX_SEARCH_BIN) + " --help");
  const std::size_t table = help.out.find("Formats (--format):\n");
  REQUIRE(table != std::string::npos);
  std::istringstream lines(help.out.substr(table));
  std::string line, names;
  std::getline(lines, line);
  while (std::getline(lines, line) && line.rfind("  ", 0) == 0) {
    std::istringstream words(line);
    std::string name;
    words >> name;
    names += (names.empty() ? "" : " ") + name;
  }
  return names;
}

// What `function` (a completion function of `script`) offers for the words
// of a command line, the last being the word completed; in a plain bash, as
// bash-completion would call it.
std::string complete(const std::filesystem::path& script, const std::string& function,
                     const std::string& words, const std::string& cd = ".") {
  const std::string bash =
      "cd " + quote(cd) + " && source " + quote(script.string()) + " && COMP_WORDS=(" + words +
      ") && COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) && " + function + " && echo \"${COMPREPLY[*]}\"";
  const RunOutput run = run_command("bash -c " + quote(bash) + " 2>&1");
  INFO(bash << "\n" << run.out);
  REQUIRE(run.status == 0);
  return run.out.substr(0, run.out.find_last_not_of('\n') + 1);
}

std::filesystem::path written_script(const TempDir& dir, const std::string& program,
                                     const std::string& shell) {
  const std::filesystem::path path =
      dir.path() / (shell + "-" + std::filesystem::path(program).filename().string());
  const RunOutput run =
      run_command(program + " --completion " + shell + " > " + quote(path.string()));
  REQUIRE(run.status == 0);
  return path;
}

}  // namespace

TEST_CASE("the bash completion of paperdex-search completes options and their values",
          "[cli][completion]") {
  TempDir dir;
  const auto script = written_script(dir, PAPERDEX_SEARCH_BIN, "bash");
  CHECK(complete(script, "_paperdex_search", "paperdex-search --lim") == "--limit");
  CHECK(complete(script, "_paperdex_search", "paperdex-search --format ''") == help_format_names());
  CHECK(complete(script, "_paperdex_search", "paperdex-search --format = js") == "json jsonl");
  CHECK(complete(script, "_paperdex_search", "paperdex-search --sort new") == "newest");
  CHECK(complete(script, "_paperdex_search", "paperdex-search --fields id,ti") == "id,title");
  CHECK(complete(script, "_paperdex_search", "paperdex-search --subject cs.N") ==
        "cs.NA cs.NE cs.NI");
  // A directory for --db; nothing to guess for a number.
  std::filesystem::create_directory(dir.path() / "papers.idx");
  CHECK(complete(script, "_paperdex_search", "paperdex-search --db pap", dir.path().string()) ==
        "papers.idx");
  CHECK(complete(script, "_paperdex_search", "paperdex-search --limit ''").empty());
}

TEST_CASE("the bash completion of paperdex-index completes options and input files",
          "[cli][completion]") {
  TempDir dir;
  const auto script = written_script(dir, PAPERDEX_INDEX_BIN, "bash");
  CHECK(complete(script, "_paperdex_index", "paperdex-index --dele") == "--delete --delete-from");
  CHECK(complete(script, "_paperdex_index", "paperdex-index --harvest") ==
        "--harvest --harvest-status");
  CHECK(complete(script, "_paperdex_index", "paperdex-index --harvest --metadata ''") ==
        "arXivRaw arXiv");
  CHECK(complete(script, "_paperdex_index", "paperdex-index --harvest --metadata = arXivR") ==
        "arXivRaw");
  std::ofstream(dir.path() / "records.jsonl") << "";
  CHECK(complete(script, "_paperdex_index", "paperdex-index --db x rec", dir.path().string()) ==
        "records.jsonl");
}

TEST_CASE("every option of the table is in both completion scripts of both CLIs",
          "[cli][completion]") {
  TempDir dir;
  for (const std::string program : {PAPERDEX_SEARCH_BIN, PAPERDEX_INDEX_BIN}) {
    const std::set<std::string> options = help_options(program);
    REQUIRE(options.count("--help") == 1);
    REQUIRE(options.count("--db") == 1);
    for (const std::string shell : {"bash", "zsh"}) {
      const std::string script = read_file(written_script(dir, program, shell));
      for (const std::string& option : options) {
        INFO(program << " --completion " << shell << ": " << option);
        // A whole word: --facet is not found inside --facets.
        CHECK(std::regex_search(script, std::regex("(^|[ ,{'(|*])" + option + "([ =|)\\[']|$)")));
      }
    }
  }
  const RunOutput zsh_head = run_command(std::string(PAPERDEX_SEARCH_BIN) + " --completion zsh");
  CHECK(zsh_head.out.rfind("#compdef paperdex-search\n", 0) == 0);
  if (run_command("command -v zsh >/dev/null").status == 0) {
    CHECK(run_command(std::string(PAPERDEX_SEARCH_BIN) + " --completion zsh | zsh -n").status == 0);
  } else {
    WARN("zsh is missing: the zsh scripts' syntax is not checked");
  }
  // A shell it has no script for is a usage error.
  CHECK(run_command(std::string(PAPERDEX_SEARCH_BIN) + " --completion fish 2>&1").status == 2);
  CHECK(run_command(std::string(PAPERDEX_INDEX_BIN) + " --completion fish 2>&1").status == 2);
}

TEST_CASE("the build writes the completion scripts each CLI prints", "[cli][completion]") {
  const std::filesystem::path built = PAPERDEX_COMPLETION_DIR;
  for (const auto& [program, name] :
       {std::pair<std::string, std::string>{PAPERDEX_SEARCH_BIN, "paperdex-search"},
        {PAPERDEX_INDEX_BIN, "paperdex-index"}}) {
    CHECK(read_file(built / "bash" / name) == run_command(program + " --completion bash").out);
    CHECK(read_file(built / "zsh" / ("_" + name)) ==
          run_command(program + " --completion zsh").out);
  }
}

// An index with the saved searches `names` (each of "graph"), in `dir`.
std::string index_with_saved_searches(const TempDir& dir, const std::string& name,
                                      const std::vector<std::string>& names) {
  const std::string db = (dir.path() / name).string();
  const std::filesystem::path records = dir.path() / (name + ".jsonl");
  paperdex::test::write_file(records,
                             paperdex::test::snapshot_json({"2101.00001", "Graph coloring"}));
  REQUIRE(run_command(std::string(PAPERDEX_INDEX_BIN) + " -q --db " + quote(db) + " " +
                      quote(records.string()))
              .status == 0);
  for (const std::string& saved : names) {
    REQUIRE(run_command(std::string(PAPERDEX_SEARCH_BIN) + " --db " + quote(db) + " --save " +
                        saved + " graph")
                .status == 0);
  }
  return db;
}

TEST_CASE("completion offers the tags of the index after the options that take one",
          "[cli][completion][tags]") {
  TempDir dir;
  const std::string db = index_with_saved_searches(dir, "index", {});
  for (const char* tag : {"reading", "review"}) {
    REQUIRE(run_command(std::string(PAPERDEX_SEARCH_BIN) + " --db " + quote(db) + " --tag " + tag +
                        " 2101.00001")
                .status == 0);
  }
  const auto script = written_script(dir, PAPERDEX_SEARCH_BIN, "bash");
  const std::string program = quote(PAPERDEX_SEARCH_BIN) + " --db " + quote(db);
  for (const char* option : {"--recommend", "--show-tag", "--untag", "--delete-tag"}) {
    INFO(option);
    CHECK(complete(script, "_paperdex_search", program + " " + option + " ''") == "reading review");
  }
  CHECK(complete(script, "_paperdex_search", program + " --recommend rea") == "reading");
}

TEST_CASE("completion offers the saved searches of the index --db names, else PAPERDEX_DB's",
          "[cli][completion]") {
  TempDir dir;
  const std::string db = index_with_saved_searches(dir, "index", {"graphs", "gnn", "optics"});
  const std::string other = index_with_saved_searches(dir, "other", {"theirs"});
  const auto script = written_script(dir, PAPERDEX_SEARCH_BIN, "bash");
  // The program as the command line names it (here its path) lists them.
  const std::string program = quote(PAPERDEX_SEARCH_BIN);
  const auto saved = [&](const std::string& words) {
    return complete(script, "_paperdex_search", program + " " + words);
  };
  CHECK(saved("--db " + quote(db) + " --saved ''") == "gnn graphs optics");
  CHECK(saved("--db " + quote(db) + " --saved g") == "gnn graphs");
  CHECK(saved("--db = " + quote(db) + " --limit 3 --delete-saved op") == "optics");
  CHECK(saved("--db " + quote(other) + " --saved ''") == "theirs");
  // No --db: the index PAPERDEX_DB names, as the search itself would open;
  // a --db of ~/NAME is the index in $HOME.
  const auto in_bash = [&](const std::string& environment, const std::string& words) {
    const std::string bash = environment + " && source " + quote(script.string()) +
                             " && COMP_WORDS=(" + words +
                             ") && COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) && _paperdex_search && "
                             "echo \"${COMPREPLY[*]}\"";
    return run_command("bash -c " + quote(bash)).out;
  };
  CHECK(in_bash("export PAPERDEX_DB=" + quote(other), program + " --saved ''") == "theirs\n");
  CHECK(in_bash("export HOME=" + quote(dir.path().string()),
                program + " --db '~/index' --saved 'o'") == "optics\n");
  // An index that cannot be read, or no index at all: nothing, quietly.
  CHECK(saved("--db " + quote((dir.path() / "missing").string()) + " --saved ''").empty());

  // zsh: the same listing, from the words of its command line.
  if (run_command("command -v zsh >/dev/null").status != 0) {
    WARN("zsh is missing: its saved-search completion is not checked");
    return;
  }
  const auto zsh_script = written_script(dir, PAPERDEX_SEARCH_BIN, "zsh");
  // _arguments stubbed (the script ends by calling it), compadd printing
  // the values it is given; a --db of ~/NAME is the index in $HOME.
  const std::string zsh =
      "_arguments() { :; }; compadd() { local name=$2; print -r -- ${(P)name}; }; source " +
      quote(zsh_script.string()) + " && words=(" + program +
      " --db '~/index' --saved '') && CURRENT=5 && "
      "_paperdex_complete_listed db --saved-list --format tsv";
  const RunOutput listed =
      run_command("HOME=" + quote(dir.path().string()) + " zsh -fc " + quote(zsh));
  INFO(listed.out);
  CHECK(listed.out == "gnn graphs optics\n");
}
