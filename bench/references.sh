#!/usr/bin/env bash
# References (#51): how well paperdex extracts papers' reference lists, on
# the hand-checked lists of ../shared/data/fulltext/truth and unarXive's
# sample; and how the index links them (resolving, cites:, cited_by: and
# their speed), on an index of the 2016 cs harvest with the shared PDFs,
# LaTeX packages and unarXive's sample (bench/references_graph.py).
#
# usage: bench/references.sh [options]
#   -b BUILD      the build directory [$PAPERDEX_BUILD_DIR or REPO/build];
#                 paperdex-references-extract and paperdex-pdftext are built
#                 there (those two targets only)
#   --keep DIR    keep the extracted references (JSON lines) in DIR
# env: SHARED [REPO/../shared].
# Prints:
#   1. per hand-checked PDF (0801.0012, 0905.2465, 1001.0012): references
#      found against the hand-checked count (target: within 5 %), the share
#      of checked references whose authors' surnames and year paperdex gets
#      right (each matched to the extracted entry whose raw text overlaps it
#      most), beside GROBID's share where truth/PAPER.grobid.json exists
#      (target: at least GROBID's), and the checked arXiv ids found
#   2. unarXive's sample: of the references whose raw text names an arXiv id,
#      the share paperdex reads that id from the text (target: 99 %)
#   and whether the targets are met. The LaTeX packages' .bbl lists are
#   counted too (their \bibitem count is the truth).
#   3. the LaTeX packages, 4. the citation graph: references_graph.py's figures
# Time: ~10 s after the build, and ~5 min for the graph's index and queries.
set -euo pipefail

usage() {
  sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SHARED=${SHARED:-$(realpath -m "$ROOT/../shared")}
BUILD=${PAPERDEX_BUILD_DIR:-$ROOT/build}
KEEP=
while [ $# -gt 0 ]; do
  case $1 in
  -b) BUILD=${2:?-b needs a directory}; shift 2 ;;
  --keep) KEEP=${2:?--keep needs a directory}; shift 2 ;;
  *) usage ;;
  esac
done
DATA=$SHARED/data/fulltext
[ -d "$DATA/truth" ] || { echo "references: no $DATA/truth (SHARED)" >&2; exit 2; }
if [ -n "$KEEP" ]; then
  mkdir -p "$KEEP"
  WORK=$(realpath "$KEEP")
else
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/paperdex-references.XXXXXX")
  trap 'rm -rf "$WORK"' EXIT
fi

[ -f "$BUILD/CMakeCache.txt" ] ||
  cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$BUILD" -j "$(nproc)" --target paperdex-references-extract paperdex-pdftext \
  paperdex-index paperdex-search paperdex-query-bench \
  >"$WORK/build.log" 2>&1 || { tail -40 "$WORK/build.log" >&2; exit 1; }
EXTRACT=$(find "$BUILD" -name paperdex-references-extract -type f -perm -u+x | head -1)
PDFTEXT=$(find "$BUILD" -name paperdex-pdftext -type f -perm -u+x | head -1)
export PAPERDEX_PDFTEXT=$PDFTEXT

PDFS=()
for truth in "$DATA"/truth/*.references.json; do
  PDFS+=("$DATA/pdf/$(basename "$truth" .references.json).pdf")
done
zcat "$DATA/unarxive/arXiv_src_2212_086.jsonl.gz" >"$WORK/unarxive.jsonl"
"$EXTRACT" "${PDFS[@]}" "$WORK/unarxive.jsonl" >"$WORK/extracted.jsonl"

echo "paperdex $(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo '?'), $(date -u '+%F %H:%M UTC')"
python3 "$ROOT/bench/references_score.py" --truth "$DATA/truth" --extracted "$WORK/extracted.jsonl" \
  --unarxive "$WORK/unarxive.jsonl"

printf "%s\n" "3. LaTeX packages: .bbl entries read (truth: the \\bibitem count)"
for package in "$DATA"/latex/*.gz; do
  bibitems=$(tar -xzOf "$package" --wildcards '*.bbl' 2>/dev/null | grep -c '\\bibitem' || true)
  "$EXTRACT" "$package" >"$WORK/latex.jsonl"
  python3 - "$WORK/latex.jsonl" "$(basename "$package")" "$bibitems" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
refs = [r for r in rows if "raw" in r]
full = sum(1 for r in refs if r["surnames"] and r["title"] and r["year"])
print(f"  {sys.argv[2]:<16}{len(refs):>4} of {sys.argv[3]:>3} \\bibitem, "
      f"{full} with surnames, title and year")
PY
done

printf "%s\n" "4. The citation graph"
find_bin() { find "$BUILD" -name "$1" -type f -perm -u+x | head -1; }
python3 "$ROOT/bench/references_graph.py" --index-bin "$(find_bin paperdex-index)" \
  --search-bin "$(find_bin paperdex-search)" --query-bench "$(find_bin paperdex-query-bench)" \
  --data "$SHARED/data" --work "$WORK"
