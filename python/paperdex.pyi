"""paperdex: full-text search of arXiv paper records (type stub; see docs/python.md)."""

import os
from typing import Any, Callable, Iterable, Iterator, Literal, Optional, Sequence, Union, overload

__version__: str

_Paths = Union[str, os.PathLike[str], Iterable[Union[str, os.PathLike[str]]]]
_Format = Literal["text", "json", "jsonl", "tsv", "bibtex", "ris", "csljson", "atom", "markdown"]
_Strings = Union[str, Iterable[str]]

class Error(Exception):
    """Base of every error paperdex raises about an index, a query or a record."""

class DatabaseNotFoundError(Error):
    """No index at the path, or it cannot be opened."""

class SchemaVersionError(Error):
    """The index was written by another paperdex schema version, or is not one."""

SchemaMismatchError = SchemaVersionError
"""Deprecated: the indexer's old name of SchemaVersionError (the same class)."""

class DatabaseLockedError(Error):
    """Another writer holds the index."""

class IoError(Error):
    """Reading or writing the index failed; retrying may help."""

class PaperNotFoundError(Error):
    """No paper of the index has the id asked for (Searcher.get, like=)."""

    id: str
    """The id as it was given."""
    def __init__(self, message: str, id: str = "") -> None: ...

class SavedSearchError(Error):
    """A saved search's name is not a valid name, or names no saved search."""

    name: str
    """The name as it was given."""
    def __init__(self, message: str, name: str = "") -> None: ...

class TagError(Error):
    """A tag's name is not a valid name, or names no tag, or the tag has no
    paper of the index to recommend from."""

    name: str
    """The name as it was given."""
    def __init__(self, message: str, name: str = "") -> None: ...

class InvalidRequestError(Error, ValueError):
    """A number of a search out of its range (limit, offset, snippet_bytes, time_limit_seconds)."""

    field: str
    """The keyword out of range."""
    def __init__(self, message: str, field: str = "") -> None: ...

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

# The attributes of the classes below are read-only.

class Highlighted:
    """Display text with the byte ranges that matched the query."""

    text: str
    spans: list[tuple[int, int]]
    def render(self, open: str = "<b>", close: str = "</b>", html_escape: bool = True) -> str: ...
    def runs(self) -> list[tuple[str, bool]]: ...

class Passage(Highlighted):
    """The passage of a paper's full text that best matches the query (Hit.passage)."""

    page: int
    """The page (1-based) its matches begin on, in a PDF's text; 0 when unknown."""
    section: str
    """The title of the section it is in ('3 Method'); '' when unknown."""

class TermContribution:
    field: str
    term: str
    weight: float

class PaperVersion:
    """One version of a paper as arXiv lists it."""

    version: str
    date: str

class FullTextFacts:
    """What a paper's full text was read from (Paper.fulltext)."""

    source: str
    file: str
    pages: int
    words: int
    sections: list[str]

class Reference:
    """One entry of a paper's reference list (Paper.references), resolved
    against the index."""

    text: str
    id: str
    more_ids: list[str]
    doi: str
    url: str
    title: str
    authors: list[str]
    year: int
    venue: str
    in_index: bool
    resolved_by: str

class Paper:
    """Everything the index stores about one paper (Searcher.get, Hit.paper)."""

    id: str
    title: str
    authors: list[str]
    subjects: list[str]
    subject_names: list[str]
    primary: str
    year: int
    submitted: str
    updated: str
    versions: list[PaperVersion]
    withdrawn: bool
    added: str
    changed: str
    doi: str
    journal: str
    comments: str
    report_no: str
    msc_class: str
    license: str
    url: str
    pdf_url: str
    fulltext: Optional[FullTextFacts]
    references: list[Reference]
    cited_by_count: int
    abstract: str
    @property
    def categories(self) -> list[str]:
        """Deprecated: subjects."""
    @property
    def category_names(self) -> list[str]:
        """Deprecated: subject_names."""
    @property
    def journal_ref(self) -> str:
        """Deprecated: journal."""
    @property
    def abs_url(self) -> str:
        """Deprecated: url."""
    def to_dict(self) -> dict[str, Any]: ...
    def format(self, name: _Format) -> str:
        """The paper as paperdex-search --show ID --format NAME prints it."""

class Hit:
    """One paper of a result page."""

    id: str
    title: Highlighted
    snippet: Highlighted
    authors: list[str]
    subjects: list[str]
    year: int
    score: float
    matches_all_words: bool
    explanation: list[TermContribution]
    because: list[TermContribution]
    """With recommend: the words, authors and categories that weighed most."""
    paper: Paper
    cited_by_count: int
    """How many papers of this index cite it (cites:ID lists them)."""
    passage: Optional[Passage]
    """The best-matching passage of the full text, when the query searches
    bodies and this paper's matched; else None."""
    news: str
    """What became new about it since its saved search was last run with
    search_new: 'new', 'new version', 'cross-listed', or ''."""
    def to_dict(self) -> dict[str, Any]:
        """The hit as paperdex-search --format json prints it."""

class Facet:
    value: str
    count: int
    label: str

class SearchResult:
    """What a search found; len() and iteration are over the page's hits."""

    hits: list[Hit]
    query: str
    total: int
    total_exact: bool
    all_words_total: int
    match_set: Literal["all_words", "any_word"]
    @property
    def match_rule(
        self,
    ) -> Literal["as_written", "short_query", "no_full_match", "long_query", "any_word_requested"]: ...
    notes: list[str]
    subject_facets: list[Facet]
    year_facets: list[Facet]
    author_facets: list[Facet]
    facets: dict[str, dict[str, int]]
    parsed_query: str
    suggestion: Optional[str]
    corrected: bool
    partial: bool
    missing_shards: list[str]
    def to_dict(self) -> dict[str, Any]:
        """Exactly the JSON object paperdex-search --format json prints."""
    def format(self, name: _Format) -> str:
        """The hits as paperdex-search --format NAME prints this search (bibtex, ris,
        csljson, atom, markdown, ...)."""
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Hit]: ...
    @overload
    def __getitem__(self, index: int) -> Hit: ...
    @overload
    def __getitem__(self, index: slice) -> list[Hit]: ...

