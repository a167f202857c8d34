"""GET /v1/sections: the restaurant's arrangement, one choice per group, ETag revalidation."""

from collections import Counter

import pytest

from reservations.models import Section
from tests.factories import FloorPlanFactory, RestaurantFactory, SectionFactory
from tests.platform.helpers import assert_error


def sections(client) -> list[dict]:
    response = client.get("/v1/sections")
    assert response.status_code == 200, response.content
    body = response.json()
    assert list(body) == ["object", "data", "has_more"]
    assert body["object"] == "list" and body["has_more"] is False
    return body["data"]


def assert_group_rule(rows: list[dict]) -> None:
    """Exactly one row per group has group_id == id."""
    leaders = Counter(row["group_id"] for row in rows if row["group_id"] == row["id"])
    assert set(leaders) == {row["group_id"] for row in rows}
    assert all(count == 1 for count in leaders.values())


def test_empty(api):
    assert sections(api) == []


def test_every_field(api, restaurant):
    row = SectionFactory(
        floor_plan=FloorPlanFactory(restaurant=restaurant),
        name="Terrasse",
        area_type="terrace",
        bookable_online=False,
    )
    assert sections(api) == [
        {
            "object": "section",
            "id": row.public_id,
            "name": "Terrasse",
            "area_type": "terrace",
            "bookable_online": False,
            "group_id": row.public_id,
        }
    ]
    assert row.public_id.startswith("sec_")


def test_order_is_position_then_creation(api, restaurant):
    floor = FloorPlanFactory(restaurant=restaurant)
    b = SectionFactory(floor_plan=floor, name="B", position=2)
    a = SectionFactory(floor_plan=floor, name="A", position=1)
    c1 = SectionFactory(floor_plan=floor, name="C1", position=3)
    c2 = SectionFactory(floor_plan=floor, name="C2", position=3)
    first = SectionFactory(floor_plan=FloorPlanFactory(restaurant=restaurant), name="First", position=0)
    assert [row["id"] for row in sections(api)] == [
        first.public_id,
        a.public_id,
        b.public_id,
        c1.public_id,
        c2.public_id,
    ]


def test_group_rows_share_the_leaders_id(api, restaurant):
    ground, upstairs = FloorPlanFactory(restaurant=restaurant), FloorPlanFactory(restaurant=restaurant)
    terrace = SectionFactory(floor_plan=ground, name="Terrace", area_type="terrace", position=1)
    terrace_summer = SectionFactory(
        floor_plan=upstairs, name="Terrace (summer)", group_leader=terrace, bookable_online=False, position=0
    )
    bar = SectionFactory(floor_plan=ground, name="Bar", area_type="bar", position=2)
    rows = sections(api)
    by_id = {row["id"]: row for row in rows}
    assert by_id[terrace.public_id]["group_id"] == terrace.public_id
    assert by_id[terrace_summer.public_id]["group_id"] == terrace.public_id
    assert by_id[terrace_summer.public_id]["bookable_online"] is False  # per row, not cascaded
    assert by_id[terrace.public_id]["bookable_online"] is True
    assert by_id[bar.public_id]["group_id"] == bar.public_id
    assert_group_rule(rows)


def test_a_chain_of_leaders_is_one_group(api, restaurant):
    floor = FloorPlanFactory(restaurant=restaurant)
    root = SectionFactory(floor_plan=floor, name="Main room")
    middle = SectionFactory(floor_plan=floor, name="Main room (winter)", group_leader=root)
    tail = SectionFactory(floor_plan=floor, name="Main room (events)", group_leader=middle)
    rows = sections(api)
    assert {row["id"]: row["group_id"] for row in rows} == {
        root.public_id: root.public_id,
        middle.public_id: root.public_id,
        tail.public_id: root.public_id,
    }
    assert_group_rule(rows)


def test_a_cycle_of_leaders_still_names_one_leader(api, restaurant):
    floor = FloorPlanFactory(restaurant=restaurant)
    a = SectionFactory(floor_plan=floor, name="A")
    b = SectionFactory(floor_plan=floor, name="B", group_leader=a)
    Section.objects.filter(pk=a.pk).update(group_leader=b)
    rows = sections(api)
    assert len(rows) == 2
    assert len({row["group_id"] for row in rows}) == 1
    assert_group_rule(rows)


def test_a_leader_of_another_restaurant_cannot_exist(api, restaurant):
    """The database refuses it (a composite key on restaurant and leader), so no list can show one."""
    from django.db import IntegrityError, connection, transaction

    foreign = SectionFactory(floor_plan=FloorPlanFactory(restaurant=RestaurantFactory()))
    with pytest.raises(IntegrityError), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        SectionFactory(floor_plan=FloorPlanFactory(restaurant=restaurant), group_leader=foreign)
    assert foreign.public_id not in str(sections(api))


def test_other_restaurants_sections_are_absent(api, restaurant):
    SectionFactory(floor_plan=FloorPlanFactory(restaurant=RestaurantFactory()))
    own = SectionFactory(floor_plan=FloorPlanFactory(restaurant=restaurant))
    assert [row["id"] for row in sections(api)] == [own.public_id]


def test_never_paginated(api, restaurant):
    floor = FloorPlanFactory(restaurant=restaurant)
    for index in range(120):
        SectionFactory(floor_plan=floor, name=f"S{index}", position=index)
    assert len(sections(api)) == 120
    assert_error(api.get("/v1/sections?limit=10"), 400, "bad_request", param="limit")


def test_etag_and_not_modified(api, restaurant):
    floor = FloorPlanFactory(restaurant=restaurant)
    row = SectionFactory(floor_plan=floor, name="Salle")
    first = api.get("/v1/sections")
    etag = first["ETag"]
    cached = api.get("/v1/sections", HTTP_IF_NONE_MATCH=etag)
    assert cached.status_code == 304 and cached.content == b"" and cached["ETag"] == etag
    row.name = "Grande salle"
    row.save()
    changed = api.get("/v1/sections", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    etag = changed["ETag"]
    SectionFactory(floor_plan=floor, name="Bar")
    assert api.get("/v1/sections", HTTP_IF_NONE_MATCH=etag).status_code == 200


@pytest.mark.parametrize("field, value", [("position", 9), ("bookable_online", False), ("area_type", "bar")])
def test_etag_follows_every_published_change(field, value, api, restaurant):
    floor = FloorPlanFactory(restaurant=restaurant)
    row = SectionFactory(floor_plan=floor, name="Salle", position=0)
    SectionFactory(floor_plan=floor, name="Patio", position=5)
    etag = api.get("/v1/sections")["ETag"]
    setattr(row, field, value)
    row.save()
    assert api.get("/v1/sections", HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_query_count_does_not_grow_with_the_sections(api, restaurant, django_assert_max_num_queries):
    floor = FloorPlanFactory(restaurant=restaurant)
    leader = SectionFactory(floor_plan=floor)
    for index in range(30):
        SectionFactory(floor_plan=floor, group_leader=leader if index % 2 else None)
    with django_assert_max_num_queries(2):
        assert len(sections(api)) == 31
