"""A manager's refused forms say what is wrong in words, next to the field: a closure ending before
it starts, numbers below their floor, a table name or day-note date already taken; blocks whose
end equals their start are refused, and a block of no table says it takes every table."""

import datetime as dt

import pytest
from django.contrib.messages import get_messages
from django.core.exceptions import ValidationError

from reservations.models import Block, Closure, DayNote, FloorPlan, Table
from reservations.models.validation import NUMBER_FLOORS
from tests.backoffice.helpers import assert_next_to, errors_of, field_row
from tests.backoffice.payloads import add_payload
from tests.factories import BlockFactory, DayNoteFactory, TableFactory

GENERIC = "greater than or equal to"


def test_a_closure_ending_before_it_starts_is_refused_next_to_its_end_date(login, world_a):
    data = add_payload("closure", world_a) | {"start_date": "2027-01-10", "end_date": "2027-01-08"}
    response = login("manager").post("/admin/reservations/closure/add/", data)
    assert_next_to(
        response,
        "end_date",
        "The closure cannot end before it starts: the end date (2027-01-08) is before the start date "
        "(2027-01-10). For a single day, give the same date twice.",
    )
    assert "closure_date_range" not in response.content.decode()
    assert not Closure.objects.filter(start_date="2027-01-10").exists()


def test_a_one_day_closure_is_accepted(login, world_a):
    data = add_payload("closure", world_a) | {"start_date": "2027-01-10", "end_date": "2027-01-10"}
    assert login("manager").post("/admin/reservations/closure/add/", data).status_code == 302
    assert Closure.objects.filter(restaurant=world_a.restaurant, start_date="2027-01-10").exists()


@pytest.mark.parametrize(
    ("model", "field", "value"),
    [
        ("table", "min_capacity", -1),
        ("table", "max_capacity", -2),
        ("table", "position", -1),
        ("combination", "min_capacity", -1),
        ("combination", "max_capacity", -3),
        ("floorplan", "position", -5),
        ("shift", "slot_interval_minutes", -15),
        ("shift", "seating_minutes", -90),
        ("shift", "max_covers", -1),
        ("shift", "max_covers_per_slot", -4),
        ("shift", "approval_from_party_size", -6),
        ("shift", "guarantee_per_guest_amount", -2000),
        ("shift", "guarantee_from_party_size", -2),
        ("shift", "guarantee_cancel_hours", -24),
    ],
)
def test_a_negative_number_gets_a_message_in_restaurant_terms(login, world_a, model, field, value):
    data = add_payload(model, world_a) | {field: value}
    response = login("manager").post(f"/admin/reservations/{model}/add/", data)
    assert_next_to(response, field, NUMBER_FLOORS[field])
    assert GENERIC not in response.content.decode()


def restaurant_payload(client, restaurant) -> dict:
    form = client.get(f"/admin/reservations/restaurant/{restaurant.pk}/change/").context["adminform"].form
    data = {name: form[name].value() for name in form.fields}
    return {k: v for k, v in data.items() if v is not None and v is not False}


@pytest.mark.parametrize("field", ["min_party_size", "max_party_size", "default_party_size", "max_advance_days"])
def test_the_restaurant_refuses_negative_party_sizes_and_days_in_words(login, world_a, field):
    client = login("manager")
    restaurant = world_a.restaurant
    data = restaurant_payload(client, restaurant) | {field: -1}
    response = client.post(f"/admin/reservations/restaurant/{restaurant.pk}/change/", data)
    assert_next_to(response, field, NUMBER_FLOORS[field])
    assert GENERIC not in response.content.decode()


def test_a_negative_row_of_seating_minutes_is_refused_in_words(login, world_a):
    data = add_payload("shift", world_a)
    del data["seating_minutes_by_party_size"]
    data |= {f"seating_minutes_by_party_size_{i}": "" for i in range(12)}
    data |= {"seating_minutes_by_party_size_0": "-6", "seating_minutes_by_party_size_1": "150"}
    response = login("manager").post("/admin/reservations/shift/add/", data)
    assert_next_to(response, "seating_minutes_by_party_size", NUMBER_FLOORS["party_size_from"])


