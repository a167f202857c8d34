"""Policy edits bump the availability version; forms check what a form can check."""

import pytest
from django.contrib.admin import site
from django.test import RequestFactory

from reservations.admin import RestaurantAdmin
from reservations.models import Restaurant, Section, Shift, Table
from reservations.services.availability_version import bump_availability_version
from tests.backoffice.payloads import add_payload
from tests.factories import FloorPlanFactory, SectionFactory, TableFactory


def versions(restaurant):
    restaurant.refresh_from_db()
    return restaurant.availability_version, restaurant.policy_version


def change_payload(model, world, **changes):
    data = add_payload(model, world)
    data.pop("restaurant", None)
    data.update(changes)
    return data


@pytest.mark.parametrize(
    "model", ["floorplan", "section", "table", "combination", "shift", "closure", "daynote", "block", "company"]
)
def test_add_change_delete_bump_the_version(login, world_a, world_b, model):
    client = login("manager")
    restaurant = world_a.restaurant
    other_before = versions(world_b.restaurant)

    before = versions(restaurant)
    assert client.post(f"/admin/reservations/{model}/add/", add_payload(model, world_a)).status_code == 302
    after_add = versions(restaurant)
    assert after_add[0] > before[0] and after_add[1] > before[1]

    obj = world_a.objects[model]
    data = change_payload(model, world_a)
    if model == "daynote":
        data["date"] = str(obj.date)
    if model == "floorplan":
        data["name"] = "Renamed floor"
    if model == "section":
        data["name"] = obj.name
        data["floor_plan"] = obj.floor_plan_id
    if model == "table":
        data["name"] = obj.name
    if model == "company":
        data["name"] = "Renamed company"
    response = client.post(f"/admin/reservations/{model}/{obj.pk}/change/", data)
    assert response.status_code == 302, response.context and response.context["errors"]
    after_change = versions(restaurant)
    assert after_change[0] > after_add[0]

    if model in ("floorplan", "section", "table"):
        # Protected or cascading rows: delete a fresh one instead.
        fresh = {
            "floorplan": lambda: FloorPlanFactory(restaurant=restaurant),
            "section": lambda: SectionFactory(floor_plan=world_a.objects["floorplan"]),
            "table": lambda: TableFactory(section=world_a.objects["section"]),
        }[model]()
        obj = fresh
    response = client.post(f"/admin/reservations/{model}/{obj.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not type(obj).objects.filter(pk=obj.pk).exists()
    assert versions(restaurant)[0] > after_change[0]
    assert versions(world_b.restaurant) == other_before


def test_restaurant_change_bumps_and_never_writes_back_a_stale_version(login, users, world_a):
    restaurant = world_a.restaurant
    client = login("manager")
    page = client.get(f"/admin/reservations/restaurant/{restaurant.pk}/change/")
    form = page.context["adminform"].form
    data = {name: form[name].value() for name in form.fields}
    data = {k: ("" if v is None else v) for k, v in data.items()}
    data.update(name="ALPHA renamed", guest_languages=["en", "de"], default_cutoff_minutes="")
    for key in ("show_seating_preference", "require_guest_email", "require_guest_phone", "widget_enabled"):
        if data.get(key) is False:
            data.pop(key)
    before = versions(restaurant)
    response = client.post(f"/admin/reservations/restaurant/{restaurant.pk}/change/", data)
    assert response.status_code == 302, response.context and response.context["errors"]
    restaurant.refresh_from_db()
    assert restaurant.name == "ALPHA renamed"
    assert restaurant.guest_languages == ["fr", "en", "de"]  # primary first
    assert versions(restaurant)[0] > before[0]

    # A bump landing between loading the page and saving it is never undone.
    stale = Restaurant.objects.get(pk=restaurant.pk)
    bump_availability_version(restaurant.pk, policy_changed=False)
    current = versions(restaurant)
    request = RequestFactory().post("/")
    request.user = users["manager"]
    stale.name = "Stale save"
    RestaurantAdmin(Restaurant, site).save_model(request, stale, form=None, change=True)
    assert versions(restaurant) == current
    assert Restaurant.objects.get(pk=restaurant.pk).name == "Stale save"


def test_inline_tables_in_a_section_bump_and_get_the_restaurant(login, world_a):
    client = login("manager")
    section = world_a.objects["section"]
    restaurant = world_a.restaurant
    tables = list(section.tables.all())
    data = change_payload("section", world_a, name=section.name, floor_plan=section.floor_plan_id)
    data.update(
        {
            "tables-TOTAL_FORMS": len(tables) + 1,
            "tables-INITIAL_FORMS": len(tables),
        }
    )
    for index, table in enumerate(tables):
        data.update(
            {
                f"tables-{index}-id": table.pk,
                f"tables-{index}-section": section.pk,
                f"tables-{index}-name": table.name,
                f"tables-{index}-min_capacity": table.min_capacity,
                f"tables-{index}-max_capacity": table.max_capacity,
                f"tables-{index}-bookable_online": "on",
                f"tables-{index}-position": 0,
            }
        )
    new = len(tables)
    data.update(
        {
            f"tables-{new}-section": section.pk,
            f"tables-{new}-name": "Inline",
            f"tables-{new}-min_capacity": 2,
            f"tables-{new}-max_capacity": 6,
            f"tables-{new}-position": 3,
        }
    )
    before = versions(restaurant)
    response = client.post(f"/admin/reservations/section/{section.pk}/change/", data)
    assert response.status_code == 302, response.context and response.context["errors"]
    table = Table.objects.get(section=section, name="Inline")
    assert table.restaurant_id == restaurant.pk
    assert table.bookable_online is False
    assert versions(restaurant)[0] > before[0]


def test_floor_plan_with_inline_sections(login, world_a):
    client = login("manager")
    data = add_payload("floorplan", world_a)
    data.update(
        {
            "sections-TOTAL_FORMS": 1,
            "sections-0-name": "Terrace",
            "sections-0-area_type": "terrace",
            "sections-0-bookable_online": "on",
            "sections-0-position": 0,
        }
    )
    response = client.post("/admin/reservations/floorplan/add/", data)
    assert response.status_code == 302, response.context and response.context["errors"]
    section = Section.objects.get(name="Terrace")
    assert section.restaurant_id == world_a.restaurant.pk
    assert section.floor_plan.name == "New floor"


def test_bulk_delete_bumps(login, world_a):
    restaurant = world_a.restaurant
    table = TableFactory(section=world_a.objects["section"])
    before = versions(restaurant)
    response = login("manager").post(
        "/admin/reservations/table/", {"action": "delete_selected", "_selected_action": [table.pk], "post": "yes"}
    )
    assert response.status_code == 302
    assert not Table.objects.filter(pk=table.pk).exists()
    assert versions(restaurant)[0] > before[0]


def test_combination_tables_must_share_its_floor_plan(login, world_a):
    other_floor = FloorPlanFactory(restaurant=world_a.restaurant)
    stranger = TableFactory(section=SectionFactory(floor_plan=other_floor))
    data = add_payload("combination", world_a)
    data["tables"] = [world_a.objects["table"].pk, stranger.pk]
    response = login("manager").post("/admin/reservations/combination/add/", data)
    assert response.status_code == 200
    assert "tables" in response.context["adminform"].form.errors


def test_shift_form(login, world_a):
    client = login("manager")
    other_floor = FloorPlanFactory(restaurant=world_a.restaurant)
    stranger = SectionFactory(floor_plan=other_floor)
    data = add_payload("shift", world_a)
    data.update(online_sections=[stranger.pk], restrict_online_sections="on")
    response = client.post("/admin/reservations/shift/add/", data)
    assert "online_sections" in response.context["adminform"].form.errors

    data = add_payload("shift", world_a)
    data.update(name='{"fr": "Déjeuner", "en": "Lunch"}', seating_minutes_by_party_size='{"6": 150}')
    response = client.post("/admin/reservations/shift/add/", data)
    assert response.status_code == 302, response.context and response.context["errors"]
    shift = Shift.objects.get(restaurant=world_a.restaurant, start_time="12:00")
    assert shift.name == {"fr": "Déjeuner", "en": "Lunch"}
    assert shift.days == [0, 1]
    assert shift.seating_minutes_by_party_size == {"6": 150}
    assert shift.restaurant_id == world_a.restaurant.pk

    data.update(name='{"xx": "Lunch"}')
    response = client.post("/admin/reservations/shift/add/", data)
    assert "name" in response.context["adminform"].form.errors
    data.update(name="Lunch", seating_minutes_by_party_size='{"six": 150}')
    response = client.post("/admin/reservations/shift/add/", data)
    assert "seating_minutes_by_party_size" in response.context["adminform"].form.errors


def test_table_capacity_constraint_is_a_form_error(login, world_a):
    data = add_payload("table", world_a)
    data.update(min_capacity=5, max_capacity=2)
    response = login("manager").post("/admin/reservations/table/add/", data)
    assert response.status_code == 200
    assert response.context["errors"]


def test_section_group_leader_rules(login, world_a):
    client = login("manager")
    leader = world_a.objects["section"]
    member = SectionFactory(floor_plan=leader.floor_plan, group_leader=leader)
    data = change_payload("section", world_a, name="x", floor_plan=leader.floor_plan_id, group_leader=member.pk)
    response = client.post("/admin/reservations/section/add/", data)
    assert "group_leader" in response.context["adminform"].form.errors
    response = client.post(
        f"/admin/reservations/section/{leader.pk}/change/",
        change_payload("section", world_a, name=leader.name, floor_plan=leader.floor_plan_id, group_leader=leader.pk),
    )
    assert "group_leader" in response.context["adminform"].form.errors
