#!/usr/bin/env bash
# The whole suite under load, as issue 14 asks: N runs of scripts/test.sh in a row, each with a
# CPU-bound process running beside it (BURNERS=n for more), stopped when the runs end.
# Usage: bash scripts/test-under-load.sh [RUNS [PYTEST-ARGS...]]   (RUNS defaults to 2)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-2}
shift || true
burners=()
for _ in $(seq "${BURNERS:-1}"); do
    python3 -c 'while True: pass' &
    burners+=($!)
done
trap 'kill "${burners[@]}" 2>/dev/null || true' EXIT
for i in $(seq "$runs"); do
    echo "== run $i of $runs, beside ${BURNERS:-1} CPU-bound process(es)" >&2
    start=$(date +%s)
    bash scripts/test.sh "$@"
    echo "== run $i passed in $(( $(date +%s) - start )) s" >&2
done
