"""What the host's pages answer a tap with (htmx): the card, the lanes or the row out of band, the
message with its undo; a refusal in words; warnings with one confirming tap. And the new-booking
form: its buttons' addresses (a date in the address was a 500), the guest fields the restaurant
requires marked and asked of a phone booking."""

import datetime as dt

import pytest

from reservations.models import Reservation
from reservations.services.availability_version import bump_availability_version
from tests.staff.conftest import DAY, tables_held
from tests.staff.test_day_sheet import client_for

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
NOW = dt.datetime(2026, 12, 5, 18, 40, tzinfo=dt.UTC)  # 19:40 in Paris, dinner under way


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def tap(client, **form):
    response = client.post("/admin/day/move/", {"shown_date": DAY.isoformat(), **form}, **HTMX)
    assert response.status_code == 200, response.content[:500]
    return response.content.decode()


def test_a_seat_answers_the_card_the_lanes_and_a_message_with_undo(floor, clock):
    clock.move_to(NOW)
    booking = floor.book([floor.t4], at=dt.time(19, 30))
    page = tap(client_for(floor.restaurant, "host"), reservation=booking.public_id, action="seat", view="timeline")
    assert page.startswith('\n<section class="card"') or '<section class="card"' in page[:300]  # the card first
    assert '<div id="tl-lanes"' in page and 'hx-swap-oob="true"' in page
    lane = page[page.index(f'id="lane-{floor.t4.public_id}"') :]
    assert 'class="tl-bar st-seated"' in lane[: lane.index("</div></div>")]
    assert "seated." in page and 'value="undo"' in page  # the message, with its undo
    assert Reservation.objects.get(pk=booking.pk).status == "seated"


def test_on_the_list_a_move_answers_its_row_in_a_template(floor, clock):
    clock.move_to(NOW)
    booking = floor.book([floor.t4], at=dt.time(19, 30))
    page = tap(client_for(floor.restaurant, "host"), reservation=booking.public_id, action="seat", view="list")
    assert f'<template><tr id="row-{booking.public_id}"' in page and "Seated" in page
    assert '<div id="tl-lanes"' not in page


def test_a_refusal_is_an_answer_in_words_not_an_error(floor):
    request = floor.book([floor.t4], status="pending", size=4, allocations=False)
    floor.book([floor.t4], size=4, at=dt.time(20, 0))
    page = tap(client_for(floor.restaurant, "host"), reservation=request.public_id, action="approve")
    assert "toast-error" in page and "Table T4 is taken 20:00–22:00" in page
    assert Reservation.objects.get(pk=request.pk).status == "pending"


def test_warnings_come_back_with_one_confirming_tap(floor, clock):
    clock.move_to(NOW)
    floor.shift.cutoff_minutes = 60
    floor.shift.save()
    bump_availability_version(floor.restaurant.pk)
    late = floor.book([floor.t4], at=dt.time(19, 0))
    host = client_for(floor.restaurant, "host")
    form = {"reservation": late.public_id, "action": "move", "target": f"{floor.t6.public_id}@21:00"}
    page = tap(host, **form)
    assert 'id="warnings"' in page and "Online booking for Dinner has closed" in page
    assert '<input type="hidden" name="confirm" value="cutoff_passed">' in page
    assert f'name="target" value="{floor.t6.public_id}@21:00"' in page  # the move, carried
    assert tables_held(late) == ["T4"]
    page = tap(host, **form, confirm="cutoff_passed")
    assert "moved." in page and tables_held(late) == ["T6"]


def test_a_move_without_javascript_redirects_back(floor, clock):
    clock.move_to(NOW)
    booking = floor.book([floor.t4], at=dt.time(19, 30))
    host = client_for(floor.restaurant, "host")
    back = f"/admin/floor/?r={floor.restaurant.public_id}&date={DAY.isoformat()}"
    response = host.post(
        "/admin/day/move/",
        {"reservation": booking.public_id, "action": "move", "tables": floor.t2.public_id, "next": back},
    )
    assert response.status_code == 302 and response.url.startswith(back)
    assert tables_held(booking) == ["T2"]


@pytest.mark.parametrize("channel", ["phone", "walk_in"])
def test_the_new_booking_buttons_open_their_form_with_a_date_in_the_address(floor, channel):
    host = client_for(floor.restaurant, "host")
    params = {"r": floor.restaurant.public_id, "date": DAY.isoformat(), "channel": channel, "table": floor.t4.public_id}
    for headers in ({}, HTMX):
        response = host.get("/admin/day/new/", params, **headers)
        assert response.status_code == 200
        page = response.content.decode()
        assert f'value="{channel}" ' in page and "checked" in page[page.index(f'value="{channel}"') :][:80]
        assert f'value="{floor.t4.public_id}"' in page and "2026-12-05" in page


def test_the_guest_fields_the_restaurant_requires_are_marked_and_asked(floor):
    floor.restaurant.required_guest_fields = ["email"]
    floor.restaurant.save()
    host = client_for(floor.restaurant, "host")
    page = host.get("/admin/day/new/", {"r": floor.restaurant.public_id}).content.decode()
    assert "E-mail *" in page and "Required for a phone booking at this restaurant." in page
    form = {"channel": "phone", "service_date": DAY.isoformat(), "start_time": "20:30", "party_size": 2,
            "first_name": "Tom", "last_name": "Phone"}  # fmt: skip
    response = host.post(f"/admin/day/new/?r={floor.restaurant.public_id}", form)
    page = response.content.decode()
    field = page[page.index('id="field-email"') :]
    assert response.status_code == 200 and "This restaurant needs it for a phone booking." in field[:1500]
    assert not Reservation.objects.exists()
