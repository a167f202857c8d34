"""The bench seeds' restaurants, floors and guests: the busy restaurant's floor and policy (once
or several copies of it), the small restaurants' floors, and guests in bulk.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from tests.bench.seed_spec import (
    APPROVAL_FROM,
    PAIR_A,
    PAIR_B,
    RAISED_BUDGETS,
    SEATING,
    SEATING_BY_SIZE,
    SECTIONS,
    SHIFTS,
    TABLE_SHAPES,
    TZ_NAME,
    month_end,
)
from tests.bench.seed_sql import _sql_defaults, next_id, set_sequences

# ---------------------------------------------------------------- restaurants and floors


@dataclass
class Layout:
    restaurant: object
    tables: list  # Table rows in order (section by section)
    shifts: dict  # key -> Shift
    sections: list


def make_restaurant(slug: str, name: str, *, raised: bool, big: bool):
    from reservations.models import Restaurant

    extra = RAISED_BUDGETS if raised else {}
    return Restaurant(
        name=name,
        slug=slug,
        timezone=TZ_NAME,
        country="FR",
        currency="EUR",
        primary_language="fr",
        guest_languages=["fr", "en"],
        min_party_size=1,
        max_party_size=10,
        default_party_size=2,
        max_advance_days=120,
        default_cutoff_minutes=0,
        show_seating_preference=big,
        **extra,
    )


FLOOR_TABLES = len(SECTIONS) * len(TABLE_SHAPES)  # one copy of the busy floor: 60 tables


def floors_of(tables) -> int:
    """How many copies of the busy floor `tables` (a layout's tables) hold."""
    return len(tables) // FLOOR_TABLES


def build_big_layouts(restaurants, month_first: dt.date, floors: int = 1) -> list[Layout]:
    """The busy restaurant's floor and policy, identically for each restaurant given.

    With `floors` > 1 the floor is that many copies of it (sections, tables, joinable pairs
    and the block's tables), and every cover cap is that many times higher: the same
    restaurant, bigger (tests/bench/seed_tenfold.py).
    """
    from reservations.models import (
        Block,
        Closure,
        Combination,
        DayNote,
        FloorPlan,
        Section,
        Shift,
        Table,
    )

    plans = FloorPlan.objects.bulk_create([FloorPlan(restaurant=r, name="Plan principal") for r in restaurants])
    sections = Section.objects.bulk_create(
        [
            Section(restaurant=r, floor_plan=p, name=name, area_type=area, position=i)
            for r, p in zip(restaurants, plans, strict=True)
            for i, (name, area) in enumerate(
                (f"{name} {c + 1}" if c else name, area) for c in range(floors) for name, area in SECTIONS
            )
        ]
    )
    n = len(SECTIONS) * floors
    by_restaurant = [sections[i * n : (i + 1) * n] for i in range(len(restaurants))]
    pairs = [(group[c * 4], group[c * 4 + 1]) for group in by_restaurant for c in range(floors)]
    for leader, led in pairs:  # the Véranda is sold with the Salle: one choice to a guest
        led.group_leader = leader
    Section.objects.bulk_update([led for _, led in pairs], ["group_leader"])
    tables = Table.objects.bulk_create(
        [
            Table(
                restaurant=r,
                section=s,
                name=f"{'SVTP'[s.position % 4]}{k + 1}",
                min_capacity=lo,
                max_capacity=hi,
                position=k,
            )
            for r, group in zip(restaurants, by_restaurant, strict=True)
            for s in group
            for k, (lo, hi) in enumerate(TABLE_SHAPES)
        ]
    )
    m = FLOOR_TABLES * floors
    per_restaurant = [tables[i * m : (i + 1) * m] for i in range(len(restaurants))]
    combos, combo_tables = [], []
    for r, p, ts in zip(restaurants, plans, per_restaurant, strict=True):
        for s in range(n):
            for pair, lo, hi in ((PAIR_A, 5, 8), (PAIR_B, 9, 10)):
                combos.append(Combination(restaurant=r, floor_plan=p, min_capacity=lo, max_capacity=hi))
                combo_tables.append([ts[s * 15 + pair[0]], ts[s * 15 + pair[1]]])
    combos = Combination.objects.bulk_create(combos)
    Through = Combination.tables.through
    Through.objects.bulk_create(
        [
            Through(combination_id=c.id, table_id=t.id)
            for c, pair in zip(combos, combo_tables, strict=True)
            for t in pair
        ]
    )
    shifts = Shift.objects.bulk_create(
        [
            Shift(
                restaurant=r,
                floor_plan=p,
                name=names,
                start_time=start,
                end_time=end,
                last_seating=last,
                slot_interval_minutes=15,
                seating_minutes=SEATING,
                seating_minutes_by_party_size=SEATING_BY_SIZE,
                max_covers=cap * floors,
                max_covers_per_slot=per_slot * floors,
                approval_from_party_size=APPROVAL_FROM,
                waitlist_enabled=waitlist,
                position=i,
            )
            for r, p in zip(restaurants, plans, strict=True)
            for i, (key, names, start, end, last, cap, per_slot, waitlist) in enumerate(SHIFTS)
        ]
    )
    closure_start = month_end(month_first) + dt.timedelta(days=14)
    Closure.objects.bulk_create(
        [
            Closure(
                restaurant=r,
                name={"fr": "Congés", "en": "Holidays"},
                start_date=closure_start,
                end_date=closure_start + dt.timedelta(days=2),
            )
            for r in restaurants
        ]
    )
    DayNote.objects.bulk_create(
        [
            DayNote(
                restaurant=r,
                date=month_first + dt.timedelta(days=19),
                message={"fr": "Menu unique ce soir.", "en": "Set menu tonight."},
                mode="banner",
            )
            for r in restaurants
        ]
    )
    blocks = Block.objects.bulk_create(
        [
            Block(
                restaurant=r,
                date=month_first + dt.timedelta(days=21),
                start_time=dt.time(19, 0),
                end_time=dt.time(23, 0),
                reason="Private event",
            )
            for r in restaurants
        ]
    )
    BlockTables = Block.tables.through
    BlockTables.objects.bulk_create(
        [
            BlockTables(block_id=b.id, table_id=t.id)
            for b, ts in zip(blocks, per_restaurant, strict=True)
            for c in range(floors)
            for t in ts[c * FLOOR_TABLES + 45 : c * FLOOR_TABLES + 49]
        ]
    )
    layouts = []
    for i, r in enumerate(restaurants):
        own = shifts[i * 3 : (i + 1) * 3]
        layouts.append(Layout(r, per_restaurant[i], {s[0]: own[k] for k, s in enumerate(SHIFTS)}, by_restaurant[i]))
    return layouts


def build_small_layouts(restaurants) -> list[Layout]:
    from reservations.models import FloorPlan, Section, Shift, Table

    plans = FloorPlan.objects.bulk_create([FloorPlan(restaurant=r, name="Salle") for r in restaurants])
    sections = Section.objects.bulk_create(
        [Section(restaurant=r, floor_plan=p, name="Salle") for r, p in zip(restaurants, plans, strict=True)]
    )
    shapes = [(1, 2)] * 2 + [(2, 4)] * 6 + [(4, 6)] * 2
    tables = Table.objects.bulk_create(
        [
            Table(
                restaurant=r,
                section=s,
                name=str(k + 1),
                min_capacity=lo,
                max_capacity=hi,
                position=k,
            )
            for r, s in zip(restaurants, sections, strict=True)
            for k, (lo, hi) in enumerate(shapes)
        ]
    )
    shifts = Shift.objects.bulk_create(
        [
            Shift(
                restaurant=r,
                floor_plan=p,
                name=name,
                start_time=start,
                end_time=end,
                last_seating=last,
                slot_interval_minutes=15,
                seating_minutes=SEATING,
                position=i,
            )
            for r, p in zip(restaurants, plans, strict=True)
            for i, (name, start, end, last) in enumerate(
                [
                    ("Déjeuner", dt.time(12, 0), dt.time(14, 30), dt.time(13, 45)),
                    ("Dîner", dt.time(19, 0), dt.time(23, 0), dt.time(22, 0)),
                ]
            )
        ]
    )
    return [
        Layout(
            r,
            tables[i * 10 : (i + 1) * 10],
            {"lunch": shifts[2 * i], "dinner": shifts[2 * i + 1]},
            [sections[i]],
        )
        for i, r in enumerate(restaurants)
    ]


# ---------------------------------------------------------------- guests


FIRST = [
    "Camille",
    "Léa",
    "Hugo",
    "Louis",
    "Emma",
    "Jules",
    "Chloé",
    "Lucas",
    "Manon",
    "Nathan",
    "Inès",
    "Tom",
]
LAST = [
    "Martin",
    "Bernard",
    "Dubois",
    "Thomas",
    "Robert",
    "Richard",
    "Petit",
    "Durand",
    "Leroy",
    "Moreau",
]


def seed_guests(specs: list[tuple[object, int]], salt: str) -> dict[int, tuple[int, int]]:
    """Guests per restaurant in one INSERT ... SELECT each; returns restaurant pk -> (first id, count)."""
    from django.db import connection

    from guests.models import Guest

    supplied = {
        "id",
        "public_id",
        "restaurant_id",
        "first_name",
        "last_name",
        "email",
        "phone",
        "language",
        "source",
        "created_at",
        "updated_at",
    }
    columns, placeholders, params = _sql_defaults(Guest, supplied)
    ranges = {}
    first_id = next_id("guests_guest")
    with connection.cursor() as cursor:
        for restaurant, count in specs:
            cursor.execute(
                f"""
                INSERT INTO guests_guest (id, public_id, restaurant_id, first_name, last_name, email, phone,
                                          language, source, created_at, updated_at{columns})
                SELECT %s + i, 'gst_' || left(md5(%s || i::text), 24), %s,
                       (%s::text[])[1 + i %% 12], (%s::text[])[1 + (i / 12) %% 10],
                       'guest' || i || '.' || %s || '@example.com', '+3361' || lpad(i::text, 7, '0'),
                       'fr', 'import', now() - (i %% 700) * interval '1 day', now() - (i %% 700) * interval '1 day'
                       {placeholders}
                FROM generate_series(0, %s - 1) AS i
                """,
                [
                    first_id,
                    f"{salt}-{restaurant.pk}-",
                    restaurant.pk,
                    FIRST,
                    LAST,
                    restaurant.pk,
                    *params,
                    count,
                ],
            )
            ranges[restaurant.pk] = (first_id, count)
            first_id += count
    set_sequences("guests_guest")
    return ranges
