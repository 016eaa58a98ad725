#include "citation_formats.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <regex>
#include <set>

#include <unicode/utf8.h>
#include <nlohmann/json.hpp>

#include "output_columns.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/markup_entity.h"
#include "paperdex/common/space_split.h"
#include "paperdex/common/tex.h"

namespace paperdex::presentation {
namespace {

std::vector<std::string> words_of(std::string_view text) {
  const std::vector<std::string_view> words = split_on_spaces(text);
  return {words.begin(), words.end()};
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

// The words that begin a family name ("van der Waals", "De Cristofaro",
// "dos Santos"), in either case: Italian and Flemish names capitalise them.
// Only these: any lower-case word would take "i" of "Ferrer i Cancho". Over
// the 285,000 names of the cs harvest and the snapshot whose split the
// source gives, the guess with them differs from it for 0.2% (mostly
// arXiv's own "Hengel" of "Anton van den Hengel"), the last word alone for 1.4%.
bool is_particle(std::string_view word) {
  static constexpr std::array<std::string_view, 18> kParticles = {
      "van", "von", "der", "den", "de", "di", "da",  "del", "della",
      "dei", "des", "le",  "la",  "lo", "du", "dos", "ten", "ter"};
  std::string lower(word);
  if (!lower.empty() && lower[0] >= 'A' && lower[0] <= 'Z')
    lower[0] = static_cast<char>(lower[0] - 'A' + 'a');
  return std::find(kParticles.begin(), kParticles.end(), lower) != kParticles.end();
}

bool is_lower_case(std::string_view word) {
  return !word.empty() && word[0] >= 'a' && word[0] <= 'z';
}

std::string without_commas(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c != ',') out.push_back(c);
  }
  return join(words_of(out), " ");
}

// The name split where the source put the family name: `family` ends the
// name, or comes before a suffix ("King Jr."). A family name the name does
// not end with (a newer source wrote the name otherwise), or one with no
// given name before it, gives no split.
std::optional<PersonName> split_at_family(std::string_view display_name, std::string_view family) {
  const std::vector<std::string> words = words_of(display_name);
  const std::vector<std::string> family_words = words_of(family);
  const std::size_t size = family_words.size();
  if (size == 0) return std::nullopt;
  for (std::size_t end = words.size(); end + 1 >= words.size() && end > size; --end) {
    if (end < words.size() && !is_name_suffix(words.back())) break;
    const auto start = static_cast<std::ptrdiff_t>(end - size);
    if (std::equal(family_words.begin(), family_words.end(), words.begin() + start)) {
      return PersonName{.family = joined(words, end - size, end),
                        .given = joined(words, 0, end - size),
                        .suffix = joined(words, end, words.size()),
                        .literal = {}};
    }
  }
  return std::nullopt;
}

}  // namespace

PersonName split_name(std::string_view display_name, std::string_view family) {
  PersonName name;
  if (!is_group_name(display_name)) {
    if (std::optional<PersonName> split = split_at_family(display_name, family)) return *split;
  }
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
  std::size_t start = words.size() - 1;
  while (start > 1 && is_particle(words[start - 1])) --start;
  name.family = joined(words, start, words.size());
  name.given = joined(words, 0, start);
  return name;
}

namespace {

// Author i's name split: by the family name the source gave, if any.
PersonName author_name(const Paper& paper, std::size_t i) {
  return split_name(paper.authors[i],
                    i < paper.family_names.size() ? paper.family_names[i] : std::string_view());
}

}  // namespace

// ---------------------------------------------------------------------------
// Journal references.

