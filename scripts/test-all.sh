#!/usr/bin/env bash
# npm test: every check and every suite, failing loudly on the first broken step.
#   lint + structure + types (side by side) → unit → email engine → server suites on PGlite and on PostgreSQL (side by side) → browser suite.
# Needs: PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), Redis at TEST_REDIS_URL
# (default redis://127.0.0.1:6379) and Debian's chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
# Redis for the shared-limit and two-instance tests (each run uses its own key prefix).
export TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
reports="$(mktemp -d)"
trap 'rm -rf "$reports"' EXIT

# Each step prints the seconds spent so far, so a slow CI run shows where its time went.
step() { printf '\n\033[1m== %s\033[0m  (+%ss)\n' "$*" "$SECONDS"; }

# The static checks read files and share nothing, so they run side by side (one process each left two cores half idle
# between them; decision 083). Each check's output is printed whole, in this order, when all are done.
step "Lint (biome), structure (import rules, copy-paste, shared-worker check) and types (tsc --noEmit), side by side"
static_checks=("biome:npx biome ci ." "structure:node scripts/check-structure.mjs")
# Each tsc of `npm run typecheck` (package.json) on its own, so the list has one home.
while IFS= read -r tsc_command; do
  static_checks+=("types ${tsc_command##* }:npx $tsc_command")
done < <(node -p "require('./package.json').scripts.typecheck.split('&&').map((c) => c.trim()).join('\\n')")
check_pids=()
for i in "${!static_checks[@]}"; do
  bash -c "${static_checks[$i]#*:}" >"$reports/check-$i.log" 2>&1 &
  check_pids+=($!)
done
failed_checks=()
for i in "${!static_checks[@]}"; do
  check_status=0
  wait "${check_pids[$i]}" || check_status=$?
  printf '\n\033[1m-- %s\033[0m (exit %s)\n' "${static_checks[$i]%%:*}" "$check_status"
  cat "$reports/check-$i.log"
  [ "$check_status" -eq 0 ] || failed_checks+=("${static_checks[$i]%%:*}")
done
if [ "${#failed_checks[@]}" -ne 0 ]; then
  echo "Static checks failed: ${failed_checks[*]}." >&2
  exit 1
fi

if ! node -e "const R=require('ioredis');const r=new R(process.env.TEST_REDIS_URL,{maxRetriesPerRequest:0,retryStrategy:()=>null,lazyConnect:true});r.connect().then(()=>r.ping()).then(()=>r.quit()).catch(e=>{console.error(e.message);process.exit(1)})" 2>/dev/null; then
  echo "Redis is not reachable at $TEST_REDIS_URL: start it (redis-server --daemonize yes) — these suites do not skip." >&2
  exit 1
fi

step "Unit tests"
npx vitest run --project unit --reporter=default --reporter=json --outputFile.json="$reports/unit.json"

step "Email engine on real inputs (corpus, renderer, fidelity; no database)"
npx vitest run --project engine --reporter=default --reporter=json --outputFile.json="$reports/engine.json"

if ! node -e "const pg=require('pg');const c=new pg.Client({connectionString:process.env.TEST_DATABASE_URL});c.connect().then(()=>c.end()).catch(e=>{console.error(e.message);process.exit(1)})"; then
  echo "PostgreSQL is not reachable at $TEST_DATABASE_URL: start it (see README) — this suite does not skip." >&2
  exit 1
fi

# The two databases' runs share nothing (own data folders, databases, ports, Redis prefixes), so they run side by side:
# while one waits on its database or a product delay the other uses the CPU (decision 083). Each run's output is
# printed whole when both are done.
step "Server suites on the embedded database (PGlite) and on PostgreSQL ($TEST_DATABASE_URL), side by side"
run_server_suite() { # name, then env arguments
  local name=$1
  shift
  env "$@" npx vitest run --project server --reporter=default --reporter=json \
    --outputFile.json="$reports/server-$name.json" >"$reports/server-$name.log" 2>&1
}
run_server_suite pglite -u TEST_DATABASE_URL &
pglite_pid=$!
run_server_suite postgres TEST_DATABASE_URL="$TEST_DATABASE_URL" &
postgres_pid=$!
pglite_status=0
postgres_status=0
wait "$pglite_pid" || pglite_status=$?
wait "$postgres_pid" || postgres_status=$?
printf '\n\033[1m-- server suites on PGlite\033[0m\n'
cat "$reports/server-pglite.log"
printf '\n\033[1m-- server suites on PostgreSQL\033[0m\n'
cat "$reports/server-postgres.log"
if [ "$pglite_status" -ne 0 ] || [ "$postgres_status" -ne 0 ]; then
  echo "Server suites failed (PGlite: exit $pglite_status, PostgreSQL: exit $postgres_status)." >&2
  exit 1
fi

step "Browser suite (Playwright on Debian's chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/e2e.json" bash scripts/e2e.sh --reporter=list,json

node scripts/summarise-tests.mjs "$reports"
echo "npm test took ${SECONDS}s"
