"""The support commands print JSON and refuse with exit 1, calling the same services."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from reservations.models import Reservation
from tests.guarantees.conftest import book, event_types


def run(*args) -> dict:
    out = StringIO()
    call_command(*args, stdout=out)
    return json.loads(out.getvalue())


def test_booking_save_card_saves_a_test_card_and_the_booking_stands(place):
    booking = book(place)
    result = run("booking", "save-card", booking.public_id)
    assert result["outcome"] == "saved" and result["steps"] == ["saved"]
    assert result["reservation"]["status"] == "confirmed"
    assert result["reservation"]["guarantee"]["status"] == "active"
    assert event_types(booking) == ["reservation.created"]


def test_save_card_through_the_extra_step_and_a_declined_card(place):
    booking = book(place)
    declined = run("guarantee", "save-card", booking.public_id, "--card", "4000000000000002")
    assert (declined["outcome"], declined["reason"]) == ("declined", "card_declined")
    failed = run("guarantee", "save-card", booking.public_id, "--card", "4000002500003155", "--fail-extra-step")
    assert failed["steps"] == ["requires_action", "declined"]
    saved = run("guarantee", "save-card", booking.public_id, "--card", "4000002500003155")
    assert saved["steps"] == ["requires_action", "saved"]


def test_save_card_is_for_the_test_provider_only(place):
    booking = book(place)
    place.restaurant.payment_provider = "stripe"
    place.restaurant.save(update_fields=["payment_provider"])
    with pytest.raises(CommandError) as error:
        run("booking", "save-card", booking.public_id)
    assert error.value.returncode == 1 and "test provider" in str(error.value)


def test_expire_guarantee_ends_the_request_as_the_deadline_would(place):
    booking = book(place)
    result = run("booking", "expire-guarantee", booking.public_id)
    assert result["changed"] is True and result["reservation"]["status"] == "cancelled"
    assert Reservation.objects.get(pk=booking.pk).cancellation_reason == "guarantee_expired"
    assert event_types(booking) == []
    assert run("guarantee", "expire", booking.public_id)["changed"] is False


def test_charge_refund_release_from_the_command_line(place):
    booking = book(place)
    run("guarantee", "save-card", booking.public_id)
    Reservation.objects.filter(pk=booking.pk).update(status="no_show")
    charged = run("guarantee", "charge", booking.public_id, "--amount", "1500")
    assert (charged["status"], charged["amount"]) == ("succeeded", 1500)
    assert charged["reservation"]["guarantee"]["status"] == "charged"
    refunded = run("guarantee", "refund", booking.public_id, "--amount", "500")
    assert refunded["refunded"] == 500 and refunded["reservation"]["guarantee"]["status"] == "refunded"
    with pytest.raises(CommandError, match="refund it instead"):
        run("guarantee", "release", booking.public_id)
    with pytest.raises(CommandError, match="No reservation"):
        run("guarantee", "charge", "resv_nope")
