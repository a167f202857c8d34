#!/usr/bin/env bash
# Set everything up and run the service: web (gunicorn), Celery worker and beat,
# with the demo restaurant loaded and a demo API key and back-office login printed.
source "$(dirname "$0")/lib.sh"
python_deps
local_dev_env
start_local_services || exit 1
"$PY" scripts/check_services.py --quiet --create-db postgres
log "Migrating the database"
"$PY" manage.py migrate --noinput -v0
"$PY" manage.py collectstatic --noinput -v0
mkdir -p var
export PORT="${PORT:-8000}"
export BASE_URL="${BASE_URL:-http://127.0.0.1:$PORT}"
log "Demo restaurant"
"$PY" manage.py demo
log "Starting web on http://127.0.0.1:$PORT, worker and scheduler (Ctrl-C stops all)"
exec "$ROOT/.venv/bin/honcho" start -f Procfile
