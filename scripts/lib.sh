# Shared set-up steps for scripts/run.sh, scripts/test.sh and .ci/run. Source it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PY="$ROOT/.venv/bin/python"
export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/reservations}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379/0}"

local_dev_env() {
  # What make run, make test and make bench need on a laptop, unless the caller set it. With DEBUG
  # off the settings refuse to start without SECRET_KEY: a random key is made once per checkout in
  # var/ (git-ignored, owner-only) and reused, so back-office sessions survive restarts and no key
  # published in the repository ever signs anything, even on a laptop reachable from the network.
  if [ -z "${SECRET_KEY:-}" ]; then
    local file="$ROOT/var/dev-secret-key"
    if [ ! -s "$file" ]; then
      mkdir -p "$ROOT/var"
      (umask 077 && python3 -c 'import secrets; print(secrets.token_urlsafe(50))' >"$file.$$" && mv "$file.$$" "$file")
    fi
    SECRET_KEY="$(cat "$file")"
    export SECRET_KEY
  fi
  # These commands serve plain http://127.0.0.1 (gunicorn, the test client, the e2e browser):
  # without this, HTTPS-only cookies and the HTTPS redirect (config/settings.py) would break them.
  export INSECURE_LOCAL_HTTP="${INSECURE_LOCAL_HTTP:-1}"
}

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

apt_install() {
  # Install Debian packages that are missing (needs root or sudo).
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "Installing Debian packages: ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

venv_python() {
  # The interpreter the virtualenv is made from (VENV_PYTHON overrides): Debian's CPython when the
  # machine is Debian, installed from its packages if missing. Debian builds it with profile-guided
  # and link-time optimisation and links the interpreter statically; a default source build (pyenv's,
  # for one) has neither, and the service spent about 20 % more CPU per request on it
  # (docs/performance.md, "The interpreter"). Anything else: the python3 on PATH.
  if [ -n "${VENV_PYTHON:-}" ]; then echo "$VENV_PYTHON"; return; fi
  if [ -r /etc/debian_version ] && command -v apt-get >/dev/null; then
    if ! /usr/bin/python3 -c 'import ensurepip, sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      apt_install python3 python3-venv >&2 || true
    fi
    if /usr/bin/python3 -c 'import ensurepip, sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      echo /usr/bin/python3
      return
    fi
  fi
  command -v python3
}

python_deps() {
  # A virtualenv with the project's packages, refreshed when pyproject.toml or the interpreter changes.
  # The Python client (clients/python) is installed too, editable: its tests run what the repository holds.
  local stamp=".venv/.pyproject.sha256" want interpreter
  interpreter="$(venv_python)"
  want="$( (cat pyproject.toml clients/python/pyproject.toml; "$interpreter" -c 'import sys; print(sys.version)') | sha256sum | cut -d' ' -f1)"
  if [ -x "$PY" ] && [ "$(cat "$stamp" 2>/dev/null)" != "$want" ] \
    && [ "$("$PY" -c 'import sys; print(sys.version)')" != "$("$interpreter" -c 'import sys; print(sys.version)')" ]; then
    log "Re-creating the virtualenv in .venv with $interpreter"
    rm -rf .venv
  fi
  if [ ! -x "$PY" ]; then
    log "Creating the virtualenv in .venv ($interpreter)"
    "$interpreter" -m venv .venv
  fi
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    log "Installing Python packages (pyproject.toml)"
    "$PY" -m pip install -q --upgrade pip >/dev/null
    "$PY" -m pip install -q ".[dev]"
    "$PY" -m pip install -q -e clients/python
    echo "$want" >"$stamp"
  fi
}

node_deps() {
  # The project's npm packages, from the npm registry with the machine's Node.js (Debian's nodejs and
  # npm when missing), each folder re-installed when its lock file changes: the end-to-end tests'
  # browser-side tools (tests/e2e: axe-core), the OpenAPI linters (tests/openapi/linters: Spectral,
  # Redocly) and the TypeScript client (clients/typescript: openapi-fetch, openapi-typescript, tsc).
  command -v npm >/dev/null || apt_install nodejs npm
  local dir stamp want
  for dir in "$ROOT/tests/e2e" "$ROOT/tests/openapi/linters" "$ROOT/clients/typescript"; do
    stamp="$dir/node_modules/.lock.sha256"
    want="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)"
    if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
      log "Installing npm packages (${dir#"$ROOT"/}/package-lock.json)"
      # --ignore-scripts: none of these needs an install script (the same on npm 10, which runs them,
      # as on npm 11, which asks first); some would only phone home (@scarf/scarf, under Redocly).
      (cd "$dir" && npm ci --no-audit --no-fund --silent --ignore-scripts)
      echo "$want" >"$stamp"
    fi
  done
  # The TypeScript client's package (dist/), built when its sources change: its tests and the guides'
  # TypeScript samples (tests/e2e/test_docs.py) import it as a partner would (tests/client/test_typescript.py
  # checks the same digest).
  dir="$ROOT/clients/typescript"
  want="$(cat "$dir/package-lock.json" "$dir/tsconfig.json" "$dir"/src/*.ts | sha256sum | cut -d' ' -f1)"
  if [ "$(cat "$dir/dist/.sources.sha256" 2>/dev/null)" != "$want" ]; then
    log "Building the TypeScript client (clients/typescript/dist)"
    (cd "$dir" && npm run --silent build)
    echo "$want" >"$dir/dist/.sources.sha256"
  fi
}

local_url() { case "$1" in *@127.0.0.1*|*@localhost*|*//127.0.0.1*|*//localhost*) return 0;; *) return 1;; esac; }

start_local_services() {
  # Start this machine's PostgreSQL and Redis when they are local and down.
  if local_url "$DATABASE_URL" && ! "$PY" scripts/check_services.py --quiet --create-db postgres; then
    command -v pg_ctlcluster >/dev/null || apt_install postgresql
    log "Starting PostgreSQL"
    for version in $(ls /etc/postgresql 2>/dev/null); do
      as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null || true
    done
  fi
  if local_url "$REDIS_URL" && ! "$PY" scripts/check_services.py --quiet redis; then
    command -v redis-server >/dev/null || apt_install redis-server
    log "Starting Redis"
    as_root mkdir -p /var/lib/redis /var/log/redis
    as_root redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log >/dev/null || true
  fi
  for _ in $(seq 1 20); do
    "$PY" scripts/check_services.py --quiet --create-db postgres redis && return 0
    sleep 0.5
  done
  "$PY" scripts/check_services.py --create-db postgres redis  # says which one is down and how to start it
}
