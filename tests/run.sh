#!/usr/bin/env bash
# npm test's test stage, after .ci/setup: every ctest entry, two at a time, then the Node and
# browser test files' wall times, slowest first (ctest shows a passing entry's output to nobody, so
# tests/run-files.mjs leaves them in test-results/). Exits with ctest's status.
set -uo pipefail
cd "$(dirname "$0")/.."
rm -f test-results/file-times-*.txt
ctest --test-dir build --output-on-failure -j2
status=$?
if compgen -G 'test-results/file-times-*.txt' >/dev/null; then
  echo "Test files by wall time, slowest first (tests/run-files.mjs):"
  sort -rn test-results/file-times-*.txt | head -8
fi
exit "$status"
