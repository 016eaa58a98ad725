#include "option_table.h"

#include <algorithm>
#include <optional>
#include <vector>

#include <boost/program_options/cmdline.hpp>
#include <boost/program_options/parsers.hpp>
#include <boost/program_options/value_semantic.hpp>

#include "paperdex/common/edit_distance.h"
#include "paperdex/common/safe_text.h"

namespace paperdex::cli {
namespace {

namespace po = boost::program_options;

// What the completion scripts need of one option of the table.
struct CompletedOption {
  std::string long_name;   // "limit"
  std::string short_name;  // "-n", or ""
  std::string help;        // the first clause of its help
  bool takes_value = false;
  bool repeatable = false;
  std::string value_name;  // "N", "PATH", "FILE"
  const OptionChoices* choices = nullptr;
};

// The help up to its first clause, which is what a completion menu has room for.
std::string first_clause(const std::string& help) {
  std::string clause = help.substr(0, help.find_first_of(";(:"));
  while (!clause.empty() && clause.back() == ' ') clause.pop_back();
  constexpr std::size_t kMaxHelp = 60;
  if (clause.size() > kMaxHelp) clause = clause.substr(0, clause.rfind(' ', kMaxHelp)) + "...";
  return clause;
}

std::vector<CompletedOption> completed_options(const po::options_description& options,
                                               const ChoiceTable& choices) {
  std::vector<CompletedOption> completed;
  for (const auto& option : options.options()) {
    CompletedOption row;
    row.long_name = option->long_name();
    const std::string short_name =
        option->canonical_display_name(po::command_line_style::allow_dash_for_short);
    if (short_name.size() == 2 && short_name[0] == '-') row.short_name = short_name;
    row.help = first_clause(option->description());
    const auto& semantic = option->semantic();
    row.takes_value = semantic->max_tokens() > 0;
    row.repeatable =
        dynamic_cast<const po::typed_value<std::vector<std::string>>*>(semantic.get()) != nullptr;
    // boost's name() says "N (=10)" when there is a default; the name is "N".
    if (row.takes_value) row.value_name = semantic->name().substr(0, semantic->name().find(" (="));
    if (const auto found = choices.find(row.long_name); found != choices.end()) {
      row.choices = &found->second;
    }
    completed.push_back(std::move(row));
  }
  return completed;
}

// The words of a list as one, spaces between them.
std::string spaced(const std::vector<std::string>& words, const std::string& quote = "") {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : " ") + quote + word + quote;
  return text;
}

// The call of the listing function (kBashListed, kZshListed) for an option
// whose values the program lists: the passed options' names as one word
// ("db,other"), then the program's arguments. Both are the CLI's own words
// (option names, format names), with no space, quote or colon; bash gets
// them quoted all the same (zsh's action is inside a quoted _arguments spec).
std::string listed_call(const OptionChoices& choices, const std::string& quote) {
  std::string passed;
  for (const std::string& name : choices.passed) passed += (passed.empty() ? "" : ",") + name;
  return "_paperdex_complete_listed " + quote + passed + quote + " " +
         spaced(choices.listed_by, quote);
}

bool any_listed(const std::vector<CompletedOption>& options) {
  return std::any_of(options.begin(), options.end(), [](const CompletedOption& option) {
    return option.choices != nullptr && !option.choices->listed_by.empty();
  });
}

// bash: the values the program lists at completion time, from the program as
// the command line names it (~ expanded), given the options of the command
// line that the first argument names ("db": the index to ask) with their values.
constexpr std::string_view kBashListed =
    "# The values the program lists: the first tab-separated field of each line it\n"
    "# prints with the arguments after the first, given the options of this command\n"
    "# line that the first names (\"db\": which index), with their values.\n"
    "_paperdex_complete_listed() {\n"
    "  local passed=\",$1,\" i word name value line\n"
    "  local args=() values=()\n"
    "  shift\n"
    "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
    "    word=${COMP_WORDS[i]}\n"
    "    case $word in\n"
    "    --*=*) name=${word%%=*}; value=${word#*=} ;;\n"
    "    --*)\n"
    "      name=$word value=${COMP_WORDS[i + 1]}\n"
    "      [[ $value == = ]] && value=${COMP_WORDS[i + 2]}\n"
    "      ;;\n"
    "    *) continue ;;\n"
    "    esac\n"
    "    [[ $passed == *\",${name#--},\"* ]] && args+=(\"$name\" \"${value/#\\~/$HOME}\")\n"
    "  done\n"
    "  while IFS=$'\\t' read -r line _; do\n"
    "    [[ -n $line ]] && values+=(\"$line\")\n"
    "  done < <(\"${COMP_WORDS[0]/#\\~/$HOME}\" \"${args[@]}\" \"$@\" 2>/dev/null)\n"
    "  COMPREPLY=($(compgen -W \"${values[*]}\" -- \"$cur\"))\n"
    "  return 0\n"
    "}\n\n";

// zsh: the same, from the words of the command line.
constexpr std::string_view kZshListed =
    "# The values the program lists: the first tab-separated field of each line it\n"
    "# prints with the arguments after the first, given the options of this command\n"
    "# line that the first names (\"db\": which index), with their values.\n"
    "_paperdex_complete_listed() {\n"
    "  local passed=\",$1,\" i name value\n"
    "  local -a args values\n"
    "  shift\n"
    "  for ((i = 2; i < CURRENT; i++)); do\n"
    "    case $words[i] in\n"
    "    --*=*) name=${words[i]%%=*}; value=${words[i]#*=} ;;\n"
    "    --*) name=$words[i]; value=$words[i+1] ;;\n"
    "    *) continue ;;\n"
    "    esac\n"
    "    [[ $passed == *\",${name#--},\"* ]] && args+=(\"$name\" \"${value/#\\~/$HOME}\")\n"
    "  done\n"
    "  values=(${${(f)\"$(${words[1]/#\\~/$HOME} $args \"$@\" 2>/dev/null)\"}%%$'\\t'*})\n"
    "  values=(${values:#})\n"
    "  compadd -a values\n"
    "}\n\n";

// bash: the words after an option that takes a value.
std::string bash_value_case(const CompletedOption& option) {
  std::string names = "--" + option.long_name;
  if (!option.short_name.empty()) names += '|' + option.short_name;
  std::string action;
  if (option.choices != nullptr && !option.choices->listed_by.empty()) {
    action = listed_call(*option.choices, "'");
  } else if (option.choices != nullptr) {
    std::string words;
    for (const std::string& value : option.choices->values)
      words += (words.empty() ? "" : " ") + value;
    action = option.choices->comma_separated
                 ? "_paperdex_complete_list '" + words + "'"
                 : "COMPREPLY=($(compgen -W '" + words + "' -- \"$cur\"))";
  } else if (option.value_name == "PATH") {
    action = "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\"))";
  } else if (option.value_name == "FILE") {
    action = "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))";
  } else {
    action = "COMPREPLY=()";  // a number, a name: nothing to offer
  }
  return "    " + names + ")\n      " + action + "\n      return\n      ;;\n";
}

std::string bash_script(std::string_view program, const std::vector<CompletedOption>& options,
                        bool positional_files) {
  std::string function = "_" + std::string(program);
  std::replace(function.begin(), function.end(), '-', '_');
  std::string all_names;
  std::string value_cases;
  for (const CompletedOption& option : options) {
    all_names += (all_names.empty() ? "--" : " --") + option.long_name;
    if (!option.short_name.empty()) all_names += ' ' + option.short_name;
    if (option.takes_value) value_cases += bash_value_case(option);
  }
  const std::string positional =
      positional_files
          ? "  compopt -o filenames 2>/dev/null\n  COMPREPLY=($(compgen -f -- \"$cur\"))\n"
          : "  COMPREPLY=()\n";
  return "# bash completion for " + std::string(program) + ", made by `" + std::string(program) +
         " --completion bash` from its options.\n\n"
         "# The values of a comma-separated list: the one being typed, after the others.\n"
         "_paperdex_complete_list() {\n"
         "  local done=\"\" item=$cur\n"
         "  if [[ $cur == *,* ]]; then done=${cur%,*},; item=${cur##*,}; fi\n"
         "  local value\n"
         "  COMPREPLY=()\n"
         "  for value in $(compgen -W \"$1\" -- \"$item\"); do COMPREPLY+=(\"$done$value\"); done\n"
         "  compopt -o nospace 2>/dev/null || true\n"
         "}\n\n" +
         (any_listed(options) ? std::string(kBashListed) : std::string()) + function +
         "() {\n"
         "  local cur=${COMP_WORDS[COMP_CWORD]} prev=\"\"\n"
         "  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}\n"
         "  # --format=js: bash splits the word at '=' (COMP_WORDBREAKS).\n"
         "  if [[ $cur == = ]]; then\n"
         "    cur=\"\"\n"
         "  elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then\n"
         "    prev=${COMP_WORDS[COMP_CWORD - 2]}\n"
         "  fi\n"
         "  case $prev in\n" +
         value_cases +
         "  esac\n"
         "  if [[ $cur == -* ]]; then\n"
         "    COMPREPLY=($(compgen -W '" +
         all_names +
         "' -- \"$cur\"))\n"
         "    return\n"
         "  fi\n" +
         positional + "}\ncomplete -F " + function + " " + std::string(program) + "\n";
}

// zsh's _arguments specs quote with '...': the help may not hold ', [, ] or :.
std::string zsh_escaped(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    if (c == '\'') {
      escaped += "'\\''";
    } else {
      if (c == '[' || c == ']' || c == ':' || c == '\\') escaped += '\\';
      escaped += c;
    }
  }
  return escaped;
}

