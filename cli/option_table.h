// What paperdex-search, paperdex-index and paperdex-serve derive from their
// option tables (the boost::program_options descriptions their --help
// prints): the parse and its messages, the did-you-mean of an unknown
// option, and the bash and zsh completion scripts.
// Each CLI keeps one table; nothing here lists an option by name.
#pragma once

#include <map>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <boost/program_options/errors.hpp>
#include <boost/program_options/options_description.hpp>
#include <boost/program_options/positional_options.hpp>
#include <boost/program_options/variables_map.hpp>

namespace paperdex::cli {

// The values an option takes, by its long name ("format" -> text, json, ...),
// for the options whose values are a fixed list (or a comma-separated list
// of them, when `comma_separated`), or a list the program prints when asked
// at completion time (`listed_by`). The CLI builds it from its own tables.
struct OptionChoices {
  std::vector<std::string> values;
  bool comma_separated = false;
  // When not empty, the values are the first tab-separated field of each
  // line the program prints with these arguments ("--saved-list --format
  // tsv"), run at completion time as the command line names it, given the
  // `passed` options of the command line being completed (by long name:
  // "db", the index whose saved searches to list); what it prints on
  // standard error, and its exit status, are ignored.
  std::vector<std::string> listed_by;
  std::vector<std::string> passed;
};
using ChoiceTable = std::map<std::string, OptionChoices, std::less<>>;

// The long option nearest to `written` ("--limt", "--lim"): one whose name
// `written` begins, or one or two slips away (one in a short name), else "".
std::string nearest_option(std::string_view written,
                           const boost::program_options::options_description& options);

// boost's message for a command-line error; for an unknown option, with the
// nearest known one: "unrecognised option '--limt' (did you mean --limit?)".
std::string command_line_error(const boost::program_options::error& error,
                               const boost::program_options::options_description& options);

// Parses the command line of `program` ("paperdex-search") against its
// option tables: `visible` (what --help lists; the did-you-mean reads it) and
// `hidden`, with `positional` saying where bare arguments go (null: none are
// taken). An abbreviated option ("--lim") is refused, not guessed. On an
// error prints "PROGRAM: the problem\nTry 'PROGRAM --help'." to `err` and
// returns false.
bool parse_command_line(std::string_view program, int argc, const char* const* argv,
                        const boost::program_options::options_description& visible,
                        const boost::program_options::options_description& hidden,
                        const boost::program_options::positional_options_description* positional,
                        boost::program_options::variables_map& vm, std::ostream& err);

enum class Shell { kBash, kZsh };
// The shells --completion takes, by name, and "bash or zsh" for messages.
const std::vector<std::pair<std::string_view, Shell>>& completion_shells();
std::string completion_shell_names();

// The completion script of `program` for `shell`, from its options: every
// long and short name, the values of the ChoiceTable's options (those it
// lists, or those the program lists when asked), directories after a PATH
// option, files after a FILE option and, when `positional_files`, for the
// positional arguments.
std::string completion_script(Shell shell, std::string_view program,
                              const boost::program_options::options_description& options,
                              const ChoiceTable& choices, bool positional_files);

}  // namespace paperdex::cli
