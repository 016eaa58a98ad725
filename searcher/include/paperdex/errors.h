/// @file
/// The searcher library's exception types. Every message says what is wrong
/// and what the user can do about it.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace paperdex {

/// Base of every error the searcher library throws.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The database does not exist or cannot be opened.
class DatabaseNotFoundError : public Error {
 public:
  using Error::Error;
};

/// The database was written with another schema version: re-index.
class SchemaVersionError : public Error {
 public:
  using Error::Error;
};

/// The query cannot be parsed. position() is the byte offset of the problem.
class QuerySyntaxError : public Error {
 public:
  QuerySyntaxError(const std::string& message, std::size_t position, std::string hint = {})
      : Error(message), position_(position), hint_(std::move(hint)) {}
  /// Byte offset in the query string where the problem was found.
  std::size_t position() const noexcept { return position_; }
  /// A suggestion to fix it ("did you mean title:?"); may be empty.
  const std::string& hint() const noexcept { return hint_; }

 private:
  std::size_t position_;
  std::string hint_;
};

/// Reading the database failed (corruption, I/O).
class IoError : public Error {
 public:
  using Error::Error;
};

}  // namespace paperdex
