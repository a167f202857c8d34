"""A separate process for tests/platform/test_key_cache.py: authenticates `GET /v1/ping` with
one key over and over (through the whole middleware and DRF stack, with the default key cache)
and prints one JSON line per request: when it started (epoch seconds), its status, and how many
SQL queries it ran. Stops once every request for `--refused-for` seconds was a 401, or after
`--seconds`.

    python -m tests.platform.key_cache_worker <secret> [--seconds 20] [--refused-for 1.5]
"""

import json
import os
import sys
import time


def main(argv: list[str]) -> int:
    secret = argv[0]
    seconds = float(argv[argv.index("--seconds") + 1]) if "--seconds" in argv else 20.0
    refused_for = float(argv[argv.index("--refused-for") + 1]) if "--refused-for" in argv else 1.5
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    deadline = time.time() + seconds
    refused_since = None
    while time.time() < deadline and (refused_since is None or time.time() - refused_since < refused_for):
        started = time.time()
        with CaptureQueriesContext(connection) as captured:
            response = client.get("/v1/ping", HTTP_AUTHORIZATION=f"Bearer {secret}")
        if response.status_code != 401:
            refused_since = None
        elif refused_since is None:
            refused_since = started
        line = {"pid": os.getpid(), "t": started, "status": response.status_code, "queries": len(captured)}
        print(json.dumps(line), flush=True)
        time.sleep(0.01)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
