// paperdex-search's tag commands (--tag, --untag, --tags, --show-tag,
// --delete-tag): the papers a user keeps under a name in the index, which
// --recommend ranks the index by. Their options, their checks, and what
// they print; search_cli.cc runs them.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "output.h"
#include "paperdex/searcher.h"

namespace paperdex::cli {

struct TagOptions {
  std::string add;     // --tag NAME: the ids given (the command's words) added to NAME
  std::string import;  // with --tag: the papers of this bibliography file added too
  std::string remove;  // --untag NAME
  bool list = false;   // --tags
  std::string show;    // --show-tag NAME
  std::string erase;   // --delete-tag NAME

  bool any() const {
    return !add.empty() || !import.empty() || !remove.empty() || list || !show.empty() ||
           !erase.empty();
  }
};

void add_tag_options(boost::program_options::options_description& visible, TagOptions& options);

// What is wrong with the tag options given with `ids` (the command's
// words), or nullopt. `alone`: no other command (--show, --stats, a saved
// search, ...) was given.
std::optional<std::string> check_tag_options(const TagOptions& options,
                                             const std::vector<std::string>& ids, bool alone);

// Runs the tag command on the Searcher `open` opens; returns the exit
// status: 0 done, 2 when nothing could be done (no id given names a paper,
// the bibliography cannot be read; a tag's paper gone from the index, as
// --show says of an id no paper has).
int run_tag_command(const std::function<Searcher()>& open, const TagOptions& options,
                    const std::vector<std::string>& ids, const presentation::OutputFormat& format,
                    const presentation::OutputOptions& output, std::ostream& out,
                    std::ostream& err);

}  // namespace paperdex::cli
