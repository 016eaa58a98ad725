#include "citation_formats.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <set>

#include <unicode/utf8.h>
#include <nlohmann/json.hpp>

#include "output_columns.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/tex.h"

namespace paperdex::cli {
namespace {

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ') ++i;
    if (i > start) words.emplace_back(text.substr(start, i - start));
  }
  return words;
}

// Words [begin, end) joined by spaces.
std::string joined(const std::vector<std::string>& words, std::size_t begin, std::size_t end) {
  return join(std::vector<std::string>(words.begin() + static_cast<std::ptrdiff_t>(begin),
                                       words.begin() + static_cast<std::ptrdiff_t>(end)),
              " ");
}

bool is_name_suffix(std::string_view word) {
  static constexpr std::array<std::string_view, 7> kSuffixes = {"Jr", "Jr.", "Sr", "Sr.",
                                                                "II", "III", "IV"};
  return std::find(kSuffixes.begin(), kSuffixes.end(), word) != kSuffixes.end();
}

// A name that stands for a group: cited as it is written.
bool is_group_name(std::string_view name) {
  for (std::string_view word : {"Collaboration", "Consortium", "Team", "Group", "Project"}) {
    if (name.find(word) != std::string_view::npos) return true;
  }
  return false;
}

// "van", "der", "de", "von": lower-case words before the family name's last.
bool is_particle(std::string_view word) {
  return !word.empty() && word[0] >= 'a' && word[0] <= 'z';
}

std::string without_commas(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c != ',') out.push_back(c);
  }
  return join(words_of(out), " ");
}

}  // namespace

PersonName split_name(std::string_view display_name) {
  PersonName name;
  if (const std::size_t comma = display_name.find(','); comma != std::string_view::npos) {
    name.family = without_commas(display_name.substr(0, comma));
    name.given = without_commas(display_name.substr(comma + 1));
    if (name.family.empty()) name.literal = name.given;
    return name;
  }
  std::vector<std::string> words = words_of(display_name);
  if (words.size() <= 1 || is_group_name(display_name)) {
    name.literal = join(words, " ");
    return name;
  }
  if (words.size() > 2 && is_name_suffix(words.back())) {
    name.suffix = words.back();
    words.pop_back();
  }
  std::size_t family = words.size() - 1;
  while (family > 1 && is_particle(words[family - 1])) --family;
  name.family = joined(words, family, words.size());
  name.given = joined(words, 0, family);
  return name;
}

namespace {

// ---------------------------------------------------------------------------
// Keys.

const Analyzer& key_analyzer() {
  thread_local const Analyzer analyzer;  // not shareable between threads
  return analyzer;
}

// A word folded to what a key may hold: a-z and 0-9.
std::string key_part(std::string_view text) {
  std::string part;
  for (const char c : key_analyzer().fold(text)) {
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) part.push_back(c);
  }
  return part;
}

bool is_key_stop_word(std::string_view word) {
  static constexpr std::array<std::string_view, 18> kStopWords = {
      "a",  "an", "the",  "on", "of", "in",  "for", "and",  "to",
      "at", "by", "from", "as", "is", "are", "via", "with", "or"};
  return std::find(kStopWords.begin(), kStopWords.end(), word) != kStopWords.end();
}

std::string base_key(const Paper& paper) {
  std::string key;
  if (!paper.authors.empty()) {
    const PersonName first = split_name(paper.authors.front());
    const std::vector<std::string> words =
        words_of(first.literal.empty() ? first.family : first.literal);
    for (const std::string& word : words) key += key_part(word);
  }
  if (key.empty()) key = "anonymous";
  if (paper.year > 0) key += std::to_string(paper.year);
  for (const Token& token : key_analyzer().tokenize(paper.title)) {
    const std::string word = key_part(token.term);
    if (!word.empty() && !is_key_stop_word(word) &&
        word.find_first_of("abcdefghijklmnopqrstuvwxyz") != std::string::npos) {
      return key + word;
    }
  }
  return key;
}

