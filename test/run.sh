#!/usr/bin/env bash
# `npm test`: every test. On a fresh machine it installs the apt packages the tests need where it may.
# The keychain tests run against a real gnome-keyring inside a private D-Bus session.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES="chromium libsecret-1-dev gnome-keyring dbus-x11 xvfb xdotool espeak-ng sox"
missing=()
for tool in chromium gnome-keyring-daemon dbus-run-session espeak-ng sox xvfb-run xdotool; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  # A fresh machine: install them where this user may (root, or sudo without a password), else say how.
  install=""
  if [ "$(id -u)" = 0 ]; then install="env"; elif sudo -n true 2>/dev/null; then install="sudo -n env"; fi
  if [ -n "$install" ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing ${missing[*]} (apt: $APT_PACKAGES)"
    $install DEBIAN_FRONTEND=noninteractive apt-get update -qq
    # shellcheck disable=SC2086
    $install DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $APT_PACKAGES >/dev/null
  else
    echo "npm test needs: ${missing[*]}" >&2
    echo "Install them with: sudo apt-get install -y $APT_PACKAGES" >&2
    exit 1
  fi
fi
if [ ! -d node_modules ]; then
  echo "Dependencies are not installed. Run: npm install" >&2
  exit 1
fi

echo "== typecheck"
npm run --silent typecheck
echo "== lint"
npm run --silent lint
echo "== build (app and browser harness)"
npx electron-vite build >/dev/null
echo "== security scan (electronegativity)"
npx tsx scripts/electronegativity.ts
npm run --silent build:web >/dev/null
echo "== tests"
export LOA_TEST_KEYRING=1
# A keyring of its own, created fresh and unlocked: the user's keyrings are never touched or needed.
keyring_home=$(mktemp -d)
trap 'rm -rf "$keyring_home"' EXIT
results="$keyring_home/vitest.json"
status=0
dbus-run-session -- env KEYRING_HOME="$keyring_home" RESULTS="$results" bash -c '
  echo -n loa-test | XDG_DATA_HOME="$KEYRING_HOME" gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
  exec npx vitest run --reporter=default --reporter=json --outputFile.json="$RESULTS" "$@"
' vitest "$@" || status=$?
# One plain closing line, whatever reads this log.
if [ -f "$results" ]; then
  node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    console.log(`Tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`)' "$results"
fi
exit "$status"
