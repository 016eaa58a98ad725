#include "update_policy.h"

#include <algorithm>

namespace paperdex::update_policy {

std::uint32_t date_number(std::string_view date) {
  if (date.size() < 10 || date[4] != '-' || date[7] != '-') return 0;
  std::uint32_t value = 0;
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (date[i] < '0' || date[i] > '9') return 0;
    value = value * 10 + static_cast<std::uint32_t>(date[i] - '0');
  }
  return value;
}

bool is_older(std::uint32_t incoming, std::uint32_t stored) {
  return incoming != 0 && stored != 0 && incoming < stored;
}

Change compare_versions(std::uint32_t incoming_updated, std::uint32_t stored_updated,
                        bool same_content) {
  if (is_older(incoming_updated, stored_updated)) return Change::kUnchanged;
  return same_content ? Change::kUnchanged : Change::kUpdated;
}

void count(IndexStats& stats, Change change) {
  // The column of each Change, in the enum's order.
  static constexpr std::size_t IndexStats::*kColumns[] = {
      &IndexStats::added, &IndexStats::updated, &IndexStats::unchanged, &IndexStats::merged};
  ++(stats.*kColumns[static_cast<std::size_t>(change)]);
}

bool add_missing(std::vector<std::string>& names, const std::vector<std::string>& extra) {
  bool changed = false;
  for (const std::string& name : extra) {
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      names.push_back(name);
      changed = true;
    }
  }
  return changed;
}

void keep_page_authors(Record& incoming, const Record& stored) {
  incoming.page_authors = stored.page_authors;
  add_missing(incoming.authors, incoming.page_authors);
}

bool merge_page_record(Record& paper, const Record& page) {
  const bool authors_new = add_missing(paper.authors, page.authors);
  const bool page_authors_new = add_missing(paper.page_authors, page.authors);
  return authors_new || page_authors_new;
}

void absorb_page_paper(Record& arxiv_record, const Record& page_paper) {
  add_missing(arxiv_record.page_authors, page_paper.page_authors);
  add_missing(arxiv_record.authors, arxiv_record.page_authors);
}

}  // namespace paperdex::update_policy
