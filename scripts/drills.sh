#!/usr/bin/env bash
# The fault drills (deploy/drills.py): a web node killed during racing creates, PostgreSQL restarted
# under load, Redis down, the Celery workers killed mid-delivery, the standby stopped. One line per
# drill with its counts; exit 1 when a drill misses its target. Starts a
# cluster of its own in var/drills, or uses a running one: CLUSTER_RUNNING=var/cluster.
source "$(dirname "$0")/lib.sh"
python_deps
local_dev_env
apt_install haproxy postgresql redis-server
# One drill module alone, on a cluster of its own: ./scripts/drills.sh deploy/drill_delivery.py
if [[ "${1:-}" == deploy/drill_*.py ]]; then exec "$PY" "$@"; fi
exec "$PY" deploy/drills.py "$@"
