// The papers of a search or of --show as citations (BibTeX, RIS, CSL-JSON),
// as an Atom 1.0 feed and as a Markdown digest: the renderers behind the
// format table's rows of those names (output.h), which paperdex-search
// prints and Python's SearchResult.format() and Paper.format() return, so
// the two give the same strings. Each is a pure function of the papers: the
// same papers in the same order give the same bytes on every run.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "paperdex/searcher.h"

namespace paperdex::cli {

// An author's name in the parts citation formats ask for. Display names are
// "Forenames Keyname": the family name is the last word, with lower-case
// particles before it ("van der Waals") and a suffix after it (Jr., III)
// kept apart; a collaboration ("ATLAS Collaboration") or a one-word name is
// a literal, never split.
struct PersonName {
  std::string family;
  std::string given;
  std::string suffix;   // "Jr.", "III", or ""
  std::string literal;  // the whole name, when it is not to be split; else ""
};
PersonName split_name(std::string_view display_name);

// The BibTeX keys of these papers, in their order: the first author's family
// name, the year and the title's first word that is no stop word
// ("vaswani2017attention"), folded to a-z and 0-9; a key met again in the
// same list gets b, c, ... appended, so keys are unique within one output
// and the same on every run.
std::vector<std::string> citation_keys(std::span<const Paper> papers);

// @misc in arXiv's style, @article when the paper has a journal reference and
// a DOI; the title braced to keep its capitals, text written as TeX
// (encode_tex), DOI and URL verbatim.
std::string bibtex(std::span<const Paper> papers);
// RIS: TY ELEC (JOUR with a journal reference and a DOI), one AU per author.
std::string ris(std::span<const Paper> papers);
// CSL-JSON: an array of items as citeproc and Zotero read them.
std::string csl_json(std::span<const Paper> papers);

// Which page of a search's results a feed holds, as OpenSearch 1.1 says it
// in a feed (totalResults, startIndex counted from 1, itemsPerPage), so a
// feed reader or an OpenSearch client can page.
struct FeedPage {
  std::size_t total_results = 0;
  std::size_t start_index = 1;
  std::size_t items_per_page = 0;
};

// What a feed or digest is about: its title, and the text its stable id is
// made of (the query and filters, or the ids shown); a search's page.
struct FeedSubject {
  std::string title;
  std::string id_text;
  std::optional<FeedPage> page = std::nullopt;  // none for papers shown by id
};
// An Atom 1.0 (RFC 4287) feed, one entry per paper; updated is the newest
// entry's date. With subject.page, the OpenSearch elements.
std::string atom_feed(const FeedSubject& subject, std::span<const Paper> papers);
// A Markdown list: each title a link, its authors, id, subjects, date and
// the abstract's first sentences.
std::string markdown_digest(const FeedSubject& subject, std::span<const Paper> papers);

}  // namespace paperdex::cli
