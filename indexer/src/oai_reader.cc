// OAI-PMH ListRecords / GetRecord responses from arXiv's OAI interface, in
// the three metadata formats it serves: arXiv (structured authors), arXivRaw
// (per-version dates, authors as one string) and oai_dc (Dublin Core). Each
// record is handed over at its </record>, so everything before a parse error
// (a truncated download) is kept.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "format_readers.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/arxiv_id.h"
#include "paperdex/indexer/readers.h"
#include "reader_text.h"
#include "xml_record_parser.h"

namespace paperdex {
namespace {

enum class Section { kOutside, kHeader, kMetadata, kAbout };
enum class Schema { kUnknown, kArxiv, kArxivRaw, kDublinCore };

// The fields of one <record> as they arrive, before they become a Record.
struct PendingRecord {
  unsigned long line = 0;
  bool deleted = false;
  std::string header_id;
  std::string datestamp;
  std::string id;
  std::string title;
  std::string abstract;
  std::string comments;
  std::string journal;
  std::string doi;
  std::string report_no;
  std::string msc_class;
  std::string license;
  std::string categories;
  std::string created;
  std::string updated;
  std::string first_version_date;
  std::string last_version_date;
  std::string author_string;
  std::vector<std::string> authors;
  std::vector<std::string> family_names;  // each author's <keyname>, as Record::family_names
  std::vector<std::string> dc_dates;
  std::vector<PaperVersion> versions;           // arXivRaw <version version="v1"><date>
  std::vector<std::string> withdrawn_versions;  // arXivRaw <version><size>0kb: no files
};

// Elements of the arXiv and arXivRaw schemas whose text is kept whole; it is
// cleaned when the record is complete. <authors> is the whole author list as
// one string in arXivRaw and a wrapper of <author> elements in arXiv.
constexpr detail::TextField<PendingRecord> kArxivTextFields[] = {
    {"id", &PendingRecord::id},
    {"title", &PendingRecord::title},
    {"abstract", &PendingRecord::abstract},
    {"comments", &PendingRecord::comments},
    {"journal-ref", &PendingRecord::journal},
    {"doi", &PendingRecord::doi},
    {"report-no", &PendingRecord::report_no},
    {"msc-class", &PendingRecord::msc_class},
    {"license", &PendingRecord::license},
    {"categories", &PendingRecord::categories},
    {"created", &PendingRecord::created},
    {"updated", &PendingRecord::updated},
    {"authors", &PendingRecord::author_string},
};

class OaiParser final : public detail::XmlRecordParser<PendingRecord> {
 public:
  OaiParser(const std::string& origin, const RecordSink& sink)
      : XmlRecordParser(origin, sink, "record") {}

 private:
  void on_start(std::string_view name, const XML_Char** attributes) override {
    if (start_element(name)) {
      section_ = Section::kOutside;
      schema_ = Schema::kUnknown;
      return;
    }
    if (name == "error") {
      error_code_ = detail::attribute(attributes, "code");
      return;
    }
    if (!pending_) return;
    if (name == "header") {
      section_ = Section::kHeader;
      pending_->deleted = detail::attribute(attributes, "status") == "deleted";
    } else if (name == "metadata") {
      section_ = Section::kMetadata;
      metadata_depth_ = depth_;
    } else if (name == "about") {
      section_ = Section::kAbout;
    } else if (section_ == Section::kMetadata && depth_ == metadata_depth_ + 1) {
      schema_ = schema_of(name);
    } else if (name == "version" && schema_ == Schema::kArxivRaw) {
      pending_->versions.push_back(
          detail::record_version(detail::attribute(attributes, "version"), {}));
    } else if (name == "author") {
      keyname_.clear();
      forenames_.clear();
      suffix_.clear();
    }
  }

  void on_end(std::string_view name) override {
    end_element();
    if (name == "error") return report_oai_error();
    if (!pending_) return;
    if (name == "record") return finish();
    switch (section_) {
      case Section::kHeader:
        return header_field(name);
      case Section::kMetadata:
        return metadata_field(name);
      case Section::kOutside:
      case Section::kAbout:
        return;
    }
  }

  static Schema schema_of(std::string_view root) {
    if (root == "arXiv") return Schema::kArxiv;
    if (root == "arXivRaw") return Schema::kArxivRaw;
    if (root == "dc") return Schema::kDublinCore;
    return Schema::kUnknown;
  }

  void header_field(std::string_view name) {
    if (name == "identifier") {
      pending_->header_id = detail::trim(text());
    } else if (name == "datestamp") {
      pending_->datestamp = detail::iso_date(text());
    } else if (name == "header") {
      section_ = Section::kOutside;
    }
  }

  void metadata_field(std::string_view name) {
    if (name == "metadata") {
      section_ = Section::kOutside;
      return;
    }
    const std::string_view value = text();
    switch (schema_) {
      case Schema::kArxiv:
      case Schema::kArxivRaw:
        return arxiv_field(name, value);
      case Schema::kDublinCore:
        return dublin_core_field(name, value);
      case Schema::kUnknown:
        return;
    }
  }

  void arxiv_field(std::string_view name, std::string_view value) {
    if (detail::store_text_field(kArxivTextFields, name, value, *pending_)) return;
    if (name == "keyname") {
      keyname_ = value;
    } else if (name == "forenames") {
      forenames_ = value;
    } else if (name == "suffix") {
      suffix_ = value;
    } else if (name == "author") {
      add_author(detail::join_name_parts(forenames_, keyname_, suffix_), keyname_);
    } else if (name == "date") {
      version_date(value);  // arXivRaw <version><date>
    } else if (name == "size" && detail::trim(value) == "0kb" && !pending_->versions.empty()) {
      // A version without files is how arXiv withdraws a paper: the
      // withdrawal notice replaces it, and only its comments say why.
      pending_->withdrawn_versions.push_back(pending_->versions.back().version);
    }
  }

