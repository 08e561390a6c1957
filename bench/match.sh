#!/bin/sh
# Duplicate matches of the sampling player, as docs/players.md reports them. Long: run in the background,
#   nohup nice -n 10 sh bench/match.sh > bench/results/match.out 2>&1 &
# Each match appends one JSON line per deal to bench/results/match-*.jsonl (its card times included), so a
# match stopped early still counts every finished deal; `node --import tsx bench/match-summary.ts FILE...`
# prints the summary of any such files. Needs `npm run build` first.
set -e
cd "$(dirname "$0")/.."
CLI="${WHIST_CLI:-node dist/cli.js}"
R=bench/results
case "${1:-all}" in
  pilot) $CLI match --player sampling --level standard --opponent heuristic --deals 200 --seed 2026 --gap --log $R/match-pilot-standard-vs-heuristic.jsonl ;;
  large) $CLI match --player sampling --level standard --opponent heuristic --deals 1000 --first-deal 200 --seed 2026 --log $R/match-large-standard-vs-heuristic.jsonl ;;
  fast)
    $CLI match --player sampling --level fast --opponent heuristic --deals 300 --seed 2027 --gap --log $R/match-fast-vs-heuristic.jsonl
    $CLI match --player sampling --level fast --opponent random --deals 300 --seed 2028 --log $R/match-fast-vs-random.jsonl
    ;;
  random) $CLI match --player sampling --level standard --opponent random --deals 200 --seed 2029 --log $R/match-standard-vs-random.jsonl ;;
  levels) $CLI match --player sampling --level standard --opponent sampling --opponent-level fast --deals 200 --seed 2030 --log $R/match-standard-vs-fast.jsonl ;;
  timing) $CLI match --player sampling --level standard --opponent heuristic --deals 40 --seed 2031 --log $R/match-timing-standard.jsonl ;;
  strong)
    # In four parts, two at a time on two cores: `sh bench/match.sh strong 0 & sh bench/match.sh strong 300 &`, then 600 and 800.
    case "${2:-all}" in
      0|300) $CLI match --player sampling --level strong --opponent sampling --opponent-level standard --deals 300 --first-deal "$2" --seed 2040 --log $R/match-strong-vs-standard-$2.jsonl ;;
      600|800) $CLI match --player sampling --level strong --opponent sampling --opponent-level standard --deals 200 --first-deal "$2" --seed 2040 --log $R/match-strong-vs-standard-$2.jsonl ;;
      all) for part in 0 300 600 800; do sh "$0" strong $part; done ;;
    esac
    ;;
  gap-strong) $CLI match --player sampling --level strong --opponent heuristic --deals 200 --seed 2026 --gap --log $R/match-strong-vs-heuristic.jsonl ;;
  gap-expert) $CLI match --player sampling --level expert --opponent heuristic --deals 100 --seed 2026 --gap --log $R/match-expert-vs-heuristic.jsonl ;;
  expert) $CLI match --player sampling --level expert --opponent sampling --opponent-level standard --deals 200 --seed 2032 --log $R/match-expert-vs-standard.jsonl ;;
  # This build against the player before it read the cards followed with: BEFORE is that build's dist/, made by
  #   git worktree add ../whist-before ebfd0c2 && (cd ../whist-before && npm ci && npx tsup)
  # In two parts, one a core: `sh bench/match.sh builds-strong 0 & sh bench/match.sh builds-strong 500 &` (the same for builds-standard).
  builds-standard)
    node bench/match-builds.mjs "${BEFORE:?BEFORE=the other build's dist/}" --level standard --opponent-level standard --deals 500 --first-deal "${2:-0}" --seed 2043 --log $R/match-builds-standard-${2:-0}.jsonl ;;
  builds-strong)
    node bench/match-builds.mjs "${BEFORE:?BEFORE=the other build's dist/}" --level strong --opponent-level standard --deals 500 --first-deal "${2:-0}" --seed 2042 --log $R/match-builds-strong-${2:-0}.jsonl ;;
  reference) $CLI match --player double-dummy --opponent heuristic --deals 1200 --seed 2026 --log $R/match-double-dummy-vs-heuristic.jsonl ;;
  all) for part in pilot large fast random levels timing strong gap-strong gap-expert expert reference; do sh "$0" $part; done ;;
esac
