#!/usr/bin/env bash
# Run the benchmarks of tests/bench/ against the real service under gunicorn on loopback.
# The bench database (BENCH_DATABASE_URL, default reservations_bench) and its no-history twin
# (BENCH_NOHISTORY_DATABASE_URL, default reservations_bench_nohistory: the busy restaurant's
# measured month alone, the baseline of issue 3's "empty history") are created, migrated and
# seeded on first use (under a minute), then reused; so is the tenfold database
# (BENCH_TENFOLD_DATABASE_URL, default reservations_bench_tenfold: a day of 400 bookings next to
# one of 4,000, for issue 14). Figures: stdout and var/bench/*.json; docs/performance.md records
# them. Exit status 1 when a target is missed.
#   BENCH_SCALE=0.2 ./scripts/bench.sh       a quick smoke run (fewer requests)
#   BENCH_WORKERS_SWEEP=1 ./scripts/bench.sh  also compare gunicorn worker settings
source "$(dirname "$0")/lib.sh"
python_deps
local_dev_env
apt_install haproxy  # bench_cluster runs the cluster (deploy/cluster.py)
start_local_services || exit 1
export PYTHONPATH="$ROOT${PYTHONPATH:+:$PYTHONPATH}"
started=$(date +%s)
log "Bench data, all three databases (seeded once, reused while current)"
"$PY" -m tests.bench.seed >/dev/null
"$PY" -m tests.bench.seed_tenfold >/dev/null
status=0
for name in bench_platform bench_availability bench_reservations bench_guests bench_day_sheet bench_host_pages bench_webhooks bench_guest_pages bench_guest_change bench_tenfold bench_speed bench_round_trip bench_cluster; do
  log "tests/bench/$name.py"
  "$PY" -m "tests.bench.$name" || status=1
done
if [ "${BENCH_WORKERS_SWEEP:-0}" = 1 ]; then
  log "tests/bench/bench_workers.py"
  "$PY" -m tests.bench.bench_workers || status=1
fi
log "Benchmarks done in $(( $(date +%s) - started ))s (figures in var/bench/*.json)"
exit $status
