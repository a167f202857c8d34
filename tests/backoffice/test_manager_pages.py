"""The pages managers and owners use: a styled 403 saying who may open the page (the API's 403
stays JSON), the restaurant named in every header, times read 24-hour HH:MM, guest-facing texts
listed as words, one box per guest language of the restaurant, labelled boxes, the home page's
arrivals in words."""

import datetime as dt
import re

import pytest
import time_machine
from django.test import RequestFactory

from apikeys.models import Membership
from config.urls import handler403
from tests.factories import (
    ClosureFactory,
    DayNoteFactory,
    MembershipFactory,
    ReservationFactory,
    RestaurantFactory,
    WaitlistEntryFactory,
    make_key,
)

OWNER_PAGES = [
    ("/admin/apikeys/apikey/", "API keys"),
    ("/admin/apikeys/apikey/add/", "API keys"),
    ("/admin/webhooks/endpoint/", "webhook endpoints"),
    ("/admin/apikeys/membership/", "Staff"),
    ("/admin/apikeys/invitation/", "invitations"),
]
TWELVE_HOUR = re.compile(r"\b(a\.m\.|p\.m\.|noon|midnight)\b", re.IGNORECASE)


@pytest.mark.parametrize(("path", "what"), OWNER_PAGES)
def test_a_manager_on_an_owners_page_gets_the_back_offices_own_403(login, path, what):
    response = login("manager").get(path)
    assert response.status_code == 403
    assert "admin/403.html" in [t.name for t in response.templates]
    page = response.content.decode()
    assert '<div id="site-name"><a href="/admin/">Reservations back office</a>' in page
    assert '<span id="site-restaurant">ALPHA restaurant</span>' in page
    assert "/static/admin/css/base.css" in page  # the admin's look
    sentence = re.search(r'<p id="who-may-open">(.*?)</p>', page).group(1)
    assert sentence.startswith("Only a restaurant&#x27;s owners and co-owners may open the ")
    assert what.lower() in sentence.lower() and sentence.endswith("Your role: manager.")
    assert '<a class="button" id="back-home" href="/admin/">' in page


def test_an_owner_opens_those_pages(login):
    for path, _what in OWNER_PAGES:
        assert login("owner").get(path).status_code == 200, path


def test_a_host_on_an_add_page_is_told_who_may_change(login):
    response = login("host").get("/admin/reservations/table/add/")
    assert response.status_code == 403
    sentence = re.search(r'<p id="who-may-open">(.*?)</p>', response.content.decode()).group(1)
    assert sentence == "Only a restaurant&#x27;s owners, co-owners and managers may change its tables. Your role: host."


def test_the_api_keeps_its_json_403(world_a):
    world_a.restaurant.api_access = False
    world_a.restaurant.save()
    _key, secret = make_key(world_a.restaurant)
    from django.test import Client

    response = Client().get("/v1/configuration", headers={"authorization": f"Bearer {secret}"})
    assert response.status_code == 403 and response["Content-Type"].startswith("application/json")
    assert response.json()["error"]["code"] == "plan_required"
    # A 403 raised outside the API's views (the handler Django calls) is the envelope too.
    raw = handler403(RequestFactory().get("/v1/reservations"))
    assert raw.status_code == 403 and raw["Content-Type"].startswith("application/json")
    assert b'"code":"forbidden"' in raw.content.replace(b" ", b"")


@pytest.mark.parametrize(
    "path",
    [
        "/admin/?index=1",
        "/admin/reservations/shift/",
        "/admin/reservations/closure/add/",
        "/admin/reservations/restaurant/",
        "/admin/password_change/",
        "/admin/guests/guest/",
    ],
)
def test_every_page_of_a_one_restaurant_user_names_it_in_the_header(login, path):
    response = login("manager").get(path)
    assert response.status_code == 200
    assert '<span id="site-restaurant">ALPHA restaurant</span>' in response.content.decode()


def test_no_restaurant_named_for_a_user_of_two(login, users, world_b):
    MembershipFactory(user=users["manager"], restaurant=world_b.restaurant, role="manager")
    page = login("manager").get("/admin/reservations/shift/").content.decode()
    assert 'id="site-restaurant"' not in page
    assert 'id="site-restaurant"' not in login("superuser").get("/admin/?index=1").content.decode()


def test_times_read_24_hour(login, world_a):
    client = login("manager")
    for path in ("/admin/reservations/shift/", "/admin/reservations/block/", "/admin/reservations/company/"):
        page = client.get(path).content.decode()
        assert not TWELVE_HOUR.search(page), (path, TWELVE_HOUR.search(page))
    shifts = client.get("/admin/reservations/shift/").content.decode()
    assert '<td class="field-start_time nowrap">19:00</td>' in shifts
    blocks = client.get("/admin/reservations/block/").content.decode()
    assert '<td class="field-start_time nowrap">19:00</td><td class="field-end_time nowrap">21:00</td>' in blocks
    shift = world_a.objects["shift"]
    form = client.get(f"/admin/reservations/shift/{shift.pk}/change/").content.decode()
    values = dict(re.findall(r'name="(start_time|end_time|last_seating)" value="([^"]*)"', form))
    assert values == {"start_time": "19:00", "end_time": "22:00"}  # not 19:00:00


