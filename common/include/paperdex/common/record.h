/// @file
/// The paper model, one set of names from reader to result: PaperRecord is
/// what the index stores of a paper; Record is a paper as a reader produced
/// it (what IndexWriter::add takes), Paper one as the searcher returns it.
/// Every member of the three is a row of the record-field table
/// (common/include/paperdex/common/record_fields.h), which stores, caps,
/// merges, cleans and shows them; a member's name is the row's name, the
/// JSON key paperdex-search prints and the Python attribute.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace paperdex {

/// One version of a paper as arXiv lists it.
struct PaperVersion {
  std::string version;  ///< "v1", "v2", ...
  std::string date;     ///< its submission date, "YYYY-MM-DD"; "" when unknown
};

/// One entry of a paper's reference list (#51), as its full text gave it and,
/// once a search reads it (Searcher::get), with the paper of this index it
/// resolves to.
struct Reference {
  std::string text;  ///< the entry as printed, its label ("[12]") kept
  /// The arXiv id (canonical, no version) the entry names or a data set
  /// resolved it to; when read by a search, else the id of the paper of this
  /// index it resolves to by DOI or title ("" when none).
  std::string id;
  /// The other arXiv ids its text names: an entry may list several works
  /// ("[34] Li N, 2007 arXiv:0710.5073; Paranjape A, 2008 arXiv:0806.3497").
  std::vector<std::string> more_ids;
  std::string doi;                   ///< the DOI it gives, lower case
  std::string url;                   ///< the first link it gives
  std::string title;                 ///< the title read from it ("" when unsure)
  std::vector<std::string> authors;  ///< the authors as written
  int year = 0;                      ///< 0 when it gives none
  std::string venue;                 ///< "Phys. Rev.", "NeurIPS"
  /// Set by a search: whether `id` is a paper of this index, and how the
  /// entry was linked to a paper: "arxiv_id" (it names one), "doi", "title",
  /// or "" (not linked).
  bool in_index = false;
  std::string resolved_by;
};

/// What the index stores about one paper. Text is display text (valid UTF-8,
/// TeX decoded, whitespace collapsed); a field the source did not have is
/// empty (0 for `year`).
struct PaperRecord {
  /// Canonical arXiv id without version suffix ("2101.00001", "cs/9301111");
  /// in a Record from a source without ids (author pages) empty: the indexer
  /// derives one.
  std::string id;
  std::string title;                 ///< the title
  std::vector<std::string> authors;  ///< "Forenames Keyname", in paper order
  /// Each author's family name as the source split it ("De Cristofaro" of
  /// "Emiliano De Cristofaro"), in the order of `authors`; empty when the
  /// source gave whole names (arXivRaw, Atom, author pages) and in indexes
  /// built before it was kept. No public field (the names are `authors`):
  /// the citation formats split names with it, where a guess would err.
  std::vector<std::string> family_names;
  std::vector<std::string> subjects;   ///< arXiv categories, primary first ("cs.NI")
  int year = 0;                        ///< year of first submission; 0 when unknown
  std::string submitted;               ///< first submission, "YYYY-MM-DD", when known
  std::string updated;                 ///< this metadata version, "YYYY-MM-DD"; newer wins
  std::vector<PaperVersion> versions;  ///< arXiv's version list, oldest first
  /// arXiv keeps the paper, but its latest version withdrew it: that version
  /// has no files, or the comments (the latest version's) say so. The
  /// indexer sets it from the merged record (update_policy.h).
  bool withdrawn = false;
  std::string doi;        ///< DOI
  std::string journal;    ///< journal reference
  std::string comments;   ///< the submitter's comments ("12 pages, 3 figures")
  std::string report_no;  ///< report number(s) ("CERN-TH-2021-001")
  std::string msc_class;  ///< MSC classes as submitted ("05C85; 05C70")
  std::string license;    ///< license URL
  std::string abstract;   ///< the whole abstract, line wraps joined
  /// When this index first had the paper: the index's clock (UTC,
  /// "YYYY-MM-DDTHH:MM:SS.ffffffZ"), not the source's dates. Set by the indexer.
  std::string added;
  /// When this index last saw a new version or a new category of the paper
  /// (as `added`; equal to it until then). A metadata-only change (a fixed
  /// typo) leaves it: it says when the paper was last new to a reader.
  std::string changed;
};

