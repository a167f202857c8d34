"""Real values in the cases (tests/fuzz/hooks.py), and what their responses teach the run.

- **Real ids and free slots** (`before_call`): a generated id almost never names an object, so
  most requests would stop at 404. Before a case is sent, the parts generated as valid get, with
  some probability, a real value instead: a live reservation or hold in the path (created through
  the API when the pool is empty; cancel and release take one no other case will touch), a real
  section, company, guest or cursor, a future slot on the service grid. Parts generated as
  invalid are left as they are, so negative cases still test the refusals. Schemathesis revalidates
  a case a hook edited, so checks judge what was actually sent.
- **A fresh `Idempotency-Key`** on every case that sends a valid one, so a create is not a replay
  or `idempotency_key_reused` only because the generator drew the same short key twice.
- **What responses show** (`after_call`): every status counted per operation; the reservations and
  holds answered join the world's pools (a converted hold leaves them).
"""

import uuid

import schemathesis

from tests.fuzz.run import ID_RE, RNG, SLOT_FIELDS, STATS, _chance, _lock, free_slot
from tests.fuzz.world import WORLD_IDS


def _negative(case, location: str) -> bool:
    meta = case.meta
    if meta is None:
        return False
    from schemathesis.core.parameters import ParameterLocation

    return meta.is_negative_at(ParameterLocation(location))


# --- before every call ------------------------------------------------------------------------


@schemathesis.hook
def before_call(context, case, kwargs):
    operation = case.operation
    key = f"{operation.method.upper()} {operation.path}"
    if case.path_parameters and not _negative(case, "path"):
        _real_path_ids(key, case)
    if case.query and not _negative(case, "query"):
        _real_query(key, case)
    if isinstance(case.body, dict) and not _negative(case, "body"):
        _real_body(key, case)
    headers = case.headers or {}
    if "Idempotency-Key" in headers and not _negative(case, "header") and _chance(0.95):
        case.headers["Idempotency-Key"] = f"fuzz-{uuid.uuid4()}"


def _supply(case, container: dict, name: str, value) -> None:
    if value is not None:
        container[name] = value
        STATS.supplied[f"{case.operation.method.upper()} {case.operation.path} {name}"] += 1


def _real_path_ids(key: str, case) -> None:
    params = case.path_parameters
    if "reservation_id" in params and _chance():
        if key.endswith("/cancel"):
            _supply(case, params, "reservation_id", WORLD_IDS.take_live_reservation())
        elif key.startswith("PATCH"):
            _supply(case, params, "reservation_id", WORLD_IDS.live_reservation())
        else:
            _supply(case, params, "reservation_id", WORLD_IDS.any_reservation())
    if "guest_id" in params and WORLD_IDS.guests and _chance():
        _supply(case, params, "guest_id", RNG.choice(WORLD_IDS.guests))
    if "waitlist_entry_id" in params and WORLD_IDS.waitlist and _chance():
        _supply(case, params, "waitlist_entry_id", RNG.choice(WORLD_IDS.waitlist))
    if "hold_id" in params and _chance():
        if key.startswith("DELETE"):
            hold = WORLD_IDS.take_live_hold()
            _supply(case, params, "hold_id", hold["id"] if hold else None)
        else:
            _supply(case, params, "hold_id", WORLD_IDS.any_hold())


def _real_query(key: str, case) -> None:
    query = case.query
    if "section_id" in query and WORLD_IDS.sections and _chance(0.9):
        _supply(case, query, "section_id", RNG.choice(WORLD_IDS.sections))
    if "excluding" in query and _chance(0.9):
        chosen = WORLD_IDS.any_hold() if _chance(0.5) else WORLD_IDS.any_reservation()
        _supply(case, query, "excluding", chosen)
    if "guest_id" in query and WORLD_IDS.guests and _chance(0.5):
        _supply(case, query, "guest_id", RNG.choice(WORLD_IDS.guests))
    if key == "GET /v1/reservations" and "id" in query and _chance(0.5):
        with _lock:
            known = list(WORLD_IDS.reservations)
        if known:
            _supply(case, query, "id", ",".join(RNG.sample(known, min(len(known), RNG.randint(1, 5)))))
    for cursor in ("starting_after", "ending_before"):
        if cursor in query and _chance(0.9):
            if key == "GET /v1/reservations":
                _supply(case, query, cursor, WORLD_IDS.any_reservation())
            elif key == "GET /v1/holds":
                _supply(case, query, cursor, WORLD_IDS.any_hold())
            elif key == "GET /v1/guests" and WORLD_IDS.guests:
                _supply(case, query, cursor, RNG.choice(WORLD_IDS.guests))
            elif key == "GET /v1/waitlist-entries" and WORLD_IDS.waitlist:
                _supply(case, query, cursor, RNG.choice(WORLD_IDS.waitlist))
            elif key.endswith("/events"):
                reservation_id = case.path_parameters.get("reservation_id", "")
                if ID_RE.match(str(reservation_id)) and str(reservation_id).startswith("resv_"):
                    _supply(case, query, cursor, WORLD_IDS.event_of(reservation_id))


def _real_body(key: str, case) -> None:
    body = case.body
    if key in ("POST /v1/holds", "POST /v1/reservations"):
        if body.get("hold_id") is not None and key == "POST /v1/reservations":
            if _chance():
                hold = WORLD_IDS.take_live_hold()
                if hold is not None:
                    _supply(case, body, "hold_id", hold["id"])
                    for name in (*SLOT_FIELDS, "section_id", "entire_section_id", "excluded_from_shift_limits"):
                        body.pop(name, None)
        elif _chance() and all(body.get(name) is not None for name in SLOT_FIELDS if name in body):
            for name, value in free_slot().items():
                _supply(case, body, name, value)
        for name in ("section_id", "entire_section_id"):
            if body.get(name) is not None and WORLD_IDS.sections and _chance():
                _supply(case, body, name, RNG.choice(WORLD_IDS.sections))
        if body.get("guest_id") is not None and WORLD_IDS.guests and _chance():
            _supply(case, body, "guest_id", RNG.choice(WORLD_IDS.guests))
        if body.get("company_id") is not None and WORLD_IDS.companies and _chance():
            _supply(case, body, "company_id", RNG.choice(WORLD_IDS.companies))
    elif key == "PATCH /v1/reservations/{reservation_id}":
        slot = free_slot()
        for name in SLOT_FIELDS:
            if name in body and _chance():
                _supply(case, body, name, slot[name])
        if body.get("section_id") is not None and WORLD_IDS.sections and _chance():
            _supply(case, body, "section_id", RNG.choice(WORLD_IDS.sections))
        if body.get("company_id") is not None and WORLD_IDS.companies and _chance():
            _supply(case, body, "company_id", RNG.choice(WORLD_IDS.companies))


# --- after every call ----------------------------------------------------------------------------


@schemathesis.hook
def after_call(context, case, response):
    operation = case.operation
    key = f"{operation.method.upper()} {operation.path}"
    with _lock:
        STATS.statuses[key][str(response.status_code)] += 1
    if not 200 <= response.status_code < 300:
        return
    try:
        body = response.json()
    except Exception:
        return
    if not isinstance(body, dict):
        return
    if body.get("object") == "reservation":
        WORLD_IDS.saw_reservation(body)
        if key == "POST /v1/reservations" and isinstance(case.body, dict) and case.body.get("hold_id"):
            WORLD_IDS.forget_hold(case.body["hold_id"])
    elif body.get("object") == "hold":
        WORLD_IDS.saw_hold(body)
