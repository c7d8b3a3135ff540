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

# Runs "label:command" parts side by side (each with bash -c), then prints each part's output whole, in order, with
# its exit status, and fails naming the parts that failed. For steps whose parts share nothing: on two cores one
# part's waits overlap another's work (decision 083).
side_by_side() {
  local parts=("$@") pids=() logs=() failed=() i status
  for i in "${!parts[@]}"; do
    logs+=("$(mktemp "$reports/part.XXXXXX")")
    bash -c "${parts[$i]#*:}" >"${logs[$i]}" 2>&1 &
    pids+=($!)
  done
  for i in "${!parts[@]}"; do
    status=0
    wait "${pids[$i]}" || status=$?
    printf '\n\033[1m-- %s\033[0m (exit %s)\n' "${parts[$i]%%:*}" "$status"
    cat "${logs[$i]}"
    [ "$status" -eq 0 ] || failed+=("${parts[$i]%%:*}")
  done
  if [ "${#failed[@]}" -ne 0 ]; then
    echo "Failed: $(IFS=,; echo "${failed[*]}")." >&2
    return 1
  fi
}

step "Lint (biome), structure (import rules, copy-paste, shared-worker check) and types (tsc --noEmit), side by side"
static_checks=("biome:npx biome ci ." "structure:node scripts/check-structure.mjs" "links:node scripts/check-links.mjs")
# Each tsc of `npm run typecheck` (package.json) on its own, so the list has one home.
while IFS= read -r tsc_command; do
  static_checks+=("types ${tsc_command##* }:npx $tsc_command")
done < <(node -p "require('./package.json').scripts.typecheck.split('&&').map((c) => c.trim()).join('\\n')")
side_by_side "${static_checks[@]}"

if ! node -e "const R=require('ioredis');const r=new R(process.env.TEST_REDIS_URL,{maxRetriesPerRequest:0,retryStrategy:()=>null,lazyConnect:true});r.connect().then(()=>r.ping()).then(()=>r.quit()).catch(e=>{console.error(e.message);process.exit(1)})" 2>/dev/null; then
  echo "Redis is not reachable at $TEST_REDIS_URL: start it (redis-server --daemonize yes) — these suites do not skip." >&2
  exit 1
fi

# SpamAssassin's spamd for the spam score suite (decision 110; .ci/run starts it).
export TEST_SPAMD_URL="${TEST_SPAMD_URL:-spamd://127.0.0.1:7830}"
spamd_port="${TEST_SPAMD_URL##*:}"
if ! (exec 3<>"/dev/tcp/127.0.0.1/${spamd_port%/}") 2>/dev/null; then
  echo "spamd is not reachable at $TEST_SPAMD_URL: start it (spamd -L --listen=127.0.0.1:7830 -u nobody -d, as .ci/run does) — the spam suite does not skip." >&2
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

# The two databases' runs share nothing (own data folders, databases, ports, Redis prefixes), so they run side by side.
step "Server suites on the embedded database (PGlite) and on PostgreSQL ($TEST_DATABASE_URL), side by side"
server_suite="npx vitest run --project server --reporter=default --reporter=json"
side_by_side \
  "server suites on PGlite:env -u TEST_DATABASE_URL $server_suite --outputFile.json=$reports/server-pglite.json" \
  "server suites on PostgreSQL:$server_suite --outputFile.json=$reports/server-postgres.json"

step "Browser suite (Playwright on Debian's chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/e2e.json" bash scripts/e2e.sh --reporter=list,json

node scripts/summarise-tests.mjs "$reports"
echo "npm test took ${SECONDS}s"
