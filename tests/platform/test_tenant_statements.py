"""The hot statements name their restaurant (docs/scaling.md): every table a create, an availability
answer or a list reads is read with an equality on its restaurant_id (the restaurant's own table on
its id), so that each statement, once the tables are distributed by restaurant_id, goes to one
shard. Checked on the plans PostgreSQL makes for the SQL the real code sends: each request runs
through the API client, its statements are captured, and each one is EXPLAINed on the same
connection (a prepared statement's `EXECUTE name(...)` included: its generic plan, as it runs).

Where a statement reads a table without it, the exception is listed below with its reason, and in
docs/scaling.md.
"""

import json
import re

import pytest
import sqlparse
from django.db import connection
from django.test.utils import CaptureQueriesContext

from config.postgresql.prepared import Statement
from reservations.selectors import answer_cache, kept_occupancy
from reservations.services.availability_version import bump_availability_version
from tests.factories import WaitlistEntryFactory
from tests.platform.tenancy import TENANT_COLUMN, restaurant_table, tenant_tables
from tests.reservations.conftest import DAY, booking_body

pytestmark = pytest.mark.django_db

THROUGH = "a many-to-many table, reached through its parent row (test_tenant_keys.REACHED_THROUGH_PARENT)"
PAGE = (
    "a list's rows, joined by primary key to the page of ids found with the restaurant: the join gains"
    " `AND x.restaurant_id = <the page's>.restaurant_id` before distribution"
)

# Tables read without their restaurant, by (table, the column its condition names instead), with
# the reason; "" for a row written (an INSERT into a table without restaurant_id).
EVERYWHERE = {
    ("apikeys_apikey", "secret_hash"): "the API key by its hash, before the restaurant is known: routed"
    " through key_routes (docs/scaling.md, 'Lookups across restaurants')",
}
CREATE = {("reservations_reservation_tables", ""): THROUGH}
CARRY = {
    ("reservations_tableallocation", "table_id"): "the changed tables' intervals, a table at a time through the"
    " exclusion constraint's index (table_id, during): gains restaurant_id with the constraint"
    " (test_tenant_keys.GLOBAL_KEYS)",
}
POLICY = {
    ("reservations_section", "id"): "the sections' group leaders, a self-join by id (the ORM's select_related)",
    ("reservations_table", "section_id"): "the sections' tables, the ORM's join by section_id",
    ("reservations_shift_online_sections", "shift_id"): THROUGH,
    ("reservations_combination_tables", "combination_id"): THROUGH,
    ("reservations_block_tables", "block_id"): THROUGH,
}
LISTS = {
    "/v1/reservations": {
        ("reservations_reservation", "id"): PAGE,
        ("guests_guest", "id"): PAGE,
        ("reservations_company", "id"): PAGE,
        ("reservations_reservation_tables", "reservation_id"): THROUGH,
    },
    "/v1/guests": {},
    "/v1/waitlist-entries": {
        ("waitlist_waitlistentry", "id"): PAGE,
        ("guests_guest", "id"): PAGE,
        ("reservations_reservation", "id"): PAGE,
    },
    "/v1/holds": {("reservations_reservation", "id"): PAGE + " (the ORM's select_related of the converted booking)"},
}

_NOT_EXPLAINED = re.compile(r"^\s*(SAVEPOINT|RELEASE|ROLLBACK|BEGIN|COMMIT|SET|PREPARE|DEALLOCATE)\b", re.I)
_CONDITIONS = ("Index Cond", "Recheck Cond", "Filter", "TID Cond")
_JOINS = ("Hash Cond", "Merge Cond", "Join Filter")


def statements(captured) -> list[str]:
    """Every statement the captured queries sent (a query may batch several), but transaction control."""
    found = []
    for query in captured:
        for statement in sqlparse.split(query["sql"]):
            statement = statement.strip().rstrip(";").strip()
            if statement and not _NOT_EXPLAINED.match(statement):
                found.append(statement)
    return found