/// A paper as a reader produced it, before analysis: what IndexWriter::add
/// takes. The indexer analyses the text itself.
struct Record : PaperRecord {
  bool deleted = false;  ///< an OAI "deleted" record: remove the paper with this id
  /// Where the record came from, for messages: "path:line" or "path#record N".
  std::string origin;
  /// Authors contributed by author pages (kept across arXiv updates of the paper).
  std::vector<std::string> page_authors;
  /// The versions a source lists with no files ("0kb" in arXivRaw): arXiv's
  /// withdrawal notices, "v3". Kept from every source, as versions are.
  std::vector<std::string> withdrawn_versions;
  /// A paper merged from several sources keeps each field from the newest
  /// source that has it: here the `updated` date of that source for each
  /// field where it is older than `updated` itself, by the field's stored
  /// key ("doi", "cm", ...). Empty for a paper from one source.
  std::map<std::string, std::string> field_dates;
  /// When this index last saw the version list grow (index time, as
  /// `changed`), and the subjects gain a category (a cross-list); "" when
  /// never since the paper was added. `changed` is the latest of these and
  /// `added`: they say what is new about a paper changed since a given time.
  std::string version_added;
  std::string subject_added;
  /// The paper's full text (#50), as the extraction stage read it from a PDF,
  /// a LaTeX source or a data set: words separated by spaces, paragraphs by
  /// '\n', a PDF's pages ending in '\f'. Empty when none was read. Not part
  /// of the stored record (which every hit decodes): the index keeps it in a
  /// value slot of its own, and a record without one keeps the stored body.
  std::string body;
  /// What `body` was read from, as a JSON object: "source" ("pdf", "latex",
  /// "unarxive", "jsonl"), "file", "pages", "words", "sections" (each
  /// {"title", "offset"}) and "page_offsets" (byte offsets into `body`).
  /// Empty exactly when `body` is; replaced together with it.
  std::string fulltext;
  /// The body's reference list (#51), in its order: read, stored and replaced
  /// together with `body` (in a value slot of its own); empty when the full
  /// text gave none.
  std::vector<Reference> references;
};

/// What a paper's full text (#50) was read from, as Searcher::get returns it
/// (Paper::fulltext): the facts the indexer kept beside the body
/// (Record::fulltext). Empty (`source` "") for a paper without a full text.
struct FullTextFacts {
  std::string source;                 ///< "pdf", "latex", "unarxive" or "jsonl"
  std::string file;                   ///< the file (or "file:line") it was read from
  int pages = 0;                      ///< a PDF's pages; 0 for the others
  long long words = 0;                ///< words of the body
  std::vector<std::string> sections;  ///< the section titles, in order (none read: empty)
};

/// Everything the index holds about one paper, as the searcher returns it
/// (Searcher::get, Hit::paper): the stored record and what follows from it.
struct Paper : PaperRecord {
  std::vector<std::string> subject_names;  ///< the taxonomy's name of each subject; "" when unknown
  std::string primary;                     ///< the primary category (subjects[0]) or ""
  std::string url;      ///< https://arxiv.org/abs/ID for an arXiv id; "" for a derived id
  std::string pdf_url;  ///< https://arxiv.org/pdf/ID for an arXiv id; "" for a derived id
  /// What its full text was read from (Searcher::get; a search hit's paper
  /// leaves it empty: the facts are read for a paper shown, not for hits).
  FullTextFacts fulltext;
  /// Its reference list, each entry resolved against this index (Searcher::get;
  /// a search hit's paper leaves it empty, as `fulltext`).
  std::vector<Reference> references;
  /// How many papers of this index cite it (cites: finds them).
  int cited_by_count = 0;
};

}  // namespace paperdex
