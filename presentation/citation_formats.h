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

namespace paperdex::presentation {

// An author's name in the parts citation formats ask for. Display names are
// "Forenames Keyname Suffix". `family` is the family name the source split
// off (Paper::family_names: "De Cristofaro"), used when the name ends with
// it (before a suffix). Without it, the family name is the last word with
// the particles before it ("van der Waals", "De Cristofaro", "dos Santos")
// and a suffix after it (Jr., III) kept apart; "Family, Given" splits at
// the comma. A collaboration ("ATLAS Collaboration") or a one-word name is a
// literal, never split.
struct PersonName {
  std::string family;
  std::string given;
  std::string suffix;   // "Jr.", "III", or ""
  std::string literal;  // the whole name, when it is not to be split; else ""
};
PersonName split_name(std::string_view display_name, std::string_view family = {});

// A journal reference as arXiv's submitters write it, in its parts: what
// the citation formats write as a journal article's journal, volume,
// issue, pages and year.
struct JournalRef {
  std::string journal;     // "Phys. Rev. D"
  std::string volume;      // "76"
  std::string issue;       // "5", or ""
  std::string first_page;  // "044016", "45"
  std::string last_page;   // "67", or "" for one page or an article number
  int year = 0;
};
// The parts of the common shapes ("Phys. Rev. D 76, 044016 (2007)", "JHEP
// 0701:045,2007", "Nucl.Phys.B 123 (2001) 45-67", "J. X, Vol. 5, No. 1,
// pp. 61-72, 2011", "EPTCS 195, 2015, pp. 273-284"); nullopt for anything
// else (a conference, no volume or pages, a sentence), which the formats
// give as a note: a wrong journal is worse than none.
std::optional<JournalRef> parse_journal_ref(std::string_view text);

// The BibTeX keys of these papers, in their order: the first author's family
// name, the year and the title's first word that is no stop word
// ("vaswani2017attention"), folded to a-z and 0-9; a key met again in the
// same list gets b, c, ... appended, so keys are unique within one output
// and the same on every run.
std::vector<std::string> citation_keys(std::span<const Paper> papers);

// @misc in arXiv's style, @article when the paper's journal reference
// parses (parse_journal_ref); one that does not is a note. The title braced
// to keep its capitals, text written as TeX (encode_tex), DOI and URL verbatim.
std::string bibtex(std::span<const Paper> papers);
// RIS: TY ELEC (JOUR with a journal reference that parses, else N1), one AU per author.
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

}  // namespace paperdex::presentation