std::string repeat_suffix(int repeat) {  // 1 -> "b", 2 -> "c", ..., then numbers
  return repeat < 25 ? std::string(1, static_cast<char>('a' + repeat)) : std::to_string(repeat + 1);
}

}  // namespace

std::vector<std::string> citation_keys(std::span<const Paper> papers) {
  std::vector<std::string> keys;
  std::set<std::string> used;
  std::map<std::string, int> repeats;
  for (const Paper& paper : papers) {
    const std::string base = base_key(paper);
    std::string key = base;
    int& repeat = repeats[base];
    while (used.count(key) > 0) key = base + repeat_suffix(++repeat);
    used.insert(key);
    keys.push_back(std::move(key));
  }
  return keys;
}

namespace {

// ---------------------------------------------------------------------------
// Shared by the formats.

bool is_journal_article(const Paper& paper) {
  return !paper.journal.empty() && !paper.doi.empty() && paper.year > 0;
}

bool is_arxiv_paper(const Paper& paper) { return !paper.url.empty(); }

// Text on one line: control characters (line breaks included) as spaces.
std::string one_line(std::string_view text) {
  std::string line(text);
  for (char& c : line) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  }
  return line;
}

bool is_date(std::string_view date) {
  return date.size() == 10 && date[4] == '-' && date[7] == '-' &&
         std::all_of(date.begin(), date.end(),
                     [](char c) { return c == '-' || (c >= '0' && c <= '9'); });
}

// The date a citation gives: the first submission, else the year alone.
std::string issued_date(const Paper& paper) {
  if (is_date(paper.submitted)) return paper.submitted;
  return paper.year > 0 ? std::to_string(paper.year) : std::string();
}

// ---------------------------------------------------------------------------
// BibTeX.

// A word "and" inside a name would split it: braced, BibTeX leaves it alone.
std::string bibtex_name_part(std::string_view text) {
  std::vector<std::string> words = words_of(encode_tex(text));
  for (std::string& word : words) {
    if (word == "and") word = "{and}";
  }
  return join(words, " ");
}

std::string bibtex_name(std::string_view display_name) {
  const PersonName name = split_name(display_name);
  if (!name.literal.empty()) return "{" + bibtex_name_part(name.literal) + "}";
  std::string written = bibtex_name_part(name.family);
  if (!name.suffix.empty()) written += ", " + bibtex_name_part(name.suffix);
  if (!name.given.empty()) written += ", " + bibtex_name_part(name.given);
  return written;
}

// DOIs and URLs as they are (biblatex reads them verbatim), without what
// would end the field.
std::string verbatim(std::string_view text) {
  std::string out;
  for (const char c : one_line(text)) {
    if (c != '{' && c != '}' && c != ' ') out.push_back(c);
  }
  return out;
}

void bibtex_entry(std::string& out, const Paper& paper, const std::string& key) {
  const bool article = is_journal_article(paper);
  out += (article ? "@article{" : "@misc{") + key + ",\n";
  const auto field = [&](std::string_view name, const std::string& value) {
    if (!value.empty()) out += "  " + std::string(name) + " = {" + value + "},\n";
  };
  if (!paper.title.empty()) field("title", "{" + encode_tex(one_line(paper.title)) + "}");
  std::vector<std::string> authors;
  for (const std::string& author : paper.authors) authors.push_back(bibtex_name(one_line(author)));
  field("author", join(authors, " and "));
  if (paper.year > 0) field("year", std::to_string(paper.year));
  if (article) field("journal", encode_tex(one_line(paper.journal)));
  if (is_arxiv_paper(paper)) {
    field("eprint", verbatim(paper.id));
    field("archivePrefix", "arXiv");
    field("primaryClass", verbatim(paper.primary));
  }
  field("doi", verbatim(paper.doi));
  field("url", verbatim(paper.url));
  out += "}\n";
}

}  // namespace

std::string bibtex(std::span<const Paper> papers) {
  const std::vector<std::string> keys = citation_keys(papers);
  std::string out;
  for (std::size_t i = 0; i < papers.size(); ++i) {
    if (i > 0) out += '\n';
    bibtex_entry(out, papers[i], keys[i]);
  }
  return out;
}

// ---------------------------------------------------------------------------
// RIS.