def plan_of(statement: str) -> dict:
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (VERBOSE, FORMAT JSON) " + statement)  # no parameters: the text as captured
        (raw,) = cursor.fetchone()
    return (json.loads(raw) if isinstance(raw, str) else raw)[0]["Plan"]


def relation_nodes(plan: dict, joins: str = ""):
    """Every node of the plan that reads or writes a table, with the join conditions above it."""
    if "Relation Name" in plan:
        yield plan, joins
    joins = " ".join([joins, *(plan.get(key, "") for key in _JOINS)])
    for child in plan.get("Plans", ()):
        yield from relation_nodes(child, joins)


def _compared(alias: str, text: str) -> list[str]:
    """The columns of `alias` that `text` compares by equality, in order (as EXPLAIN writes them:
    `a.col = ...` or `... = a.col`, perhaps in parentheses with a cast, `(k.secret_hash)::text`)."""
    name = rf"(\({re.escape(alias)}\.(\w+)\)(::[\w ]+)?|{re.escape(alias)}\.(\w+))"
    found = []
    for match in re.finditer(rf"(?:^|[(\s]){name} = |= {name}(?=$|[)\s])", text):
        found.append(next(group for group in (match.group(2), match.group(4), match.group(6), match.group(8)) if group))
    return found


def unrouted(statement: str) -> set[tuple[str, str]]:
    """(table, the column compared instead, or "") for each table the statement's plan reads, or
    inserts into, without an equality on the column that names its restaurant (restaurant_id; the
    restaurant's own table: id)."""
    tenants, restaurant = tenant_tables(), restaurant_table()
    found = set()
    for node, joins in relation_nodes(plan_of(statement)):
        table, alias = node["Relation Name"], node.get("Alias", node["Relation Name"])
        if node["Node Type"] == "ModifyTable" and (node["Operation"] != "Insert" or table in tenants):
            # An UPDATE or DELETE is checked on the scan below it. An inserted row carries its
            # restaurant_id, never NULL (test_tenant_keys): a distributed insert is routed by it.
            continue
        # Its own conditions route it; a join's above it only say what it was read by instead.
        compared = _compared(alias, " ".join(node.get(key, "") for key in _CONDITIONS))
        if (TENANT_COLUMN if table in tenants else "id" if table == restaurant else None) in compared:
            continue
        compared += _compared(alias, joins)
        found.add((table, compared[0] if compared else ""))
    return found


def gaps(captured) -> dict[tuple[str, str], str]:
    """What the captured statements read without naming the restaurant (but EVERYWHERE's), and where."""
    found = {}
    for statement in statements(captured):
        for gap in unrouted(statement) - set(EVERYWHERE):
            found.setdefault(gap, statement[:120])
    return found


@pytest.fixture
def answers_worked_out(settings):
    """No answer kept whole: every availability request reads the occupancy, or carries it."""
    settings.AVAILABILITY_ANSWER_CACHE_SIZE = 0
    answer_cache.clear()
    kept_occupancy.clear()


def create(api, time: str, email: str):
    guest = {"first_name": "Ada", "last_name": "Lovelace", "email": email}
    response = api.post(
        "/v1/reservations",
        booking_body(start_time=time, guest=guest),
        format="json",
        HTTP_IDEMPOTENCY_KEY=f"k-{time}-{email}",
    )
    assert response.status_code == 201, response.content
    return response


def captured_by(call, *args) -> list[dict]:
    """The queries of one request: `call(*args)`."""
    with CaptureQueriesContext(connection) as captured:
        response = call(*args)
    assert response.status_code in (200, 201), response.content
    assert captured.captured_queries
    return captured.captured_queries


def test_a_create_names_its_restaurant_in_every_statement(api, bistro, answers_worked_out):
    create(api, "19:00", "first@example.com")  # the process's policy and prepared statements warm
    new_guest = captured_by(create, api, "19:30", "ada@example.com")
    known_guest = captured_by(create, api, "21:00", "ada@example.com")
    assert "link_allocate_reservation_new" in " ".join(q["sql"] for q in new_guest)
    assert set(gaps(new_guest)) == set(CREATE)
    assert set(gaps(known_guest)) == set(CREATE)


