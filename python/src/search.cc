#include "search.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <pybind11/stl.h>

#include "errors.h"
#include "index_handle.h"
#include "json_value.h"
#include "keyword_table.h"
#include "output.h"
#include "paperdex/common/record_fields.h"
#include "paperdex/search_parameters.h"
#include "paperdex/searcher.h"

namespace py = pybind11;

namespace paperdex::python {
namespace {

// ---------------------------------------------------------------------------
// Searcher.search's keywords: the library's search parameters
// (search_parameters.h) offered to Python, named with underscores, read by
// the argument parser, the docstring, Searcher.search_keywords and the stub
// test (paperdex._keyword_tables, keyword_table.h). Python's values become
// the parameters' text here, by the row's type, for search()'s own type
// messages; the row reads the text, with the library's range messages.

struct RequestKeyword {
  std::string name;
  std::string help;
  std::string stub_type;  // its annotation in paperdex.pyi, from the row's type
  const SearchParameter* row;
};

std::string type_name(py::handle value) { return py::str(py::type::of(value).attr("__name__")); }

[[noreturn]] void wrong_type(const std::string& keyword, const char* wanted, py::handle value,
                             const char* function = "search()") {
  throw py::type_error(std::string(function) + ": " + keyword + " must be " + wanted + ", not " +
                       type_name(value));
}

// `function`'s argument `keyword`: a str, or an iterable of them.
std::vector<std::string> string_list(const std::string& keyword, py::handle value,
                                     const char* function = "search()") {
  // A lone string is one value, not a sequence of characters.
  if (py::isinstance<py::str>(value)) return {value.cast<std::string>()};
  if (value.is_none()) return {};
  if (!py::isinstance<py::iterable>(value))
    wrong_type(keyword, "a str or an iterable of str", value, function);
  std::vector<std::string> values;
  for (py::handle item : py::iter(value)) {
    if (!py::isinstance<py::str>(item))
      wrong_type(keyword, "a str or an iterable of str", item, function);
    values.push_back(item.cast<std::string>());
  }
  return values;
}

bool is_bool(py::handle value) { return py::isinstance<py::bool_>(value); }
bool is_int(py::handle value) { return py::isinstance<py::int_>(value) && !is_bool(value); }

// A number as the parameters read it: 3, 0.5, 1e+10, inf, nan.
std::string number_text(py::handle value) {
  if (is_int(value)) return py::str(value).cast<std::string>();
  const double number = value.cast<double>();
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", number);
  return text;
}

// The texts a Python value is for a parameter of `type`.
// @throws TypeError naming the keyword, for a value of another type.
std::vector<std::string> parameter_texts(const std::string& keyword, ParameterType type,
                                         py::handle value) {
  switch (type) {
    case ParameterType::kTextList:
      return string_list(keyword, value);
    case ParameterType::kSwitch:
      if (!is_bool(value)) wrong_type(keyword, "a bool", value);
      return {value.cast<bool>() ? "true" : "false"};
    case ParameterType::kCount:
      // A bool says whether, where the row reads it (facets=True: counted).
      if (is_bool(value)) return {value.cast<bool>() ? "true" : "false"};
      if (!is_int(value)) wrong_type(keyword, "an int", value);
      return {number_text(value)};
    case ParameterType::kSeconds:
      if (!(is_int(value) || py::isinstance<py::float_>(value))) {
        wrong_type(keyword, "a number", value);
      }
      return {number_text(value)};
    case ParameterType::kChoice:
      if (!py::isinstance<py::str>(value)) wrong_type(keyword, "a str", value);
      return {value.cast<std::string>()};
    case ParameterType::kText:
      if (value.is_none()) return {""};
      if (!py::isinstance<py::str>(value)) wrong_type(keyword, "a str or None", value);
      return {value.cast<std::string>()};
  }
  return {};
}

// The Python value of a parameter's texts (its default, for the docstring).
py::object parameter_value(ParameterType type, const std::vector<std::string>& texts) {
  const std::string text = texts.empty() ? std::string() : texts.front();
  switch (type) {
    case ParameterType::kTextList:
      return py::tuple(py::cast(texts));
    case ParameterType::kSwitch:
      return py::bool_(text == "true");
    case ParameterType::kCount:
      if (text == "true" || text == "false") return py::bool_(text == "true");
      return py::int_(std::stoll(text));
    case ParameterType::kSeconds:
      return py::float_(std::stod(text));
    case ParameterType::kChoice:
      return py::str(text);
    case ParameterType::kText:
      return text.empty() ? py::object(py::none()) : py::object(py::str(text));
  }
  return py::none();
}

std::string stub_type(const SearchParameter& row) {
  switch (row.type) {
    case ParameterType::kTextList:
      return "_Strings";
    case ParameterType::kSwitch:
      return "bool";
    case ParameterType::kCount: {
      const std::vector<std::string> texts = row.get(SearchRequest{});
      return !texts.empty() && (texts[0] == "true" || texts[0] == "false") ? "Union[bool, int]"
                                                                           : "int";
    }
    case ParameterType::kSeconds:
      return "float";
    case ParameterType::kChoice: {
      std::string listed;
      for (const std::string_view choice : row.choices) {
        listed += (listed.empty() ? "'" : ", '") + std::string(choice) + "'";
      }
      return "Literal[" + listed + "]";
    }
    case ParameterType::kText:
      return "Optional[str]";  // None: not given
  }
  return "";
}

const std::vector<RequestKeyword>& request_keywords() {
  static const std::vector<RequestKeyword> rows = [] {
    std::vector<RequestKeyword> built;
    for (const SearchParameter& row : search_parameters()) {
      if ((row.surfaces & kPythonSurface) == 0) continue;
      built.push_back({python_name(row.name), std::string(row.help), stub_type(row), &row});
    }
    return built;
  }();
  return rows;
}

// Sets `request` through `set` from a keyword's value; a range error is
// InvalidRequestError naming the keyword as Python writes it.
template <typename Set>
void set_keyword(const std::string& keyword, ParameterType type, py::handle value, Set set) {
  try {
    for (const std::string& text : parameter_texts(keyword, type, value)) set(text);
  } catch (const InvalidRequestError& error) {
    throw InvalidRequestError(keyword, error.problem());
  }
}

// The rows with SearchRequest's defaults, for the docstring and the stub test.
std::vector<KeywordDoc> request_docs() {
  const SearchRequest defaults;
  std::vector<KeywordDoc> docs;
  for (const RequestKeyword& row : request_keywords()) {
    docs.push_back({row.name, parameter_value(row.row->type, row.row->get(defaults)), row.stub_type,
                    row.help});
  }
  return docs;
}

std::string request_signature() {
  std::string signature = "search(query='', *";
  for (const KeywordDoc& row : request_docs()) {
    signature += ", " + row.name + "=" + py::repr(row.default_value).cast<std::string>();
  }
  return signature + ") -> SearchResult";
}

std::string search_docstring() {
  std::string doc = request_signature() +
                    "\n\nRuns one search. `query` is paperdex's query language (README \"Query "
                    "syntax\"); an empty query with filters lists every match, newest first. "
                    "Filters are OR-ed within a keyword and AND-ed across keywords and with the "
                    "query.\n\nKeywords (SearchRequest's fields, same names):\n";
  doc += keyword_lines(request_docs());
  doc +=
      "\nThe GIL is released while searching. Calls on one Searcher are serialized by a lock; "
      "open one Searcher per thread to search in parallel.\n\nRaises InvalidRequestError (a "
      "number out of the range given above), QuerySyntaxError (with "
      "position, hint and query), Error (`like` names no paper), IoError.";
  return doc;
}

// An older keyword: it still works, with a DeprecationWarning naming the new one.
bool apply_deprecated(SearchRequest& request, const std::string& name, py::handle value) {
  const DeprecatedParameter* old = find_deprecated_parameter(name, kPythonSurface);
  if (old == nullptr) return false;
  std::string replacement = python_name(old->replacement);
  if (const auto space = replacement.find(' '); space != std::string::npos) {
    replacement = replacement.substr(0, space) + "='" + replacement.substr(space + 1) + "'";
  }
  const std::string warning = "search(): " + deprecation_message(name, replacement);
  if (PyErr_WarnEx(PyExc_DeprecationWarning, warning.c_str(), 2) != 0) {
    throw py::error_already_set();
  }
  set_keyword(name, old->type, value, [&](const std::string& text) { old->set(request, text); });
  return true;
}

void apply_keywords(SearchRequest& request, const py::kwargs& keywords) {
  for (const auto& [key, value] : keywords) {
    const std::string name = py::cast<std::string>(key);
    const auto& rows = request_keywords();
    const auto row = std::find_if(rows.begin(), rows.end(),
                                  [&](const RequestKeyword& r) { return r.name == name; });
    if (row != rows.end()) {
      set_keyword(name, row->row->type, value,
                  [&](const std::string& text) { row->row->set(request, text); });
      continue;
    }
    if (apply_deprecated(request, name, value)) continue;
    py::list names;
    for (const RequestKeyword& r : rows) names.append(r.name);
    const py::list close = py::module_::import("difflib").attr("get_close_matches")(name, names);
    throw py::type_error("search() got an unexpected keyword argument '" + name + "'" +
                         (close.empty()
                              ? std::string()
                              : " (did you mean '" + close[0].cast<std::string>() + "'?)"));
  }
}

// ---------------------------------------------------------------------------
// Results.

// One search's request and result, converted to Python values when asked.
struct ResultView {
  SearchRequest request;
  SearchResult result;
  py::object hits;  // the Hit objects, made on first use

