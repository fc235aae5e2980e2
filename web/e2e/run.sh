#!/usr/bin/env bash
# Runs the browser end-to-end tests against a kyoku binary:
#
#   web/e2e/run.sh [path/to/kyoku] [test-name-filter (a regular expression)]
#
# Installs what the tests need when it is missing: Debian's chromium and
# chromium-driver (apt), Node.js, and the locked npm packages (npm ci;
# playwright-core only — it drives the system Chromium, no browser download).
# Screenshots land in web/e2e/screenshots/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../../target/release/kyoku}
filter=${2:-}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
[ -x "$bin" ] || { echo "e2e: no kyoku binary at $bin (build it: cargo build --release)" >&2; exit 2; }

sudo_if_needed() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium chromium-driver)
command -v node >/dev/null 2>&1 || need_apt+=(nodejs)
command -v npm >/dev/null 2>&1 || need_apt+=(npm)
# The Japanese pages need a Japanese font, or their text is drawn as boxes
# (and measured so): IPA Gothic is small and complete.
if ! fc-list :lang=ja 2>/dev/null | grep -q .; then need_apt+=(fonts-ipafont-gothic); fi
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "e2e: installing ${need_apt[*]}"
  sudo_if_needed apt-get update -q
  DEBIAN_FRONTEND=noninteractive sudo_if_needed apt-get install -y -q "${need_apt[@]}"
fi

cd "$here"
if ! cmp -s package-lock.json node_modules/.package-lock.json 2>/dev/null; then
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi
KYOKU_BIN="$bin" CHROMIUM="${CHROMIUM:-$(command -v chromium)}" SCREENSHOT_DIR="$here/screenshots" \
  node run-tests.mjs "$filter"
