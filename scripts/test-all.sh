#!/usr/bin/env bash
# Every check, in the order a failure is cheapest to find: lint, types, unit and API integration
# tests (real PostgreSQL), then the browser journeys (Debian's Chromium) against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  echo "Installing Debian's Chromium for the browser journeys…"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq chromium >/dev/null
fi

npm run lint
npm run typecheck
npm run build
npx vitest run
npm run test -w e2e
