#!/usr/bin/env bash
# What the container does, without a container (this machine cannot pull base images; docs/operations/deploy.md):
# the production build, the files the Dockerfile copies put in a clean folder, `npm ci --omit=dev` there, then the
# built entry started with plain `node` and NODE_ENV=production on an external PostgreSQL, a Redis and a local S3
# server of its own. It must become ready, answer its health checks and a page with its assets, and exit 0 on SIGTERM.
# Prints the start-up time (ms from spawn to a 200 on /api/ready) and the process' resident memory.
#
# PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is where a scratch database is
# created and dropped. Needs psql, redis-server and curl. Any failing step stops the check with what went wrong.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

fail() {
  echo "production-check: FAILED: $*" >&2
  exit 1
}
now_ms() { date +%s%3N; }
for tool in psql redis-server curl; do command -v "$tool" >/dev/null || fail "$tool is not installed"; done

admin_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
work="$(mktemp -d "${TMPDIR:-/tmp}/waterside-production-check.XXXXXX")"
database="waterside_production_check_$$"
server_pid="" redis_pid="" s3_pid=""

cleanup() {
  local status=$?
  for pid in "$server_pid" "$redis_pid" "$s3_pid"; do
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
  done
  wait 2>/dev/null || true
  if [ "$status" -ne 0 ] && [ -f "$work/server.log" ]; then
    echo "--- the server's output ---" >&2
    tail -n 30 "$work/server.log" | cut -c 1-600 >&2
  fi
  local cleaning
  cleaning=$(now_ms)
  psql "$admin_url" -qX -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
  echo "   (scratch database dropped and temp folder removed in $(($(now_ms) - cleaning)) ms)"
}
trap cleanup EXIT

