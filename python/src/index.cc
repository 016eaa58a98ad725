#include "index.h"

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/stl.h>

#include "errors.h"
#include "index_cli.h"
#include "index_handle.h"
#include "keyword_table.h"
#include "line_streambuf.h"
#include "paperdex/indexer/index_run.h"
#include "paperdex/indexer/index_writer.h"
#include "paperdex/indexer/readers.h"
#include "progress_line.h"

namespace py = pybind11;

namespace paperdex::python {
namespace {

std::vector<std::string> string_list(py::handle value) {
  if (py::isinstance<py::str>(value)) return {value.cast<std::string>()};
  return py::cast<std::vector<std::string>>(value);
}

// ---------------------------------------------------------------------------
// paperdex.index(): paperdex-index's run (cli::index_and_report) with its two
// streams caught.

// The counts paperdex-index's summary shows, as IndexReport's fields.
py::dict result_counts(const IndexRunResult& result) {
  py::dict counts;
  counts["records_read"] = result.records_read;
  counts["added"] = result.stats.added;
  counts["updated"] = result.stats.updated;
  counts["unchanged"] = result.stats.unchanged;
  counts["merged"] = result.stats.merged;
  counts["deleted"] = result.stats.deleted;
  counts["skipped"] = result.skipped;
  counts["documents"] = result.documents;
  counts["elapsed_seconds"] = result.elapsed_seconds;
  return counts;
}

// One paperdex.index() call's keyword arguments, as its table fills them.
struct IndexCall {
  IndexRunOptions options;
  std::size_t batch_records = 0;  // both go to request_batches, after the rows
  double batch_interval = 0;
  py::object progress;  // a callable, or None
};

// paperdex.index()'s keywords, one row each (keyword_table.h).
auto index_keywords() {
  using Call = IndexCall;
  return std::make_tuple(
      typed_keyword<Call>(
          "jobs", "int", 0u, [](Call& c, unsigned v) { c.options.jobs = v; },
          "workers building a new (absent or empty) index in bulk (0: one per core)"),
      typed_keyword<Call>(
          "incremental", "bool", false, [](Call& c, bool v) { c.options.incremental = v; },
          "update in batches committed whole, even a new index (an existing one always is)"),
      typed_keyword<Call>(
          "strict", "bool", false, [](Call& c, bool v) { c.options.strict = v; },
          "stop at the first bad record (raises Error; its batch is not committed)"),
      typed_keyword<Call>(
          "delete", "_Strings", py::object(py::tuple()),
          [](Call& c, py::object v) { c.options.delete_ids = string_list(v); }, "ids to remove"),
      typed_keyword<Call>(
          "delete_from", "Optional[Union[str, os.PathLike[str]]]", py::object(py::none()),
          [](Call& c, py::object v) {
            if (!v.is_none()) c.options.delete_from = path_list(v, "delete_from").at(0);
          },
          "a file of ids to remove"),
      typed_keyword<Call>(
          "shards", "bool", false, [](Call& c, bool v) { c.options.keep_shards = v; },
          "a bulk build keeps one shard per worker"),
      typed_keyword<Call>(
          "records_in_slot", "bool", false,
          [](Call& c, bool v) { c.options.writer.records_in_slot = v; },
          "each paper's record also in a value slot, for shards served by xapian-tcpsrv "
          "(a remote page brings its hits' records with it)"),
      typed_keyword<Call>(
          "batch_records", "int", std::size_t{0},
          [](Call& c, std::size_t v) { c.batch_records = v; },
          "commit a batch every this many changes (0: the default); implies incremental=True"),
      typed_keyword<Call>(
          "batch_interval", "float", 0.0, [](Call& c, double v) { c.batch_interval = v; },
          "commit a batch every this many seconds (0: the default); implies incremental=True"),
      typed_keyword<Call>(
          "wait_for_lock", "bool", false,
          [](Call& c, bool v) { c.options.writer.wait_for_lock = v; },
          "wait for another writer instead of failing"),
      typed_keyword<Call>(
          "progress", "Optional[Callable[[str], object]]", py::object(py::none()),
          [](Call& c, py::object v) { c.progress = std::move(v); },
          "a callable taking one str, called about twice a second with paperdex-index's "
          "progress line (\"12,345 records  2,100 rec/s  3.1 MB of 10.0 MB  ETA 0:03\") and "
          "with \"merging segments...\"; an exception it raises is re-raised when the run ends "
          "(the run itself cannot be interrupted)"));
}

// The call before its keywords: the index and the inputs.
IndexCall index_call(py::object db_path, py::object inputs) {
  IndexCall call;
  call.options.db_path = py::module_::import("os").attr("fspath")(db_path).cast<std::string>();
  call.options.inputs = path_list(inputs, "inputs");
  return call;
}

py::object run(IndexCall& call) {
  IndexRunOptions& options = call.options;
  request_batches(options, call.batch_records, call.batch_interval);
  const py::object& progress = call.progress;
  // The terminal style's live line is rewritten every half second; each
  // rewrite reaches `progress` as one line.
  cli::IndexReportOptions report;
  report.progress = progress.is_none() ? cli::ProgressStyle::kNone : cli::ProgressStyle::kTerminal;

  std::vector<std::string> problems, messages;
  std::optional<py::error_already_set> callback_error;
  LineStreambuf err_buffer([&](const std::string& line, bool flushed) {
    const bool is_progress = flushed || line.starts_with(cli::kMergingText);
    if (!is_progress) {
      if (line.empty()) return;
      const std::string skipped = " (skipped)";
      const bool problem =
          line.size() > skipped.size() && line.ends_with(skipped) && line.find(": ") != line.npos;
      (problem ? problems : messages).push_back(line);
      return;
    }
    if (progress.is_none() || callback_error) return;
    py::gil_scoped_acquire acquire;
    try {
      progress(line);
    } catch (py::error_already_set& error) {
      callback_error.emplace(std::move(error));  // re-raised when the run is over
    }
  });
  std::ostream err(&err_buffer);
  std::ostringstream out;
  int status = 0;
  IndexRunResult result;
  {
    py::gil_scoped_release release;
    status = cli::index_and_report(options, report, out, err, &result);
    err.flush();
  }
  if (callback_error) throw std::move(*callback_error);
  if (status == cli::kExitFailed) {
    // The run could not proceed: what paperdex-index prints before exit 2.
    std::string message;
    for (const auto& lines : {problems, messages}) {
      for (std::string line : lines) {
        if (line.starts_with("paperdex-index: ")) line.erase(0, 16);
        message += (message.empty() ? "" : "\n") + line;
      }
    }
    // A held lock is the one failure a caller may wait out: its own class.
    const char* kind = result.locked ? "DatabaseLockedError" : "Error";
    PyErr_SetObject(error_class(kind).ptr(),
                    error_class(kind)(message.empty() ? "indexing failed" : message).ptr());
    throw py::error_already_set();
  }
  py::dict fields = result_counts(result);
  fields["status"] = status == cli::kExitOk ? "ok" : "skipped";
  fields["exit_code"] = status;
  fields["problems"] = problems;
  fields["messages"] = messages;
  fields["summary"] = out.str();
  return error_class("IndexReport")(**fields);
}

// ---------------------------------------------------------------------------
// paperdex.Writer: IndexWriter, records given as dicts in the snapshot's keys.

// Raised out of the reader by a strict add to stop at the first bad record.
struct StopAtProblem {
  ReadProblem problem;
};

// A key the snapshot reader does not know would be dropped without a word
// ("titel"): refuse it, naming the keys there are.
void check_record_keys(const py::dict& fields) {
  py::list known;
  for (std::string_view key : snapshot_keys()) known.append(py::str(key.data(), key.size()));
  for (const auto& [key, value] : fields) {
    if (known.contains(key)) continue;
    const std::string name = py::repr(key).cast<std::string>();
    const py::list close =
        py::module_::import("difflib").attr("get_close_matches")(py::str(key), known);
    std::string listed;
    for (py::handle k : known)
      listed += (listed.empty() ? "" : ", ") + py::repr(k).cast<std::string>();
    throw py::value_error(
        "a record has no key " + name +
        (close.empty() ? std::string()
                       : " (did you mean " + py::repr(close[0]).cast<std::string>() + "?)") +
        "; its keys are the arXiv snapshot's and a Paper's (Paper.to_dict()): " + listed);
  }
}

// A record dict as one line of the arXiv snapshot, for the snapshot reader,
// which reads lists where a field may hold several values (authors,
// categories) as it reads them in a file.
std::string snapshot_line(py::handle record, const py::object& dumps) {
  if (!py::isinstance<py::dict>(record)) {
    throw py::type_error(
        "a record is a dict with the arXiv snapshot's keys ('id', 'title', "
        "'abstract', ...), not " +
        type_name(record));
  }
  const py::dict fields(py::reinterpret_borrow<py::dict>(record));
  check_record_keys(fields);
  return dumps(fields, py::arg("ensure_ascii") = false).cast<std::string>();
}

py::object record_error(const ReadProblem& problem) {
  return error_class("RecordError")(problem.message, problem.origin, problem.reason);
}

class PyWriter {
 public:
  PyWriter(std::string path, const IndexWriterOptions& options) : path_(std::move(path)) {
    py::gil_scoped_release release;
    writer_.emplace(path_, options);
  }