  const py::object& hit_list() {
    if (!hits) hits = py::cast(result.hits);
    return hits;
  }
};

// The first `columns` code points of UTF-8 `text`, "…" marking a cut.
std::string clipped(const std::string& text, std::size_t columns) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80 && count++ == columns) {
      return text.substr(0, i) + "…";
    }
  }
  return text;
}

std::string quoted(const std::string& text) { return py::repr(py::str(text)).cast<std::string>(); }

std::string html_escaped(const std::string& text) {
  return render_highlights(HighlightedText{text, {}}, "", "", true);
}

std::string fixed2(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", value);
  return buffer;
}

std::string totals_line(const ResultView& view) {
  const SearchResult& r = view.result;
  std::string line;
  if (r.hits.empty()) {
    line = "no hits";
  } else {
    line = "hits " + std::to_string(view.request.offset + 1) + "-" +
           std::to_string(view.request.offset + r.hits.size());
  }
  line += " of " + std::string(r.total_exact ? "" : "about ") + std::to_string(r.total);
  if (r.match_set == MatchSet::kAnyWord) {
    line += " matching any word (" + std::to_string(r.all_words_total) + " every word)";
  } else if (r.match_set == MatchSet::kMostWords) {
    line += " matching " + std::to_string(r.words_needed) + " of " +
            std::to_string(r.words_searched) + " words (" + std::to_string(r.all_words_total) +
            " every word)";
  }
  return line;
}

std::string result_repr(const ResultView& view) {
  const SearchResult& r = view.result;
  std::string text =
      "<paperdex.SearchResult " + quoted(view.request.query) + ": " + totals_line(view) + ">";
  if (r.corrected) text += "\n  showing results for " + quoted(r.suggestion);
  if (!r.corrected && !r.suggestion.empty()) text += "\n  did you mean " + quoted(r.suggestion);
  std::size_t number = view.request.offset;
  for (const Hit& hit : r.hits) {
    text += "\n  " + std::to_string(++number) + ". " + hit.id + " (" +
            (hit.year ? std::to_string(hit.year) : std::string("----")) + ") " +
            clipped(hit.title.text, 64) + (hit.score > 0 ? "  [" + fixed2(hit.score) + "]" : "");
  }
  const auto facet_line = [&](const char* name, const std::vector<FacetCount>& facet) {
    if (facet.empty()) return;
    text += "\n  " + std::string(name) + ":";
    for (std::size_t i = 0; i < facet.size() && i < 5; ++i) {
      text += " " + facet[i].value + "=" + std::to_string(facet[i].count);
    }
    if (facet.size() > 5) text += " …";
  };
  facet_line("subjects", r.subject_facets);
  facet_line("years", r.year_facets);
  facet_line("authors", r.author_facets);
  return text;
}

std::string result_html(const ResultView& view) {
  const SearchResult& r = view.result;
  std::string html = "<div><p><b>" + html_escaped(view.request.query) +
                     "</b>: " + html_escaped(totals_line(view)) + "</p>";
  if (!r.suggestion.empty()) {
    html += "<p>" + std::string(r.corrected ? "Showing results for " : "Did you mean ") + "<i>" +
            html_escaped(r.suggestion) + "</i></p>";
  }
  if (!r.hits.empty()) {
    html += "<table><tr><th>#</th><th>id</th><th>year</th><th>title</th><th>score</th></tr>";
    std::size_t number = view.request.offset;
    for (const Hit& hit : r.hits) {
      html += "<tr><td>" + std::to_string(++number) + "</td><td>" + html_escaped(hit.id) +
              "</td><td>" + (hit.year ? std::to_string(hit.year) : std::string()) + "</td><td>" +
              render_highlights(hit.title, "<b>", "</b>", true) + "</td><td>" + fixed2(hit.score) +
              "</td></tr>";
    }
    html += "</table>";
  }
  return html + "</div>";
}

