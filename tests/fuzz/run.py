"""What the whole fuzz run shares (tests/fuzz/hooks.py): its environment, its random choices, its
statistics, the session of its own calls to the service, and the free slots it books.

Environment: `FUZZ_BASE_URL` (the service), `FUZZ_API_KEY` (a key with every scope), `FUZZ_WORLD`
(the JSON `manage.py load_restaurant` printed), `FUZZ_STATS` (where to write the statistics),
`FUZZ_SEED` (the random choices of the hooks).

**Statistics**: every response's status per operation, the dropped refusals and the ids supplied,
written as JSON to `FUZZ_STATS` when the process ends.
"""

import atexit
import collections
import datetime as dt
import json
import os
import random
import re
import threading
import zoneinfo

import requests

BASE_URL = os.environ.get("FUZZ_BASE_URL", "").rstrip("/")
API_KEY = os.environ.get("FUZZ_API_KEY", "")
STATS_PATH = os.environ.get("FUZZ_STATS")
WORLD = json.loads(open(os.environ["FUZZ_WORLD"]).read()) if os.environ.get("FUZZ_WORLD") else {}
RNG = random.Random(int(os.environ.get("FUZZ_SEED", "0")))
ZONE = zoneinfo.ZoneInfo("Europe/Paris")  # the fuzz restaurant's (tests/fuzz/restaurant.yaml)

# How often a part generated as valid gets a real value instead.
SUBSTITUTE = 0.7
SLOT_FIELDS = ("service_date", "start_time", "party_size")
ID_RE = re.compile(r"^[a-z]+_[0-9A-Za-z]+$")

_lock = threading.RLock()
_local = threading.local()


def _session() -> requests.Session:
    session = getattr(_local, "session", None)
    if session is None:
        session = _local.session = requests.Session()
        session.headers["Authorization"] = f"Bearer {API_KEY}"
    return session


class Stats:
    def __init__(self):
        self.statuses: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
        self.tolerated: collections.Counter = collections.Counter()
        self.supplied: collections.Counter = collections.Counter()
        self.setup_calls: collections.Counter = collections.Counter()

    def as_json(self) -> dict:
        return {
            "statuses": {label: dict(sorted(counts.items())) for label, counts in sorted(self.statuses.items())},
            "tolerated_refusals": dict(sorted(self.tolerated.items())),
            "supplied": dict(sorted(self.supplied.items())),
            "setup_calls": dict(sorted(self.setup_calls.items())),
        }


STATS = Stats()


@atexit.register
def _write_stats() -> None:
    if STATS_PATH:
        with open(STATS_PATH, "w") as file:
            json.dump(STATS.as_json(), file, indent=1)


def free_slot() -> dict:
    """A slot the fuzz restaurant sells: a future date (up to ten years ahead), a time on its
    five-minute grid, a small party. Tables are many and dates spread, so it is almost always free."""
    today = dt.datetime.now(ZONE).date()
    date = today + dt.timedelta(days=RNG.randrange(2, 3650))
    minutes = RNG.randrange(0, 24 * 60 - 5, 5)
    return {
        "service_date": date.isoformat(),
        "start_time": f"{minutes // 60:02d}:{minutes % 60:02d}",
        "party_size": RNG.randint(1, 6),
    }


def _chance(probability: float = SUBSTITUTE) -> bool:
    return RNG.random() < probability