def test_a_table_name_taken_in_its_section_is_refused_next_to_the_name(login, world_a):
    section = world_a.objects["section"]
    data = add_payload("table", world_a) | {"name": "ALPHA-T1"}
    response = login("manager").post("/admin/reservations/table/add/", data)
    message = "Section ALPHA section already has a table named “ALPHA-T1”: give it another name."
    assert_next_to(response, "name", message)
    assert section.tables.filter(name="ALPHA-T1").count() == 1
    # The same name in another section is fine.
    other = TableFactory(section__floor_plan=world_a.objects["floorplan"]).section
    data["section"] = other.pk
    assert login("manager").post("/admin/reservations/table/add/", data).status_code == 302


def section_with_tables_payload(section, *new_names) -> dict:
    tables = list(section.tables.order_by("pk"))
    data = {
        "floor_plan": section.floor_plan_id,
        "name": section.name,
        "area_type": "indoor",
        "bookable_online": "on",
        "position": 0,
        "tables-TOTAL_FORMS": len(tables) + len(new_names),
        "tables-INITIAL_FORMS": len(tables),
    }
    for index, table in enumerate(tables):
        data |= {
            f"tables-{index}-id": table.pk,
            f"tables-{index}-section": section.pk,
            f"tables-{index}-name": table.name,
            f"tables-{index}-min_capacity": table.min_capacity,
            f"tables-{index}-max_capacity": table.max_capacity,
            f"tables-{index}-position": 0,
        }
    for index, name in enumerate(new_names, start=len(tables)):
        data |= {
            f"tables-{index}-section": section.pk,
            f"tables-{index}-name": name,
            f"tables-{index}-min_capacity": 1,
            f"tables-{index}-max_capacity": 4,
            f"tables-{index}-position": 0,
        }
    return data


def inline_name_errors(response) -> list:
    formset = response.context["inline_admin_formsets"][0].formset
    assert not formset.non_form_errors(), formset.non_form_errors()
    return [form.errors.get("name") for form in formset.forms]


def test_two_new_rows_of_a_section_with_one_name_are_refused_next_to_the_name(login, world_a):
    section = world_a.objects["section"]
    response = login("manager").post(
        f"/admin/reservations/section/{section.pk}/change/", section_with_tables_payload(section, "Window", "Window")
    )
    assert response.status_code == 200
    message = "Two rows are named “Window”: give each table its own name."
    assert inline_name_errors(response) == [None, None, None, [message]]
    assert "Please correct the duplicate" not in response.content.decode()
    assert not Table.objects.filter(name="Window").exists()


def test_a_new_row_named_as_a_table_of_the_section_is_refused_next_to_the_name(login, world_a):
    section = world_a.objects["section"]
    response = login("manager").post(
        f"/admin/reservations/section/{section.pk}/change/", section_with_tables_payload(section, "ALPHA-T2")
    )
    assert response.status_code == 200
    errors = inline_name_errors(response)
    assert errors[:2] == [None, None]
    assert "already has a table named “ALPHA-T2”" in errors[2][0]
    assert section.tables.filter(name="ALPHA-T2").count() == 1


def test_a_floor_plan_name_taken_is_refused_next_to_the_name(login, world_a):
    data = add_payload("floorplan", world_a) | {"name": "ALPHA floor"}
    response = login("manager").post("/admin/reservations/floorplan/add/", data)
    message = "This restaurant already has a floor plan named “ALPHA floor”: give this one another name."
    assert_next_to(response, "name", message)
    assert FloorPlan.objects.filter(restaurant=world_a.restaurant, name="ALPHA floor").count() == 1


