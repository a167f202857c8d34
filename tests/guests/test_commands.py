"""manage.py guest and manage.py waitlist: the same services as the back office, JSON out (the object
as the API shows it with every scope), a refusal exits 1 with its message."""

import datetime as dt
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from guests.models import Guest
from tests.factories import GuestFactory, ReservationFactory, WaitlistEntryFactory
from waitlist.models import WaitlistEntry
from webhooks.models import Event

pytestmark = pytest.mark.django_db


def run(*args) -> dict:
    out = StringIO()
    call_command(*args, stdout=out)
    return json.loads(out.getvalue())


def test_guest_merge_unmerge_erase(bistro):
    restaurant = bistro.restaurant
    survivor = GuestFactory(restaurant=restaurant, email=None)
    absorbed = GuestFactory(restaurant=restaurant, email="x@example.com")
    booking = ReservationFactory(restaurant=restaurant, shift=bistro.shift, guest=absorbed)
    shown = run("guest", "merge", survivor.public_id, absorbed.public_id)
    assert shown["object"] == "guest" and shown["id"] == survivor.public_id and shown["email"] == "x@example.com"
    booking.refresh_from_db()
    assert booking.guest_id == survivor.pk
    shown = run("guest", "unmerge", absorbed.public_id)
    assert shown["id"] == absorbed.public_id
    shown = run("guest", "erase", absorbed.public_id)
    assert shown["id"] == absorbed.public_id and shown["email"] is None
    assert Guest.objects.get(pk=absorbed.pk).erased_at is not None
    assert [e.type for e in Event.objects.order_by("id")][-1] == "guest.deleted"


def test_guest_refusals_exit_1_with_the_message(bistro):
    guest = GuestFactory(restaurant=bistro.restaurant)
    with pytest.raises(CommandError) as refused:
        call_command("guest", "unmerge", guest.public_id)
    assert refused.value.returncode == 1 and "not merged" in str(refused.value)
    with pytest.raises(CommandError) as refused:
        call_command("guest", "merge", guest.public_id, guest.public_id)
    assert "itself" in str(refused.value)
    with pytest.raises(CommandError) as refused:
        call_command("guest", "erase", "gst_nobody")
    assert "No guest" in str(refused.value)


def test_waitlist_add_offer_promote_cancel(bistro):
    restaurant = bistro.restaurant
    guest = GuestFactory(restaurant=restaurant)
    shown = run(
        "waitlist", "add", restaurant.slug, "--guest", guest.public_id, "--service-date", "2026-12-05",
        "--window-start", "20:00", "--window-end", "21:00", "--party-size", "2", "--notes", "Terrace",
        "--private-note", "staff only",
    )  # fmt: skip
    assert shown["object"] == "waitlist_entry" and shown["notes"] == "Terrace" and "private_note" not in shown
    assert shown["joined_via"] == "staff" and shown["shift_name"] == "Dinner"
    entry_id = shown["id"]
    assert run("waitlist", "offer", entry_id, "--start-time", "20:30")["status"] == "offered"
    shown = run("waitlist", "promote", entry_id, "--party-size", "3")
    assert shown["status"] == "promoted" and shown["reservation"].startswith("resv_") and shown["party_size"] == 3
    other = WaitlistEntryFactory(restaurant=restaurant, guest=guest)
    assert run("waitlist", "cancel", other.public_id)["status"] == "cancelled"


def test_waitlist_refusals_exit_1(bistro):
    entry = WaitlistEntryFactory(
        restaurant=bistro.restaurant, window_start=dt.time(3), window_end=dt.time(4), status="active"
    )
    with pytest.raises(CommandError) as refused:
        call_command("waitlist", "promote", entry.public_id)
    assert refused.value.returncode == 1 and "no_service_at_this_time" in str(refused.value)
    assert WaitlistEntry.objects.get(pk=entry.pk).status == "active"
    call_command("waitlist", "cancel", entry.public_id, stdout=StringIO())
    with pytest.raises(CommandError) as refused:
        call_command("waitlist", "offer", entry.public_id)
    assert "cancelled" in str(refused.value)
    with pytest.raises(CommandError):
        call_command("waitlist", "offer", "wl_missing")
    with pytest.raises(CommandError):
        call_command("waitlist", "offer", entry.public_id, "--start-time", "25:99")