std::string zsh_action(const CompletedOption& option) {
  if (option.choices != nullptr && !option.choices->listed_by.empty()) {
    return "{" + listed_call(*option.choices, "") + "}";
  }
  if (option.choices != nullptr) {
    std::string words;
    for (const std::string& value : option.choices->values)
      words += (words.empty() ? "" : " ") + value;
    if (option.choices->comma_separated) return "_values -s , " + option.value_name + " " + words;
    return "(" + words + ")";
  }
  if (option.value_name == "PATH") return "_files -/";
  if (option.value_name == "FILE") return "_files";
  return " ";
}

std::string zsh_spec(const CompletedOption& option) {
  const std::string help = "[" + zsh_escaped(option.help) + "]";
  const std::string value =
      option.takes_value ? ":" + zsh_escaped(option.value_name) + ":" + zsh_action(option) : "";
  const std::string repeat = option.repeatable ? "*" : "";
  const std::string equals = option.takes_value ? "=" : "";
  if (option.short_name.empty()) {
    return "  '" + repeat + "--" + option.long_name + equals + help + value + "'";
  }
  // Either spelling, and neither again once one is given.
  return "  '(" + option.short_name + " --" + option.long_name + ")'{" + option.short_name + ",--" +
         option.long_name + equals + "}'" + help + value + "'";
}

