"""Every tenant table is ready to be distributed by `restaurant_id` (docs/scaling.md): the column is
there and never NULL, a unique key carries it, and every foreign key between two tenant tables
carries it on both sides, so that a row can only point at a row of its own restaurant (and, once
distributed, at a row on its own shard). The tables are found from the app registry, their keys
read from PostgreSQL's catalog (pg_index, pg_constraint, pg_attribute), not from the models.

Where today's schema falls short, each gap is listed below with its reason, and docs/scaling.md
lists the same; a list that no longer matches the schema (a gap closed, or a new one) fails.
"""

import pytest
from django.db import connection

from tests.platform.tenancy import (
    TENANT_COLUMN,
    foreign_keys,
    nullable,
    reached_through_parent,
    restaurant_columns,
    restaurant_table,
    tenant_tables,
    unique_keys,
)

pytestmark = pytest.mark.django_db

HOT = (
    "written by every booking: its key comes with the distribution, as its primary key (restaurant_id, id);"
    " one more unique index before then would cost every booking an index entry"
)
COLD = "no composite foreign key points at it: its primary key becomes (restaurant_id, id) when it is distributed"
OUTBOX = "the outbox (docs/scaling.md, 'The outbox'): its keys and composite foreign keys come together, with the event's key, which every booking would pay for"


def through(parent: str) -> str:
    return (
        f"Django's many-to-many table of {parent}: its rows are reached through their parent row. It gains"
        " restaurant_id (an explicit through model, and composite foreign keys) before it is distributed"
    )


# Tables without a restaurant column of their own, reached through a parent row.
REACHED_THROUGH_PARENT = {
    "reservations_reservation_tables": through("Reservation.tables"),
    "holds_hold_tables": through("Hold.tables"),
    "reservations_combination_tables": through("Combination.tables"),
    "reservations_block_tables": through("Block.tables"),
    "reservations_shift_online_sections": through("Shift.online_sections"),
}

# Tenant tables with no unique key (primary key, unique constraint or index) that carries restaurant_id.
NO_TENANT_KEY = {
    "reservations_tableallocation": HOT,
    "reservations_reservationevent": HOT,
    "reservations_statuschange": HOT + " (a staff move)",
    "reservations_occupancychange": HOT + " (the occupancy log, written by triggers)",
    "webhooks_event": HOT,
    "webhooks_outboxmessage": HOT,
    "webhooks_delivery": OUTBOX,
    "webhooks_deliveryattempt": OUTBOX,
    "reservations_closure": COLD,
    "reservations_block": COLD + " (until its many-to-many table points at it by one)",
    "reservations_combination": COLD + " (until its many-to-many table points at it by one)",
    "reservations_feedbackinvitation": COLD,
    "apikeys_apikey": COLD,
    "apikeys_invitation": COLD,
}

# Foreign keys between tenant tables, (table, column), with no composite twin
# (restaurant_id, column) -> (restaurant_id, id).
SINGLE_COLUMN_FOREIGN_KEYS = {
    ("reservations_reservationevent", "reservation_id"): HOT + ": a second check per event at commit",
    ("reservations_statuschange", "event_id"): "the event has no tenant key yet (above)",
    ("webhooks_delivery", "event_id"): OUTBOX,
    ("webhooks_deliveryattempt", "delivery_id"): OUTBOX,
}

# Unique keys of tenant tables without the distribution column, by their columns. Citus refuses
# them on a distributed table: each becomes (restaurant_id, ...), or the lookup it serves goes
# through a global route (docs/scaling.md, "Lookups across restaurants").
GLOBAL_KEYS = {
    ("id",): "Django's bigint primary keys: becomes (restaurant_id, id), which the tenant keys already are",
    ("public_id",): "the API's ids, always looked up with the key's restaurant: (restaurant_id, public_id);"
    " the restaurant's own rst_ id is routed (restaurant_routes)",
    ("slug",): "the restaurant's address in the guest pages' URLs: routed (restaurant_routes)",
    ("modification_token",): "the guest's booking page, under /book/{slug}/: (restaurant_id, modification_token)",
    ("guest_token",): "the guest's waitlist page, under /book/{slug}/waitlist/: (restaurant_id, guest_token)",
    ("secret_hash",): "the API key by its hash, before the restaurant is known: routed (key_routes)",
    ("token_hash",): "an invitation link, before the restaurant is known: routed (key_routes)",
    ("intent_id",): "the test provider's ids, looked up with their restaurant: (restaurant_id, ...)",
    ("charge_id",): "the test provider's ids, looked up with their restaurant: (restaurant_id, ...)",
    ("refund_id",): "the test provider's ids, looked up with their restaurant: (restaurant_id, ...)",
    ("reservation_id",): "one card, feedback, invitation, hold or waitlist entry per booking, whose composite"
    " foreign key already pins the restaurant: (restaurant_id, reservation_id)",
    ("absorbed_id",): "one live merge per absorbed profile (partial): (restaurant_id, absorbed_id)",
    ("section_id", "name"): "a table's name in its section: (restaurant_id, section_id, name)",
    ("table_id", "during"): "the exclusion constraint that seats one party per table at a time: gains"
    " restaurant_id WITH = (Citus requires the distribution column in it)",
}

# Tables outside the tenants that tenant tables point at: reference tables once distributed.
REFERENCE_TABLES = {"auth_user": "the back office's users: a row per person, read with every back-office request"}


# --- the checks (applied to the schema below, and to probe tables at the end) ------------------------


def without_tenant_key(tables: set[str]) -> set[str]:
    keyed = {
        t
        for t, _, _, exclusion, partial, cols in unique_keys(tables)
        if not exclusion and not partial and TENANT_COLUMN in cols
    }
    return set(tables) - keyed


