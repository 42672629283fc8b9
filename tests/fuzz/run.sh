#!/usr/bin/env bash
# Sanitizers and fuzzing (issue 9), on the ATTN_SANITIZE=ON build (build-sanitize/).
#   run.sh build [DIR]             configure DIR with clang++-14 if needed; build core_tests and the fuzzers
#   run.sh tests DIR               DIR's core_tests under ASan + UBSan; exit 77 (skip) when not built
#   run.sh fuzz DIR NAME SECONDS   libFuzzer NAME (parser or api) for SECONDS on tests/fuzz/corpus/NAME,
#                                  stopping at the first finding (the ctest smoke); exit 1 on a finding
#   run.sh long DIR NAME SECONDS   the same, but carrying on past findings (-fork=1 -ignore_crashes=1 ...)
#                                  so that every finding of the SECONDS is kept
#   run.sh all SECONDS             build, then `long` on api and parser, one after the other (npm run fuzz)
#   run.sh replay [DIR]            run each input of tests/fuzz/findings/{api,parser}/ once; list those that
#                                  still fail (a fixed finding can then move into the seed corpus)
# Exit 77 (ctest's skip) when DIR has not been built. A run's corpus, log, findings and slowest
# input are kept in DIR/fuzz/NAME/; its summary (executions, exec/s, findings with a command that
# reproduces each, the slowest input and its time) is printed last.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
ubsan="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

build() {
  local dir="$1"
  if [[ ! -f "$dir/CMakeCache.txt" ]]; then
    cmake -S . -B "$dir" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DATTN_SANITIZE=ON -DATTN_BUILD_WASM=OFF -DATTN_BROWSER_TESTS=OFF || return 1
  fi
  cmake --build "$dir" --target core_tests parser_fuzzer api_fuzzer
}

tests() {
  local bin="$1/tests/core_tests"
  if [[ ! -x "$bin" ]]; then
    echo "SKIP: $bin is not built (bash tests/fuzz/run.sh build)"
    return 77
  fi
  # The seed properties run up to 1,000 seeds natively; here 40 of each suffice to reach the
  # code paths where a memory error would be (tests/cpp/property_seeds.h).
  ATTN_PROPERTY_SEEDS="${ATTN_PROPERTY_SEEDS:-40}" UBSAN_OPTIONS="$ubsan" "$bin" --gtest_brief=1
}

stat() { grep -m1 "^stat::$1:" "$2" | awk '{print $2}'; }

# fuzz DIR NAME SECONDS MODE: MODE is "smoke" (stop at the first finding) or "long".
fuzz() {
  local dir="$1" name="$2" seconds="$3" mode="$4"
  local bin="$dir/tests/fuzz/${name}_fuzzer"
  if [[ ! -x "$bin" ]]; then
    echo "SKIP: $bin is not built (bash tests/fuzz/run.sh build)"
    return 77
  fi
  local work="$dir/fuzz/$name"
  mkdir -p "$work/corpus" "$work/artifacts"
  rm -f "$work/artifacts/"* "$work/slowest-input" "$work/slowest-input.seconds"
  local extra=()
  [[ $mode == long ]] && extra=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  # An input slower than 2 s is a finding of the long run (npm run fuzz, on a machine of its
  # own); the smoke, which runs inside npm test beside other work, stops only a hang (10 s of
  # wall time, which a busy machine stretches), and prints its slowest input as a measurement.
  local per_input=2
  [[ $mode == smoke ]] && per_input=10
  echo "Fuzzing $name for $seconds s ($mode): $bin $work/corpus tests/fuzz/corpus/$name"
  ATTN_FUZZ_SLOWEST="$work/slowest-input" UBSAN_OPTIONS="$ubsan" \
    "$bin" "${extra[@]}" -max_total_time="$seconds" -timeout="$per_input" -rss_limit_mb=2048 -max_len=4096 \
      -print_final_stats=1 -report_slow_units=1 -artifact_prefix="$work/artifacts/" \
      "$work/corpus" "tests/fuzz/corpus/$name" >"$work/log" 2>&1
  local rc=$?
  local findings
  findings=$(find "$work/artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
  echo "---- $name: the end of $work/log"
  grep -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)' "$work/log" | tail -n 40
  echo "---- $name summary"
  if [[ $mode == long ]]; then
    local last execs time
    last=$(grep -E '^#[0-9]+: cov:' "$work/log" | tail -n 1)
    execs=$(sed -E 's/^#([0-9]+):.*/\1/' <<<"$last")
    time=$(sed -E 's/.* time: ([0-9]+)s.*/\1/' <<<"$last")
    echo "executions:    ${execs:-?}"
    echo "exec/s:        $( [[ -n $execs && ${time:-0} -gt 0 ]] && echo $((execs / time)) || echo '?')"
    echo "status:        ${last:-?}"
  else
    echo "executions:    $(stat number_of_executed_units "$work/log")"
    echo "exec/s:        $(stat average_exec_per_sec "$work/log")"
    echo "peak RSS (MB): $(stat peak_rss_mb "$work/log")"
  fi
  echo "corpus:        $(find "$work/corpus" -type f | wc -l) files in $work/corpus"
  if [[ -f "$work/slowest-input" ]]; then
    echo "slowest input: $(cat "$work/slowest-input.seconds") s, $(wc -c <"$work/slowest-input") bytes, in $work/slowest-input:"
    head -c 200 "$work/slowest-input" | od -An -c | head -n 4
  else
    echo "slowest input: $(stat slowest_unit_time_sec "$work/log") s (libFuzzer's whole seconds)"
  fi
  if [[ -n "$findings" || $rc -ne 0 ]]; then
    echo "findings:      $(grep -c . <<<"$findings") (libFuzzer exit status $rc)"
    for f in $findings; do echo "  reproduce: $bin $f"; done
    return 1
  fi
  echo "findings:      0"
}

replay() {
  local dir="$1" failing=0 name f
  for name in api parser; do
    for f in tests/fuzz/findings/"$name"/*; do
      [[ -f $f ]] || continue
      if UBSAN_OPTIONS="$ubsan" "$dir/tests/fuzz/${name}_fuzzer" "$f" >/dev/null 2>&1; then
        echo "passes: $f"
      else
        echo "FAILS:  $f"
        failing=1
      fi
    done
  done
  return $failing
}

case "${1:-}" in
  build) build "${2:-build-sanitize}" ;;
  tests) tests "${2:-build-sanitize}" ;;
  fuzz) fuzz "${2:-build-sanitize}" "$3" "${4:-60}" smoke ;;
  replay) replay "${2:-build-sanitize}" ;;
  long) fuzz "${2:-build-sanitize}" "$3" "${4:-600}" long ;;
  all)
    build build-sanitize || exit 1
    status=0
    fuzz build-sanitize api "${2:-600}" long || status=1
    fuzz build-sanitize parser "${2:-600}" long || status=1
    exit $status ;;
  *) sed -n '2,14p' "$0"; exit 2 ;;
esac
