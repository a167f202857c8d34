#!/usr/bin/env bash
# Set up and run the production topology on this machine (deploy/cluster.py): HAProxy, three web
# nodes, two Celery workers and the slow-queue worker, one scheduler, a PostgreSQL primary with a
# streaming standby, Redis. Prints "proxy: http://127.0.0.1:PORT" once every part answers; Ctrl-C
# stops every part.
source "$(dirname "$0")/lib.sh"
python_deps
local_dev_env
apt_install haproxy postgresql redis-server
exec "$PY" deploy/cluster.py "$@"