// What the CLI prints for this search with --format json.
presentation::OutputOptions json_options(const SearchRequest& request) {
  presentation::OutputOptions options;
  options.explain = request.explain;
  return options;
}

// paperdex-search's format `name` (the CLI's format table): its printers
// write what format() returns, so both give the same strings.
const presentation::OutputFormat& output_format(const std::string& name) {
  const presentation::OutputFormat* format = presentation::find_format(name);
  if (!format) {
    throw py::value_error("format(): the format must be " + presentation::format_names() +
                          ", not '" + name + "'");
  }
  return *format;
}

py::object facet_dict(const std::vector<FacetCount>& facet) {
  py::dict values;
  for (const FacetCount& f : facet) values[py::str(f.value)] = f.count;
  return values;
}

// A SearchResult field as a read-only attribute of the same name.
template <typename T>
void result_attribute(py::class_<ResultView>& cls, const char* name, T SearchResult::*field,
                      const char* doc) {
  cls.def_property_readonly(
      name, [field](const ResultView& view) -> const T& { return view.result.*field; }, doc);
}

// ---------------------------------------------------------------------------
// The Searcher.

class PySearcher {
 public:
  PySearcher(const std::vector<std::string>& locations, const SearcherOptions& options) {
    for (const std::string& location : locations) path_ += (path_.empty() ? "" : " + ") + location;
    py::gil_scoped_release release;
    searcher_.emplace(locations, options);
  }

  ResultView search(std::string query, const py::kwargs& keywords) {
    ResultView view;
    view.request.query = std::move(query);
    apply_keywords(view.request, keywords);
    std::optional<QuerySyntaxError> syntax_error;
    {
      py::gil_scoped_release release;
      std::lock_guard lock(mutex_);
      try {
        view.result = open().search(view.request);
      } catch (const QuerySyntaxError& error) {
        syntax_error = error;  // raised below, with the GIL and the query
      }
    }
    if (syntax_error) raise_query_syntax_error(*syntax_error, view.request.query);
    return view;
  }

  Paper get(const std::string& id) {
    return without_gil([&](Searcher& searcher) { return searcher.get(id); });
  }

  std::string body(const std::string& id) {
    return without_gil([&](Searcher& searcher) { return searcher.body(id); });
  }

  void save_search(const std::string& name, std::string query, const py::kwargs& keywords) {
    SearchRequest request;
    request.query = std::move(query);
    apply_keywords(request, keywords);
    without_gil([&](Searcher& searcher) { searcher.save_search(name, request); });
  }

  // search_saved (only_new false) or search_new: the page from `keywords`.
  ResultView run_saved(const std::string& name, bool only_new, const py::kwargs& keywords) {
    ResultView view;
    apply_keywords(view.request, keywords);
    without_gil([&](Searcher& searcher) {
      view.result = only_new ? searcher.search_new(name, view.request)
                             : searcher.search_saved(name, view.request);
      view.request.query = searcher.saved_search(name).request.query;
    });
    return view;
  }

  SavedSearch saved_search(const std::string& name) {
    return without_gil([&](Searcher& searcher) { return searcher.saved_search(name); });
  }

  std::vector<SavedSearch> saved_searches() {
    return without_gil([](Searcher& searcher) { return searcher.saved_searches(); });
  }

  void delete_saved_search(const std::string& name) {
    without_gil([&](Searcher& searcher) { searcher.delete_saved_search(name); });
  }

  // recommend(): search() with the tags as its `recommend` keyword, so that
  // the one row of the search-parameter table reads them (commas, repeats)
  // and a syntax error is raised with the query, as search() raises it.
  ResultView recommend(const py::object& tags, std::string query, const py::kwargs& keywords) {
    if (keywords.contains("recommend")) {
      throw py::type_error("recommend(): the tags are its first argument, not recommend=");
    }
    py::kwargs all;
    for (const auto& [keyword, value] : keywords) all[keyword] = value;
    all["recommend"] = tags;
    return search(std::move(query), all);
  }

  TagChange add_to_tag(const std::string& name, const py::object& ids) {
    const std::vector<std::string> given = string_list("ids", ids, "add_to_tag()");
    return without_gil([&](Searcher& searcher) { return searcher.add_to_tag(name, given); });
  }

  TagChange remove_from_tag(const std::string& name, const py::object& ids) {
    const std::vector<std::string> given = string_list("ids", ids, "remove_from_tag()");
    return without_gil([&](Searcher& searcher) { return searcher.remove_from_tag(name, given); });
  }

  Tag tag(const std::string& name) {
    return without_gil([&](Searcher& searcher) { return searcher.tag(name); });
  }

  std::vector<Tag> tags() {
    return without_gil([](Searcher& searcher) { return searcher.tags(); });
  }

  void delete_tag(const std::string& name) {
    without_gil([&](Searcher& searcher) { searcher.delete_tag(name); });
  }

  IndexInfo index_info() {
    return without_gil([](Searcher& searcher) { return searcher.index_info(); });
  }

  std::size_t document_count() {
    std::lock_guard lock(mutex_);
    return open().document_count();
  }

  AnalysisVersions analysis_versions() {
    return without_gil([](Searcher& searcher) { return searcher.analysis_versions(); });
  }

  bool reopen() {
    return without_gil([](Searcher& searcher) { return searcher.reopen(); });
  }

  std::string revision() {
    return without_gil([](Searcher& searcher) { return searcher.revision(); });
  }

  void close() {
    py::gil_scoped_release release;
    std::lock_guard lock(mutex_);
    searcher_.reset();
  }

  bool closed() const { return !searcher_; }
  const std::string& path() const { return path_; }

 private:
  // `call` on the open Searcher, under the lock, the GIL released meanwhile
  // (other Python threads run while this one reads the index).
  template <typename Call>
  auto without_gil(const Call& call) -> decltype(call(std::declval<Searcher&>())) {
    py::gil_scoped_release release;
    std::lock_guard lock(mutex_);
    return call(open());
  }

  Searcher& open() {
    if (!searcher_) throw Error("the Searcher of " + path_ + " is closed");
    return *searcher_;
  }

  std::string path_;
  std::mutex mutex_;  // a Searcher is not shareable between threads in C++
  std::optional<Searcher> searcher_;
};

// Searcher(path, ...)'s arguments, as its keyword table fills them.
struct SearcherCall {
  std::vector<std::string> locations;  // path: one, or several searched as one
  SearcherOptions options;
};