  std::string add(py::handle record) {
    const std::string line = snapshot_line(record, json_dumps());
    std::optional<ReadProblem> problem;
    std::string id;
    {
      py::gil_scoped_release release;
      std::lock_guard lock(mutex_);
      IndexWriter& writer = open();
      RecordSink sink;
      sink.on_record = [&](Record&& parsed) {
        id = parsed.id;
        writer.add(parsed);
      };
      sink.on_problem = [&](const ReadProblem& p) { problem = p; };
      std::istringstream in(line);
      read_arxiv_jsonl(in, "record", sink);
    }
    if (problem) raise_record_error(problem->message, problem->origin, problem->reason);
    return id;
  }

  py::list add_all(py::iterable records, bool strict) {
    constexpr std::size_t kChunk = 512;  // records converted per GIL release
    const py::object dumps = json_dumps();
    py::list skipped;
    std::size_t position = 0;  // records of the iterable before this chunk
    std::string lines;
    std::size_t in_chunk = 0;
    const auto flush = [&]() {
      std::vector<ReadProblem> problems;
      std::optional<ReadProblem> stop;
      {
        py::gil_scoped_release release;
        std::lock_guard lock(mutex_);
        IndexWriter& writer = open();
        RecordSink sink;
        sink.on_record = [&](Record&& parsed) { writer.add(parsed); };
        sink.on_problem = [&](const ReadProblem& p) {
          ReadProblem numbered = p;
          // The reader numbers lines within this chunk: number them within the iterable.
          const std::size_t line = std::stoull(p.origin.substr(p.origin.rfind(':') + 1));
          numbered.origin = "records:" + std::to_string(position + line);
          if (strict) throw StopAtProblem{numbered};
          problems.push_back(std::move(numbered));
        };
        std::istringstream in(lines);
        try {
          read_arxiv_jsonl(in, "records", sink);
        } catch (const StopAtProblem& at) {
          writer.discard_batch();  // as paperdex-index --strict
          stop = at.problem;
        }
      }
      if (stop) raise_record_error(stop->message, stop->origin, stop->reason);
      for (const ReadProblem& p : problems) skipped.append(record_error(p));
      position += in_chunk;
      lines.clear();
      in_chunk = 0;
    };
    for (py::handle record : records) {
      lines += snapshot_line(record, dumps);
      lines += '\n';
      if (++in_chunk == kChunk) flush();
    }
    if (in_chunk > 0) flush();
    return skipped;
  }