namespace {

// What a group of a journal-reference shape holds.
enum class RefPart { kJournal, kVolume, kIssue, kPages, kYear };

struct RefShape {
  std::regex pattern;
  std::vector<RefPart> groups;  // what each capture group holds, in order
};

// The shapes arXiv's journal-refs most often take, each matched whole. A
// journal's name: letters, dots, "&", "'", an acronym in parentheses, never a
// digit or a comma (so no author list, no sentence with a date in it); it
// ends at a space or comma, or glued to the volume after a dot or a series
// letter ("Eur.Phys.J.A31"); a "Vol." after it is dropped.
const std::vector<RefShape>& journal_ref_shapes() {
  static const std::vector<RefShape> shapes = [] {
    const std::string journal =
        R"(([A-Z][A-Za-z.&'() -]*?(?:[A-Za-z.)],?\s+|[A-Za-z.)],|\.|[ .][A-Z]))(?:[Vv]ol(?:ume)?\.?:?\s*)?)";
    const std::string volume = R"(([0-9]+))";
    const std::string issue = R"((?:\s*\(([0-9]+(?:-[0-9]+)?)\))?)";
    const std::string pages = R"((e?[0-9]+(?:\s*-{1,2}\s*[0-9]+)?))";
    const std::string year = R"((?:[A-Z][a-z]+\.?\s+)?((?:19|20)[0-9]{2}))";
    const std::string end_year = R"((?:,\s*|\s*\())" + year + R"(\)?)";
    const std::string vol = R"((?:[Vv]ol(?:ume)?\.?:?\s*))";
    const std::string number =
        R"((?:,?\s*(?:[Nn]o\.?|[Ii]ssue|[Nn]umber):?\s*([0-9]+(?:-[0-9]+)?))?)";
    const std::string pp = R"((?:pp?\.?\s*|[Pp]ages:?\s*))";
    using enum RefPart;
    const auto shape = [](const std::string& pattern, std::vector<RefPart> groups) {
      return RefShape{std::regex(pattern, std::regex::ECMAScript | std::regex::optimize),
                      std::move(groups)};
    };
    return std::vector<RefShape>{
        // Phys. Rev. D 76, 044016 (2007)
        shape(journal + volume + issue + R"(,\s*)" + pages + R"(\s*\()" + year + R"(\))",
              {kJournal, kVolume, kIssue, kPages, kYear}),
        // Nucl.Phys.B 123 (2001) 45-67
        shape(journal + volume + issue + R"(\s*\()" + year + R"(\),?\s*(?:)" + pp + ")?" + pages,
              {kJournal, kVolume, kIssue, kYear, kPages}),
        // JHEP 0701:045,2007; Algorithmica 59(1): 35-47 (2011)
        shape(journal + volume + issue + R"(\s*:\s*)" + pages + end_year,
              {kJournal, kVolume, kIssue, kPages, kYear}),
        // J. Artif. Intell. Res., Volume 42, pages 917-943, 2011
        shape(journal + vol + volume + issue + number + R"(,\s*(?:)" + pp + ")?" + pages + end_year,
              {kJournal, kVolume, kIssue, kIssue, kPages, kYear}),
        // EPTCS 195, 2015, pp. 273-284
        shape(journal + volume + R"(,\s*)" + year + R"(,\s*)" + pp + pages,
              {kJournal, kVolume, kYear, kPages}),
    };
  }();
  return shapes;
}

// Words that open a sentence about a paper, not a journal's name: "In
// Proceedings of ...", "Dans ...", "Draft of version in ...", "To appear in ...".
bool opens_a_sentence(std::string_view journal) {
  static constexpr std::array<std::string_view, 14> kOpeners = {
      "In",      "Dans", "Draft", "Accepted", "Submitted", "Published", "Appeared",
      "Appears", "To",   "Also",  "See",      "Presented", "Preprint",  "Extended"};
  const std::string_view first = journal.substr(0, journal.find(' '));
  return std::find(kOpeners.begin(), kOpeners.end(), first) != kOpeners.end();
}

// The first and last page of "45-67", "45 -- 67" or "044016".
bool set_pages(JournalRef& ref, std::string_view pages) {
  const std::size_t dash = pages.find('-');
  const auto number = [](std::string_view text) {
    std::string digits;
    for (const char c : text) {
      if (c != ' ' && c != '-') digits.push_back(c);
    }
    return digits;
  };
  ref.first_page = number(pages.substr(0, dash));
  if (dash == std::string_view::npos) return true;
  ref.last_page = number(pages.substr(dash));
  // "345-67" abbreviates 345-367, or is a typo: not a range to print. (Page
  // numbers compare as numbers: by length, then digit by digit.)
  const std::string &first = ref.first_page, &last = ref.last_page;
  return last.size() > first.size() || (last.size() == first.size() && last >= first);
}

std::optional<JournalRef> match_shape(const RefShape& shape, const std::string& text) {
  std::smatch match;
  if (!std::regex_match(text, match, shape.pattern)) return std::nullopt;
  JournalRef ref;
  for (std::size_t i = 0; i < shape.groups.size(); ++i) {
    if (!match[i + 1].matched) continue;
    const std::string value = match[i + 1].str();
    switch (shape.groups[i]) {
      case RefPart::kJournal:
        ref.journal = join(words_of(value.substr(0, value.find_last_not_of(", ") + 1)), " ");
        break;
      case RefPart::kVolume:
        ref.volume = value;
        break;
      case RefPart::kIssue:
        ref.issue = value;
        break;
      case RefPart::kPages:
        if (!set_pages(ref, value)) return std::nullopt;
        break;
      case RefPart::kYear:
        ref.year = std::stoi(value);
        break;
    }
  }
  // "ASMDA 2007 (2007) 1-8": a volume that is the year names a meeting.
  if (opens_a_sentence(ref.journal) || ref.volume == std::to_string(ref.year)) return std::nullopt;
  return ref;
}

}  // namespace

