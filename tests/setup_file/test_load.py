import datetime as dt
import json

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from apikeys.models import ApiKey, Membership
from config.versions import LATEST_VERSION
from reservations.models import (
    Block,
    Closure,
    Combination,
    Company,
    DayNote,
    FloorPlan,
    Restaurant,
    Section,
    Shift,
    Table,
)

from .helpers import EXAMPLE, example, load_text, row_counts, run_command

pytestmark = pytest.mark.django_db


@pytest.fixture
def loaded(tmp_path):
    run = load_text(EXAMPLE, tmp_path)
    assert run.code == 0, run.stderr
    return run.json


def test_output_maps_every_key_to_its_id(loaded):
    assert list(loaded) == [
        "restaurant", "slug", "sections", "tables", "shifts", "companies",
        "guests", "reservations", "waitlist", "api_keys", "webhook_endpoints", "users",
    ]  # fmt: skip
    restaurant = Restaurant.objects.get(public_id=loaded["restaurant"])
    assert loaded["slug"] == restaurant.slug == "le-petit-test"
    assert set(loaded["sections"]) == {"dining", "dining-back", "terrace", "salon"}
    assert set(loaded["tables"]) == {
        "dining/1",
        "dining/2",
        "dining/3",
        "dining-back/10",
        "terrace/T1",
        "salon/1",
    }
    for key, public_id in loaded["tables"].items():
        table = Table.objects.get(public_id=public_id)
        assert f"{table.section.public_id}" == loaded["sections"][key.split("/")[0]]
        assert table.restaurant == restaurant
    assert set(loaded["shifts"]) == {"lunch", "dinner"}
    assert Company.objects.get(public_id=loaded["companies"]["acme"]).name == "ACME SA"
    assert loaded["guests"] == loaded["reservations"] == loaded["waitlist"] == loaded["webhook_endpoints"] == {}
    assert all(secret.startswith("sk_live_") for secret in loaded["api_keys"].values())
    assert all(isinstance(user_id, str) for user_id in loaded["users"].values())


def test_restaurant_policy(loaded):
    restaurant = Restaurant.objects.get(public_id=loaded["restaurant"])
    assert restaurant.name == "Le Petit Test"
    assert (restaurant.timezone, restaurant.country, restaurant.currency) == (
        "Europe/Paris",
        "FR",
        "EUR",
    )
    assert restaurant.primary_language == "fr"
    assert restaurant.guest_languages == ["fr", "en"]  # primary first
    assert (
        restaurant.min_party_size,
        restaurant.max_party_size,
        restaurant.default_party_size,
    ) == (1, 12, 2)
    assert restaurant.max_advance_days == 60
    assert restaurant.default_cutoff_minutes == -1
    assert restaurant.show_seating_preference is True
    assert restaurant.require_guest_email is False
    assert restaurant.required_guest_fields == ["email", "phone"]
    assert restaurant.api_access and restaurant.payments_enabled and restaurant.widget_enabled
    assert restaurant.booking_page_url == "https://le-petit-test.example/book"
    assert (restaurant.write_burst, restaurant.write_per_second, restaurant.write_per_day) == (
        500,
        50,
        100000,
    )
    assert (restaurant.read_burst, restaurant.read_per_second) == (1000, 200.5)


def test_floor_plans_sections_tables_combinations(loaded):
    restaurant = Restaurant.objects.get(public_id=loaded["restaurant"])
    main, private = FloorPlan.objects.filter(restaurant=restaurant)
    assert (main.name, private.name) == ("Main room", "Salon privé")
    dining = Section.objects.get(public_id=loaded["sections"]["dining"])
    back = Section.objects.get(public_id=loaded["sections"]["dining-back"])
    terrace = Section.objects.get(public_id=loaded["sections"]["terrace"])
    salon = Section.objects.get(public_id=loaded["sections"]["salon"])
    assert (dining.name, dining.area_type, dining.bookable_online, dining.floor_plan) == (
        "Salle",
        "indoor",
        True,
        main,
    )
    assert back.group_leader == dining and dining.group_leader is None
    assert back.group_public_id == dining.public_id
    assert (terrace.area_type, terrace.bookable_online) == ("terrace", False)
    assert (salon.name, salon.area_type, salon.floor_plan) == ("salon", "private_room", private)
    assert [s.position for s in (dining, back, terrace, salon)] == [0, 1, 2, 3]
    tables = list(dining.tables.all())
    assert [(t.name, t.min_capacity, t.max_capacity, t.bookable_online) for t in tables] == [
        ("1", 1, 2, True),
        ("2", 2, 4, True),
        ("3", 2, 4, False),
    ]
    assert [t.position for t in tables] == [0, 1, 2]
    assert back.tables.get().name == "10"
    combination = Combination.objects.get(restaurant=restaurant)
    assert combination.floor_plan == main
    assert (combination.min_capacity, combination.max_capacity, combination.bookable_online) == (
        5,
        8,
        True,
    )
    assert {t.public_id for t in combination.tables.all()} == {
        loaded["tables"]["dining/2"],
        loaded["tables"]["dining/3"],
    }