  bool remove(const std::string& id) {
    py::gil_scoped_release release;
    std::lock_guard lock(mutex_);
    return open().remove(id);
  }

  void commit() {
    py::gil_scoped_release release;
    std::lock_guard lock(mutex_);
    open().commit();
  }

  void discard_batch() {
    std::lock_guard lock(mutex_);
    open().discard_batch();
  }

  void close() {
    py::gil_scoped_release release;
    std::lock_guard lock(mutex_);
    writer_.reset();  // commits what is pending and releases the lock
  }

  py::dict stats() {
    std::lock_guard lock(mutex_);
    const IndexStats& s = open().stats();
    py::dict counts;
    counts["added"] = s.added;
    counts["updated"] = s.updated;
    counts["unchanged"] = s.unchanged;
    counts["merged"] = s.merged;
    counts["deleted"] = s.deleted;
    return counts;
  }

  std::size_t document_count() {
    std::lock_guard lock(mutex_);
    return open().document_count();
  }

  bool closed() const { return !writer_; }
  const std::string& path() const { return path_; }

 private:
  static py::object json_dumps() { return py::module_::import("json").attr("dumps"); }

  IndexWriter& open() {
    if (!writer_) throw Error("the Writer of " + path_ + " is closed");
    return *writer_;
  }

