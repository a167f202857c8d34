"""manage.py booking <action> and manage.py sweep: the same services, JSON out, exit 1 on a refusal."""

import datetime as dt
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from holds.models import Hold
from reservations.models import Reservation, StatusChange
from tests.factories import HoldFactory, MembershipFactory
from tests.staff.conftest import DAY, last_event, tables_held

pytestmark = pytest.mark.django_db


def run(*args) -> dict:
    out = StringIO()
    call_command(*args, stdout=out)
    return json.loads(out.getvalue())


def test_approve_seat_complete_by_command(floor):
    booking = floor.book([floor.t4], status="pending", size=3)
    MembershipFactory(user__username="support-sam", restaurant=floor.restaurant, role="host")
    shown = run("booking", "approve", booking.public_id, "--as", "support-sam")
    assert shown["object"] == "reservation" and shown["id"] == booking.public_id and shown["status"] == "confirmed"
    assert shown["tables"][0]["name"] == "T4"
    assert StatusChange.objects.get(reservation=booking).actor_name == "support-sam"
    assert run("booking", "seat", booking.public_id)["status"] == "seated"
    assert run("booking", "complete", booking.public_id)["status"] == "completed"
    assert tables_held(booking) == []
    assert run("booking", "undo", booking.public_id)["status"] == "seated"
    assert tables_held(booking) == ["T4"]


def test_a_refusal_exits_1_with_its_message(floor):
    booking = floor.book([floor.t4], status="completed")
    with pytest.raises(CommandError, match="is completed: it cannot be seated") as failure:
        call_command("booking", "seat", booking.public_id, stdout=StringIO())
    assert failure.value.returncode == 1
    with pytest.raises(CommandError, match="No reservation resv_nope"):
        call_command("booking", "seat", "resv_nope", stdout=StringIO())


def test_decline_cancel_no_show_partially_seat_by_command(floor, clock):
    pending = floor.book([floor.t2], status="pending")
    assert run("booking", "decline", pending.public_id, "--reason", "Full")["status"] == "cancelled"
    assert last_event(pending).type == "reservation.declined"
    booking = floor.book([floor.t4])
    assert run("booking", "cancel", booking.public_id, "--reason", "Storm")["status"] == "cancelled"
    assert Reservation.objects.get(pk=booking.pk).cancellation_reason == "Storm"
    party = floor.book([floor.t6], size=5, at=dt.time(19, 0))
    assert run("booking", "partially-seat", party.public_id)["status"] == "partially_seated"
    late = floor.book([floor.t4], at=dt.time(19, 0))
    clock.move_to(dt.datetime(2026, 12, 5, 18, 30, tzinfo=dt.UTC))
    assert run("booking", "no-show", late.public_id)["status"] == "no_show"


def test_release_hold_by_command(floor):
    hold = HoldFactory(restaurant=floor.restaurant, shift=floor.shift, service_date=DAY, tables=[floor.t4])
    shown = run("booking", "release-hold", hold.public_id)
    assert shown["object"] == "hold" and shown["status"] == "released"
    assert Hold.objects.get(pk=hold.pk).allocations.count() == 0


def test_sweep_runs_every_periodic_sweep_once(floor, clock):
    lapsed = HoldFactory(
        restaurant=floor.restaurant, shift=floor.shift, service_date=DAY, tables=[floor.t4], kind="commitment"
    )
    Hold.objects.filter(pk=lapsed.pk).update(expires_at=dt.datetime(2026, 12, 5, 16, 0, tzinfo=dt.UTC))
    shown = run("sweep")
    assert shown["sweep-holds"] == {"task": "holds.tasks.sweep_holds", "status": "SUCCESS", "result": 1}
    assert "purge-idempotency-records" in shown
    assert Hold.objects.get(pk=lapsed.pk).status == "expired"