// Searcher()'s keywords, one row each (keyword_table.h).
auto searcher_keywords() {
  using Call = SearcherCall;
  return std::make_tuple(
      typed_keyword<Call>(
          "allow_program_stubs", "bool", SearcherOptions{}.allow_program_stubs,
          [](Call& c, bool v) { c.options.allow_program_stubs = v; },
          "open a stub file naming a program to run ('remote :PROGRAM'), which is refused "
          "(DatabaseNotFoundError) without it: opening an index must not run its code"),
      typed_keyword<Call>(
          "allow_partial", "bool", SearcherOptions{}.allow_partial,
          [](Call& c, bool v) { c.options.allow_partial = v; },
          "open without the remote shards that cannot be reached, for searches with "
          "allow_partial=True (others try them again, and raise IoError naming them)"),
      typed_keyword<Call>(
          "split_each_search", "bool", SearcherOptions{}.split_each_search,
          [](Call& c, bool v) { c.options.split_each_search = v; },
          "count each search's matches on a second thread beside its page (the fastest "
          "single search); False runs it on the calling thread alone, for programs that "
          "search from as many threads at once as there are cores"));
}

py::object index_info_dict(const IndexInfo& info, const std::string& path) {
  return to_python(presentation::stats_json(path, info));
}

// A Paper attribute's value: the member the record field names.
// (A paper without a full text has None for fulltext.)
py::object paper_value(const schema::RecordField& field, const Paper& paper) {
  py::object value = py::none();
  schema::visit_field(field, paper, [&](const auto& member) {
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(member)>, FullTextFacts>) {
      if (member.source.empty()) return;
    }
    value = py::cast(member);
  });
  return value;
}

// Paper.fulltext as the JSON has it: {"source", "file", "pages" (PDFs),
// "words", "sections"}, or None.
py::object fulltext_as_dict(const FullTextFacts& facts) {
  if (facts.source.empty()) return py::none();
  py::dict entry;
  entry["source"] = facts.source;
  entry["file"] = facts.file;
  if (facts.pages > 0) entry["pages"] = facts.pages;
  entry["words"] = facts.words;
  entry["sections"] = facts.sections;
  return entry;
}

// Paper.references as the JSON has them: a dict of each entry's keys.
py::list references_as_dicts(const std::vector<Reference>& references) {
  py::list list;
  for (const Reference& reference : references) {
    py::dict entry;
    entry["text"] = reference.text;
    entry["id"] = reference.id;
    entry["more_ids"] = reference.more_ids;
    entry["doi"] = reference.doi;
    entry["url"] = reference.url;
    entry["title"] = reference.title;
    entry["authors"] = reference.authors;
    entry["year"] = reference.year > 0 ? py::object(py::int_(reference.year)) : py::none();
    entry["venue"] = reference.venue;
    entry["in_index"] = reference.in_index;
    entry["resolved_by"] = reference.resolved_by;
    list.append(std::move(entry));
  }
  return list;
}

// Old attribute names, kept for one release: each warns and reads the new one.
constexpr std::pair<const char*, const char*> kDeprecatedPaperNames[] = {
    {"categories", "subjects"},
    {"category_names", "subject_names"},
    {"journal_ref", "journal"},
    {"abs_url", "url"},
};

py::list versions_as_dicts(const std::vector<PaperVersion>& versions) {
  py::list list;
  for (const PaperVersion& version : versions) {
    py::dict entry;
    entry["version"] = version.version;
    entry["date"] = version.date;
    list.append(std::move(entry));
  }
  return list;
}

// What a paper's full text gave: FullTextFacts and Reference.
void bind_fulltext_parts(py::module_& m) {
  py::class_<FullTextFacts>(m, "FullTextFacts",
                            "What a paper's full text was read from (Paper.fulltext).")
      .def_readonly("source", &FullTextFacts::source, "'pdf', 'latex', 'unarxive' or 'jsonl'")
      .def_readonly("file", &FullTextFacts::file, "the file (or 'file:line') it was read from")
      .def_readonly("pages", &FullTextFacts::pages, "a PDF's pages; 0 for the others")
      .def_readonly("words", &FullTextFacts::words, "words of the body")
      .def_readonly("sections", &FullTextFacts::sections, "the section titles, in order")
      .def("__repr__", [](const FullTextFacts& facts) {
        return "FullTextFacts(" + quoted(facts.source) + ", " + quoted(facts.file) +
               ", pages=" + std::to_string(facts.pages) + ", words=" + std::to_string(facts.words) +
               ", sections=" + std::to_string(facts.sections.size()) + ")";
      });
  py::class_<Reference>(m, "Reference",
                        "One entry of a paper's reference list (Paper.references), resolved "
                        "against the index.")
      .def_readonly("text", &Reference::text, "the entry as printed, its label kept")
      .def_readonly("id", &Reference::id,
                    "the arXiv id it names, else the id of the paper of this index it resolves "
                    "to; '' when none")
      .def_readonly("more_ids", &Reference::more_ids,
                    "the other arXiv ids its text names (an entry listing several works)")
      .def_readonly("doi", &Reference::doi, "the DOI it gives, lower case")
      .def_readonly("url", &Reference::url, "the first link it gives")
      .def_readonly("title", &Reference::title, "the title read from it ('' when unsure)")
      .def_readonly("authors", &Reference::authors, "the authors as written")
      .def_readonly("year", &Reference::year, "0 when it gives none")
      .def_readonly("venue", &Reference::venue, "the journal or conference it names")
      .def_readonly("in_index", &Reference::in_index, "whether id is a paper of this index")
      .def_readonly("resolved_by", &Reference::resolved_by,
                    "how it was linked: 'arxiv_id', 'doi', 'title' or ''")
      .def("__repr__", [](const Reference& reference) {
        return "Reference(" + quoted(clipped(reference.text, 60)) + ", id=" + quoted(reference.id) +
               ")";
      });
}

