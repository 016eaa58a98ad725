// visit_highlights, and render_highlights built on it: the two public ways to
// turn a HighlightedText into something to show.
#include <string_view>

#include "paperdex/common/markup_entity.h"
#include "paperdex/searcher.h"

namespace paperdex {

void visit_highlights(const HighlightedText& text, const HighlightVisitor& visit) {
  const std::string_view all = text.text;
  std::size_t pos = 0;
  const auto emit = [&](std::size_t begin, std::size_t end, bool matched) {
    if (end > begin) visit(all.substr(begin, end - begin), matched);
  };
  for (const auto& [begin, end] : text.spans) {
    // A span that overlaps the one before it or runs past the text is
    // dropped rather than trusted.
    if (begin < pos || end > all.size() || end < begin) continue;
    emit(pos, begin, false);
    emit(begin, end, true);
    pos = end;
  }
  emit(pos, all.size(), false);
}

std::string render_highlights(const HighlightedText& text, const std::string& open,
                              const std::string& close, bool html_escape) {
  std::string out;
  out.reserve(text.text.size() + text.spans.size() * (open.size() + close.size()));
  const auto append = [&](std::string_view run) {
    if (!html_escape) {
      out.append(run);
      return;
    }
    for (const char c : run) {
      // Bytes, not code points: every byte of a multi-byte UTF-8 character
      // is >= 0x80, so none is taken for one of the ASCII specials.
      if (const char* entity = markup_entity(static_cast<unsigned char>(c))) {
        out += entity;
      } else {
        out.push_back(c);
      }
    }
  };
  visit_highlights(text, [&](std::string_view run, bool matched) {
    if (matched) out += open;
    append(run);
    if (matched) out += close;
  });
  return out;
}

}  // namespace paperdex