namespace {

std::string ris_name(std::string_view display_name) {
  const PersonName name = split_name(display_name);
  if (!name.literal.empty()) return name.literal;
  std::string written = name.family;
  if (!name.given.empty()) written += ", " + name.given;
  if (!name.suffix.empty()) written += ", " + name.suffix;
  return written;
}

void ris_entry(std::string& out, const Paper& paper, const std::string& key) {
  const bool article = is_journal_article(paper);
  const auto tag = [&](std::string_view name, const std::string& value) {
    if (!value.empty()) out += std::string(name) + "  - " + one_line(value) + "\n";
  };
  tag("TY", article ? "JOUR" : "ELEC");
  tag("ID", key);
  for (const std::string& author : paper.authors) tag("AU", ris_name(author));
  tag("TI", paper.title);
  if (paper.year > 0) tag("PY", std::to_string(paper.year));
  std::string date = issued_date(paper);
  std::replace(date.begin(), date.end(), '-', '/');
  if (date.size() == 10) tag("DA", date);
  tag("AB", paper.abstract);
  if (article) tag("JO", paper.journal);
  tag("DO", paper.doi);
  tag("UR", paper.url);
  if (is_arxiv_paper(paper)) tag("AN", "arXiv:" + paper.id);
  for (const std::string& subject : paper.subjects) tag("KW", subject);
  out += "ER  - \n";
}

}  // namespace

std::string ris(std::span<const Paper> papers) {
  const std::vector<std::string> keys = citation_keys(papers);
  std::string out;
  for (std::size_t i = 0; i < papers.size(); ++i) {
    if (i > 0) out += '\n';
    ris_entry(out, papers[i], keys[i]);
  }
  return out;
}

// ---------------------------------------------------------------------------
// CSL-JSON.

namespace {

using Json = nlohmann::ordered_json;

Json csl_name(std::string_view display_name) {
  const PersonName name = split_name(display_name);
  if (!name.literal.empty()) return {{"literal", name.literal}};
  Json written = {{"family", name.family}};
  if (!name.given.empty()) written["given"] = name.given;
  if (!name.suffix.empty()) written["suffix"] = name.suffix;
  return written;
}

Json csl_date(const std::string& date) {
  Json parts = Json::array();
  for (std::size_t begin = 0; begin < date.size();) {
    const std::size_t end = std::min(date.find('-', begin), date.size());
    parts.push_back(std::stoi(date.substr(begin, end - begin)));
    begin = end + 1;
  }
  return {{"date-parts", Json::array({parts})}};
}

Json csl_item(const Paper& paper, const std::string& key) {
  const bool article = is_journal_article(paper);
  Json item = {{"id", key}, {"type", article ? "article-journal" : "article"}};
  const auto set = [&](const char* name, const std::string& value) {
    if (!value.empty()) item[name] = value;
  };
  set("title", paper.title);
  if (!paper.authors.empty()) {
    Json authors = Json::array();
    for (const std::string& author : paper.authors) authors.push_back(csl_name(author));
    item["author"] = std::move(authors);
  }
  if (const std::string date = issued_date(paper); !date.empty()) item["issued"] = csl_date(date);
  set("abstract", paper.abstract);
  if (article) set("container-title", paper.journal);
  if (is_arxiv_paper(paper)) {
    set("number", paper.id);
    if (!article) set("publisher", "arXiv");
  }
  set("DOI", paper.doi);
  set("URL", paper.url);
  return item;
}

}  // namespace

std::string csl_json(std::span<const Paper> papers) {
  const std::vector<std::string> keys = citation_keys(papers);
  Json items = Json::array();
  for (std::size_t i = 0; i < papers.size(); ++i) items.push_back(csl_item(papers[i], keys[i]));
  return items.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

// ---------------------------------------------------------------------------
// Atom.

namespace {

// Text for XML 1.0: the five specials escaped; the characters XML cannot
// hold (C0 and C1 controls but tab and line breaks, U+FFFE, U+FFFF,
// invalid UTF-8) as spaces.
std::string xml_escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  const auto length = static_cast<std::int32_t>(text.size());
  for (std::int32_t i = 0; i < length;) {
    const std::int32_t start = i;
    UChar32 c = 0;
    U8_NEXT(text.data(), i, length, c);
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        const bool allowed =
            c == '\t' || c == '\n' || c == '\r' ||
            (c >= 0x20 && c != 0x7F && !(c >= 0x80 && c <= 0x9F) && c != 0xFFFE && c != 0xFFFF);
        if (allowed) {
          out.append(text.substr(start, i - start));
        } else {
          out += ' ';
        }
    }
  }
  return out;
}

