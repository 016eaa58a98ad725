#!/usr/bin/env bash
# Soak bench: searches keep working while the indexer updates the index, and
# the updated index ends up equal to a fresh build of the same records.
#
# usage: bench/soak.sh [-n THREADS] [-m MINUTES] [-i INPUT.jsonl] [-b BUILD_DIR] [-k]
#   -n THREADS  searcher threads through the library (paperdex-query-bench,
#               one paperdex::Searcher per thread, each kept open across
#               rounds) [2]; a paperdex-search --batch loop runs beside them
#   -m MINUTES  how long the indexer applies update batches [2]
#   -i FILE     arXiv JSON-lines snapshot records to use (repeatable)
#               [corpus/arxiv-snapshot/*.jsonl]
#   -b DIR      a Release build tree [$PAPERDEX_BUILD_DIR or REPO/build]
#   -k          keep the work directory (printed at the end)
# The records are split into a base (60 %, indexed first in bulk) and the rest,
# added a few per update batch. Every batch also re-indexes some live records
# with changed titles/abstracts (and a later update_date), deletes some ids
# (--delete) and re-adds some deleted ones, each step a separate
# paperdex-index --wait run. Meanwhile the searchers loop over a query set
# drawn from the titles (plus subject:/year: filters and the words the
# updates add). A failed query is a library error or a non-zero exit of a
# searcher run (all its queries are counted failed), or an "error" object or
# a missing result line from paperdex-search --batch --format json.
# At the end the final index is compared with a fresh bulk build of the final
# records: same ids (as a set: ties may rank in another docid order), total
# and facets (subject, year, author) for every query, via paperdex-search
# --format json --limit 10000 --facets 10000 --facet author.
# Prints N, M, queries run, failed queries, batches applied, final == fresh.
# Exit status: 0 no failed query and final == fresh, 1 otherwise, 2 usage.
# This is a bench (minutes of wall time), not a ctest test. Needs python3.
set -euo pipefail

usage() {
  sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${PAPERDEX_BUILD_DIR:-$ROOT/build}
THREADS=2
MINUTES=2
KEEP=0
INPUTS=()
while [ $# -gt 0 ]; do
  case $1 in
  -n) THREADS=${2:?}; shift 2 ;;
  -m) MINUTES=${2:?}; shift 2 ;;
  -i) INPUTS+=("$(realpath "${2:?}")"); shift 2 ;;
  -b) BUILD=${2:?}; shift 2 ;;
  -k) KEEP=1; shift ;;
  *) usage ;;
  esac
