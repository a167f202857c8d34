"""Schemathesis hooks of the fuzz run (tests/fuzz/test_fuzz.py), loaded by its CLI through
`SCHEMATHESIS_HOOKS`. Plain Python: these modules run in the schemathesis process, not under Django.

This file only loads the modules beside it, whose hooks register when they are imported:

- `run.py`: the environment, the random choices, the statistics, the free slots;
- `world.py`: the ids the run knows, from the setup file and from the responses;
- `supply.py`: real values in the cases (`before_call`) and what the responses show (`after_call`);
- `checks.py`: what counts as a failure (`before_load_schema`, `error_envelope`, `filter_failure`).

What they add to the cases schemathesis generates from the OpenAPI document:

- **Closed response objects** (`before_load_schema`): a field the document does not list in a
  response fails `response_schema_conformance`, as in tests/openapi.
- **Real ids and free slots** (`before_call`): a generated id almost never names an object, so
  most requests would stop at 404. Before a case is sent, the parts generated as valid get, with
  some probability, a real value instead: a live reservation or hold in the path (created through
  the API when the pool is empty; cancel and release take one no other case will touch), a real
  section, company, guest or cursor, a future slot on the service grid. Parts generated as
  invalid are left as they are, so negative cases still test the refusals. Schemathesis revalidates
  a case a hook edited, so checks judge what was actually sent.
- **A fresh `Idempotency-Key`** on every case that sends a valid one, so a create is not a replay
  or `idempotency_key_reused` only because the generator drew the same short key twice.
- **The error envelope check** (`error_envelope`): every 4xx and 5xx is the envelope of the
  contract, with the `type` of its status, `doc_url` naming its code, `Allow` on 405,
  `WWW-Authenticate` on 401, `Retry-After` on 429.
- **Refusals that depend on data, not on the request's shape** (`filter_failure`): a cursor that
  is well-formed but not in the list (400), an availability `section_id` the restaurant does not
  have (400), slot fields beside a `hold_id` that differ from the hold's (400); and an integer
  sent as `2.0`, which JSON Schema reads as 2 and the service refuses. The document says so in
  words; no schema can. Only these, and only as "valid request rejected", are dropped; each is
  counted in the statistics.
- **Statistics**: every response's status per operation, the dropped refusals and the ids
  supplied, written as JSON to `FUZZ_STATS` when the process ends.

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
