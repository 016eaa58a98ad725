// The pipeline between the fetching thread and the indexing one: at most one
// fetched page waits while the one before it is indexed, so a harvest is
// bound by the network and the pause, not by indexing, and still makes only
// one request at a time. Private to the indexer.
#pragma once

#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <string>

#include "oai_page.h"

namespace paperdex::harvest {

struct FetchedPage {
  OaiPage page;
  std::string url;
  bool starts_listing = false;  // the first page of a listing (asked with from/until)
  std::string note;             // what the fetcher did that the user should know
};

class PageQueue {
 public:
  // Hands a page over, waiting while another one waits; false when the
  // indexing side has given up (the fetcher stops then).
  bool put(FetchedPage page);
  // The fetcher is done: at the end of the list, or with `error`.
  void finish(std::exception_ptr error);
  // The next page; nullopt at the end. Rethrows the fetcher's error once the
  // pages before it have been taken.
  std::optional<FetchedPage> take();
  // The indexing side gives up: put() returns false from now on.
  void close();

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::optional<FetchedPage> waiting_;
  bool finished_ = false;
  bool closed_ = false;
  std::exception_ptr error_;
};

}  // namespace paperdex::harvest
