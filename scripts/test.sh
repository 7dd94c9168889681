#!/usr/bin/env bash
# Runs every test: unit and integration (Vitest, on a real database), then the browser journeys
# (Playwright driving Debian's Chromium against the built app).
#   TEST_DATABASE_URL  PostgreSQL for integration tests (default: embedded PGlite per worker)
#   E2E_DATABASE_URL   PostgreSQL for the journeys' server (default: a fresh PGlite data directory)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

ensure_chromium() {
  local chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
  [ -x "$chromium" ] && return 0
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Chromium not found: installing Debian's chromium package..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    [ -x "$chromium" ] && return 0
  fi
  echo "The browser journeys need Chromium at $chromium. Install it (Debian: sudo apt-get install chromium)" >&2
  echo "or point CHROMIUM_PATH at a Chromium binary, then run the tests again." >&2
  exit 1
}

ensure_chromium
echo "› Building the web app"
npm run build --silent -w apps/web

echo "› Unit and integration tests (${TEST_DATABASE_URL:+PostgreSQL}${TEST_DATABASE_URL:-PGlite})"
vitest run

echo "› End-to-end journeys in Chromium (${E2E_DATABASE_URL:+PostgreSQL}${E2E_DATABASE_URL:-PGlite})"
playwright test
