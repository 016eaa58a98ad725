# One paperdex-search --json line -> "meta ..." lines (the JSON without its
# hits: a line per key and facet value, so that a diff shows what differs);
# per hit a "hit <id> <year> <score> <all-words>" line and a "text ..." line
# with the rest of the hit (title, authors, subjects, snippet). Scores are
# rounded to 10 significant digits: a sum over shards may differ from the
# single index's in the last bit. Read by the tests that compare sharded and
# remote layouts with one index (tests/remote, tests/netns).
function field(text, pattern, key,    value) {
  if (!match(text, pattern)) return "?"
  value = substr(text, RSTART + length(key) + 3, RLENGTH - length(key) - 3)
  gsub(/"/, "", value)
  return value
}
{
  line = $0
  start = index(line, "\"hits\":[")
  if (start == 0) { gsub(/,"/, "\nmeta \"", line); print "meta " line; next }
  # Walk the hits array, minding strings, to find each hit object.
  i = start + 8; depth = 1; instring = 0; n = 0
  for (; i <= length(line) && depth > 0; ++i) {
    c = substr(line, i, 1)
    if (instring) {
      if (c == "\\") ++i
      else if (c == "\"") instring = 0
      continue
    }
    if (c == "\"") instring = 1
    else if (c == "[" || c == "{") { if (++depth == 2 && c == "{") begin = i }
    else if (c == "]" || c == "}") {
      if (--depth == 1 && c == "}") {
        hit = substr(line, begin, i - begin + 1)
        ++n
        id[n] = field(hit, "\"id\":\"[^\"]*\"", "id")
        score = field(hit, "\"score\":[-+0-9.eE]+", "score")
        if (score != "?") score = sprintf("%.10g", score + 0)
        key[n] = field(hit, "\"year\":-?[0-9]+", "year") " " score " " \
                 field(hit, "\"matches_all_words\":(true|false)", "matches_all_words")
        sub(/"score":[-+0-9.eE]+,?/, "", hit)
        text[n] = hit
      }
    }
  }
  meta = substr(line, 1, start + 7) substr(line, i - 1)
  gsub(/,"/, "\nmeta \"", meta)
  print "meta " meta
  for (h = 1; h <= n; ++h) {
    print "hit " id[h] " " key[h]
    print "text " text[h]
  }
}