def test_a_day_note_date_taken_is_refused_next_to_the_date(login, world_a):
    data = add_payload("daynote", world_a) | {"date": "2026-12-31"}
    response = login("manager").post("/admin/reservations/daynote/add/", data)
    message = "There is already a day note for 2026-12-31: change that note, or pick another date."
    assert_next_to(response, "date", message)
    assert DayNote.objects.filter(restaurant=world_a.restaurant).count() == 1


def test_moving_a_day_note_onto_another_notes_date_is_refused_not_a_server_error(login, world_a):
    """On the change form the restaurant is read-only, so the database's unique check was skipped
    by the form: the save reached the constraint."""
    other = DayNoteFactory(restaurant=world_a.restaurant, date=dt.date(2027, 1, 5), message="Other")
    data = {"date": "2026-12-31", "mode": "banner", "message": "Moved"}
    response = login("manager").post(f"/admin/reservations/daynote/{other.pk}/change/", data)
    assert_next_to(
        response, "date", "There is already a day note for 2026-12-31: change that note, or pick another date."
    )
    other.refresh_from_db()
    assert other.date == dt.date(2027, 1, 5)


def test_a_block_ending_when_it_starts_is_refused_next_to_its_end(login, world_a):
    data = add_payload("block", world_a) | {"start_time": "19:00", "end_time": "19:00"}
    response = login("manager").post("/admin/reservations/block/add/", data)
    assert_next_to(
        response,
        "end_time",
        "The block ends when it starts (19:00): give a later end time (an end time before the start runs past "
        "midnight, e.g. 22:00 to 02:00).",
    )
    assert not Block.objects.filter(date="2027-02-01").exists()


@pytest.mark.django_db
def test_the_block_rule_is_on_the_model():
    with pytest.raises(ValidationError) as refusal:
        BlockFactory.build(start_time=dt.time(19), end_time=dt.time(19)).clean()
    assert list(refusal.value.message_dict) == ["end_time"]
    BlockFactory.build(start_time=dt.time(22), end_time=dt.time(2)).clean()  # overnight: fine


def test_an_overnight_block_saves(login, world_a):
    data = add_payload("block", world_a) | {"start_time": "22:00", "end_time": "02:00"}
    assert login("manager").post("/admin/reservations/block/add/", data).status_code == 302
    block = Block.objects.get(restaurant=world_a.restaurant, date="2027-02-01")
    assert (block.start_time, block.end_time) == (dt.time(22), dt.time(2))


def test_a_block_of_no_table_says_it_takes_every_table(login, world_a):
    client = login("manager")
    form_page = client.get("/admin/reservations/block/add/")
    assert "every table" in field_row(form_page, "tables")
    data = add_payload("block", world_a)
    del data["tables"]
    response = client.post("/admin/reservations/block/add/", data)
    assert response.status_code == 302
    warnings = [str(m) for m in get_messages(response.wsgi_request) if m.level_tag == "warning"]
    assert warnings == [
        "No table was ticked, so this block takes every table off sale on 2027-02-01 from 12:00 to 13:00. "
        "Tick tables to block only those."
    ]
    listing = client.get("/admin/reservations/block/").content.decode()
    assert listing.count("Every table") == 1  # the new block; ALPHA's has its table
    assert "ALPHA-T1" in listing


def test_a_block_of_some_tables_says_nothing_of_every_table(login, world_a):
    response = login("manager").post("/admin/reservations/block/add/", add_payload("block", world_a))
    assert response.status_code == 302
    assert not [m for m in get_messages(response.wsgi_request) if "every table" in str(m)]


def test_errors_of_helper_reads_the_admin_form(login, world_a):
    """The helpers above look where Django's admin puts a field's errors."""
    data = add_payload("table", world_a) | {"max_capacity": ""}
    response = login("manager").post("/admin/reservations/table/add/", data)
    assert errors_of(response) == {"max_capacity": ["This field is required."]}
    assert "This field is required." in field_row(response, "max_capacity")
    assert "This field is required." not in field_row(response, "name")
