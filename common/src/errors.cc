// Out-of-line members of the error types: each class's destructor is its key
// function, so its vtable and type_info are emitted here once instead of in
// every translation unit, and none of the classes' layout leaks into inline
// code compiled into embedders (see export.h).
#include "paperdex/errors.h"

#include <utility>

namespace paperdex {

Error::Error(const std::string& message) : std::runtime_error(message) {}
Error::~Error() = default;
DatabaseNotFoundError::~DatabaseNotFoundError() = default;
SchemaVersionError::~SchemaVersionError() = default;
DatabaseLockedError::~DatabaseLockedError() = default;
IoError::~IoError() = default;

PaperNotFoundError::PaperNotFoundError(const std::string& message, std::string id)
    : Error(message), id_(std::move(id)) {}
PaperNotFoundError::PaperNotFoundError(const PaperNotFoundError&) = default;
PaperNotFoundError& PaperNotFoundError::operator=(const PaperNotFoundError&) = default;
PaperNotFoundError::~PaperNotFoundError() = default;
const std::string& PaperNotFoundError::id() const noexcept { return id_; }

SavedSearchError::SavedSearchError(const std::string& message, std::string name)
    : Error(message), name_(std::move(name)) {}
SavedSearchError::SavedSearchError(const SavedSearchError&) = default;
SavedSearchError& SavedSearchError::operator=(const SavedSearchError&) = default;
SavedSearchError::~SavedSearchError() = default;
const std::string& SavedSearchError::name() const noexcept { return name_; }

TagError::TagError(const std::string& message, std::string name)
    : Error(message), name_(std::move(name)) {}
TagError::TagError(const TagError&) = default;
TagError& TagError::operator=(const TagError&) = default;
TagError::~TagError() = default;
const std::string& TagError::name() const noexcept { return name_; }

QuerySyntaxError::QuerySyntaxError(const std::string& message, std::size_t position,
                                   std::string hint)
    : Error(message), position_(position), hint_(std::move(hint)) {}
QuerySyntaxError::QuerySyntaxError(const QuerySyntaxError&) = default;
QuerySyntaxError& QuerySyntaxError::operator=(const QuerySyntaxError&) = default;
QuerySyntaxError::~QuerySyntaxError() = default;
std::size_t QuerySyntaxError::position() const noexcept { return position_; }
const std::string& QuerySyntaxError::hint() const noexcept { return hint_; }

FilterError::FilterError(const std::string& message, std::string filter, std::string value,
                         std::string suggestion)
    : QuerySyntaxError(message, 0, suggestion.empty() ? "" : "did you mean " + suggestion + "?"),
      filter_(std::move(filter)),
      value_(std::move(value)),
      suggestion_(std::move(suggestion)) {}
FilterError::FilterError(const FilterError&) = default;
FilterError& FilterError::operator=(const FilterError&) = default;
FilterError::~FilterError() = default;
const std::string& FilterError::filter() const noexcept { return filter_; }
const std::string& FilterError::value() const noexcept { return value_; }
const std::string& FilterError::suggestion() const noexcept { return suggestion_; }
InvalidRequestError::InvalidRequestError(std::string field, std::string problem)
    : Error(field + " " + problem), field_(std::move(field)), problem_(std::move(problem)) {}
InvalidRequestError::InvalidRequestError(const InvalidRequestError&) = default;
InvalidRequestError& InvalidRequestError::operator=(const InvalidRequestError&) = default;
InvalidRequestError::~InvalidRequestError() = default;
const std::string& InvalidRequestError::field() const noexcept { return field_; }
const std::string& InvalidRequestError::problem() const noexcept { return problem_; }

}  // namespace paperdex