def test_readonly_times_read_24_hour(login, world_a):
    entry = WaitlistEntryFactory(
        restaurant=world_a.restaurant, shift_start_time=dt.time(12), shift_end_time=dt.time(0), offered_time=dt.time(19)
    )
    page = login("manager").get(f"/admin/waitlist/waitlistentry/{entry.pk}/change/").content.decode()
    for label, value in (("shift_start_time", "12:00"), ("shift_end_time", "00:00"), ("offered_time", "19:00")):
        assert re.search(rf'field-{label}".*?<div class="readonly">{value}</div>', page, re.S), label
    assert not TWELVE_HOUR.search(page)


def test_guest_facing_texts_are_listed_as_words(login, world_a):
    restaurant = world_a.restaurant
    ClosureFactory(
        restaurant=restaurant,
        name={"en": "Christmas", "fr": "Noël"},
        guest_message={"fr": "Fermé pour les fêtes"},
        start_date=dt.date(2027, 12, 24),
    )
    DayNoteFactory(restaurant=restaurant, date=dt.date(2027, 1, 1), message={"fr": "Menu unique", "en": "Set menu"})
    client = login("manager")
    closures = client.get("/admin/reservations/closure/").content.decode()
    assert '<td class="field-name_text">Noël (also in English)</td>' in closures
    assert '<td class="field-guest_message_text">Fermé pour les fêtes</td>' in closures
    notes = client.get("/admin/reservations/daynote/").content.decode()
    assert '<td class="field-message_text">Menu unique (also in English)</td>' in notes
    for page in (closures, notes):
        assert "{&quot;" not in page and "{&#x27;" not in page and '{"fr"' not in page


@pytest.mark.parametrize("model", ["closure", "daynote", "shift"])
def test_add_pages_offer_the_restaurants_own_languages_only(login, world_a, model):
    page = login("manager").get(f"/admin/reservations/{model}/add/").content.decode()
    boxes = set(re.findall(r'name="(?:name|message|guest_message)_([a-z]{2})"', page))
    assert boxes == {"fr", "en"}
    assert page.index('lang="fr"') < page.index('lang="en"')  # the primary language first


def test_a_restaurant_in_german_and_english_gets_those_boxes(login, users):
    restaurant = RestaurantFactory(primary_language="de", guest_languages=["de", "en"])
    Membership.objects.filter(user=users["manager"]).update(restaurant=restaurant)
    page = login("manager").get("/admin/reservations/closure/add/").content.decode()
    assert set(re.findall(r'name="name_([a-z]{2})"', page)) == {"de", "en"}
    assert "Deutsch" in page and "English" in page


def test_the_seating_minutes_grid_and_inline_rows_have_labels(login, world_a):
    client = login("manager")
    shift = client.get(f"/admin/reservations/shift/{world_a.objects['shift'].pk}/change/").content.decode()
    labels = re.findall(r'name="seating_minutes_by_party_size_\d+"[^>]*aria-label="([^"]+)"', shift)
    labels += re.findall(r'aria-label="([^"]+)"[^>]*name="seating_minutes_by_party_size_\d+"', shift)
    assert sorted(labels) == sorted(
        [f"From party size, row {row}" for row in range(1, 7)] + [f"Seating minutes, row {row}" for row in range(1, 7)]
    )
    section = client.get(f"/admin/reservations/section/{world_a.objects['section'].pk}/change/").content.decode()
    for name, label in (("tables-0-name", "Name, row 1"), ("tables-1-max_capacity", "Max capacity, row 2")):
        tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', section).group(0)
        assert f'aria-label="{label}"' in tag


@time_machine.travel(dt.datetime(2026, 11, 28, 11, 0, tzinfo=dt.UTC), tick=False)  # 12:00 in Paris
def test_the_home_pages_arrivals_say_what_each_number_is(login, world_a):
    table = world_a.objects["table"]
    ReservationFactory(
        restaurant=world_a.restaurant,
        shift=world_a.objects["shift"],
        service_date=dt.date(2026, 11, 28),
        at=dt.time(22, 30),
        party_size=3,
        guest__first_name="Marie",
        guest__last_name="Curie",
        tables=[table],
    )
    page = login("manager").get("/admin/?index=1").content.decode()
    arrivals = re.search(r'<ul class="home-arrivals">(.*?)</ul>', page, re.S).group(1)
    assert arrivals == "<li><strong>22:30</strong> Marie Curie, party of 3, table ALPHA-T1</li>"
