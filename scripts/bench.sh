#!/usr/bin/env bash
# npm run bench: build, then measure (see bench/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build --silent
node bench/run.mjs
