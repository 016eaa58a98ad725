// visit_highlights: the callback form of render_highlights, for embedders
// that render highlights as something other than marked-up text.
#include <string_view>

#include "paperdex/searcher.h"

namespace paperdex {

void visit_highlights(const HighlightedText& text, const HighlightVisitor& visit) {
  const std::string_view all = text.text;
  std::size_t pos = 0;
  const auto emit = [&](std::size_t begin, std::size_t end, bool matched) {
    if (end > begin) visit(all.substr(begin, end - begin), matched);
  };
  for (const auto& [begin, end] : text.spans) {
    // The same tolerance as render_highlights: a span that overlaps the one
    // before it or runs past the text is dropped rather than trusted.
    if (begin < pos || end > all.size() || end < begin) continue;
    emit(pos, begin, false);
    emit(begin, end, true);
    pos = end;
  }
  emit(pos, all.size(), false);
}

}  // namespace paperdex
