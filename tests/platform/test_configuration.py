"""GET /v1/configuration: every field, the restaurant's own dates, ETag revalidation."""

import datetime as dt

import pytest
import time_machine

from tests.factories import RestaurantFactory, ShiftFactory
from tests.platform.helpers import assert_error

FIELDS = [
    "object",
    "restaurant",
    "booking_page_url",
    "country",
    "timezone",
    "currency",
    "primary_language",
    "guest_languages",
    "min_party_size",
    "max_party_size",
    "default_party_size",
    "current_date",
    "max_advance_days",
    "last_service_date",
    "default_cutoff_minutes",
    "show_seating_preference",
    "require_guest_email",
    "require_guest_phone",
    "card_guarantee_from_party_size",
    "required_guest_fields",
]


def configuration(client) -> dict:
    response = client.get("/v1/configuration")
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture
def paris(db, settings):
    settings.BASE_URL = "https://tables.example"
    return RestaurantFactory(
        name="Le Jardin",
        slug="le-jardin",
        timezone="Europe/Paris",
        country="FR",
        currency="EUR",
        primary_language="fr",
        guest_languages=["en", "fr", "de"],
        min_party_size=2,
        max_party_size=8,
        default_party_size=3,
        max_advance_days=60,
        default_cutoff_minutes=30,
        show_seating_preference=True,
        require_guest_email=True,
        require_guest_phone=False,
        required_guest_fields=["email", "last_name"],
    )


def test_every_field(paris, make_client):
    with time_machine.travel(dt.datetime(2026, 7, 1, 10, 0, tzinfo=dt.UTC), tick=False):
        body = configuration(make_client(paris))
    assert list(body) == FIELDS
    assert body == {
        "object": "configuration",
        "restaurant": {"object": "restaurant", "id": paris.public_id, "name": "Le Jardin"},
        "booking_page_url": "https://tables.example/book/le-jardin",
        "country": "FR",
        "timezone": "Europe/Paris",
        "currency": "EUR",
        "primary_language": "fr",
        "guest_languages": ["fr", "en", "de"],
        "min_party_size": 2,
        "max_party_size": 8,
        "default_party_size": 3,
        "current_date": "2026-07-01",
        "max_advance_days": 60,
        "last_service_date": "2026-08-30",
        "default_cutoff_minutes": 30,
        "show_seating_preference": True,
        "require_guest_email": True,
        "require_guest_phone": False,
        "card_guarantee_from_party_size": None,
        "required_guest_fields": ["email", "last_name"],
    }
    assert paris.public_id.startswith("rst_")


def test_restaurants_own_booking_page(paris, make_client):
    paris.booking_page_url = "https://le-jardin.example/reserver"
    paris.save()
    assert configuration(make_client(paris))["booking_page_url"] == "https://le-jardin.example/reserver"


def test_nulls_where_the_policy_has_no_rule(restaurant, make_client):
    restaurant.min_party_size = None
    restaurant.max_party_size = None
    restaurant.max_advance_days = None
    restaurant.default_cutoff_minutes = None
    restaurant.save()
    body = configuration(make_client(restaurant))
    assert body["min_party_size"] is None and body["max_party_size"] is None
    assert body["max_advance_days"] is None and body["last_service_date"] is None
    assert body["default_cutoff_minutes"] is None
    assert body["required_guest_fields"] == []


@pytest.mark.parametrize("cutoff", [0, -1])
def test_special_cutoffs_pass_through(cutoff, restaurant, make_client):
    restaurant.default_cutoff_minutes = cutoff
    restaurant.save()
    assert configuration(make_client(restaurant))["default_cutoff_minutes"] == cutoff


@pytest.mark.parametrize(
    "minimum, maximum, default, expected",
    [(1, 10, 2, 2), (4, 10, 2, 4), (1, 6, 8, 6), (None, None, 5, 5), (None, 3, 5, 3), (6, None, 2, 6)],
)
def test_default_party_size_lies_between_min_and_max(minimum, maximum, default, expected, restaurant, make_client):
    restaurant.min_party_size, restaurant.max_party_size = minimum, maximum
    restaurant.default_party_size = default
    restaurant.save()
    assert configuration(make_client(restaurant))["default_party_size"] == expected


@pytest.mark.parametrize(
    "zone, utc_now, local_today",
    [
        # 11:30 UTC is already 00:30 the next day in Auckland (NZDT, +13)
        ("Pacific/Auckland", dt.datetime(2026, 3, 10, 11, 30, tzinfo=dt.UTC), "2026-03-11"),
        ("Pacific/Auckland", dt.datetime(2026, 3, 10, 10, 30, tzinfo=dt.UTC), "2026-03-10"),
        # 02:00 UTC is still 19:00 the previous day in Los Angeles (PDT, -7)
        ("America/Los_Angeles", dt.datetime(2026, 3, 11, 2, 0, tzinfo=dt.UTC), "2026-03-10"),
        ("America/Los_Angeles", dt.datetime(2026, 3, 11, 7, 30, tzinfo=dt.UTC), "2026-03-11"),
        # just after midnight UTC on New Year's Day, still the old year in California
        ("America/Los_Angeles", dt.datetime(2027, 1, 1, 0, 5, tzinfo=dt.UTC), "2026-12-31"),
    ],
)
def test_current_date_is_the_restaurants_today(zone, utc_now, local_today, make_client, db):
    restaurant = RestaurantFactory(timezone=zone, max_advance_days=30)
    client = make_client(restaurant)
    with time_machine.travel(utc_now, tick=False):
        body = configuration(client)
    assert body["timezone"] == zone
    assert body["current_date"] == local_today
    expected_last = dt.date.fromisoformat(local_today) + dt.timedelta(days=30)
    assert body["last_service_date"] == expected_last.isoformat()