def test_shifts(loaded):
    lunch = Shift.objects.get(public_id=loaded["shifts"]["lunch"])
    dinner = Shift.objects.get(public_id=loaded["shifts"]["dinner"])
    assert lunch.name == "Déjeuner"
    assert lunch.days == [0, 4, 5]
    assert (lunch.start_time, lunch.end_time, lunch.last_seating) == (
        dt.time(12),
        dt.time(14, 30),
        None,
    )
    assert (
        lunch.slot_interval_minutes,
        lunch.seating_minutes,
        lunch.seating_minutes_by_party_size,
    ) == (15, 120, {})
    assert lunch.restrict_online_sections is False and not lunch.online_sections.exists()
    assert lunch.guarantee_per_guest_amount is None and lunch.guest_message is None
    assert dinner.name == {"fr": "Dîner", "en": "Dinner"}
    assert dinner.days == [1, 2, 3, 4, 5]
    assert (dinner.valid_from, dinner.valid_until) == (dt.date(2026, 1, 1), dt.date(2026, 12, 31))
    assert (dinner.start_time, dinner.end_time, dinner.last_seating) == (
        dt.time(19),
        dt.time(1),
        dt.time(23, 30),
    )
    assert dinner.slot_interval_minutes == 30
    assert dinner.seating_minutes_by_party_size == {"6": 150, "10": 180}
    assert (dinner.max_covers, dinner.max_covers_per_slot, dinner.cutoff_minutes) == (80, 20, 60)
    assert (dinner.requires_approval, dinner.approval_from_party_size) == (False, 9)
    assert (dinner.guarantee_per_guest_amount, dinner.guarantee_from_party_size) == (2000, 6)
    assert dinner.guarantee_cancel_hours == 24
    assert dinner.waitlist_enabled and not dinner.display_only
    assert dinner.guest_message == {"fr": "Tenue correcte", "en": "Smart casual"}
    assert dinner.restrict_online_sections is True
    assert {s.public_id for s in dinner.online_sections.all()} == {
        loaded["sections"]["dining"],
        loaded["sections"]["terrace"],
    }
    assert dinner.floor_plan.name == "Main room"


def test_closures_notes_blocks(loaded):
    restaurant = Restaurant.objects.get(public_id=loaded["restaurant"])
    closure = Closure.objects.get(restaurant=restaurant)
    assert (closure.name, closure.guest_message) == ("Congés", "Fermé pour les fêtes")
    assert (closure.start_date, closure.end_date) == (dt.date(2026, 12, 24), dt.date(2026, 12, 26))
    note = DayNote.objects.get(restaurant=restaurant)
    assert (note.date, note.message, note.mode) == (
        dt.date(2026, 12, 31),
        {"fr": "Menu unique", "en": "Set menu"},
        "message_only",
    )
    first, second = Block.objects.filter(restaurant=restaurant)
    assert (first.date, first.start_time, first.end_time, first.reason) == (
        dt.date(2026, 12, 5), dt.time(19), dt.time(21), "Maintenance"
    )  # fmt: skip
    assert {t.public_id for t in first.tables.all()} == {
        loaded["tables"]["dining/1"],
        loaded["tables"]["salon/1"],
    }
    assert (second.end_time, second.reason, second.tables.count()) == (dt.time(2), "", 0)


