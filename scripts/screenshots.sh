#!/usr/bin/env bash
# npm run screenshots: a full-page picture of every route (public, member, admin) at 375 and 1280 px, taken by the
# route browser test (e2e/specs/ux-routes.spec.ts: overflow and axe on every route), into screenshots/tmp/routes/<group>/ (git-ignored).
# E2E_PORT picks the port as for scripts/e2e.sh; SCREENSHOTS_DIR overrides the folder.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${SCREENSHOTS_DIR:-$PWD/screenshots/tmp/routes}"
rm -rf "$out"
mkdir -p "$out/public" "$out/member" "$out/admin"
# The overflow and axe assertions still run: a failure is reported, and every picture is written before it.
SCREENSHOTS_DIR="$out" bash scripts/e2e.sh specs/ux-routes.spec.ts "$@" || status=$?
echo "screenshots in $out ($(find "$out" -name '*.png' | wc -l) files)"
exit "${status:-0}"
