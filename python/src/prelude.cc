// The module's pure-Python part: the exception classes (so they take the
// library's fields as constructor arguments, like any Python exception) and
// IndexReport. Run once in the module's namespace at import.
#include "prelude.h"

namespace paperdex::python {

const char* const kPrelude = R"PY(
class Error(Exception):
    """Base of every error paperdex raises about an index, a query or a record
    (paperdex::Error in C++). The message says what is wrong and what to do."""


class DatabaseNotFoundError(Error):
    """No index at the path, or it cannot be opened: check the path, or build
    one with paperdex.index() or paperdex-index."""


class SchemaVersionError(Error):
    """The index was written by another paperdex schema version, or is not a
    paperdex index: re-index into a new path."""


SchemaMismatchError = SchemaVersionError


class DatabaseLockedError(Error):
    """Another writer holds the index (one writer at a time): wait for it, or
    open the Writer with wait_for_lock=True."""


class IoError(Error):
    """Reading or writing the index failed, or it kept changing under a search;
    retrying may help."""


class PaperNotFoundError(Error):
    """No paper of the index has the id asked for (Searcher.get, or the paper a
    like= search starts from).

    id: the id as it was given.
    """

    def __init__(self, message, id=""):
        super().__init__(message)
        self.id = id


class SavedSearchError(Error):
    """A saved search's name is not a valid name, or names no saved search of
    the index (Searcher.save_search, saved_search, search_new, ...).

    name: the name as it was given.
    """

    def __init__(self, message, name=""):
        super().__init__(message)
        self.name = name


class TagError(Error):
    """A tag's name is not a valid name, or names no tag of the index, or the
    tag has no paper of the index to recommend from (Searcher.tag,
    recommend, ...).

    name: the name as it was given.
    """

    def __init__(self, message, name=""):
        super().__init__(message)
        self.name = name


class InvalidRequestError(Error, ValueError):
    """A number of a search out of its range: limit, offset, snippet_bytes or
    time_limit_seconds (paperdex::InvalidRequestError; paperdex-search says the
    same of its options). Also a ValueError.

    field: the keyword ("limit").
    """

    def __init__(self, message, field=""):
        super().__init__(message)
        self.field = field


class QuerySyntaxError(Error):
    """The query (or a filter) cannot be parsed.

    position: byte offset in the UTF-8 query where the problem was found.
    hint: a suggestion to fix it ("did you mean title:?"), or "".
    query: the query string searched, when known, else None.
    """

    def __init__(self, message, position=0, hint="", query=None):
        super().__init__(message)
        self.position = position
        self.hint = hint
        self.query = query

    def marked(self):
        """The query with a caret under the problem, as paperdex-search prints it."""
        if self.query is None:
            return str(self)
        # position counts UTF-8 bytes; the caret goes under the character there.
        column = len(self.query.encode("utf-8")[: self.position].decode("utf-8", "ignore"))
        return "%s\n  %s\n  %s^" % (self, self.query, " " * column)


class RecordError(Error):
    """A record paperdex cannot index, as paperdex-index reports it.

    origin: where it came from ("record:1", "records:12", "file.json:7").
    reason: the short category paperdex-index's summary counts ("missing-field",
    "invalid-id", "wrong-type", "invalid-json").
    """

    def __init__(self, message, origin="", reason=""):
        super().__init__(message)
        self.origin = origin
        self.reason = reason

    def __str__(self):
        message = super().__str__()
        return "%s: %s" % (self.origin, message) if self.origin else message


class IndexReport:
    """What one paperdex.index() run did: paperdex-index's summary as values.

    status is "ok" (every record indexed) or "skipped" (some were skipped or an
    id to delete was not found; see problems). A run that cannot proceed raises
    paperdex.Error instead (exit status 2 of paperdex-index).
    """

    __slots__ = ("status", "exit_code", "records_read", "added", "updated", "unchanged",
                 "merged", "deleted", "skipped", "documents", "elapsed_seconds",
                 "problems", "messages", "summary")

    def __init__(self, **fields):
        for name in self.__slots__:
            setattr(self, name, fields.get(name))

    def to_dict(self):
        """The report as a plain dict."""
        return {name: getattr(self, name) for name in self.__slots__}

    def __repr__(self):
        return ("IndexReport(status=%r, records_read=%d, added=%d, updated=%d, skipped=%d, "
                "documents=%d, elapsed_seconds=%.2f)" % (
                    self.status, self.records_read, self.added, self.updated, self.skipped,
                    self.documents, self.elapsed_seconds))
)PY";

}  // namespace paperdex::python
