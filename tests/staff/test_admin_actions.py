"""The admin's booking and hold lists: their actions call the same services as the day sheet,
report refusals per row, and act only on the user's restaurants."""

import pytest
from django.test import Client

from holds.models import Hold
from reservations.models import Reservation, StatusChange
from tests.factories import HoldFactory, MembershipFactory, RestaurantFactory
from tests.staff.conftest import DAY, last_event

pytestmark = pytest.mark.django_db


def login(restaurant, role, username):
    client = Client()
    client.force_login(MembershipFactory(user__username=username, restaurant=restaurant, role=role).user)
    return client


def act(client, model, action, rows):
    return client.post(
        f"/admin/{model._meta.app_label}/{model._meta.model_name}/",
        {"action": action, "_selected_action": [row.pk for row in rows]},
        follow=True,
    )


def test_approve_action_uses_the_service_and_reports_refusals(floor):
    good = floor.book([floor.t4], status="pending")
    confirmed = floor.book([floor.t2])
    host = login(floor.restaurant, "host", "act-host")
    page = act(host, Reservation, "approve", [good, confirmed]).content.decode()
    assert Reservation.objects.get(pk=good.pk).status == "confirmed"
    assert last_event(good).type == "reservation.confirmed"
    assert StatusChange.objects.get(reservation=good).actor_name == "act-host"
    assert "1 approved" in page and f"Booking {confirmed.public_id} is confirmed: it cannot be approved" in page


def test_seat_complete_and_no_show_actions(floor):
    booking = floor.book([floor.t4])
    host = login(floor.restaurant, "host", "act-host")
    act(host, Reservation, "seat", [booking])
    act(host, Reservation, "complete", [booking])
    assert Reservation.objects.get(pk=booking.pk).status == "completed"
    assert not booking.allocations.exists()


def test_release_hold_action(floor):
    hold = HoldFactory(restaurant=floor.restaurant, shift=floor.shift, service_date=DAY, tables=[floor.t4])
    act(login(floor.restaurant, "host", "act-host"), Hold, "release", [hold])
    assert Hold.objects.get(pk=hold.pk).status == "released"


def test_actions_never_reach_another_restaurant(floor):
    booking = floor.book([floor.t4], status="pending")
    other = login(RestaurantFactory(name="BRAVO"), "owner", "bravo")
    listing = other.get("/admin/reservations/reservation/").content.decode()
    assert booking.public_id not in listing
    act(other, Reservation, "approve", [booking])
    assert Reservation.objects.get(pk=booking.pk).status == "pending"


def test_the_booking_page_never_shows_the_guests_modification_token(floor):
    booking = floor.book([floor.t4])
    page = login(floor.restaurant, "host", "act-host").get(f"/admin/reservations/reservation/{booking.pk}/change/")
    assert page.status_code == 200
    assert booking.public_id in page.content.decode() and booking.modification_token not in page.content.decode()