done
[[ "$THREADS" =~ ^[1-9][0-9]*$ && "$MINUTES" =~ ^([0-9]+\.)?[0-9]+$ ]] || usage
[ ${#INPUTS[@]} -gt 0 ] || INPUTS=("$ROOT"/corpus/arxiv-snapshot/*.jsonl)
INDEX=$BUILD/bin/paperdex-index
SEARCH=$BUILD/bin/paperdex-search
DRIVER=$BUILD/bench/perf/paperdex-query-bench
for bin in "$INDEX" "$SEARCH" "$DRIVER"; do
  [ -x "$bin" ] || { echo "soak: no $bin; build first" >&2; exit 1; }
done
WORK=$(mktemp -d "${TMPDIR:-/tmp}/paperdex-soak.XXXXXX")
PIDS=()
cleanup() {
  touch "$WORK/stop" 2>/dev/null || true
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [ "$KEEP" = 1 ]; then echo "soak: work dir kept: $WORK" >&2; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
log() { echo "[soak $(date +%H:%M:%S)] $*" >&2; }

cat >"$WORK/soak.py" <<'EOF'
import datetime, json, random, sys

def load(path):
    return json.load(open(path))

def save(path, obj):
    json.dump(obj, open(path, "w"))

def write_jsonl(path, records):
    with open(path, "w") as out:
        for r in records:
            out.write(json.dumps(r) + "\n")

cmd = sys.argv[1]
if cmd == "split":  # split STATE BASE.jsonl QUERIES INPUT...
    state_path, base_path, queries_path = sys.argv[2:5]
    records, seen = [], set()
    for path in sys.argv[5:]:
        for line in open(path):
            if line.strip():
                r = json.loads(line)
                if r.get("id") and r["id"] not in seen:
                    seen.add(r["id"]); records.append(r)
    rng = random.Random(19)
    rng.shuffle(records)
    nbase = max(1, len(records) * 6 // 10)
    base = records[:nbase]
    write_jsonl(base_path, base)
    save(state_path, {"live": {r["id"]: r for r in base}, "pending": records[nbase:],
                      "deleted": {}, "batch": 0})
    # queries: title words of random records, some with filters, plus the
    # words the updates add (soakrev, revised) and filter-only queries
    stop = set("a an and the of in on for to with by from is are we at as via its "
               "using based new or be this that".split())
    queries = set()
    for r in rng.sample(records, min(60, len(records))):
        words = [w.strip(".,:;()$\\{}[]'\"?!").lower() for w in r["title"].split()]
        words = [w for w in words if w.isalpha() and w not in stop and len(w) > 2]
        if not words:
            continue
        q = " ".join(rng.sample(words, min(len(words), rng.randint(1, 2))))
        x = rng.random()
        if x < 0.15:
            q += " subject:" + r["categories"].split()[0]
        elif x < 0.25:
            q += " subject:" + r["categories"].split()[0].split(".")[0]
        queries.add(q)
    queries.update(["soakrev", "revised", "revised soakrev", "year:2022", "year:2020..2030",
                    "subject:cs", "subject:math", "soakrev subject:physics"])
    open(queries_path, "w").write("\n".join(sorted(queries)) + "\n")
elif cmd == "batch":  # batch STATE NEXT_STATE ADD.jsonl DELETE.txt -> prints counts
    state_path, next_path, add_path, del_path = sys.argv[2:6]
    s = load(state_path)
    s["batch"] += 1
    b = s["batch"]
    rng = random.Random(1000 + b)
    date = (datetime.date(2030, 1, 1) + datetime.timedelta(days=b)).isoformat()
    adds = s["pending"][:15]
    s["pending"] = s["pending"][15:]
    live_ids = sorted(s["live"])
    changed = rng.sample(live_ids, min(12, len(live_ids)))
    rest = [i for i in live_ids if i not in set(changed)]
    deletes = rng.sample(rest, min(4, len(rest)))
    readds = rng.sample(sorted(s["deleted"]), min(4, len(s["deleted"])))
    out = list(adds)
    for i in changed + readds:
        r = dict(s["live"].get(i) or s["deleted"][i])
        r["title"] = r["title"].split(" [soakrev")[0] + " [soakrev %d revised]" % b
        r["abstract"] = r["abstract"].split(" Revised in soakrev")[0] + \
            " Revised in soakrev batch %d with %s." % (b, rng.choice(["graphs", "spectra", "lattices", "queues"]))
        r["update_date"] = date
        out.append(r)
    for r in out:
        s["live"][r["id"]] = r
        s["deleted"].pop(r["id"], None)
    for i in deletes:
        s["deleted"][i] = s["live"].pop(i)
    write_jsonl(add_path, out)
    open(del_path, "w").write("\n".join(deletes) + ("\n" if deletes else ""))
    save(next_path, s)
    print(len(adds), len(changed) + len(readds), len(deletes))
elif cmd == "final":  # final STATE OUT.jsonl
    s = load(sys.argv[2])
    write_jsonl(sys.argv[3], [s["live"][i] for i in sorted(s["live"])])
    print(len(s["live"]))
elif cmd == "compare":  # compare QUERIES DIR_A DIR_B: N.json in each
    queries = [q for q in open(sys.argv[2]).read().split("\n") if q]
    bad = 0
    for n, q in enumerate(queries):
        def result(d):
            try:
                return json.load(open("%s/%d.json" % (d, n)))
            except ValueError:  # the search failed: stderr is in N.err
                return {"error": open("%s/%d.err" % (d, n)).read().strip()}
        a, f = result(sys.argv[3]), result(sys.argv[4])
        key = lambda o: (sorted(h["id"] for h in o.get("hits", [])), o.get("total"),
                         o.get("facets"), o.get("error"))
        if key(a) != key(f):
            bad += 1
            print("soak: differs: %r: total %s vs %s%s" % (q, a.get("total"), f.get("total"),
                  "".join("; " + o["error"] for o in (a, f) if o.get("error"))), file=sys.stderr)
    print(len(queries) - bad, bad)
EOF
PY="python3 $WORK/soak.py"

$PY split "$WORK/state.json" "$WORK/base.jsonl" "$WORK/queries.txt" "${INPUTS[@]}"
NQ=$(wc -l <"$WORK/queries.txt")
log "base $(wc -l <"$WORK/base.jsonl") records; $NQ queries; $THREADS searcher threads; $MINUTES min of updates"
"$INDEX" --db "$WORK/db" --wait -q "$WORK/base.jsonl" >"$WORK/index-base.log" 2>&1 \
  || { cat "$WORK/index-base.log" >&2; exit 1; }

# Searchers: each loop appends "QUERIES FAILED" lines to its tally file.
library_loop() {
  local r=0 rc
  while [ ! -e "$WORK/stop" ]; do
    r=$((r + 1))
    rc=0
    "$DRIVER" --db "$WORK/db" --queries "$WORK/queries.txt" --threads "$THREADS" \
      --rounds 3 --warmup 0 >"$WORK/lib.out" 2>"$WORK/lib.err" || rc=$?
    if [ "$rc" = 0 ]; then
      # table row: threads p50 p95 p99 mean max qps errors zero_hit
      echo "$((NQ * 3)) $(awk '$1 ~ /^[0-9]+$/ {print $8}' "$WORK/lib.out")" >>"$WORK/tally.lib"
    else
      echo "$((NQ * 3)) $((NQ * 3))" >>"$WORK/tally.lib"
      cp "$WORK/lib.err" "$WORK/lib.err.$r"
    fi
  done
}
cli_loop() {
  local r=0 rc lines errors
  while [ ! -e "$WORK/stop" ]; do
    r=$((r + 1))
    rc=0
    "$SEARCH" --db "$WORK/db" --batch "$WORK/queries.txt" --format json \
      >"$WORK/cli.out" 2>"$WORK/cli.err" || rc=$?
    lines=$(grep -c . "$WORK/cli.out" || true)
    errors=$(python3 -c '
import json, sys
n = 0
for line in open(sys.argv[1]):
    if not line.strip(): continue
    try: o = json.loads(line)
    except ValueError: n += 1; continue
    n += "error" in o
print(n)' "$WORK/cli.out")
    errors=$((errors + (NQ > lines ? NQ - lines : 0)))
    # Exit 1 is no query finding a paper (an index emptied), not a failure.
    if [ "$rc" -gt 1 ] && [ "$errors" = 0 ]; then errors=$NQ; fi
    [ "$errors" = 0 ] || cp "$WORK/cli.err" "$WORK/cli.err.$r"
    echo "$NQ $errors" >>"$WORK/tally.cli"
  done
}
: >"$WORK/tally.lib"
: >"$WORK/tally.cli"
library_loop & PIDS+=($!)
cli_loop & PIDS+=($!)

# The indexer: update batches until the time is up.
END=$(python3 -c "import time; print(int(time.time() + $MINUTES * 60))")
BATCHES=0
ADDED=0 CHANGED=0 DELETED=0
INDEX_FAIL=0
while [ "$(date +%s)" -lt "$END" ]; do
  read -r a c d < <($PY batch "$WORK/state.json" "$WORK/state.next" "$WORK/add.jsonl" "$WORK/del.txt")
  if ! "$INDEX" --db "$WORK/db" --wait -q "$WORK/add.jsonl" >"$WORK/index.log" 2>&1; then
    log "indexing batch $((BATCHES + 1)) failed:"; cat "$WORK/index.log" >&2; INDEX_FAIL=1; break
  fi
  if [ "$d" -gt 0 ] && ! "$INDEX" --db "$WORK/db" --wait -q --delete $(cat "$WORK/del.txt") \
    >"$WORK/index.log" 2>&1; then
    log "deleting in batch $((BATCHES + 1)) failed:"; cat "$WORK/index.log" >&2; INDEX_FAIL=1; break
  fi
  mv "$WORK/state.next" "$WORK/state.json"
  BATCHES=$((BATCHES + 1)) ADDED=$((ADDED + a)) CHANGED=$((CHANGED + c)) DELETED=$((DELETED + d))
  [ $((BATCHES % 20)) != 0 ] || log "$BATCHES batches applied"
done
touch "$WORK/stop"
for pid in "${PIDS[@]}"; do wait "$pid" || true; done
PIDS=()

# Final index vs a fresh bulk build of the final records.
NFINAL=$($PY final "$WORK/state.json" "$WORK/final.jsonl")
"$INDEX" --db "$WORK/fresh" -q "$WORK/final.jsonl" >"$WORK/index-fresh.log" 2>&1 \
  || { cat "$WORK/index-fresh.log" >&2; exit 1; }
mkdir "$WORK/cmp-final" "$WORK/cmp-fresh"
n=0
while IFS= read -r q; do
  for side in final:db fresh:fresh; do
    "$SEARCH" --db "$WORK/${side#*:}" --format json --limit 10000 --facets 10000 --facet author \
      -- "$q" >"$WORK/cmp-${side%%:*}/$n.json" 2>"$WORK/cmp-${side%%:*}/$n.err" || true
  done
  n=$((n + 1))
done <"$WORK/queries.txt"
read -r same differ < <($PY compare "$WORK/queries.txt" "$WORK/cmp-final" "$WORK/cmp-fresh")
docs_final=$("$SEARCH" --db "$WORK/db" --format json --limit 0 -- 'year:1900..2100' | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')
docs_fresh=$("$SEARCH" --db "$WORK/fresh" --format json --limit 0 -- 'year:1900..2100' | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')

read -r lq lf < <(awk '{q += $1; f += $2} END {print q + 0, f + 0}' "$WORK/tally.lib")
read -r cq cf < <(awk '{q += $1; f += $2} END {print q + 0, f + 0}' "$WORK/tally.cli")
EQUAL=$([ "$differ" = 0 ] && [ "$docs_final" = "$docs_fresh" ] && [ "$INDEX_FAIL" = 0 ] && echo yes || echo no)
echo "== paperdex soak"
echo "threads (N)            $THREADS library threads + 1 CLI loop"
echo "minutes (M)            $MINUTES"
echo "queries run            $((lq + cq)) (library $lq in $(wc -l <"$WORK/tally.lib") runs, CLI $cq in $(wc -l <"$WORK/tally.cli") runs)"
echo "failed queries         $((lf + cf)) (library $lf, CLI $cf)"
echo "update batches applied $BATCHES (records added $ADDED, re-indexed changed $CHANGED, deleted $DELETED)"
echo "final records          $NFINAL (papers in final index $docs_final, fresh $docs_fresh)"
echo "final == fresh         $EQUAL ($same of $NQ queries same ids/total/facets, $differ differ)"
first=$(ls -tr "$WORK"/lib.err.* "$WORK"/cli.err.* 2>/dev/null | head -1 || true)
[ -z "$first" ] || echo "first searcher error   $(head -1 "$first")"
[ "$((lf + cf))" = 0 ] && [ "$EQUAL" = yes ]
