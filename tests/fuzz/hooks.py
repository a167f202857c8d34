"""Schemathesis hooks of the fuzz run (tests/fuzz/test_fuzz.py), loaded by its CLI through
`SCHEMATHESIS_HOOKS`. Plain Python: these modules run in the schemathesis process, not under Django.

This file only loads the modules beside it, whose hooks register when they are imported:

- `run.py`: the environment, the random choices, the statistics, the free slots;
- `world.py`: the ids the run knows, from the setup file and from the responses;
- `supply.py`: real values in the cases (`before_call`) and what the responses show (`after_call`);
- `checks.py`: what counts as a failure (`before_load_schema`, `error_envelope`, `filter_failure`).

Each module's docstring says what it adds to the cases schemathesis generates from the OpenAPI
document: real ids and free slots, a fresh `Idempotency-Key`, closed response objects, the error
envelope check, the refusals that depend on data, and the statistics written to `FUZZ_STATS`.

Environment: `FUZZ_BASE_URL` (the service), `FUZZ_API_KEY` (a key with every scope), `FUZZ_WORLD`
(the JSON `manage.py load_restaurant` printed), `FUZZ_STATS` (where to write the statistics),
`FUZZ_SEED` (the random choices of the hooks).
"""

import sys
from pathlib import Path

# Schemathesis executes this file by its path, outside any package: the modules beside it are imported
# as `tests.fuzz.*`, with the project's root on `sys.path` while they load (and only then, so that
# nothing else in the process imports the project's top-level folders by their names).
ROOT = str(Path(__file__).resolve().parents[2])
_added = ROOT not in sys.path
if _added:
    sys.path.append(ROOT)
try:
    from tests.fuzz import checks, supply  # noqa: F401 (importing them registers their hooks)
finally:
    if _added:
        sys.path.remove(ROOT)
