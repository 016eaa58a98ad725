"""paperdex: full-text search of arXiv paper records (type stub; see docs/python.md)."""

import os
from typing import Any, Callable, Iterable, Iterator, Literal, Optional, Sequence, Union, overload

__version__: str

_Paths = Union[str, os.PathLike[str], Iterable[Union[str, os.PathLike[str]]]]
_Strings = Union[str, Iterable[str]]

class Error(Exception):
    """Base of every error paperdex raises about an index, a query or a record."""

class DatabaseNotFoundError(Error):
    """No index at the path, or it cannot be opened."""

class SchemaVersionError(Error):
    """The index was written by another paperdex schema version, or is not one."""

SchemaMismatchError = SchemaVersionError

class DatabaseLockedError(Error):
    """Another writer holds the index."""

class IoError(Error):
    """Reading or writing the index failed; retrying may help."""

class QuerySyntaxError(Error):
    """The query (or a filter) cannot be parsed."""

    position: int
    """Byte offset in the UTF-8 query where the problem was found."""
    hint: str
    """A suggestion to fix it, or ''."""
    query: Optional[str]
    """The query searched, when known."""
    def __init__(
        self, message: str, position: int = 0, hint: str = "", query: Optional[str] = None
    ) -> None: ...
    def marked(self) -> str:
        """The query with a caret under the problem."""

class RecordError(Error):
    """A record paperdex cannot index, reported as paperdex-index does."""

    origin: str
    reason: str
    def __init__(self, message: str, origin: str = "", reason: str = "") -> None: ...

class IndexReport:
    """What one paperdex.index() run did."""

    status: Literal["ok", "skipped"]
    exit_code: int
    records_read: int
    added: int
    updated: int
    unchanged: int
    merged: int
    deleted: int
    skipped: int
    documents: int
    elapsed_seconds: float
    problems: list[str]
    messages: list[str]
    summary: str
    def to_dict(self) -> dict[str, Any]: ...

class Highlighted:
    """Display text with the byte ranges that matched the query."""

    @property
    def text(self) -> str: ...
    @property
    def spans(self) -> list[tuple[int, int]]: ...
    def render(self, open: str = "<b>", close: str = "</b>", html_escape: bool = True) -> str: ...
    def runs(self) -> list[tuple[str, bool]]: ...

class TermContribution:
    @property
    def field(self) -> str: ...
    @property
    def term(self) -> str: ...
    @property
    def weight(self) -> float: ...

class Hit:
    """One paper of a result page."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> Highlighted: ...
    @property
    def snippet(self) -> Highlighted: ...
    @property
    def authors(self) -> list[str]: ...
    @property
    def subjects(self) -> list[str]: ...
    @property
    def year(self) -> int: ...
    @property
    def score(self) -> float: ...
    @property
    def matches_all_words(self) -> bool: ...
    @property
    def explanation(self) -> list[TermContribution]: ...
    def to_dict(self) -> dict[str, Any]:
        """The hit as paperdex-search --format json prints it."""

class Facet:
    @property
    def value(self) -> str: ...
    @property
    def count(self) -> int: ...
    @property
    def label(self) -> str: ...

class SearchResult:
    """What a search found; len() and iteration are over the page's hits."""

    @property
    def hits(self) -> list[Hit]: ...
    @property
    def query(self) -> str: ...
    @property
    def total(self) -> int: ...
    @property
    def total_exact(self) -> bool: ...
    @property
    def all_words_total(self) -> int: ...
    @property
    def match_set(self) -> Literal["all_words", "any_word"]: ...
    @property
    def match_rule(
        self,
    ) -> Literal["as_written", "short_query", "no_full_match", "long_query", "any_word_requested"]: ...
    @property
    def notes(self) -> list[str]: ...
    @property
    def subject_facets(self) -> list[Facet]: ...
    @property
    def year_facets(self) -> list[Facet]: ...
    @property
    def author_facets(self) -> list[Facet]: ...
    @property
    def facets(self) -> dict[str, dict[str, int]]: ...
    @property
    def parsed_query(self) -> str: ...
    @property
    def suggestion(self) -> Optional[str]: ...
    @property
    def corrected(self) -> bool: ...
    def to_dict(self) -> dict[str, Any]:
        """Exactly the JSON object paperdex-search --format json prints."""
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Hit]: ...
    @overload
    def __getitem__(self, index: int) -> Hit: ...
    @overload
    def __getitem__(self, index: slice) -> list[Hit]: ...