  std::string path_;
  std::mutex mutex_;  // one IndexWriter must not be called from two threads at once
  std::optional<IndexWriter> writer_;
};

// Writer(path, ...)'s arguments, as its keyword table fills them.
struct WriterCall {
  std::string path;
  IndexWriterOptions options;
};

// Writer()'s keywords, one row each (keyword_table.h); the defaults are
// IndexWriterOptions'.
auto writer_keywords() {
  using Call = WriterCall;
  const IndexWriterOptions defaults;
  return std::make_tuple(
      typed_keyword<Call>(
          "batch_records", "int", defaults.batch_records,
          [](Call& c, std::size_t v) { c.options.batch_records = v; },
          "commit a batch every this many changes (or batch_interval seconds)"),
      typed_keyword<Call>(
          "batch_interval", "float", std::chrono::duration<double>(defaults.batch_interval).count(),
          [](Call& c, double v) {
            c.options.batch_interval = std::chrono::milliseconds(static_cast<long long>(v * 1000));
          },
          "commit a batch every this many seconds (or batch_records changes)"),
      typed_keyword<Call>(
          "wait_for_lock", "bool", defaults.wait_for_lock,
          [](Call& c, bool v) { c.options.wait_for_lock = v; },
          "wait for another writer instead of raising DatabaseLockedError"));
}

void bind_index_function(py::module_& m) {
  const std::vector<KeywordDoc> keywords = keyword_docs(index_keywords());
  const std::string doc = keyword_docstring(
      R"DOC(Indexes files and directories into the index at path, as paperdex-index does.

inputs: a path or an iterable of paths: files of any supported format (author
pages, arXiv JSON-lines snapshots, OAI-PMH XML, Atom feeds; .gz read
transparently), directories read recursively, "-" for standard input.
A new (absent or empty) index is built in bulk; an existing one, or any with
incremental=True, batch_records or batch_interval, is updated in batches
committed whole.)DOC",
      keywords,
      R"DOC(
Returns an IndexReport (status "ok" or "skipped", the summary's counts,
problems: each skipped record as "origin: message (skipped)"). Raises Error
when the run cannot proceed (exit status 2 of paperdex-index), with its message.
The GIL is released while indexing.)DOC");
  bind_with_keywords<py::object, py::object>(
      index_keywords(), &index_call, &run, [&](auto function, auto... keyword_args) {
        m.def("index", function, py::arg("path"), py::arg("inputs") = py::tuple(), py::kw_only(),
              keyword_args..., doc.c_str());
      });
  publish_keywords(m, "index", keywords);
}

void bind_writer(py::module_& m) {
  py::class_<PyWriter> writer(m, "Writer",
                              R"DOC(Adds, replaces and removes papers in an index: Writer(path).

Records are dicts with the arXiv snapshot's keys ("id", "title", "abstract",
"authors", "categories", "doi", "update_date", "journal-ref", "comments",
"report-no", "license", "versions", "authors_parsed", "submitter") or the
arXiv API's as its wrappers write them ("arxiv_id", "entry_id", "summary",
"published", "updated", "primary_category", "journal_ref", "comment",
"pdf_url"), or a Paper's own (Paper.to_dict(): "subjects", "journal",
"report_no", "submitted", "msc_class", "year", "withdrawn"; the ones that
follow from others, "url", "added", are made again), read by the same code as
a snapshot line, so TeX is decoded and ids made canonical the same way:
writer.add(paper.to_dict()) stores the paper as it was. "authors" and
"categories" may also be lists of str. Any other key raises ValueError,
naming the keys there are.

Changes are committed in batches (batch_records changes or batch_interval
seconds), on commit(), and on close(). As a context manager it closes on
exit, first dropping the open batch if the block raised. One Writer per index
at a time (DatabaseLockedError otherwise, unless wait_for_lock). Calls on one
Writer are serialized by a lock; the GIL is released while it works.)DOC");
  bind_init_with_keywords<py::object>(
      m, writer, writer_keywords(),
      [](py::object path) {
        return WriterCall{py::module_::import("os").attr("fspath")(path).cast<std::string>(), {}};
      },
      [](WriterCall& call) { return std::make_unique<PyWriter>(call.path, call.options); },
      "Opens or creates the index. Raises DatabaseLockedError, SchemaVersionError, IoError.");
  writer
      .def("add", &PyWriter::add, py::arg("record"),
           "Adds the paper, or replaces the one with its id (an older update_date never "
           "overwrites a newer one). Returns its canonical id. Raises RecordError for a record "
           "paperdex-index would skip (origin 'record:1'), ValueError for a key the snapshot "
           "has not (its message lists the keys).")
      .def("add_all", &PyWriter::add_all, py::arg("records"), py::kw_only(),
           py::arg("strict") = false,
           "Adds every record of an iterable of dicts. Returns the skipped ones as "
           "[RecordError] (origin 'records:N', N counting from 1). strict=True raises the first "
           "instead, dropping the open batch, as paperdex-index --strict.")
      .def("delete", &PyWriter::remove, py::arg("id"),
           "Removes the paper with this id (any version suffix). Returns False if it is not "
           "indexed.")
      .def("commit", &PyWriter::commit, "Commits the open batch, making it visible to searchers.")
      .def("discard_batch", &PyWriter::discard_batch, "Drops the open batch's changes.")
      .def("close", &PyWriter::close, "Commits what is pending and releases the index's lock.")
      .def_property_readonly("stats", &PyWriter::stats,
                             "{'added', 'updated', 'unchanged', 'merged', 'deleted'}: counts "
                             "since the Writer was opened")
      .def("__exit__", [](PyWriter& self, py::object type, py::object, py::object) {
        if (!type.is_none() && !self.closed()) self.discard_batch();
        if (!self.closed()) self.close();
      });
  bind_index_handle(writer, "Writer", "documents",
                    "documents in the index, the open batch included");
}

}  // namespace

void bind_index(py::module_& m) {
  bind_index_function(m);
  bind_writer(m);
}

}  // namespace paperdex::python