def test_card_guarantee_from_party_size(restaurant, make_client):
    client = make_client(restaurant)
    ShiftFactory(floor_plan__restaurant=restaurant, name="Lunch")
    assert configuration(client)["card_guarantee_from_party_size"] is None
    ShiftFactory(floor_plan__restaurant=restaurant, guarantee_per_guest_amount=2000, guarantee_from_party_size=6)
    assert configuration(client)["card_guarantee_from_party_size"] == 6
    ShiftFactory(floor_plan__restaurant=restaurant, guarantee_per_guest_amount=1500, guarantee_from_party_size=4)
    assert configuration(client)["card_guarantee_from_party_size"] == 4
    ShiftFactory(floor_plan__restaurant=restaurant, guarantee_per_guest_amount=1500)
    assert configuration(client)["card_guarantee_from_party_size"] == 1


def test_card_guarantee_ignores_a_from_size_without_an_amount(restaurant, make_client):
    ShiftFactory(floor_plan__restaurant=restaurant, guarantee_from_party_size=2)
    assert configuration(make_client(restaurant))["card_guarantee_from_party_size"] is None


def test_card_guarantee_ignores_services_that_have_ended(restaurant, make_client):
    with time_machine.travel(dt.datetime(2026, 7, 1, 12, 0, tzinfo=dt.UTC), tick=False):
        ShiftFactory(
            floor_plan__restaurant=restaurant,
            guarantee_per_guest_amount=2000,
            guarantee_from_party_size=2,
            valid_from=dt.date(2026, 1, 1),
            valid_until=dt.date(2026, 6, 30),
        )
        client = make_client(restaurant)
        assert configuration(client)["card_guarantee_from_party_size"] is None
        ShiftFactory(
            floor_plan__restaurant=restaurant,
            guarantee_per_guest_amount=2000,
            guarantee_from_party_size=5,
            valid_from=dt.date(2026, 9, 1),
        )
        assert configuration(client)["card_guarantee_from_party_size"] == 5


def test_card_guarantee_of_another_restaurant_does_not_count(restaurant, make_client):
    ShiftFactory(guarantee_per_guest_amount=2000, guarantee_from_party_size=2)
    assert configuration(make_client(restaurant))["card_guarantee_from_party_size"] is None


def test_etag_and_not_modified(restaurant, make_client):
    client = make_client(restaurant)
    first = client.get("/v1/configuration")
    etag = first["ETag"]
    assert etag.startswith('"') and etag.endswith('"')
    assert client.get("/v1/configuration")["ETag"] == etag
    for sent in (etag, f"W/{etag}", f'"other", {etag}', "*"):
        cached = client.get("/v1/configuration", HTTP_IF_NONE_MATCH=sent)
        assert cached.status_code == 304
        assert cached.content == b""
        assert cached["ETag"] == etag
        assert cached["Service-Version"] == "2026-06-27"
    stale = client.get("/v1/configuration", HTTP_IF_NONE_MATCH='"stale"')
    assert stale.status_code == 200 and stale.json() == first.json()


@pytest.mark.parametrize(
    "change",
    [
        lambda r: setattr(r, "name", "Renamed"),
        lambda r: setattr(r, "max_party_size", 12),
        lambda r: setattr(r, "required_guest_fields", ["phone"]),
        lambda r: setattr(r, "booking_page_url", "https://own.example/book"),
    ],
)
def test_etag_changes_with_the_configuration(change, restaurant, make_client):
    client = make_client(restaurant)
    etag = client.get("/v1/configuration")["ETag"]
    change(restaurant)
    restaurant.save()
    response = client.get("/v1/configuration", HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response["ETag"] != etag


def test_etag_changes_when_a_guarantee_appears(restaurant, make_client):
    client = make_client(restaurant)
    etag = client.get("/v1/configuration")["ETag"]
    ShiftFactory(floor_plan__restaurant=restaurant, guarantee_per_guest_amount=2000)
    assert client.get("/v1/configuration", HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_etag_changes_at_the_restaurants_midnight(make_client, db):
    restaurant = RestaurantFactory(timezone="Pacific/Auckland")
    client = make_client(restaurant)
    with time_machine.travel(dt.datetime(2026, 3, 10, 10, 59, tzinfo=dt.UTC), tick=False):
        etag = client.get("/v1/configuration")["ETag"]
        assert client.get("/v1/configuration", HTTP_IF_NONE_MATCH=etag).status_code == 304
    with time_machine.travel(dt.datetime(2026, 3, 10, 11, 1, tzinfo=dt.UTC), tick=False):
        assert client.get("/v1/configuration", HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_configuration_takes_no_parameters(api):
    assert_error(api.get("/v1/configuration?locale=en"), 400, "bad_request", param="locale")


def test_query_count(restaurant, make_client, django_assert_max_num_queries):
    client = make_client(restaurant)
    for _ in range(5):
        ShiftFactory(floor_plan__restaurant=restaurant, guarantee_per_guest_amount=100)
    with django_assert_max_num_queries(2):
        configuration(client)
