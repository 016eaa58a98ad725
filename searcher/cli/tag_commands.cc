#include "tag_commands.h"

#include <functional>
#include <map>
#include <ostream>

#include "bibliography.h"
#include "output_columns.h"
#include "paperdex/common/safe_text.h"
#include "terminal_text.h"

namespace paperdex::cli {

using namespace paperdex::presentation;

namespace {

constexpr int kExitOk = 0;
constexpr int kExitError = 2;

std::string papers_text(std::size_t count) {
  return std::to_string(count) + (count == 1 ? " paper" : " papers");
}

// What --tag and --untag did: a line of what changed, one of what did not,
// each id no paper has named on standard error.
int report_change(const TagChange& change, bool adding, std::ostream& out, std::ostream& err) {
  const std::string name = change.tag.name;
  for (const std::string& id : change.not_found) {
    err << "paperdex-search: no paper of the index has the id " << terminal_safe(quote_input(id))
        << (adding ? "; not added to " : "; not removed from ") << name << '\n';
  }
  if (!change.changed.empty()) {
    out << "tag " << name << ": " << (adding ? "added " : "removed ")
        << papers_text(change.changed.size()) << " (" << terminal_safe(join(change.changed, ", "))
        << "); ";
    if (change.tag.papers.empty()) {
      out << "it has no paper left and is deleted\n";
    } else {
      out << "it has " << papers_text(change.tag.papers.size()) << '\n';
    }
  }
  if (!change.unchanged.empty()) {
    out << "tag " << name << ": " << (adding ? "already has " : "does not have ")
        << terminal_safe(join(change.unchanged, ", ")) << '\n';
  }
  const bool nothing_done = change.changed.empty() && change.unchanged.empty();
  return nothing_done ? kExitError : kExitOk;
}

// --tag NAME --import FILE: the papers `entries` (FILE's) name, placed by
// Searcher::identify, each entry it cannot place named on standard error
// (its file and line), and the given ids beside them.
std::vector<std::string> imported_ids(Searcher& searcher, const std::string& file,
                                      const std::vector<BibliographyEntry>& entries,
                                      std::vector<std::string> ids, std::ostream& out,
                                      std::ostream& err) {
  std::map<std::string, std::size_t> placed_by;
  std::size_t unplaced = 0;
  for (const BibliographyEntry& entry : entries) {
    const IdentifiedPaper paper = searcher.identify(entry.clues);
    if (!paper.id.empty()) {
      ids.push_back(paper.id);
      ++placed_by[paper.by];
      continue;
    }
    ++unplaced;
    const std::string title =
        entry.clues.title.size() > 80 ? entry.clues.title.substr(0, 77) + "..." : entry.clues.title;
    err << "paperdex-search: " << terminal_safe(entry.where) << ": "
        << terminal_safe(entry.name.empty() ? std::string("an entry") : entry.name)
        << (title.empty() ? std::string() : " (" + terminal_safe(quote_input(title)) + ")")
        << ": no paper of the index has its arXiv id, its DOI or its title; not added\n";
  }
  out << "read " << entries.size() << (entries.size() == 1 ? " entry" : " entries") << " of "
      << terminal_safe(file) << ": " << (entries.size() - unplaced) << " placed (by arXiv id "
      << placed_by["arxiv_id"] << ", DOI " << placed_by["doi"] << ", title " << placed_by["title"]
      << "), " << unplaced << " not\n";
  return ids;
}

// --tags: JSON (an array; JSON lines: one object a line) for the JSON
// formats, else a line per tag: name, size, last change.
void list_tags(Searcher& searcher, const OutputFormat& format, std::ostream& out) {
  const std::vector<Tag> tags = searcher.tags();
  const bool json = format.name == "json", lines = format.name == "jsonl";
  Json array = Json::array();
  for (const Tag& tag : tags) {
    if (json || lines) {
      Json object = tag_json(tag);
      if (lines) out << object.dump() << '\n';
      array.push_back(std::move(object));
    } else {
      out << tag.name << '\t' << papers_text(tag.papers.size()) << "\tchanged "
          << index_time_text(tag.changed) << '\n';
    }
  }
  if (json) out << array.dump(2) << '\n';
  if (tags.empty() && format.name == "text") {
    out << "No tags in this index: paperdex-search --tag NAME ID... makes one.\n";
  }
}

// --show-tag: the tag's papers as --show prints papers; one the index no
// longer has is named on standard error.
int show_tag(Searcher& searcher, const std::string& name, const OutputFormat& format,
             const OutputOptions& output, std::ostream& out, std::ostream& err) {
  ShownPapers shown;
  for (const std::string& id : searcher.tag(name).papers) {
    try {
      shown.papers.push_back(searcher.get(id));
    } catch (const PaperNotFoundError&) {
      err << "paperdex-search: the tag " << name << " has " << terminal_safe(id)
          << ", which the index no longer has (--untag " << name << " " << terminal_safe(id)
          << " forgets it)\n";
      shown.missing.push_back(id);
    }
  }
  format.print_papers(out, shown, output);
  return shown.missing.empty() ? kExitOk : kExitError;
}

}  // namespace

void add_tag_options(boost::program_options::options_description& visible, TagOptions& options) {
  namespace po = boost::program_options;
  // clang-format off
  visible.add_options()
      ("tag", po::value(&options.add)->value_name("NAME"),
       "add the papers whose ids follow (any form id: takes, or a DOI) to the tag NAME, made "
       "when there is none; tags are kept in the index, as saved searches are, and --recommend "
       "ranks papers like theirs")
      ("import", po::value(&options.import)->value_name("FILE"),
       "with --tag: also add the papers of a bibliography, BibTeX (.bib), RIS (.ris) or "
       "CSL-JSON (.json), as Zotero and other reference managers export it, each entry "
       "placed by its arXiv id, its DOI or its title; an entry no paper matches is named")
      ("untag", po::value(&options.remove)->value_name("NAME"),
       "remove the papers whose ids follow from the tag NAME (a tag left empty is deleted)")
      ("tags", po::bool_switch(&options.list),
       "list the tags: name, how many papers, last change (JSON: their papers too)")
      ("show-tag", po::value(&options.show)->value_name("NAME"),
       "print the papers of the tag NAME, as --show prints papers, in any --format")
      ("delete-tag", po::value(&options.erase)->value_name("NAME"), "delete the tag NAME");
  // clang-format on
}

std::optional<std::string> check_tag_options(const TagOptions& options,
                                             const std::vector<std::string>& ids, bool alone) {
  if (!options.any()) return std::nullopt;
  const int given = !options.add.empty() + !options.remove.empty() + options.list +
                    !options.show.empty() + !options.erase.empty();
  if (given > 1 || !alone) {
    return std::string(
        "--tag, --untag, --tags, --show-tag and --delete-tag: give one of them at a time, "
        "without --show, --stats, --batch, --citations or saved searches");
  }
  if (!options.import.empty() && options.add.empty()) {
    return std::string("--import FILE goes with --tag NAME: the tag its papers are added to");
  }
  const bool takes_ids = !options.add.empty() || !options.remove.empty();
  if (takes_ids && ids.empty() && options.import.empty()) {
    return std::string(!options.add.empty() ? "--tag" : "--untag") +
           " NAME takes the ids of the papers after it, such as --tag reading 2101.00001 "
           "10.1063/1.2779138";
  }
  if (!takes_ids && !ids.empty()) {
    return "the tag options take no query (not " + quote_input(join(ids, ", ")) + ")";
  }
  return std::nullopt;
}

int run_tag_command(const std::function<Searcher()>& open, const TagOptions& options,
                    const std::vector<std::string>& ids, const OutputFormat& format,
                    const OutputOptions& output, std::ostream& out, std::ostream& err) {
  // The bibliography is read first: its reader's process starts before the
  // Searcher's threads do.
  std::vector<BibliographyEntry> entries;
  if (!options.import.empty()) {
    try {
      entries = read_bibliography(options.import);
    } catch (const std::runtime_error& error) {
      err << "paperdex-search: " << terminal_safe(error.what()) << '\n';
      return kExitError;
    }
  }
  Searcher searcher = open();
  if (!options.add.empty()) {
    const std::vector<std::string> added =
        options.import.empty() ? ids
                               : imported_ids(searcher, options.import, entries, ids, out, err);
    if (added.empty()) return kExitError;  // the entries no paper matches are named
    return report_change(searcher.add_to_tag(options.add, added), true, out, err);
  }
  if (!options.remove.empty()) {
    return report_change(searcher.remove_from_tag(options.remove, ids), false, out, err);
  }
  if (!options.show.empty()) return show_tag(searcher, options.show, format, output, out, err);
  if (!options.erase.empty()) {
    searcher.delete_tag(options.erase);
    out << "deleted tag " << options.erase << '\n';
    return kExitOk;
  }
  list_tags(searcher, format, out);
  return kExitOk;
}

}  // namespace paperdex::cli
