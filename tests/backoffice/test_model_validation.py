"""Rules checked once, on the model, said in restaurant terms next to the field: a table's
capacity range, a last seating outside the service, unknown country and currency codes, a
suggested party size outside the party range."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from reservations.models import Restaurant, Shift, Table
from tests.backoffice.payloads import add_payload
from tests.factories import RestaurantFactory, ShiftFactory, TableFactory


def errors_of(response) -> dict:
    form = response.context["adminform"].form
    return {name: [str(e) for e in errs] for name, errs in form.errors.items()}


def test_table_capacity_error_sits_next_to_the_field(login, world_a):
    data = add_payload("table", world_a) | {"min_capacity": 4, "max_capacity": 2}
    response = login("manager").post("/admin/reservations/table/add/", data)
    assert response.status_code == 200
    errors = errors_of(response)
    assert errors == {"max_capacity": ["A table cannot seat fewer guests at most (2) than at least (4)."]}
    assert "table_capacity_range" not in response.content.decode()
    assert not Table.objects.filter(name="T-new").exists()


def test_last_seating_after_the_end_is_refused(login, world_a):
    data = add_payload("shift", world_a) | {"last_seating": "15:00"}
    response = login("manager").post("/admin/reservations/shift/add/", data)
    assert errors_of(response)["last_seating"] == [
        "The last seating (15:00) must fall within the service, 12:00 to 14:30."
    ]
    assert not Shift.objects.filter(name="Lunch").exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"country": "ZZ"}, "country"),
        ({"currency": "XYZ"}, "currency"),
        ({"default_party_size": 12, "max_party_size": 10}, "default_party_size"),
        ({"default_party_size": 1, "min_party_size": 2}, "default_party_size"),
        ({"min_party_size": 6, "max_party_size": 4}, "max_party_size"),
    ],
)
def test_restaurant_rules_on_the_model(changes, field):
    restaurant = RestaurantFactory.build(**changes)
    with pytest.raises(ValidationError) as refusal:
        restaurant.full_clean(exclude=["slug"])
    assert list(refusal.value.message_dict) == [field]


@pytest.mark.django_db
def test_overnight_services_and_good_values_pass():
    restaurant = RestaurantFactory()
    restaurant.full_clean()
    shift = ShiftFactory(floor_plan__restaurant=restaurant, start_time=dt.time(22), end_time=dt.time(2))
    shift.last_seating = dt.time(1, 0)
    shift.clean()
    TableFactory.build(min_capacity=2, max_capacity=2).clean()


def test_restaurant_form_shows_the_country_error_next_to_the_field(login, world_a):
    restaurant = world_a.restaurant
    response = login("manager").get(f"/admin/reservations/restaurant/{restaurant.pk}/change/")
    form = response.context["adminform"].form
    data = {name: form[name].value() for name in form.fields}
    data = {k: v for k, v in data.items() if v is not None and v is not False}
    data["country"] = "ZZ"
    response = login("manager").post(f"/admin/reservations/restaurant/{restaurant.pk}/change/", data)
    assert response.status_code == 200
    assert "country" in errors_of(response)
    assert Restaurant.objects.get(pk=restaurant.pk).country == "FR"


def test_shift_names_one_box_per_language_and_a_small_table_of_seating_minutes(login, world_a):
    shift = world_a.objects["shift"]
    client = login("manager")
    page = client.get(f"/admin/reservations/shift/{shift.pk}/change/").content.decode()
    restaurant = world_a.restaurant
    for code in restaurant.guest_languages:
        assert f'name="name_{code}"' in page
    assert 'name="seating_minutes_by_party_size_0"' in page and "From party size" in page
    assert 'name="name"' not in page  # no raw JSON box
    form = client.get(f"/admin/reservations/shift/{shift.pk}/change/").context["adminform"].form
    data = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if hasattr(field, "widget") and hasattr(field.widget, "widgets"):
            continue
        if value is None or value is False:
            continue
        data[name] = [str(v) for v in value] if isinstance(value, list) else value
    data.update(
        {
            "name_fr": "Dîner",
            "name_en": "Dinner",
            "guest_message_fr": "",
            "guest_message_en": "",
            "seating_minutes_by_party_size_0": "6",
            "seating_minutes_by_party_size_1": "150",
            "seating_minutes_by_party_size_2": "10",
            "seating_minutes_by_party_size_3": "180",
        }
    )
    response = client.post(f"/admin/reservations/shift/{shift.pk}/change/", data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    shift.refresh_from_db()
    assert shift.name == {"fr": "Dîner", "en": "Dinner"}
    assert shift.seating_minutes_by_party_size == {"6": 150, "10": 180}
    data["seating_minutes_by_party_size_4"] = "12"  # a size without minutes
    response = client.post(f"/admin/reservations/shift/{shift.pk}/change/", data)
    assert "Give both the party size and its minutes" in str(response.context["adminform"].form.errors)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"seating_minutes": 0}, "seating_minutes"),
        ({"cutoff_minutes": -5}, "cutoff_minutes"),
        ({"guarantee_per_guest_amount": 0}, "guarantee_per_guest_amount"),
        ({"slot_interval_minutes": 0}, "slot_interval_minutes"),
    ],
)
def test_shift_rules_on_the_model(changes, field):
    shift = ShiftFactory.build(**changes)
    with pytest.raises(ValidationError) as refusal:
        shift.clean()
    assert list(refusal.value.message_dict) == [field]
