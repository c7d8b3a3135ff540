#!/usr/bin/env bash
# npm test: every check and every suite, failing loudly on the first broken step.
#   lint + types → unit → email engine → server suites on PGlite → server suites on PostgreSQL → browser suite.
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

step "Lint and format (biome)"
npx biome ci .

step "Structure (import rules still bite; no copy-pasted blocks of 6+ lines)"
node scripts/check-structure.mjs

step "Types (tsc --noEmit)"
npm run --silent typecheck

if ! node -e "const R=require('ioredis');const r=new R(process.env.TEST_REDIS_URL,{maxRetriesPerRequest:0,retryStrategy:()=>null,lazyConnect:true});r.connect().then(()=>r.ping()).then(()=>r.quit()).catch(e=>{console.error(e.message);process.exit(1)})" 2>/dev/null; then
  echo "Redis is not reachable at $TEST_REDIS_URL: start it (redis-server --daemonize yes) — these suites do not skip." >&2
  exit 1
fi

step "Unit tests"
npx vitest run --project unit --reporter=default --reporter=json --outputFile.json="$reports/unit.json"

step "Email engine on real inputs (corpus, renderer, fidelity; no database)"
npx vitest run --project engine --reporter=default --reporter=json --outputFile.json="$reports/engine.json"

step "Server suites on the embedded database (PGlite)"
env -u TEST_DATABASE_URL npx vitest run --project server --reporter=default --reporter=json --outputFile.json="$reports/server-pglite.json"

step "Server suites on PostgreSQL ($TEST_DATABASE_URL)"
if ! node -e "const pg=require('pg');const c=new pg.Client({connectionString:process.env.TEST_DATABASE_URL});c.connect().then(()=>c.end()).catch(e=>{console.error(e.message);process.exit(1)})"; then
  echo "PostgreSQL is not reachable at $TEST_DATABASE_URL: start it (see README) — this suite does not skip." >&2
  exit 1
fi
npx vitest run --project server --reporter=default --reporter=json --outputFile.json="$reports/server-postgres.json"

step "Browser suite (Playwright on Debian's chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/e2e.json" bash scripts/e2e.sh --reporter=list,json

node scripts/summarise-tests.mjs "$reports"
echo "npm test took ${SECONDS}s"