def keys_without_tenant_column(tables: set[str], restaurant: str) -> dict[tuple[str, ...], set[str]]:
    """Unique and exclusion keys lacking the distribution column (the restaurant's own: `id`)."""
    found: dict[tuple[str, ...], set[str]] = {}
    for table, index, _, _, _, cols in unique_keys(tables | {restaurant}):
        if (TENANT_COLUMN if table != restaurant else "id") not in cols:
            found.setdefault(cols, set()).add(f"{table}.{index}")
    return found


def foreign_key_gaps(tables: set[str], restaurant: str) -> tuple[set[tuple[str, str]], set[str], set[str]]:
    """Between tenant tables: the single-column foreign keys with no composite twin, and the
    composite ones that do not pair restaurant_id with restaurant_id; and the other tables they
    point at."""
    keys = foreign_keys(tables)
    composite = {(t, cols, ref, ref_cols) for _, t, cols, ref, ref_cols in keys}
    uncovered, mispaired, elsewhere = set(), set(), set()
    for name, table, cols, ref, ref_cols in keys:
        if ref == restaurant:
            if (cols, ref_cols) != ((TENANT_COLUMN,), ("id",)):
                mispaired.add(name)
        elif ref not in tables:
            elsewhere.add(ref)
        elif TENANT_COLUMN in cols:
            if ref_cols[cols.index(TENANT_COLUMN)] != TENANT_COLUMN:
                mispaired.add(name)
        elif (table, (TENANT_COLUMN, *cols), ref, (TENANT_COLUMN, *ref_cols)) not in composite:
            uncovered.add((table, *cols))
    return uncovered, mispaired, elsewhere


# --- today's schema -------------------------------------------------------------------------------


def test_the_tenant_tables_are_found_from_the_app_registry():
    found = tenant_tables()
    assert {"reservations_reservation", "guests_guest", "holds_hold", "waitlist_waitlistentry"} <= found
    assert {"apikeys_apikey", "webhooks_event", "reservations_occupancychange"} <= found
    assert restaurant_table() not in found
    assert "auth_user" not in found


def test_each_names_its_restaurant_in_restaurant_id_never_null():
    assert {t: cols for t, cols in restaurant_columns().items() if cols != [TENANT_COLUMN]} == {}
    assert nullable(tenant_tables(), TENANT_COLUMN) == set()


def test_the_tables_reached_through_a_parent_are_the_listed_ones():
    assert reached_through_parent() == set(REACHED_THROUGH_PARENT)


def test_each_tenant_table_has_a_unique_key_with_restaurant_id():
    assert without_tenant_key(tenant_tables()) == set(NO_TENANT_KEY)


def test_each_foreign_key_between_tenant_tables_carries_restaurant_id():
    uncovered, mispaired, elsewhere = foreign_key_gaps(tenant_tables(), restaurant_table())
    assert mispaired == set()
    assert uncovered == set(SINGLE_COLUMN_FOREIGN_KEYS)
    assert elsewhere == set(REFERENCE_TABLES)


def test_the_unique_keys_without_restaurant_id_are_the_listed_global_ones():
    found = keys_without_tenant_column(tenant_tables(), restaurant_table())
    assert {cols: sorted(where) for cols, where in found.items() if cols not in GLOBAL_KEYS} == {}
    assert set(GLOBAL_KEYS) - set(found) == set()


# --- the checks find what they look for ---------------------------------------------------------------

PROBES = """
CREATE TABLE probe_parent (id bigint PRIMARY KEY, restaurant_id bigint NOT NULL,
                           UNIQUE (restaurant_id, id), UNIQUE (id, restaurant_id));
CREATE TABLE probe_child (id bigint PRIMARY KEY, restaurant_id bigint, code text UNIQUE,
                          parent_id bigint REFERENCES probe_parent (id));
CREATE TABLE probe_twin (id bigint PRIMARY KEY, restaurant_id bigint NOT NULL,
                         parent_id bigint REFERENCES probe_parent (id),
                         FOREIGN KEY (restaurant_id, parent_id) REFERENCES probe_parent (restaurant_id, id),
                         other_id bigint REFERENCES auth_user (id));
CREATE TABLE probe_crossed (id bigint PRIMARY KEY, restaurant_id bigint NOT NULL, UNIQUE (restaurant_id, id),
                            parent_id bigint,
                            CONSTRAINT probe_crossed_pairs FOREIGN KEY (restaurant_id, parent_id)
                              REFERENCES probe_parent (id, restaurant_id));
"""
PROBE_TABLES = {"probe_parent", "probe_child", "probe_twin", "probe_crossed"}


def test_the_checks_find_each_kind_of_gap():
    """Tables made for the purpose, in the test's transaction: each gap is found, and only those."""
    with connection.cursor() as cursor:
        cursor.execute(PROBES)
    assert nullable(PROBE_TABLES, TENANT_COLUMN) == {"probe_child"}
    assert without_tenant_key(PROBE_TABLES) == {"probe_child", "probe_twin"}
    uncovered, mispaired, elsewhere = foreign_key_gaps(PROBE_TABLES, restaurant_table())
    assert uncovered == {("probe_child", "parent_id")}  # probe_twin's has its composite twin
    assert mispaired == {"probe_crossed_pairs"}
    assert elsewhere == {"auth_user"}
    found = keys_without_tenant_column(PROBE_TABLES, restaurant_table())
    assert found[("code",)] == {"probe_child.probe_child_code_key"}
    assert {"probe_child.probe_child_pkey", "probe_twin.probe_twin_pkey"} <= found[("id",)]