std::string zsh_script(std::string_view program, const std::vector<CompletedOption>& options,
                       bool positional_files) {
  std::string script =
      "#compdef " + std::string(program) + "\n# zsh completion for " + std::string(program) +
      ", made by `" + std::string(program) + " --completion zsh` from its options.\n\n" +
      (any_listed(options) ? std::string(kZshListed) : std::string()) + "_arguments -s -S \\\n";
  for (const CompletedOption& option : options) script += zsh_spec(option) + " \\\n";
  script += positional_files ? "  '*:input:_files'\n" : "  '*:query: '\n";
  return script;
}

}  // namespace

std::string nearest_option(std::string_view written, const po::options_description& options) {
  std::string_view name = written.substr(0, written.find('='));
  while (name.starts_with('-')) name.remove_prefix(1);
  if (name.empty()) return {};
  std::vector<std::string_view> names;
  for (const auto& option : options.options()) {
    if (!option->long_name().empty()) names.push_back(option->long_name());
  }
  // An abbreviation ("--lim") is as likely as a typo.
  const std::optional<std::size_t> nearest = nearest_name(name, names, true);
  return nearest ? "--" + std::string(names[*nearest]) : std::string();
}

std::string command_line_error(const po::error& error, const po::options_description& options) {
  std::string message = error.what();
  if (const auto* unknown = dynamic_cast<const po::unknown_option*>(&error)) {
    const std::string nearest = nearest_option(unknown->get_option_name(), options);
    if (!nearest.empty()) message += " (did you mean " + nearest + "?)";
  }
  return message;
}

bool parse_command_line(std::string_view program, int argc, const char* const* argv,
                        const po::options_description& visible,
                        const po::options_description& hidden,
                        const po::positional_options_description* positional, po::variables_map& vm,
                        std::ostream& err) {
  po::options_description all;
  all.add(visible).add(hidden);
  po::command_line_parser parser(argc, argv);
  parser.options(all).style(po::command_line_style::default_style &
                            ~po::command_line_style::allow_guessing);
  if (positional) parser.positional(*positional);
  try {
    po::store(parser.run(), vm);
    po::notify(vm);
    return true;
  } catch (const po::error& error) {
    err << program << ": " << terminal_safe(command_line_error(error, visible)) << "\nTry '"
        << program << " --help'.\n";
    return false;
  }
}

const std::vector<std::pair<std::string_view, Shell>>& completion_shells() {
  static const std::vector<std::pair<std::string_view, Shell>> shells = {{"bash", Shell::kBash},
                                                                         {"zsh", Shell::kZsh}};
  return shells;
}

std::string completion_shell_names() {
  std::string names;
  const auto& shells = completion_shells();
  for (std::size_t i = 0; i < shells.size(); ++i) {
    if (i > 0) names += i + 1 == shells.size() ? " or " : ", ";
    names += shells[i].first;
  }
  return names;
}

std::string completion_script(Shell shell, std::string_view program,
                              const po::options_description& options, const ChoiceTable& choices,
                              bool positional_files) {
  const std::vector<CompletedOption> completed = completed_options(options, choices);
  return shell == Shell::kBash ? bash_script(program, completed, positional_files)
                               : zsh_script(program, completed, positional_files);
}

}  // namespace paperdex::cli