std::optional<JournalRef> parse_journal_ref(std::string_view text) {
  // Longer than any reference of these shapes; and libstdc++'s regex
  // recurses per character, which a 4 KiB field would feel.
  constexpr std::size_t kMostBytes = 200;
  std::string trimmed = join(words_of(text), " ");
  while (!trimmed.empty() && trimmed.back() == '.') trimmed.pop_back();
  if (trimmed.empty() || trimmed.size() > kMostBytes) return std::nullopt;
  for (const RefShape& shape : journal_ref_shapes()) {
    if (std::optional<JournalRef> ref = match_shape(shape, trimmed)) return ref;
  }
  return std::nullopt;
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
    const PersonName first = author_name(paper, 0);
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

// The pages as BibTeX and CSL write a range ("45--67", "45-67").
std::string page_range(const JournalRef& ref, std::string_view dash) {
  return ref.last_page.empty() ? ref.first_page
                               : ref.first_page + std::string(dash) + ref.last_page;
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

std::string bibtex_name(const PersonName& name) {
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

// @article when the journal reference parses (parse_journal_ref), with the
// journal's year; else @misc, the reference a note.
void bibtex_entry(std::string& out, const Paper& paper, const std::string& key) {
  const std::optional<JournalRef> ref = parse_journal_ref(paper.journal);
  out += (ref ? "@article{" : "@misc{") + key + ",\n";
  const auto field = [&](std::string_view name, const std::string& value) {
    if (!value.empty()) out += "  " + std::string(name) + " = {" + value + "},\n";
  };
  if (!paper.title.empty()) field("title", "{" + encode_tex(one_line(paper.title)) + "}");
  std::vector<std::string> authors;
  for (std::size_t i = 0; i < paper.authors.size(); ++i) {
    authors.push_back(bibtex_name(author_name(paper, i)));
  }
  field("author", join(authors, " and "));
  if (ref) {
    field("journal", encode_tex(ref->journal));
    field("volume", ref->volume);
    field("number", ref->issue);
    field("pages", page_range(*ref, "--"));
    field("year", std::to_string(ref->year));
  } else {
    if (paper.year > 0) field("year", std::to_string(paper.year));
    field("note", encode_tex(one_line(paper.journal)));
  }
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

std::string ris_name(const PersonName& name) {
  if (!name.literal.empty()) return name.literal;
  std::string written = name.family;
  if (!name.given.empty()) written += ", " + name.given;
  if (!name.suffix.empty()) written += ", " + name.suffix;
  return written;
}

// JOUR when the journal reference parses, else ELEC with the reference a note.
void ris_entry(std::string& out, const Paper& paper, const std::string& key) {
  const std::optional<JournalRef> ref = parse_journal_ref(paper.journal);
  const auto tag = [&](std::string_view name, const std::string& value) {
    if (!value.empty()) out += std::string(name) + "  - " + one_line(value) + "\n";
  };
  tag("TY", ref ? "JOUR" : "ELEC");
  tag("ID", key);
  for (std::size_t i = 0; i < paper.authors.size(); ++i) tag("AU", ris_name(author_name(paper, i)));
  tag("TI", paper.title);
  const int year = ref ? ref->year : paper.year;
  if (year > 0) tag("PY", std::to_string(year));
  std::string date = issued_date(paper);
  std::replace(date.begin(), date.end(), '-', '/');
  if (date.size() == 10) tag("DA", date);
  tag("AB", paper.abstract);
  if (ref) {
    tag("JO", ref->journal);
    tag("VL", ref->volume);
    tag("IS", ref->issue);
    tag("SP", ref->first_page);
    tag("EP", ref->last_page);
  } else {
    tag("N1", paper.journal);
  }
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

// A family name's lower-case particles ("van der" of "van der Waals") are
// its non-dropping particle, which citeproc prints before it and sorts
// after; a capitalised one ("De Cristofaro") is the name's own.
Json csl_name(const PersonName& name) {
  if (!name.literal.empty()) return {{"literal", name.literal}};
  const std::vector<std::string> words = words_of(name.family);
  std::size_t start = 0;
  while (start + 1 < words.size() && is_lower_case(words[start]) && is_particle(words[start])) {
    ++start;
  }
  Json written = {{"family", joined(words, start, words.size())}};
  if (!name.given.empty()) written["given"] = name.given;
  if (start > 0) written["non-dropping-particle"] = joined(words, 0, start);
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

// article-journal when the journal reference parses, issued in the
// journal's year; else article, the reference a note.
Json csl_item(const Paper& paper, const std::string& key) {
  const std::optional<JournalRef> ref = parse_journal_ref(paper.journal);
  Json item = {{"id", key}, {"type", ref ? "article-journal" : "article"}};
  const auto set = [&](const char* name, const std::string& value) {
    if (!value.empty()) item[name] = value;
  };
  set("title", paper.title);
  if (!paper.authors.empty()) {
    Json authors = Json::array();
    for (std::size_t i = 0; i < paper.authors.size(); ++i) {
      authors.push_back(csl_name(author_name(paper, i)));
    }
    item["author"] = std::move(authors);
  }
  const std::string date = ref ? std::to_string(ref->year) : issued_date(paper);
  if (!date.empty()) item["issued"] = csl_date(date);
  set("abstract", paper.abstract);
  if (ref) {
    set("container-title", ref->journal);
    set("volume", ref->volume);
    set("issue", ref->issue);
    set("page", page_range(*ref, "-"));
  } else {
    set("note", paper.journal);
  }
  if (is_arxiv_paper(paper)) {
    set("number", paper.id);
    if (!ref) set("publisher", "arXiv");
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
    const bool allowed =
        c == '\t' || c == '\n' || c == '\r' ||
        (c >= 0x20 && c != 0x7F && !(c >= 0x80 && c <= 0x9F) && c != 0xFFFE && c != 0xFFFF);
    if (const char* entity = c >= 0 ? markup_entity(static_cast<char32_t>(c)) : nullptr) {
      out += entity;
    } else if (c == '\'') {
      out += "&apos;";
    } else if (allowed) {
      out.append(text.substr(start, i - start));
    } else {
      out += ' ';
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

}  // namespace paperdex::presentation