// Paper's attributes and to_dict: the public rows of the record-field table
// (record_fields.h), in its order, the old names after them.
void bind_paper(py::module_& m) {
  bind_fulltext_parts(m);
  py::class_<Paper> paper(m, "Paper",
                          "Everything the index stores about one paper (Searcher.get, "
                          "Hit.paper): plain text, TeX decoded; '' (or [], or 0) for what the "
                          "source did not have.");
  for (const schema::RecordField& field : schema::record_fields()) {
    if (field.audience != schema::FieldAudience::kPublic) continue;
    paper.def_property_readonly(
        std::string(field.name).c_str(), [&field](const Paper& p) { return paper_value(field, p); },
        std::string(field.help).c_str());
  }
  for (const auto& [old_name, name] : kDeprecatedPaperNames) {
    const schema::RecordField& field = *schema::find_record_field(name);
    const std::string warning = std::string("Paper.") + old_name + " is deprecated: use Paper." +
                                name + " (the name paperdex-search's JSON uses)";
    paper.def_property_readonly(
        old_name,
        [&field, warning](const Paper& p) {
          if (PyErr_WarnEx(PyExc_DeprecationWarning, warning.c_str(), 1) != 0) {
            throw py::error_already_set();
          }
          return paper_value(field, p);
        },
        ("Deprecated: " + std::string(name) + ".").c_str());
  }
  paper
      .def(
          "to_dict",
          [](const Paper& p) {
            py::dict fields;
            for (const schema::RecordField& field : schema::record_fields()) {
              if (field.audience != schema::FieldAudience::kPublic) continue;
              // Plain data, as the JSON has it: a version is {"version", "date"}.
              fields[std::string(field.name).c_str()] =
                  field.kind == schema::RecordFieldKind::kVersions   ? versions_as_dicts(p.versions)
                  : field.kind == schema::RecordFieldKind::kFullText ? fulltext_as_dict(p.fulltext)
                  : field.kind == schema::RecordFieldKind::kReferences
                      ? references_as_dicts(p.references)
                      : paper_value(field, p);
            }
            return fields;
          },
          "The fields as a dict of plain values (a version as {'version': ..., 'date': ...}), "
          "in the order of Paper's attributes: the keys and values of paperdex-search "
          "--show ID --json, which Writer.add takes back.")
      .def(
          "format",
          [](const Paper& p, const std::string& name) {
            std::ostringstream out;
            output_format(name).print_papers(out, presentation::ShownPapers{{p}, {}},
                                             presentation::OutputOptions{});
            return out.str();
          },
          py::arg("name"),
          "The paper as paperdex-search --show ID --format NAME prints it: 'bibtex', 'ris', "
          "'csljson', 'atom', 'markdown', 'json', ...")
      .def("__repr__", [](const Paper& p) {
        return "Paper(" + quoted(p.id) + ", year=" + std::to_string(p.year) +
               ", title=" + quoted(clipped(p.title, 60)) + ")";
      });
}

// IndexInfo plus the path it describes (for to_dict, which is --stats --json).
struct IndexInfoView {
  IndexInfo info;
  std::string path;
};

template <typename T>
void info_attribute(py::class_<IndexInfoView>& cls, const char* name, T IndexInfo::*field,
                    const char* doc) {
  cls.def_property_readonly(
      name, [field](const IndexInfoView& view) -> const T& { return view.info.*field; }, doc);
}

// bind_search's parts, defined after it (in the order the classes are bound).
void bind_highlighted(py::module_& m);
void bind_hit_and_facet(py::module_& m);
void bind_search_result(py::module_& m);
void bind_index_info(py::module_& m);
void bind_searcher(py::module_& m);

}  // namespace

void bind_search(py::module_& m) {
  bind_highlighted(m);

  py::class_<TermContribution>(m, "TermContribution",
                               "A query term a hit matched and its share of the score.")
      .def_readonly("field", &TermContribution::field, "'text', 'title', 'author', 'subject', ...")
      .def_readonly("term", &TermContribution::term, "the term as indexed (a stem in text)")
      .def_readonly("weight", &TermContribution::weight, "its share of Hit.score; 0 for filters")
      .def("__repr__", [](const TermContribution& t) {
        return "TermContribution(" + quoted(t.field + ":" + t.term) + ", " + fixed2(t.weight) + ")";
      });

  py::class_<PaperVersion>(m, "PaperVersion", "One version of a paper as arXiv lists it.")
      .def_readonly("version", &PaperVersion::version, "'v1', 'v2', ...")
      .def_readonly("date", &PaperVersion::date, "its submission date, 'YYYY-MM-DD', or ''")
      .def("__repr__", [](const PaperVersion& v) {
        return "PaperVersion(" + quoted(v.version) + ", " + quoted(v.date) + ")";
      });

  bind_paper(m);

  bind_hit_and_facet(m);
  bind_search_result(m);
  bind_index_info(m);
  bind_searcher(m);
}

