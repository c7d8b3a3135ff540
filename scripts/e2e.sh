#!/usr/bin/env bash
# Builds the app into a per-port folder (so parallel runs never clobber each other) and runs Playwright.
# Usage: scripts/e2e.sh [playwright args…]   (E2E_PORT picks the port, default 4310)
# Two lanes, each with its own server on E2E_PORT and E2E_PORT+100 (decision 083); E2E_SERVERS=1 runs one.
# E2E_PORT+1 is the mail catcher's API and E2E_PORT+2 the Gemini stand-in, shared by the lanes.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${E2E_PORT:-4310}"
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium not found at ${CHROMIUM_PATH:-/usr/bin/chromium}: install Debian's chromium (apt-get install chromium)" >&2
  exit 1
fi
(cd apps/web && npx vite build --outDir ".e2e-build/$port" --emptyOutDir --logLevel warn)
(cd apps/server && node build.mjs ".e2e-build/$port" --with-stand-ins)
E2E_PORT="$port" npx playwright test -c e2e/playwright.config.ts "$@"