class IndexInfo:
    documents: int
    unique_terms: int
    term_occurrences: int
    size_bytes: int
    first_year: int
    last_year: int
    subjects: list[Facet]
    schema_version: int
    last_update: str
    analysis: str
    def to_dict(self) -> dict[str, Any]:
        """Exactly paperdex-search --stats --format json's object."""

class AnalysisVersions:
    index: str
    searcher: str
    differ: bool

class SavedSearch:
    """A search saved in the index under a name (Searcher.save_search)."""

    name: str
    query: str
    subjects: list[str]
    years: list[str]
    authors: list[str]
    saved: str
    """When it was saved (index time, UTC)."""
    seen: str
    """When it was last run with search_new (else saved): later papers are new."""
    new_papers: int
    """How many papers are new to it."""

class Tag:
    """Papers kept in the index under a name (Searcher.add_to_tag)."""

    name: str
    papers: list[str]
    """The papers' ids, in the order they were added."""
    created: str
    changed: str

class TagChange:
    """What Searcher.add_to_tag or remove_from_tag did."""

    tag: Tag
    changed: list[str]
    unchanged: list[str]
    not_found: list[str]

class Searcher:
    """Searches one paperdex index. Calls on one Searcher are serialized; open
    one per thread to search in parallel (the GIL is released while searching)."""

    search_keywords: tuple[str, ...]
    """The keyword arguments search() takes: SearchRequest's fields."""
    def __init__(
        self,
        path: Union[str, os.PathLike[str], Iterable[Union[str, os.PathLike[str]]]],
        *,
        allow_program_stubs: bool = False,
        allow_partial: bool = False,
        split_each_search: bool = True,
    ) -> None: ...
    # One keyword per SearchRequest field (Searcher.search_keywords; the tests
    # check that this list matches it).
    def search(
        self,
        query: str = "",
        *,
        subject: _Strings = (),
        year: _Strings = (),
        author: _Strings = (),
        no_cross_lists: bool = False,
        like: Optional[str] = None,
        recommend: _Strings = (),
        match: Literal['all', 'any'] = "all",
        sort: Literal['relevance', 'newest', 'oldest', 'updated', 'added', 'citations'] = "relevance",
        limit: int = 10,
        offset: int = 0,
        snippet: int = 240,
        facets: Union[bool, int] = True,
        facet: _Strings = (),
        strict_syntax: bool = False,
        suggest: bool = True,
        correct: bool = False,
        explain: bool = False,
        time_limit: float = 10.0,
        allow_partial: bool = False,
    ) -> SearchResult: ...
    def get(self, id: str) -> Paper:
        """The stored paper with this id (any form id: takes); PaperNotFoundError if none."""
    def index_info(self) -> IndexInfo: ...
    def analysis_versions(self) -> AnalysisVersions: ...
    def reopen(self) -> bool:
        """Moves to the index's latest commit; True when it moved."""
    revision: str
    def save_search(self, name: str, query: str = "", **keywords: Any) -> None:
        """Saves the query and filters (search()'s keywords) in the index as name;
        the papers the index adds from now on are new to it. DatabaseLockedError
        while a writer runs; SavedSearchError for a bad name."""
    def search_saved(self, name: str, **page: Any) -> SearchResult:
        """Runs the saved search (page keywords as search()'s); each hit's news
        says what is new about it; nothing is marked seen."""
    def search_new(self, name: str, **page: Any) -> SearchResult:
        """Only the papers added, or with a new version or category, since the
        saved search was last run so (or saved), marked; then marks them seen."""
    def saved_search(self, name: str) -> SavedSearch: ...
    def saved_searches(self) -> list[SavedSearch]: ...
    def recommend(
        self, tag: Union[str, Iterable[str]], query: str = "", **keywords: Any
    ) -> SearchResult:
        """Papers like the tag's (a name or several), theirs left out; each hit's
        because says why; search()'s keywords apply. TagError for an unknown tag."""
    def add_to_tag(self, name: str, ids: Union[str, Iterable[str]]) -> TagChange:
        """Adds papers (any form id: takes, or DOIs) to the tag, made when there is none."""
    def remove_from_tag(self, name: str, ids: Union[str, Iterable[str]]) -> TagChange:
        """Removes papers from the tag; a tag left empty is deleted."""
    def tag(self, name: str) -> Tag: ...
    def tags(self) -> list[Tag]: ...
    def delete_tag(self, name: str) -> None: ...
    def delete_saved_search(self, name: str) -> None: ...
    document_count: int
    path: str
    closed: bool
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
    records_in_slot: bool = False,
    batch_records: int = 0,
    batch_interval: float = 0.0,
    wait_for_lock: bool = False,
    progress: Optional[Callable[[str], object]] = None,
) -> IndexReport:
    """Indexes files and directories into the index at path, as paperdex-index does."""

_Record = dict[str, Any]

class Writer:
    """Adds, replaces and removes papers; records are dicts in the arXiv snapshot's keys or a Paper's (to_dict())."""

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
    stats: dict[str, int]
    document_count: int
    path: str
    closed: bool
    def __enter__(self) -> "Writer": ...
    def __exit__(self, *args: object) -> None: ...