namespace {

// Hit and Facet: a result page's papers and its facet counts.
void bind_hit_and_facet(py::module_& m) {
  py::class_<Hit>(m, "Hit", "One paper of a result page.")
      .def_readonly("id", &Hit::id, "arXiv id ('2101.00001') or a derived id")
      .def_readonly("title", &Hit::title, "the title (Highlighted)")
      .def_readonly("snippet", &Hit::snippet,
                    "from the abstract, around the best passage (Highlighted)")
      .def_readonly("authors", &Hit::authors, "display names, in paper order")
      .def_readonly("subjects", &Hit::subjects, "arXiv categories, primary first")
      .def_readonly("year", &Hit::year, "year of first submission; 0 when unknown")
      .def_readonly("score", &Hit::score, "relevance: the IneB2 weight (0 for filter-only queries)")
      .def_readonly("matches_all_words", &Hit::matches_all_words,
                    "False for a paper of an any-word match set that lacks a word")
      .def_readonly("explanation", &Hit::explanation,
                    "with explain=True: [TermContribution], largest share first")
      .def_readonly("because", &Hit::because,
                    "with recommend: why it is like the tags' papers, [TermContribution] of the "
                    "words, authors and categories that weighed most, largest first")
      .def_readonly("paper", &Hit::paper, "the whole stored record (Paper)")
      .def_property_readonly(
          "cited_by_count", [](const Hit& hit) { return hit.paper.cited_by_count; },
          "how many papers of this index cite it (cites:ID lists them)")
      .def_property_readonly(
          "passage",
          [](const Hit& hit) -> py::object {
            if (hit.passage.text.empty()) return py::none();
            return py::cast(hit.passage);
          },
          "the best-matching passage of the full text, with its page and section (Passage), "
          "when the query searches bodies and this paper's matched; else None")
      .def_property_readonly(
          "news", [](const Hit& hit) { return std::string(news_name(hit.news)); },
          "what became new about it since its saved search was last read for what is new: "
          "'new', 'new version', 'cross-listed', or ''")
      .def(
          "to_dict",
          [](const Hit& hit) {
            // The CLI's JSON for a result of this one hit: the same keys.
            SearchResult one;
            one.hits.push_back(hit);
            presentation::OutputOptions options;
            options.explain = !hit.explanation.empty();
            return to_python(
                presentation::Json::parse(presentation::result_json("", one, options))["hits"][0]);
          },
          "The hit as paperdex-search --format json prints it (one element of 'hits').")
      .def("__repr__", [](const Hit& hit) {
        return "Hit(" + quoted(hit.id) + ", year=" + std::to_string(hit.year) +
               ", score=" + fixed2(hit.score) + ", title=" + quoted(clipped(hit.title.text, 60)) +
               ")";
      });

  py::class_<FacetCount>(m, "Facet", "A facet value and how many matching papers have it.")
      .def_readonly("value", &FacetCount::value,
                    "a subject ('cs.NI'), a year ('2024') or an author")
      .def_readonly("count", &FacetCount::count, "matching papers with that value")
      .def_readonly("label", &FacetCount::label, "a subject's name, or ''")
      .def("__repr__", [](const FacetCount& f) {
        return "Facet(" + quoted(f.value) + ", " + std::to_string(f.count) +
               (f.label.empty() ? std::string() : ", " + quoted(f.label)) + ")";
      });
}

// SearchResult's attributes that are SearchResult's fields, and its protocols.
void bind_result_fields(py::class_<ResultView>& result) {
  result_attribute(result, "total", &SearchResult::total, "matches in match_set");
  result_attribute(result, "total_exact", &SearchResult::total_exact,
                   "False when total is an estimate (the time limit was reached)");
  result_attribute(result, "all_words_total", &SearchResult::all_words_total,
                   "papers matching every word");
  result_attribute(result, "words_needed", &SearchResult::words_needed,
                   "for match_set 'most_words': the papers counted have at least this many of "
                   "the query's words_searched words; 0 otherwise");
  result_attribute(result, "words_searched", &SearchResult::words_searched,
                   "for match_set 'most_words': the query's distinct words, stopwords left "
                   "out; 0 otherwise");
  result_attribute(result, "ranked_total", &SearchResult::ranked_total,
                   "the papers ranked, which pages reach through: total, but for match_set "
                   "'most_words', where papers with fewer of the words follow those counted");
  const struct {
    const char* name;
    std::vector<FacetCount> SearchResult::*field;
    const char* doc;
  } facets[] = {
      {"subject_facets", &SearchResult::subject_facets,
       "[Facet] by count, descending, then value; one per category (cs.IT and math.IT are "
       "one), counting what subjects=value finds"},
      {"year_facets", &SearchResult::year_facets, "[Facet] by year, descending"},
      {"author_facets", &SearchResult::author_facets,
       "with author_facet=True: [Facet] by count, descending, then name"},
  };
  for (const auto& facet : facets) result_attribute(result, facet.name, facet.field, facet.doc);
  result_attribute(result, "parsed_query", &SearchResult::parsed_query,
                   "the query in paperdex's syntax, filters included "
                   "('(text:optic OR author:optic) AND subject:cs.ni AND year:2020..2024')");
  result_attribute(result, "corrected", &SearchResult::corrected,
                   "the hits are for suggestion (correct=True)");
  result_attribute(result, "partial", &SearchResult::partial,
                   "True when remote shards were missing (allow_partial=True): the hits, "
                   "totals and facets are of the other shards");
  result_attribute(result, "missing_shards", &SearchResult::missing_shards,
                   "the missing remote shards, as 'tcp://HOST:PORT' ([str]); notes say why");
  result
      .def(
          "to_dict",
          [](const ResultView& view) {
            return to_python(presentation::Json::parse(presentation::result_json(
                view.request.query, view.result, json_options(view.request))));
          },
          "Exactly the JSON object paperdex-search --format json prints for this search.")
      .def(
          "format",
          [](const ResultView& view, const std::string& name) {
            std::ostringstream out;
            output_format(name).print_result(out, view.request.query, view.result, view.request,
                                             json_options(view.request));
            return out.str();
          },
          py::arg("name"),
          "The hits as paperdex-search --format NAME prints this search: 'bibtex', 'ris', "
          "'csljson' (citations), 'atom' (a feed), 'markdown' (a digest), 'json', ...")
      .def("__len__", [](const ResultView& view) { return view.result.hits.size(); })
      .def("__iter__", [](ResultView& view) { return view.hit_list().attr("__iter__")(); })
      .def("__getitem__",
           [](ResultView& view, py::object index) { return view.hit_list()[std::move(index)]; })
      .def("__repr__", &result_repr)
      .def("_repr_html_", &result_html);
}

// SearchResult: what one search found.
void bind_search_result(py::module_& m) {
  py::class_<ResultView> result(m, "SearchResult",
                                "What a search found. len() and iteration are over the page's "
                                "hits; to_dict() is paperdex-search --format json's object.");
  result
      .def_property_readonly(
          "hits", [](ResultView& view) { return view.hit_list(); },
          "the requested page: at most `limit` Hit objects from `offset`")
      .def_property_readonly(
          "query", [](const ResultView& view) { return view.request.query; }, "the query searched")
      .def_property_readonly(
          "match_set",
          [](const ResultView& view) {
            return presentation::match_set_name(view.result.match_set);
          },
          "which papers total and the facets describe: 'all_words', 'any_word' or "
          "'most_words'")
      .def_property_readonly(
          "match_rule",
          [](const ResultView& view) {
            return presentation::match_rule_name(view.result.match_rule);
          },
          "why match_set is what it is: 'as_written', 'short_query', 'no_full_match', "
          "'long_query' or 'any_word_requested' (README, 'Which papers match')")
      .def_property_readonly(
          "notes", [](const ResultView& view) { return py::cast(view.result.notes); },
          "what was read as words rather than as query syntax, and why, and authors= names "
          "that are no author's whole name, with the nearest names: [str]")
      .def_property_readonly(
          "suggestion",
          [](const ResultView& view) {
            return view.result.suggestion.empty() ? py::object(py::none())
                                                  : py::object(py::str(view.result.suggestion));
          },
          "'did you mean': the corrected query, or None")
      .def_property_readonly(
          "facets",
          [](const ResultView& view) {
            py::dict facets;
            facets["subject"] = facet_dict(view.result.subject_facets);
            facets["year"] = facet_dict(view.result.year_facets);
            if (!view.result.author_facets.empty()) {
              facets["author"] = facet_dict(view.result.author_facets);
            }
            return facets;
          },
          "{'subject': {value: count}, 'year': {...}, 'author': {...} (with author_facet)}: "
          "subject_facets, year_facets and author_facets as dicts (to_dict() has the JSON's "
          "bucket lists)");
  bind_result_fields(result);
}

// IndexInfo and AnalysisVersions: what Searcher.index_info() and
// Searcher.analysis_versions() report.
void bind_index_info(py::module_& m) {
  py::class_<IndexInfoView> info(m, "IndexInfo", "What Searcher.index_info() reports.");
  info_attribute(info, "documents", &IndexInfo::documents, "papers");
  info_attribute(info, "unique_terms", &IndexInfo::unique_terms, "distinct index terms");
  info_attribute(info, "term_occurrences", &IndexInfo::term_occurrences, "words indexed");
  info_attribute(info, "size_bytes", &IndexInfo::size_bytes, "the index's files on disk");
  info_attribute(info, "first_year", &IndexInfo::first_year, "earliest year; 0 when none");
  info_attribute(info, "last_year", &IndexInfo::last_year, "latest year");
  info_attribute(info, "subjects", &IndexInfo::subjects, "[Facet]: every subject, by count");
  info_attribute(info, "schema_version", &IndexInfo::schema_version, "on-disk schema version");
  info_attribute(info, "last_update", &IndexInfo::last_update, "last commit, ISO 8601 UTC, or ''");
  info_attribute(info, "analysis", &IndexInfo::analysis, "'ICU 72.1, Unicode 15.0', or ''");
  info.def(
          "to_dict",
          [](const IndexInfoView& view) { return index_info_dict(view.info, view.path); },
          "Exactly paperdex-search --stats --format json's object.")
      .def("__repr__", [](const IndexInfoView& view) {
        return "IndexInfo(" + quoted(view.path) +
               ", documents=" + std::to_string(view.info.documents) +
               ", years=" + std::to_string(view.info.first_year) + ".." +
               std::to_string(view.info.last_year) +
               ", subjects=" + std::to_string(view.info.subjects.size()) + ")";
      });

  py::class_<AnalysisVersions>(m, "AnalysisVersions",
                               "The analysis (ICU, Unicode) an index was built with, and this "
                               "library's; when they differ, re-index to be sure.")
      .def_readonly("index", &AnalysisVersions::index, "recorded by the indexer; '' when not")
      .def_readonly("searcher", &AnalysisVersions::searcher, "this library's")
      .def_property_readonly("differ", &AnalysisVersions::differ, "both known and different")
      .def("__repr__", [](const AnalysisVersions& v) {
        return "AnalysisVersions(index=" + quoted(v.index) + ", searcher=" + quoted(v.searcher) +
               ")";
      });
}

// SavedSearch: a search stored in the index.
void bind_saved_search(py::module_& m) {
  py::class_<SavedSearch>(m, "SavedSearch", "A search saved in the index under a name.")
      .def_readonly("name", &SavedSearch::name, "its name")
      .def_property_readonly(
          "query", [](const SavedSearch& s) { return s.request.query; }, "the query")
      .def_property_readonly(
          "subjects", [](const SavedSearch& s) { return s.request.subjects; }, "subject filters")
      .def_property_readonly(
          "years", [](const SavedSearch& s) { return s.request.years; }, "year filters")
      .def_property_readonly(
          "authors", [](const SavedSearch& s) { return s.request.authors; }, "author filters")
      .def_readonly("saved", &SavedSearch::saved, "when it was saved (index time, UTC)")
      .def_readonly("seen", &SavedSearch::seen,
                    "when it was last run with search_new (else saved): later papers are new")
      .def_readonly("new_papers", &SavedSearch::new_papers, "how many papers are new to it")
      .def("__repr__", [](const SavedSearch& s) {
        return "SavedSearch(" + quoted(s.name) + ", query=" + quoted(s.request.query) +
               ", new_papers=" + std::to_string(s.new_papers) + ")";
      });
}

// Tag and TagChange: papers kept under a name in the index.
void bind_tag(py::module_& m) {
  py::class_<Tag>(m, "Tag", "Papers kept in the index under a name (Searcher.add_to_tag).")
      .def_readonly("name", &Tag::name, "its name")
      .def_readonly("papers", &Tag::papers, "the papers' ids, in the order they were added")
      .def_readonly("created", &Tag::created, "when it was made (index time, UTC)")
      .def_readonly("changed", &Tag::changed, "when a paper was last added or removed")
      .def("__repr__", [](const Tag& t) {
        return "Tag(" + quoted(t.name) + ", papers=" + std::to_string(t.papers.size()) + ")";
      });
  py::class_<TagChange>(m, "TagChange", "What add_to_tag or remove_from_tag did.")
      .def_readonly("tag", &TagChange::tag, "the tag as it now is (no papers: deleted)")
      .def_readonly("changed", &TagChange::changed, "the papers added (removed), by their ids")
      .def_readonly("unchanged", &TagChange::unchanged, "the papers already in the tag (not in it)")
      .def_readonly("not_found", &TagChange::not_found,
                    "the ids, as given, that name no paper of the index")
      .def("__repr__", [](const TagChange& c) {
        return "TagChange(" + quoted(c.tag.name) + ", changed=" + std::to_string(c.changed.size()) +
               ", not_found=" + std::to_string(c.not_found.size()) + ")";
      });
}

// Searcher's tag methods and recommend().
void bind_tag_methods(py::class_<PySearcher>& searcher) {
  searcher
      .def("recommend", &PySearcher::recommend, py::arg("tag"), py::arg("query") = "",
           "Papers like the papers of the tag (a name, or a list of names: one set of "
           "papers), theirs left out, each hit's because saying why; search()'s keywords "
           "(filters, limit, ...) apply. Raises TagError for an unknown tag.")
      .def("add_to_tag", &PySearcher::add_to_tag, py::arg("name"), py::arg("ids"),
           "Adds papers (ids in any form id: takes, or DOIs) to the tag name, made when "
           "there is none; returns a TagChange naming the ids no paper has. Writes under the "
           "index's lock, as save_search.")
      .def("remove_from_tag", &PySearcher::remove_from_tag, py::arg("name"), py::arg("ids"),
           "Removes papers from the tag name (a tag left empty is deleted); returns a "
           "TagChange.")
      .def("tag", &PySearcher::tag, py::arg("name"),
           "The tag name (Tag); raises TagError when there is none.")
      .def("tags", &PySearcher::tags, "Every tag ([Tag]), by name.")
      .def("delete_tag", &PySearcher::delete_tag, py::arg("name"),
           "Deletes the tag name; raises TagError when there is none.");
}

// Searcher's saved-search methods.
void bind_saved_search_methods(py::class_<PySearcher>& searcher) {
  searcher
      .def("save_search", &PySearcher::save_search, py::arg("name"), py::arg("query") = "",
           "Saves the query and filters (subject, year, author, no_cross_lists, like, match, "
           "sort, strict_syntax: search()'s keywords) in the index as name; the papers the index "
           "adds "
           "from now on are new to it. Writes under the index's lock: raises "
           "DatabaseLockedError while a writer runs, SavedSearchError for a bad name.")
      .def(
          "search_saved",
          [](PySearcher& self, const std::string& name, const py::kwargs& keywords) {
            return self.run_saved(name, false, keywords);
          },
          py::arg("name"),
          "Runs the saved search name; the page and output keywords (limit, offset, ...) are "
          "search()'s. Each hit's news says what is new about it; nothing is marked seen.")
      .def(
          "search_new",
          [](PySearcher& self, const std::string& name, const py::kwargs& keywords) {
            return self.run_saved(name, true, keywords);
          },
          py::arg("name"),
          "Only the papers the index added, or saw a new version or category of, since the "
          "saved search was last run so (or saved), each hit's news saying which; then marks "
          "them all seen. Writes under the index's lock, as save_search.")
      .def("saved_search", &PySearcher::saved_search, py::arg("name"),
           "The saved search name (SavedSearch); raises SavedSearchError when there is none.")
      .def("saved_searches", &PySearcher::saved_searches,
           "Every saved search ([SavedSearch]), by name, with how many papers are new to each.")
      .def("delete_saved_search", &PySearcher::delete_saved_search, py::arg("name"),
           "Deletes the saved search name; raises SavedSearchError when there is none.");
}

// Searcher, with search()'s docstring and keyword names from its table.
void bind_searcher(py::module_& m) {
  bind_saved_search(m);
  bind_tag(m);
  py::list keyword_names;
  for (const RequestKeyword& row : request_keywords()) keyword_names.append(row.name);

  py::class_<PySearcher> searcher(
      m, "Searcher",
      "Searches one paperdex index: Searcher(path).\n\n"
      "Thread-safety: calls on one Searcher are serialized by a lock of its "
      "own, so sharing one between threads is safe but not parallel; open one "
      "Searcher per thread (it takes well under a millisecond) to search in "
      "parallel: the GIL is released while searching. A Searcher sees the "
      "index as of when it was opened. Usable as a context manager (closes "
      "it).");
  bind_init_with_keywords<py::object>(
      m, searcher, searcher_keywords(),
      [](py::object path) {
        SearcherCall call{path_list(path, "path"), {}};
        if (call.locations.empty())
          throw py::value_error("Searcher needs a path, or a list of them");
        return call;
      },
      [](SearcherCall& call) { return std::make_unique<PySearcher>(call.locations, call.options); },
      "Opens the index at path: an index directory, a stub file or 'tcp://HOST:PORT' (a "
      "shard served by xapian-tcpsrv), or a list of them searched as one index. Raises "
      "DatabaseNotFoundError, SchemaVersionError, IoError. Remote shards give up on a silent "
      "server after each search's time_limit_seconds, plus a second (half of it with "
      "allow_partial).");
  searcher.def("search", &PySearcher::search, py::arg("query") = "", search_docstring().c_str())
      .def("get", &PySearcher::get, py::arg("id"),
           "The stored paper with this id (Paper): an arXiv id in any form id: takes "
           "('2101.00001', 'arXiv:2101.00001v2', an abs/ URL) or a derived id. Raises "
           "PaperNotFoundError (with .id) when no paper has it.")
      .def("body", &PySearcher::body, py::arg("id"),
           "The full text of the paper with this id, as the indexer read it (Paper.fulltext "
           "says from what): words separated by spaces, paragraphs by newlines, a PDF's pages "
           "each ending in a form feed; '' when it has none. Raises PaperNotFoundError "
           "(with .id) when no paper has the id.")
      .def(
          "index_info",
          [](PySearcher& self) {
            return IndexInfoView{self.index_info(), self.path()};
          },
          "Describes the index (counts its distinct terms: a second or two per million papers).")
      .def("analysis_versions", &PySearcher::analysis_versions,
           "The index's analysis and this library's (AnalysisVersions).")
      .def("reopen", &PySearcher::reopen,
           "Moves to the index's latest commit, so later calls see what writers committed "
           "since the Searcher opened; True when it moved. Cheap when nothing was committed.")
      .def_property_readonly("revision", &PySearcher::revision,
                             "the revision the Searcher shows, as an opaque str: new after "
                             "each commit reopen() picks up")
      .def("close", &PySearcher::close, "Closes the index; later calls raise Error.")
      .def("__exit__", [](PySearcher& self, py::args) { self.close(); })
      .def_property_readonly_static(
          "search_keywords", [keyword_names](py::object) { return py::tuple(keyword_names); },
          "The keyword arguments search() takes: SearchRequest's fields.");
  bind_index_handle(searcher, "Searcher", "papers", "papers in the index, as of opening");
  bind_saved_search_methods(searcher);
  bind_tag_methods(searcher);
  publish_keywords(m, "Searcher.search", request_docs());
}

// Highlighted: display text and its matched spans.
void bind_highlighted(py::module_& m) {
  py::class_<HighlightedText>(m, "Highlighted",
                              "Display text with the byte ranges that matched the query. "
                              "str() is the plain text; render() adds markers.")
      .def_readonly("text", &HighlightedText::text, "the display text")
      .def_readonly("spans", &HighlightedText::spans,
                    "[begin, end) UTF-8 byte ranges of the matched words, sorted")
      .def(
          "render",
          [](const HighlightedText& text, const std::string& open, const std::string& close,
             bool html_escape) { return render_highlights(text, open, close, html_escape); },
          py::arg("open") = "<b>", py::arg("close") = "</b>", py::arg("html_escape") = true,
          "The text with each matched span wrapped in open/close; with html_escape the text "
          "(not the markers) is HTML-escaped.")
      .def(
          "runs",
          [](const HighlightedText& text) {
            py::list runs;
            visit_highlights(text, [&](std::string_view run, bool matched) {
              runs.append(py::make_tuple(py::str(run.data(), run.size()), matched));
            });
            return runs;
          },
          "The text as [(run, matched), ...]: plain runs and matched spans in order, "
          "concatenating to the text.")
      .def("__str__", [](const HighlightedText& text) { return text.text; })
      .def("__repr__",
           [](const HighlightedText& text) {
             return "Highlighted(" + quoted(render_highlights(text, "[", "]", false)) + ")";
           })
      .def("_repr_html_", [](const HighlightedText& text) {
        return render_highlights(text, "<b>", "</b>", true);
      });

  py::class_<Passage, HighlightedText>(
      m, "Passage",
      "The passage of a paper's full text that best matches the query (Hit.passage): "
      "Highlighted, with the page and section it is in.")
      .def_readonly("page", &Passage::page,
                    "the page (1-based) its matches begin on, in a PDF's text; 0 when unknown")
      .def_readonly("section", &Passage::section,
                    "the title of the section it is in ('3 Method'); '' when unknown")
      .def("__repr__", [](const Passage& passage) {
        return "Passage(" + quoted(render_highlights(passage, "[", "]", false)) +
               ", page=" + std::to_string(passage.page) + ", section=" + quoted(passage.section) +
               ")";
      });
}

}  // namespace

}  // namespace paperdex::python