class IndexInfo:
    @property
    def documents(self) -> int: ...
    @property
    def unique_terms(self) -> int: ...
    @property
    def term_occurrences(self) -> int: ...
    @property
    def size_bytes(self) -> int: ...
    @property
    def first_year(self) -> int: ...
    @property
    def last_year(self) -> int: ...
    @property
    def subjects(self) -> list[Facet]: ...
    @property
    def schema_version(self) -> int: ...
    @property
    def last_update(self) -> str: ...
    @property
    def analysis(self) -> str: ...
    def to_dict(self) -> dict[str, Any]:
        """Exactly paperdex-search --stats --format json's object."""

class AnalysisVersions:
    @property
    def index(self) -> str: ...
    @property
    def searcher(self) -> str: ...
    @property
    def differ(self) -> bool: ...

class Searcher:
    """Searches one paperdex index. Calls on one Searcher are serialized; open
    one per thread to search in parallel (the GIL is released while searching)."""

    search_keywords: tuple[str, ...]
    """The keyword arguments search() takes: SearchRequest's fields."""
    def __init__(self, path: Union[str, os.PathLike[str]]) -> None: ...
    # One keyword per SearchRequest field (Searcher.search_keywords; the tests
    # check that this list matches it).
    def search(
        self,
        query: str = "",
        *,
        subjects: _Strings = (),
        years: _Strings = (),
        authors: _Strings = (),
        match: Literal["all", "any"] = "all",
        sort: Literal["relevance", "newest", "oldest"] = "relevance",
        offset: int = 0,
        limit: int = 10,
        facets: bool = True,
        author_facet: bool = False,
        snippet_bytes: int = 240,
        like: Optional[str] = None,
        explain: bool = False,
        suggest: bool = True,
        correct: bool = False,
        time_limit_seconds: float = 10.0,
        strict_syntax: bool = False,
    ) -> SearchResult: ...
    def index_info(self) -> IndexInfo: ...
    def analysis_versions(self) -> AnalysisVersions: ...
    @property
    def document_count(self) -> int: ...
    @property
    def path(self) -> str: ...
    @property
    def closed(self) -> bool: ...
    def close(self) -> None: ...
    def __enter__(self) -> "Searcher": ...
    def __exit__(self, *args: object) -> None: ...

def index(
    path: Union[str, os.PathLike[str]],
    inputs: _Paths = (),
    *,
    jobs: int = 0,
    incremental: bool = False,
    strict: bool = False,
    delete: _Strings = (),
    delete_from: Optional[Union[str, os.PathLike[str]]] = None,
    shards: bool = False,
    batch_records: int = 0,
    batch_interval: float = 0.0,
    wait_for_lock: bool = False,
    progress: Optional[Callable[[str], object]] = None,
) -> IndexReport:
    """Indexes files and directories into the index at path, as paperdex-index does."""

_Record = dict[str, Any]

class Writer:
    """Adds, replaces and removes papers; records are dicts in the arXiv snapshot's keys."""

    def __init__(
        self,
        path: Union[str, os.PathLike[str]],
        *,
        batch_records: int = 5000,
        batch_interval: float = 10.0,
        wait_for_lock: bool = False,
    ) -> None: ...
    def add(self, record: _Record) -> str: ...
    def add_all(self, records: Iterable[_Record], *, strict: bool = False) -> list[RecordError]: ...
    def delete(self, id: str) -> bool: ...
    def commit(self) -> None: ...
    def discard_batch(self) -> None: ...
    def close(self) -> None: ...
    @property
    def stats(self) -> dict[str, int]: ...
    @property
    def document_count(self) -> int: ...
    @property
    def path(self) -> str: ...
    @property
    def closed(self) -> bool: ...
    def __enter__(self) -> "Writer": ...
    def __exit__(self, *args: object) -> None: ...