std::string atom_time(const std::string& date) { return date + "T00:00:00Z"; }

// When an entry last changed: its metadata's date, else when it was submitted.
std::string entry_updated(const Paper& paper) {
  if (is_date(paper.updated)) return atom_time(paper.updated);
  if (is_date(paper.submitted)) return atom_time(paper.submitted);
  return atom_time((paper.year > 0 ? std::to_string(paper.year) : "1970") + "-01-01");
}

// A tag URI (RFC 4151) naming what a feed is about: the same query gives the
// same id on every run, so a reader knows it is the same feed.
std::string tag_uri(std::string_view kind, std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string uri = "tag:paperdex,2026:" + std::string(kind) + ":";
  for (const char byte : text) {
    const auto c = static_cast<unsigned char>(byte);
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
        c == '.' || c == '_' || c == '~') {
      uri.push_back(byte);
    } else {
      uri += {'%', kHex[c >> 4], kHex[c & 15]};
    }
  }
  return uri;
}

void atom_entry(std::string& out, const Paper& paper) {
  const auto element = [&](std::string_view name, const std::string& value) {
    out +=
        "    <" + std::string(name) + ">" + xml_escaped(value) + "</" + std::string(name) + ">\n";
  };
  out += "  <entry>\n";
  element("id", is_arxiv_paper(paper) ? paper.url : tag_uri("paper", paper.id));
  element("title", paper.title.empty() ? paper.id : paper.title);
  element("updated", entry_updated(paper));
  if (is_date(paper.submitted)) element("published", atom_time(paper.submitted));
  for (const std::string& author : paper.authors) {
    out += "    <author><name>" + xml_escaped(author) + "</name></author>\n";
  }
  if (!paper.abstract.empty()) element("summary", paper.abstract);
  if (!paper.url.empty()) {
    out += "    <link rel=\"alternate\" type=\"text/html\" href=\"" + xml_escaped(paper.url) +
           "\"/>\n";
  }
  if (!paper.pdf_url.empty()) {
    out += "    <link rel=\"related\" type=\"application/pdf\" title=\"pdf\" href=\"" +
           xml_escaped(paper.pdf_url) + "\"/>\n";
  }
  for (std::size_t i = 0; i < paper.subjects.size(); ++i) {
    const std::string label = i < paper.subject_names.size() ? paper.subject_names[i] : "";
    out += "    <category term=\"" + xml_escaped(paper.subjects[i]) + "\"" +
           (label.empty() ? "" : " label=\"" + xml_escaped(label) + "\"") + "/>\n";
  }
  out += "  </entry>\n";
}

}  // namespace

std::string atom_feed(const FeedSubject& subject, std::span<const Paper> papers) {
  std::string updated = "1970-01-01T00:00:00Z";  // a feed with no entries
  for (const Paper& paper : papers) updated = std::max(updated, entry_updated(paper));
  std::string out =
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
      "<feed xmlns=\"http://www.w3.org/2005/Atom\"";
  out += subject.page ? " xmlns:opensearch=\"http://a9.com/-/spec/opensearch/1.1/\">\n" : ">\n";
  out += "  <id>" + xml_escaped(tag_uri("feed", subject.id_text)) + "</id>\n";
  out += "  <title>" + xml_escaped(subject.title) + "</title>\n";
  out += "  <updated>" + updated + "</updated>\n";
  // Entries without authors take the feed's (RFC 4287 4.1.2).
  out += "  <author><name>paperdex</name></author>\n";
  out += "  <generator version=\"" PAPERDEX_VERSION "\">paperdex</generator>\n";
  if (subject.page) {
    out += "  <opensearch:totalResults>" + std::to_string(subject.page->total_results) +
           "</opensearch:totalResults>\n";
    out += "  <opensearch:startIndex>" + std::to_string(subject.page->start_index) +
           "</opensearch:startIndex>\n";
    out += "  <opensearch:itemsPerPage>" + std::to_string(subject.page->items_per_page) +
           "</opensearch:itemsPerPage>\n";
  }
  for (const Paper& paper : papers) atom_entry(out, paper);
  return out + "</feed>\n";
}

