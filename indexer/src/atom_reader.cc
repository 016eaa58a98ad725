// arXiv API responses (export.arxiv.org/api/query): Atom feeds whose <entry>
// elements are papers. The API reports failures as a feed with one entry
// whose id points at /api/errors; that entry becomes a problem, not a paper.
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "format_readers.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/indexer/readers.h"
#include "reader_text.h"
#include "xml_record_parser.h"

namespace paperdex {
namespace {

struct PendingEntry {
  unsigned long line = 0;
  std::string id;
  std::string title;
  std::string summary;
  std::string published;
  std::string updated;
  std::string doi;
  std::string journal;
  std::string comment;
  std::string primary_category;
  std::vector<std::string> categories;
  std::vector<std::string> authors;
};

// Children of <entry> whose text is kept whole (cleaned in finish()). The
// arxiv: extensions are matched by local name like the Atom elements.
constexpr detail::TextField<PendingEntry> kEntryTextFields[] = {
    {"id", &PendingEntry::id},
    {"title", &PendingEntry::title},
    {"summary", &PendingEntry::summary},
    {"published", &PendingEntry::published},
    {"updated", &PendingEntry::updated},
    {"doi", &PendingEntry::doi},
    {"journal_ref", &PendingEntry::journal},
    {"comment", &PendingEntry::comment},
};

class AtomParser final : public detail::XmlRecordParser<PendingEntry> {
 public:
  AtomParser(const std::string& origin, const RecordSink& sink)
      : XmlRecordParser(origin, sink, "entry") {}

 private:
  void on_start(std::string_view name, const XML_Char** attributes) override {
    if (start_element(name) || !pending_) return;
    if (name == "primary_category") {
      pending_->primary_category = detail::trim(detail::attribute(attributes, "term"));
    } else if (name == "category") {
      std::string term(detail::trim(detail::attribute(attributes, "term")));
      if (!term.empty()) pending_->categories.push_back(std::move(term));
    }
  }

  void on_end(std::string_view name) override {
    const int depth = end_element();
    if (!pending_) return;
    if (name == "entry") return finish();
    PendingEntry& e = *pending_;
    const std::string_view value = text();
    // Only the entry's own children: <author><name> is the one nested field
    // wanted, and an entry's <source> could otherwise overwrite its <title>.
    if (name == "name" && depth == record_depth_ + 2) {
      std::string author = detail::clean_author_name(value);
      if (!author.empty()) e.authors.push_back(std::move(author));
      return;
    }
    if (depth == record_depth_ + 1) detail::store_text_field(kEntryTextFields, name, value, e);
  }

  void finish() {
    PendingEntry e = std::move(*pending_);
    pending_.reset();
    const std::string where = this->where(e.line);
    if (e.id.find("/api/errors") != std::string::npos) {
      return problem(where, std::string(kNoPapersApiError),
                     "arXiv API error: " + analyzer_.prepare(e.summary.empty() ? e.id : e.summary));
    }
    auto id = canonical_arxiv_id(detail::trim(e.id));
    if (!id)
      return problem(where, "missing-field", "entry has no arXiv id (" + quote_input(e.id) + ")");
    Record record;
    record.origin = where;
    record.id = std::move(*id);
    record.title = analyzer_.prepare(e.title);
    if (record.title.empty()) return problem(where, "missing-field", "entry has no title");
    record.abstract = analyzer_.prepare(e.summary);
    record.authors = std::move(e.authors);
    // Record::subjects is primary first; the feed names the primary one.
    if (!e.primary_category.empty()) record.subjects.push_back(e.primary_category);
    // The API lists a paper's MSC and ACM classes as categories too
    // ("35J20, 35B38, 65N12"): those are not subjects. The MSC classes are
    // the paper's msc_class, as the OAI record has them.
    std::string msc_class;
    for (auto& term : e.categories) {
      for (std::string& category : detail::split_categories(term)) {
        if (detail::looks_like_category(category)) {
          if (std::find(record.subjects.begin(), record.subjects.end(), category) ==
              record.subjects.end()) {
            record.subjects.push_back(std::move(category));
          }
        } else if (!category.empty() && category.front() >= '0' && category.front() <= '9') {
          msc_class.append(msc_class.empty() ? "" : ", ").append(category);
        }
      }
    }
    record.msc_class = analyzer_.prepare(msc_class);
    record.submitted = detail::iso_date(e.published);
    record.updated = detail::iso_date(e.updated);
    if (record.updated.empty()) record.updated = record.submitted;
    record.year = detail::year_of(record.submitted);
    record.doi = detail::trim(e.doi);
    record.journal = analyzer_.prepare(e.journal);
    record.comments = analyzer_.prepare(e.comment);
    emit(std::move(record));
  }
};

}  // namespace

void read_atom(std::istream& in, const std::string& origin, const RecordSink& sink) {
  AtomParser parser(origin, sink);
  parser.parse(in, origin, sink);
}

}  // namespace paperdex
