"""Check that PostgreSQL and Redis answer; say which does not and how to start it.

python scripts/check_services.py [--quiet] [--create-db] postgres redis
"""

import os
import sys
from urllib.parse import urlparse

DATABASE_URL = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/reservations")
REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")

HOW_TO_START = {
    "postgres": (
        "PostgreSQL is not reachable at {where}.\n"
        "  Start it: sudo pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\n"
        "  (install: sudo apt-get install postgresql), or set DATABASE_URL to a server you can reach."
    ),
    "redis": (
        "Redis is not reachable at {where}.\n"
        "  Start it: redis-server --daemonize yes --port 6379\n"
        "  (install: sudo apt-get install redis-server), or set REDIS_URL to a server you can reach."
    ),
}


def check_postgres(create_db: bool) -> str | None:
    import psycopg

    url = urlparse(DATABASE_URL)
    dbname = url.path.lstrip("/") or "postgres"
    params = dict(
        host=url.hostname or "127.0.0.1",
        port=url.port or 5432,
        user=url.username or "postgres",
        password=url.password,
        connect_timeout=3,
    )
    try:
        psycopg.connect(dbname=dbname, **params).close()
        return None
    except psycopg.OperationalError as error:
        if create_db and f'database "{dbname}" does not exist' in str(error):
            with psycopg.connect(dbname="postgres", autocommit=True, **params) as conn:
                conn.execute(f'CREATE DATABASE "{dbname}"')
            print(f"Created database {dbname}.", file=sys.stderr)
            return None
        return str(error).strip()


def check_redis() -> str | None:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3).ping()
        return None
    except redis.RedisError as error:
        return str(error)


def main(argv: list[str]) -> int:
    quiet = "--quiet" in argv
    create_db = "--create-db" in argv
    services = [arg for arg in argv if not arg.startswith("--")] or ["postgres", "redis"]
    failed = 0
    for service in services:
        if service == "postgres":
            problem, where = check_postgres(create_db), DATABASE_URL
        else:
            problem, where = check_redis(), REDIS_URL
        if problem:
            failed += 1
            if not quiet:
                print(HOW_TO_START[service].format(where=where), file=sys.stderr)
                print(f"  ({problem})", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
