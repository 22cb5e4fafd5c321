#!/usr/bin/env bash
# Every check, in the order a failure is cheapest to find: lint, types, unit and API integration
# tests (real PostgreSQL), then the browser journeys (Debian's Chromium) against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."

# What a fresh machine lacks is installed from Debian: Chromium for the browser journeys, and redis-server for the
# tests of several processes (each starts a Redis of its own; with CI=true they fail without it, they never skip).
packages=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || packages+=(chromium)
command -v redis-server >/dev/null || packages+=(redis-server)
if [ ${#packages[@]} -gt 0 ]; then
  echo "Installing ${packages[*]} from Debian for the tests…"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "${packages[@]}" >/dev/null
fi

# Lint and the type checks are each about one core's work: side by side on CI's two cores they take the longer one's
# time (about two minutes) rather than both. Each one's output is printed whole once it ends.
checks="$(mktemp -d "${TMPDIR:-/tmp}/waterside-checks.XXXXXX")"
npm run lint >"$checks/lint.log" 2>&1 &
lint=$!
npm run typecheck >"$checks/typecheck.log" 2>&1 &
typecheck=$!
failed=""
wait "$lint" || failed="$failed lint"
cat "$checks/lint.log"
wait "$typecheck" || failed="$failed typecheck"
cat "$checks/typecheck.log"
rm -rf "$checks"
if [ -n "$failed" ]; then
  echo "Failed:$failed" >&2
  exit 1
fi
npm run build
# The container's steps outside a container (docs/operations/deploy.md): they need an external PostgreSQL, which CI
# always has; a newcomer's machine without one runs everything else.
if [ -n "${TEST_DATABASE_URL:-}" ] || [ "${CI:-}" = true ]; then
  PRODUCTION_CHECK_BUILT=1 bash scripts/production-check.sh
else
  echo "Skipping scripts/production-check.sh: it needs an external PostgreSQL (set TEST_DATABASE_URL)."
fi
# The journeys' server draws the demo's photos on a machine that never cached them (CI's): about a minute of both
# cores while every journey waits. Drawn beforehand here at the lowest priority, beside the unit tests, which leave
# part of the CPU idle (e2e/warm-demo-photos.ts); stopped if the unit tests fail.
node --import tsx e2e/warm-demo-photos.ts &
warming=$!
trap 'kill "$warming" 2>/dev/null || true' EXIT
npx vitest run
wait "$warming" || true
trap - EXIT
npm run test -w e2e