free_port() {
  node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

started_all=$(now_ms)

# PRODUCTION_CHECK_BUILT=1: the caller has just run `npm run build` (the test command does, before this check).
if [ "${PRODUCTION_CHECK_BUILT:-}" = 1 ]; then
  echo "1. The production build: already built by the caller."
else
  echo "1. The production build (web app and API)…"
  step=$(now_ms)
  npm run build --silent >"$work/build.log" 2>&1 || {
    cat "$work/build.log" >&2
    fail "npm run build"
  }
  echo "   built in $(($(now_ms) - step)) ms"
fi
[ -f apps/api/dist/server.js ] || fail "apps/api/dist/server.js was not built"

echo "2. What the image copies, in a clean folder, and npm ci --omit=dev there…"
step=$(now_ms)
app="$work/app"
# The same files as the Dockerfile's final stage: the manifests of every workspace (npm ci needs them all), the
# bundled API with its migrations, and the web build (its link resolved: the image holds one build).
mkdir -p "$app/apps/api" "$app/apps/web" "$app/packages/shared" "$app/e2e" "$app/bench"
cp package.json package-lock.json "$app/"
for workspace in apps/api apps/web packages/shared e2e bench; do cp "$workspace/package.json" "$app/$workspace/"; done
cp -R apps/api/dist "$app/apps/api/dist"
cp -RL apps/web/build "$app/apps/web/build"
(cd "$app" && npm ci --omit=dev --prefer-offline --no-audit --no-fund --loglevel=error) >"$work/npm-ci.log" 2>&1 || {
  cat "$work/npm-ci.log" >&2
  fail "npm ci --omit=dev in the clean folder"
}
# Production loads no TypeScript compiler and no dev dependency: those are not even installed.
for dev_only in tsx esbuild vite vitest s3rver @react-router/dev; do
  [ ! -e "$app/node_modules/$dev_only" ] || fail "the production install holds $dev_only, a dev dependency"
done
# typescript is installed as a peer of @react-router/node and valibot, never loaded: hidden, the server must still run.
[ ! -e "$app/node_modules/typescript" ] || mv "$app/node_modules/typescript" "$app/node_modules/.typescript-hidden"
echo "   installed in $(($(now_ms) - step)) ms ($(du -sm "$app/node_modules" | cut -f1) MB of node_modules)"

echo "3. PostgreSQL, Redis and S3 for it…"
psql "$admin_url" -qX -v ON_ERROR_STOP=1 -c "CREATE DATABASE $database" >/dev/null || fail "could not create $database"
database_url="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.href)' "$admin_url" "$database")"

redis_port=$(free_port)
redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no >"$work/redis.log" 2>&1 &
redis_pid=$!

# s3rver is a dev dependency of the repository, not of the app: it runs from the checkout. It needs the legacy
# provider for the DES it signs list tokens with (apps/api/src/test/s3-server.ts).
mkdir -p "$work/s3"
node --openssl-legacy-provider "$repo/node_modules/s3rver/bin/s3rver.js" -d "$work/s3" -a 127.0.0.1 -p 0 -s \
  --configure-bucket waterside-media >"$work/s3.log" 2>&1 &
s3_pid=$!
s3_port=""
for _ in $(seq 100); do
  s3_port="$(grep -oE 'listening on [0-9.]+:[0-9]+' "$work/s3.log" | grep -oE '[0-9]+$' || true)"
  [ -n "$s3_port" ] && break
  kill -0 "$s3_pid" 2>/dev/null || fail "s3rver exited: $(cat "$work/s3.log")"
  sleep 0.1
done
[ -n "$s3_port" ] || fail "s3rver did not listen within 10 s"
for _ in $(seq 50); do
  [ "$(redis-cli -p "$redis_port" ping 2>/dev/null || true)" = "PONG" ] && break
  kill -0 "$redis_pid" 2>/dev/null || fail "redis-server exited: $(cat "$work/redis.log")"
  sleep 0.1
done

port=$(free_port)
base="http://127.0.0.1:$port"
token_secret="production-check-$(node -e 'console.log(require("node:crypto").randomBytes(24).toString("hex"))')"

# Starts the built entry as the image's CMD does, and waits for a 200 on /api/ready: sets server_pid, ready_ms, rss_mb.
start_server() {
  local started
  started=$(now_ms)
  (
    cd "$app"
    exec env NODE_ENV=production HOST=127.0.0.1 PORT="$port" PUBLIC_URL="$base" \
      DATA_DIR="$work/data" DATABASE_URL="$database_url" REDIS_URL="redis://127.0.0.1:$redis_port" \
      S3_BUCKET=waterside-media S3_REGION=us-east-1 S3_ENDPOINT="http://127.0.0.1:$s3_port" \
      S3_ACCESS_KEY_ID=S3RVER S3_SECRET_ACCESS_KEY=S3RVER MEDIA_BASE_URL="http://127.0.0.1:$s3_port/waterside-media" \
      TOKEN_SECRET="$token_secret" SMTP_URL="smtp://127.0.0.1:1" SHUTDOWN_DRAIN=1 \
      node --enable-source-maps apps/api/dist/server.js
  ) >"$work/server.log" 2>&1 &
  server_pid=$!
  ready_ms=""
  while [ $(($(now_ms) - started)) -lt 90000 ]; do
    kill -0 "$server_pid" 2>/dev/null || fail "the server exited before it was ready"
    if [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' "$base/api/ready" || true)" = "200" ]; then
      ready_ms=$(($(now_ms) - started))
      break
    fi
    sleep 0.05
  done
  [ -n "$ready_ms" ] || fail "/api/ready did not answer 200 within 90 s"
  rss_mb=$(($(ps -o rss= -p "$server_pid") / 1024))
  # CPU time spent until ready (user + system, /proc/PID/stat fields 14 and 15): unlike the wall time, it does not
  # grow when other work shares the machine's cores.
  cpu_ms=$(awk -v hz="$(getconf CLK_TCK)" '{ sub(/^.*\) /, ""); print int(($12 + $13) * 1000 / hz) }' "/proc/$server_pid/stat")
}

# SIGTERM, as docker stop sends it: the server must drain and exit 0.
stop_server() {
  local stopping status=0
  kill -TERM "$server_pid"
  stopping=$(now_ms)
  wait "$server_pid" || status=$?
  server_pid=""
  [ "$status" -eq 0 ] || fail "the server exited $status on SIGTERM"
  echo "   SIGTERM: exited 0 in $(($(now_ms) - stopping)) ms"
}

echo "4. The built entry with node, NODE_ENV=production, on an empty database…"
start_server
first_ready_ms=$ready_ms first_rss_mb=$rss_mb first_cpu_ms=$cpu_ms
echo "   ready in $ready_ms ms ($cpu_ms ms of CPU; migrations and reference data included), $rss_mb MB resident"

echo "5. Health, readiness, a page and its assets…"
ready="$(curl -sf "$base/api/ready")" || fail "/api/ready"
grep -q '"status":"ready"' <<<"$ready" || fail "/api/ready said $ready"
health="$(curl -sf "$base/api/health")" || fail "/api/health"
grep -q '"status":"ok"' <<<"$health" || fail "/api/health said $health"
# As a browser that has run the app asks for it: a first visit's page names its code only in its start-up, which
# the server keeps for it (decision 111).
page="$(curl -sf -H 'Accept: text/html' -H 'Cookie: waterside_app_ran=1' "$base/")" || fail "GET / did not answer 2xx"
grep -q '<title>[^<]*Waterside' <<<"$page" || fail "GET / has no Waterside title"
# The first script the page names, matched in the shell: `grep -o … | head -n 1` fails under pipefail whenever head
# has gone before grep writes its next match (SIGPIPE), as it did once the page named enough of them.
asset_pattern='/assets/[^"\\]+\.js'
[[ $page =~ $asset_pattern ]] || fail "GET / links no script under /assets"
asset="${BASH_REMATCH[0]}"
# A reader's first visit: the listing comes without its start-up, which the server keeps for the first tap.
first_visit="$(curl -sf -H 'Accept: text/html' -H 'Sec-Fetch-Mode: navigate' "$base/categories/1/1")" ||
  fail "GET /categories/1/1 did not answer 2xx"
boot_pattern='fetch\("(/page-boot/[^"]+)"\)'
[[ $first_visit =~ $boot_pattern ]] || fail "a first visit's listing names no start-up to fetch"
boot="$(curl -sf "$base${BASH_REMATCH[1]}")" || fail "GET ${BASH_REMATCH[1]}"
grep -qF '"routerData":"window.__reactRouterContext' <<<"$boot" || fail "the listing's start-up holds no router data"
asset_headers="$(curl -sf -D - -o /dev/null "$base$asset")" || fail "GET $asset"
grep -qi '^cache-control: public, max-age=31536000, immutable' <<<"$asset_headers" || fail "$asset is not cached as immutable"
# The service worker (decision 102) is in the build, names the page's code in its precache list, and is never cached.
worker="$(curl -sf -D "$work/sw.headers" "$base/sw.js")" || fail "GET /sw.js"
grep -qi '^cache-control: no-cache' "$work/sw.headers" || fail "/sw.js may be cached"
grep -qF '"/assets/entry.client-' <<<"$worker" || fail "/sw.js does not precache the app's entry"
manifest="$(curl -sf "$base/manifest.webmanifest")" || fail "GET /manifest.webmanifest"
grep -q '"display":"standalone"' <<<"$manifest" || fail "/manifest.webmanifest said $manifest"
# Reference data is seeded at every start, production included: the catalogue answers from PostgreSQL.
categories="$(curl -sf "$base/api/categories/active")" || fail "GET /api/categories/active"
grep -q '"data":\[{' <<<"$categories" || fail "GET /api/categories/active lists no category: $categories"
# In the bundle every module shares the entry's URL: the sandboxes' standalone mode must not have started.
! grep -qi 'sandbox listening' "$work/server.log" || fail "a payment sandbox started inside the production server"
stop_server

echo "6. A restart on the same database, as after a deploy…"
start_server
echo "   ready in $ready_ms ms ($cpu_ms ms of CPU), $rss_mb MB resident"
stop_server

printf 'production-check: passed in %d s (node %s, load %s).\n' \
  $((($(now_ms) - started_all) / 1000)) "$(node --version)" "$(cut -d' ' -f1 /proc/loadavg)"
printf 'Start-up to ready: %d ms (%d ms CPU) on an empty database, %d ms (%d ms CPU) on a restart.\n' \
  "$first_ready_ms" "$first_cpu_ms" "$ready_ms" "$cpu_ms"
printf 'Resident memory when ready: %d MB on the first start, %d MB on the restart.\n' "$first_rss_mb" "$rss_mb"
