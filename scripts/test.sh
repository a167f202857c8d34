#!/usr/bin/env bash
# Set everything up and run the whole test suite (extra arguments go to pytest).
source "$(dirname "$0")/lib.sh"
python_deps
local_dev_env
apt_install chromium jq openssl haproxy  # jq and openssl: the guides' curl samples (tests/e2e/test_docs.py); haproxy: tests/cluster
node_deps
start_local_services || exit 1
export REDIS_URL="${TEST_REDIS_URL:-${REDIS_URL%/*}/1}"
# --no-loadscope-reorder: files in collection order, which puts the fuzz run (tests/fuzz, one long
# test) first, on one worker, while the other takes the rest (xdist would otherwise sort the files
# by their number of tests and start it last).
exec "$ROOT/.venv/bin/pytest" -n "${TEST_WORKERS:-2}" --dist loadfile --no-loadscope-reorder "$@"