// ---------------------------------------------------------------------------
// Markdown.

namespace {

// Text that Markdown shows as it is: its specials backslash-escaped (and $,
// which GitHub reads as math); a leading list marker too.
std::string markdown_escaped(std::string_view text) {
  std::string out;
  for (const char c : one_line(text)) {
    if (std::string_view("\\`*_[]<>|~#$&").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  if (!out.empty() && (out[0] == '-' || out[0] == '+')) out.insert(0, "\\");
  return out;
}

// The abstract's first sentences: whole sentences up to about 300
// characters, a long first sentence cut at a space.
std::string first_sentences(std::string_view abstract) {
  constexpr std::size_t kWanted = 200;
  constexpr std::size_t kMost = 400;
  std::size_t end = 0;
  for (std::size_t i = 0; i + 2 < abstract.size() && end < kWanted; ++i) {
    const bool sentence_end = (abstract[i] == '.' || abstract[i] == '?' || abstract[i] == '!') &&
                              abstract[i + 1] == ' ' && abstract[i + 2] >= 'A' &&
                              abstract[i + 2] <= 'Z';
    if (sentence_end) end = i + 1;
  }
  if (end == 0 || end > kMost) end = abstract.size();
  if (end <= kMost) return std::string(abstract.substr(0, end));
  const std::size_t space = abstract.rfind(' ', kMost);
  return std::string(abstract.substr(0, space == std::string_view::npos ? kMost : space)) + " …";
}

// At most this many authors, then "and N more".
constexpr std::size_t kDigestAuthors = 10;

std::string digest_authors(const std::vector<std::string>& authors) {
  std::vector<std::string> shown;
  for (std::size_t i = 0; i < authors.size() && i < kDigestAuthors; ++i) {
    shown.push_back(markdown_escaped(authors[i]));
  }
  std::string text = join(shown, ", ");
  if (authors.size() > kDigestAuthors) {
    text += " and " + std::to_string(authors.size() - kDigestAuthors) + " more";
  }
  return text;
}

void digest_entry(std::string& out, const Paper& paper, std::size_t number) {
  const std::string title = markdown_escaped(paper.title.empty() ? paper.id : paper.title);
  out += std::to_string(number) + ". **" +
         (paper.url.empty() ? title : "[" + title + "](" + paper.url + ")") + "**  \n";
  std::vector<std::string> facts;
  if (!paper.authors.empty()) facts.push_back(digest_authors(paper.authors));
  facts.push_back(is_arxiv_paper(paper) ? "arXiv:" + markdown_escaped(paper.id)
                                        : markdown_escaped(paper.id));
  if (!paper.subjects.empty()) facts.push_back(markdown_escaped(join(paper.subjects, ", ")));
  if (const std::string date = issued_date(paper); !date.empty()) facts.push_back(date);
  out += "   " + join(facts, " · ") + (paper.abstract.empty() ? "\n" : "  \n");
  if (!paper.abstract.empty())
    out += "   " + markdown_escaped(first_sentences(paper.abstract)) + "\n";
  out += "\n";
}

}  // namespace

std::string markdown_digest(const FeedSubject& subject, std::span<const Paper> papers) {
  std::string out = "# " + markdown_escaped(subject.title) + "\n\n";
  if (papers.empty()) out += "No papers.\n\n";
  for (std::size_t i = 0; i < papers.size(); ++i) digest_entry(out, papers[i], i + 1);
  out.pop_back();  // one line break at the end, not a blank line
  return out;
}

}  // namespace paperdex::cli