  void version_date(std::string_view value) {
    const std::string date = detail::iso_date(value);
    if (!pending_->versions.empty() && pending_->versions.back().date.empty()) {
      pending_->versions.back().date = date;
    }
    if (date.empty()) return;
    if (pending_->first_version_date.empty()) pending_->first_version_date = date;
    pending_->last_version_date = date;
  }

  // An author and the family name the source splits off (<keyname>, or a
  // Dublin Core creator's part before the comma).
  void add_author(std::string name, std::string_view family) {
    if (name.empty()) return;
    pending_->authors.push_back(std::move(name));
    pending_->family_names.push_back(detail::clean_author_name(family));
  }

  void dublin_core_field(std::string_view name, std::string_view value) {
    PendingRecord& r = *pending_;
    if (name == "title") {
      r.title = value;
    } else if (name == "creator") {
      // Dublin Core creators are "Keyname, Forenames".
      const std::size_t comma = value.find(',');
      if (comma == std::string_view::npos) {
        add_author(detail::clean_author_name(value), {});
      } else {
        add_author(detail::join_name_parts(value.substr(comma + 1), value.substr(0, comma), {}),
                   value.substr(0, comma));
      }
    } else if (name == "description") {
      const std::string_view text = detail::trim(value);
      if (text.starts_with("Comment:")) {
        r.comments = text.substr(8);
      } else if (r.abstract.empty()) {
        r.abstract = value;
      }
    } else if (name == "date") {
      r.dc_dates.push_back(detail::iso_date(value));
    } else if (name == "identifier") {
      const std::string_view text = detail::trim(value);
      if (text.starts_with("doi:")) {
        r.doi = detail::trim(text.substr(4));
      } else if (r.id.empty() && text.find("arxiv.org/abs/") != std::string_view::npos) {
        r.id = text;
      }
    }
  }

  void finish() {
    PendingRecord r = std::move(*pending_);
    pending_.reset();
    const std::string where = this->where(r.line);
    Record record;
    record.origin = where;
    std::optional<std::string> id = canonical_arxiv_id(detail::trim(r.id));
    if (!id) id = canonical_arxiv_id(r.header_id);
    if (!id) return problem(where, "missing-field", "record has no arXiv identifier");
    record.id = std::move(*id);

    if (r.deleted) {
      record.deleted = true;
      record.updated = r.datestamp;
      return emit(std::move(record));
    }
    if (schema_ == Schema::kUnknown) {
      return problem(where, "unsupported-metadata",
                     "metadata format is not arXiv, arXivRaw or oai_dc");
    }
    record.title = analyzer_.prepare(r.title);
    if (record.title.empty()) return problem(where, "missing-field", "record has no title");
    record.abstract = analyzer_.prepare(r.abstract);
    record.comments = analyzer_.prepare(r.comments);
    record.journal = analyzer_.prepare(r.journal);
    record.doi = detail::trim(r.doi);
    record.report_no = analyzer_.prepare(r.report_no);
    record.msc_class = analyzer_.prepare(r.msc_class);
    record.license = detail::trim(r.license);
    record.versions = std::move(r.versions);
    record.withdrawn_versions = std::move(r.withdrawn_versions);
    record.subjects = detail::split_categories(r.categories);
    record.authors = std::move(r.authors);
    record.family_names = detail::family_names_if_any(std::move(r.family_names));
    if (record.authors.empty()) record.authors = detail::split_author_list(r.author_string);

    switch (schema_) {
      case Schema::kArxiv:
        record.submitted = detail::iso_date(r.created);
        record.updated = detail::iso_date(r.updated);
        if (record.updated.empty()) record.updated = record.submitted;
        break;
      case Schema::kArxivRaw:
        record.submitted = r.first_version_date;
        record.updated = r.last_version_date;
        break;
      case Schema::kDublinCore:
        // dc:date lists the version dates, oldest first.
        std::erase(r.dc_dates, std::string());
        if (!r.dc_dates.empty()) {
          record.submitted = r.dc_dates.front();
          record.updated = r.dc_dates.back();
        }
        break;
      case Schema::kUnknown:
        break;
    }
    // The header datestamp is when the metadata last changed (a journal-ref
    // added years after the last version); it must win over version dates,
    // or "newer wins" would drop such updates.
    if (r.datestamp > record.updated) record.updated = r.datestamp;
    record.year = detail::year_of(record.submitted);
    emit(std::move(record));
  }

  void report_oai_error() {
    // noRecordsMatch is how OAI-PMH says "an empty result", not a failure.
    if (error_code_ == "noRecordsMatch") return;
    problem(where(line()), std::string(kNoPapersOaiError),
            "OAI-PMH error " + error_code_ + ": " + std::string(detail::trim(text())));
  }

  Section section_ = Section::kOutside;
  Schema schema_ = Schema::kUnknown;
  int metadata_depth_ = 0;
  std::string keyname_;
  std::string forenames_;
  std::string suffix_;
  std::string error_code_;
};

}  // namespace

void read_oai_pmh(std::istream& in, const std::string& origin, const RecordSink& sink) {
  OaiParser parser(origin, sink);
  parser.parse(in, origin, sink);
}

}  // namespace paperdex