def test_availability_reads_name_their_restaurant(api, bistro, answers_worked_out):
    day = {"service_date": DAY, "party_size": 2}
    bump_availability_version(bistro.restaurant.pk)  # a policy edit: the next answer loads the policy
    cold = captured_by(api.get, "/v1/availability", day)
    kept_occupancy.clear()
    afresh = captured_by(api.get, "/v1/availability", day)
    month = captured_by(api.get, "/v1/availability/months", {"month": DAY[:7]})
    create(api, "19:30", "ada@example.com")
    carried = captured_by(api.get, "/v1/availability", {**day, "party_size": 3})  # the kept occupancy, carried
    assert "occupancy_intervals_day" in " ".join(q["sql"] for q in afresh)
    assert "occupancy_intervals_range" in " ".join(q["sql"] for q in month)
    assert "occupancy_changed_tables_day" in " ".join(q["sql"] for q in carried)
    assert set(gaps(cold)) == set(POLICY)
    assert set(gaps(afresh)) == set()
    assert set(gaps(month)) == set()
    assert set(gaps(carried)) == set(CARRY)


def test_lists_name_their_restaurant(api, bistro):
    create(api, "19:30", "ada@example.com")
    WaitlistEntryFactory(restaurant=bistro.restaurant)
    for path, query in [
        ("/v1/reservations", {}),
        ("/v1/reservations", {}),  # a repeated text: now a prepared statement
        ("/v1/reservations", {"expand": "guest", "date": DAY}),
        ("/v1/guests", {}),
        ("/v1/waitlist-entries", {}),
        ("/v1/holds", {}),
    ]:
        assert set(gaps(captured_by(api.get, path, query))) == set(LISTS[path]), path


# --- the check finds what it looks for ------------------------------------------------------------------

PROBE = Statement("test_tenant_probe", "SELECT id FROM guests_guest WHERE email = %s")


def test_a_statement_without_its_restaurant_is_found(bistro):
    """Reads by another column, a join that leaves a table unrouted and a prepared statement's are
    found; the same reads with the restaurant are not."""
    restaurant = bistro.restaurant.pk
    by_id = "SELECT id FROM reservations_reservation WHERE public_id = 'resv_x'"
    assert unrouted(by_id) == {("reservations_reservation", "public_id")}
    assert unrouted(f"{by_id} AND restaurant_id = {restaurant}") == set()
    joined = f"SELECT r.id FROM reservations_reservation r JOIN guests_guest g ON g.id = r.guest_id WHERE r.restaurant_id = {restaurant}"
    assert unrouted(joined) == {("guests_guest", "id")}
    assert unrouted(joined.replace("ON g.id", "ON g.restaurant_id = r.restaurant_id AND g.id")) == set()
    assert unrouted("SELECT 1 FROM reservations_restaurant WHERE slug = 'x'") == {("reservations_restaurant", "slug")}
    assert unrouted(f"SELECT 1 FROM reservations_restaurant WHERE id = {restaurant}") == set()
    assert unrouted("INSERT INTO reservations_reservation_tables (reservation_id, table_id) VALUES (1, 1)") == {
        ("reservations_reservation_tables", "")
    }
    assert unrouted(PROBE.sql().replace("%s", "'x'")) == {("guests_guest", "email")}
    assert unrouted("SELECT 1 FROM apikeys_apikey WHERE name = 'x'") == {("apikeys_apikey", "name")}
    assert gaps([{"sql": "SELECT 1 FROM apikeys_apikey WHERE secret_hash = 'x'; SELECT 1 FROM apikeys_apikey"}]) == {
        ("apikeys_apikey", ""): "SELECT 1 FROM apikeys_apikey"
    }
