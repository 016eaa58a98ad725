#include "read_ahead.h"

#include <utility>

#include "fulltext_input.h"

namespace paperdex {

ReadAhead::ReadAhead(const ReadOptions& options, std::size_t workers)
    : options_(options), workers_(workers) {}

ReadAhead::~ReadAhead() {
  for (auto& [path, events] : under_way_) {
    if (events.valid()) events.wait();
  }
}

bool ReadAhead::start(const std::string& path) {
  if (under_way_.size() >= workers_ || started(path) || not_pdf_.contains(path)) return false;
  if (!is_pdf_file(path)) {
    not_pdf_.insert(path);  // the run looks at each file ahead more than once
    return false;
  }
  under_way_[path] = std::async(std::launch::async, [path, options = options_] {
    std::vector<Event> events;
    RecordSink keep;
    keep.on_record = [&events](Record&& record) { events.emplace_back(std::move(record)); };
    keep.on_problem = [&events](const ReadProblem& problem) { events.emplace_back(problem); };
    keep.on_warning = [&events](const ReadProblem& problem) {
      events.emplace_back(Warning{problem});
    };
    read_input(path, keep, options);
    return events;
  });
  return true;
}

bool ReadAhead::started(const std::string& path) const { return under_way_.contains(path); }

void ReadAhead::finish(const std::string& path, const RecordSink& sink) {
  const auto found = under_way_.find(path);
  if (found == under_way_.end()) return;
  std::future<std::vector<Event>> events = std::move(found->second);
  under_way_.erase(found);
  for (Event& event : events.get()) {
    if (Record* record = std::get_if<Record>(&event)) {
      if (sink.on_record) sink.on_record(std::move(*record));
    } else if (const ReadProblem* problem = std::get_if<ReadProblem>(&event)) {
      if (sink.on_problem) sink.on_problem(*problem);
    } else if (sink.on_warning) {
      sink.on_warning(std::get<Warning>(event).problem);
    }
  }
}

}  // namespace paperdex