def test_users_and_memberships(loaded):
    restaurant = Restaurant.objects.get(public_id=loaded["restaurant"])
    owner = get_user_model().objects.get(pk=int(loaded["users"]["owner"]))
    assert owner.username == "owner@le-petit-test"
    assert owner.is_staff and not owner.is_superuser
    assert owner.check_password("change-me")
    assert Membership.objects.get(user=owner, restaurant=restaurant).role == "owner"
    host = get_user_model().objects.get(pk=int(loaded["users"]["host"]))
    assert Membership.objects.get(user=host).role == "host"


def test_api_keys_authenticate(loaded):
    full = ApiKey.objects.get(name="Partner")
    reader = ApiKey.objects.get(name="Reader")
    assert full.scopes == [
        "reservations:read",
        "reservations:write",
        "reservations:write:override",
        "guests:read",
    ]
    assert reader.scopes == ["reservations:read"]
    assert reader.api_version == LATEST_VERSION
    assert full.last4 == loaded["api_keys"]["full"][-4:]
    for secret in loaded["api_keys"].values():
        client = APIClient()
        response = client.get("/v1/ping", HTTP_AUTHORIZATION=f"Bearer {secret}")
        assert response.status_code == 200, response.content
    response = APIClient().get("/v1/configuration", HTTP_AUTHORIZATION=f"Bearer {loaded['api_keys']['reader']}")
    assert response.status_code == 200
    assert response.json()["restaurant"]["id"] == loaded["restaurant"]


def test_stdin(monkeypatch):
    run = run_command("load_restaurant", "-", stdin=EXAMPLE, monkeypatch=monkeypatch)
    assert run.code == 0, run.stderr
    assert Restaurant.objects.get(public_id=run.json["restaurant"]).name == "Le Petit Test"


def test_json_document_on_stdin(monkeypatch):
    document = example()
    document["restaurant"]["name"] = "Chez JSON"
    document["shifts"][1]["valid_from"] = "2026-01-01"  # JSON has no dates
    run = run_command("load_restaurant", "-", stdin=json.dumps(document, default=str), monkeypatch=monkeypatch)
    assert run.code == 0, run.stderr
    assert run.json["slug"] == "chez-json"


def test_minimal_document_takes_the_defaults(tmp_path):
    run = load_text(
        """
restaurant: {name: Mini, timezone: Europe/Oslo, country: no, currency: NOK, primary_language: no}
floor_plans: [{key: main, sections: [{key: s, tables: [{name: A, max: 2}]}]}]
""",
        tmp_path,
    )
    assert run.code == 0, run.stderr
    restaurant = Restaurant.objects.get(public_id=run.json["restaurant"])
    assert (restaurant.country, restaurant.primary_language, restaurant.guest_languages) == (
        "NO",
        "no",
        ["no"],
    )
    assert (restaurant.min_party_size, restaurant.max_party_size, restaurant.max_advance_days) == (
        1,
        10,
        90,
    )
    assert restaurant.default_cutoff_minutes is None and restaurant.write_burst is None
    assert FloorPlan.objects.get(restaurant=restaurant).name == "main"
    assert run.json["tables"] == {"s/A": Table.objects.get(restaurant=restaurant).public_id}


def test_slug_made_unique_from_the_name(tmp_path):
    slugs = [load_text(EXAMPLE.replace("@le-petit", f"{n}@le-petit"), tmp_path).json["slug"] for n in range(3)]
    assert slugs == ["le-petit-test", "le-petit-test-2", "le-petit-test-3"]


def test_explicit_slug_kept(tmp_path):
    text = EXAMPLE.replace("  name: Le Petit Test\n", "  name: Le Petit Test\n  slug: chez-nous\n")
    assert load_text(text, tmp_path).json["slug"] == "chez-nous"


def test_failure_at_creation_leaves_nothing(tmp_path, monkeypatch):
    from apikeys.services import KeyMintError

    def refuse(**kwargs):
        raise KeyMintError("no keys today")

    monkeypatch.setattr("setup_file.parts.api_keys.mint_key", refuse)
    before = row_counts()
    run = load_text(EXAMPLE, tmp_path)
    assert run.code == 1
    assert run.problems == ["document: could not be created: no keys today"]
    assert run.stdout == ""
    assert row_counts() == before
