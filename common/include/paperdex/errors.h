/// @file
/// The exception types of both paperdex libraries (searcher and indexer).
///
/// Every error the libraries report about an index or a query is a
/// paperdex::Error (itself a std::runtime_error), so one `catch (const
/// paperdex::Error&)` handles them all. Each message names what is wrong and
/// what to do about it, and is meant to be shown to a user as it is.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

#include "paperdex/export.h"

namespace paperdex {

/// Base of every error the paperdex libraries throw.
class PAPERDEX_API Error : public std::runtime_error {
 public:
  /// @param message what went wrong and what the user can do about it.
  explicit Error(const std::string& message);
  ~Error() override;
};

/// The index does not exist or cannot be opened (wrong path, not a database).
class PAPERDEX_API DatabaseNotFoundError : public Error {
 public:
  using Error::Error;
  ~DatabaseNotFoundError() override;
};

/// The index was written with another schema version, or is not a paperdex
/// index at all: re-index into a new path with this version of paperdex.
class PAPERDEX_API SchemaVersionError : public Error {
 public:
  using Error::Error;
  ~SchemaVersionError() override;
};

/// Another process holds the index's write lock (only one writer at a time).
/// Wait for it to finish, or open the writer with
/// IndexWriterOptions::wait_for_lock.
class PAPERDEX_API DatabaseLockedError : public Error {
 public:
  using Error::Error;
  ~DatabaseLockedError() override;
};

/// The query cannot be parsed. position() is the byte offset of the problem,
/// so a caller can point at it.
class PAPERDEX_API QuerySyntaxError : public Error {
 public:
  /// @param message  what is wrong with the query.
  /// @param position byte offset in the query string where the problem was found.
  /// @param hint     a suggestion to fix it; may be empty.
  QuerySyntaxError(const std::string& message, std::size_t position, std::string hint = {});
  QuerySyntaxError(const QuerySyntaxError&);
  QuerySyntaxError& operator=(const QuerySyntaxError&);
  ~QuerySyntaxError() override;

  /// Byte offset in the query string where the problem was found.
  std::size_t position() const noexcept;
  /// A suggestion to fix it ("did you mean title:?"); may be empty.
  const std::string& hint() const noexcept;

 private:
  std::size_t position_;
  std::string hint_;
};

/// A filter of the request (SearchRequest::subjects, years or authors) cannot
/// be read. It is a QuerySyntaxError that points at no place in the query
/// (position() is 0): it names the filter and its value instead, so that a
/// caller can point at what it was given (a CLI option, a keyword argument).
class PAPERDEX_API FilterError : public QuerySyntaxError {
 public:
  /// @param filter     the search parameter (search_parameters.h): "subject", "year" or
  ///                   "author".
  /// @param value      the value as given.
  /// @param suggestion the nearest valid value; may be empty.
  FilterError(const std::string& message, std::string filter, std::string value,
              std::string suggestion);
  FilterError(const FilterError&);
  FilterError& operator=(const FilterError&);
  ~FilterError() override;

  /// The search parameter the value was given in, as every surface names it
  /// (search_parameters.h): "subject", "year" or "author".
  const std::string& filter() const noexcept;
  /// The value as given ("cs.XX").
  const std::string& value() const noexcept;
  /// The nearest valid value ("cs.AI"); may be empty.
  const std::string& suggestion() const noexcept;

 private:
  std::string filter_;
  std::string value_;
  std::string suggestion_;
};

/// A SearchRequest number out of its range (validate_request): a limit,
/// offset, snippet length or time limit no search can honour. field() names
/// the SearchRequest field ("limit"); problem() says what it must be and what
/// it was ("must be between 0 and 10,000, not 4294967295"); what() is the two
/// together. A caller that names the field otherwise (a command-line option)
/// puts its own name before problem().
class PAPERDEX_API InvalidRequestError : public Error {
 public:
  InvalidRequestError(std::string field, std::string problem);
  InvalidRequestError(const InvalidRequestError&);
  InvalidRequestError& operator=(const InvalidRequestError&);
  ~InvalidRequestError() override;
  /// The SearchRequest field out of range ("limit", "time_limit_seconds").
  const std::string& field() const noexcept;
  /// What it must be and what it was: "must be between 0 and 10,000, not -1".
  const std::string& problem() const noexcept;

 private:
  std::string field_;
  std::string problem_;
};

/// Reading or writing the index failed (I/O error, corruption, or the index
/// kept changing under a search): the message says which; retrying may help.
class PAPERDEX_API IoError : public Error {
 public:
  using Error::Error;
  ~IoError() override;
};

/// No paper of the index has the id asked for (Searcher::get, and the paper a
/// "similar to" search starts from). id() is the id as it was given.
class PAPERDEX_API PaperNotFoundError : public Error {
 public:
  PaperNotFoundError(const std::string& message, std::string id);
  PaperNotFoundError(const PaperNotFoundError&);
  PaperNotFoundError& operator=(const PaperNotFoundError&);
  ~PaperNotFoundError() override;
  /// The id that named no paper.
  const std::string& id() const noexcept;

 private:
  std::string id_;
};

/// A saved search's name is not a valid name, or names no saved search of the
/// index (Searcher::save_search, saved_search, search_new, ...). name() is the
/// name as it was given.
class PAPERDEX_API SavedSearchError : public Error {
 public:
  SavedSearchError(const std::string& message, std::string name);
  SavedSearchError(const SavedSearchError&);
  SavedSearchError& operator=(const SavedSearchError&);
  ~SavedSearchError() override;
  /// The name as given.
  const std::string& name() const noexcept;

 private:
  std::string name_;
};

/// A tag's name is not a valid name, or names no tag of the index
/// (Searcher::tag, SearchRequest::recommend, ...), or the tag holds no paper
/// of the index to recommend from. name() is the name as it was given.
class PAPERDEX_API TagError : public Error {
 public:
  TagError(const std::string& message, std::string name);
  TagError(const TagError&);
  TagError& operator=(const TagError&);
  ~TagError() override;
  /// The name as given.
  const std::string& name() const noexcept;

 private:
  std::string name_;
};

}  // namespace paperdex
