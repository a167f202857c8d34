"""manage.py booking phone|walk-in|move and manage.py waitlist seat: the staff services on the command
line. The booking's JSON on success; exit 3 with {"warnings": [codes]} when only online rules stand
against the change (and --confirm-warnings was not given); exit 1 with the refusal in words when
something physical does, whatever the flag; --as acts with that user's role."""

import datetime as dt
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from reservations.models import Reservation, StatusChange
from reservations.services.availability_version import bump_availability_version
from tests.factories import GuestFactory, MembershipFactory, UserFactory, WaitlistEntryFactory
from tests.staff.conftest import DAY, last_event, tables_held

pytestmark = pytest.mark.django_db


def run(*args) -> dict:
    out = StringIO()
    call_command(*args, stdout=out, stderr=StringIO())
    return json.loads(out.getvalue())


def refused(*args) -> tuple[int, str, str]:
    """(exit code, stdout, the message) of a command that refuses."""
    out = StringIO()
    with pytest.raises(CommandError) as failure:
        call_command(*args, stdout=out, stderr=StringIO())
    return failure.value.returncode, out.getvalue(), str(failure.value)


def phone_args(floor, *extra, at="20:00", size="2"):
    return (
        "booking", "phone", floor.restaurant.slug, "--service-date", DAY.isoformat(), "--start-time", at,
        "--party-size", size, "--first-name", "Pat", "--last-name", "Phone", "--phone", "0612345678", *extra,
    )  # fmt: skip


def cutoff(floor):
    floor.shift.cutoff_minutes = 120
    floor.shift.save()
    bump_availability_version(floor.restaurant.pk)


def test_a_phone_booking_by_command_names_its_table_as_the_setup_file_does(floor):
    floor.section.key = "salle"
    floor.section.save()
    shown = run(*phone_args(floor, "--table", "salle/T4"))
    assert shown["object"] == "reservation" and shown["status"] == "confirmed"
    assert [t["name"] for t in shown["tables"]] == ["T4"] and shown["booking_channel"] == "phone"
    by_id = run(*phone_args(floor, "--table", floor.t6.public_id, at="19:00"))
    assert [t["name"] for t in by_id["tables"]] == ["T6"]
    code, _out, message = refused(*phone_args(floor, "--table", "salle/T99"))
    assert code == 1 and "No table salle/T99" in message


def test_only_warnings_exit_3_with_their_codes_and_confirming_books(floor):
    cutoff(floor)
    code, out, message = refused(*phone_args(floor))
    assert code == 3 and json.loads(out) == {"warnings": ["cutoff_passed"]}
    assert "Online booking for Dinner has closed" in message
    assert not Reservation.objects.exists()
    shown = run(*phone_args(floor, "--confirm-warnings"))
    booking = Reservation.objects.get(public_id=shown["id"])
    assert last_event(booking).data["overrides_accepted"] == ["cutoff_passed"]


def test_a_physical_refusal_exits_1_in_words_whatever_the_flag(floor):
    other = floor.book([floor.t4], at=dt.time(19, 30))
    for flag in ((), ("--confirm-warnings",)):
        code, out, message = refused(*phone_args(floor, "--table", floor.t4.public_id, *flag))
        assert code == 1 and out == "" and "Table T4 is taken 19:30–21:30" in message and other.public_id in message
    code, _out, message = refused(
        *phone_args(floor, "--confirm-warnings", size="3", at="21:00"), "--table", floor.t2.public_id
    )
    assert code == 1 and "T2 seats 2; the party is 3" in message


def test_as_acts_with_the_users_role(floor):
    cutoff(floor)
    floor.restaurant.manager_only_warnings = ["cutoff_passed"]
    floor.restaurant.save()
    bump_availability_version(floor.restaurant.pk)
    MembershipFactory(user__username="hugo-host", restaurant=floor.restaurant, role="host")
    MembershipFactory(user__username="mia-manager", restaurant=floor.restaurant, role="manager")
    code, _out, message = refused(*phone_args(floor, "--confirm-warnings", "--as", "hugo-host"))
    assert code == 1 and "only a manager can accept this: cutoff_passed" in message
    shown = run(*phone_args(floor, "--confirm-warnings", "--as", "mia-manager"))
    assert StatusChange.objects.get(reservation__public_id=shown["id"]).actor_name == "mia-manager"
    UserFactory(username="no-role-nora")
    assert refused(*phone_args(floor, "--as", "no-role-nora"))[0] == 1
    assert refused(*phone_args(floor, "--as", "nobody-at-all"))[0] == 1


def test_a_walk_in_by_command_is_seated_now(floor, clock):
    clock.move_to(dt.datetime(2026, 12, 5, 18, 40, tzinfo=dt.UTC))
    shown = run("booking", "walk-in", floor.restaurant.public_id, "--party-size", "2", "--table", floor.t2.public_id)
    assert shown["status"] == "seated" and shown["booking_channel"] == "walk_in"
    named = run(
        "booking", "walk-in", floor.restaurant.slug, "--party-size", "3", "--first-name", "Wal", "--last-name", "Kin"
    )
    assert named["status"] == "seated" and [t["name"] for t in named["tables"]] == ["T4"]


def test_a_move_by_command(floor, clock):
    cutoff(floor)
    booking = floor.book([floor.t4], at=dt.time(19, 0))
    clock.move_to(dt.datetime(2026, 12, 5, 18, 20, tzinfo=dt.UTC))  # 19:20: late
    args = ("booking", "move", booking.public_id, "--start-time", "21:00", "--table", floor.t6.public_id)
    code, out, _message = refused(*args)
    assert code == 3 and json.loads(out) == {"warnings": ["cutoff_passed"]}
    shown = run(*args, "--confirm-warnings")
    assert "T21:00:00" in shown["starts_at"] and [t["name"] for t in shown["tables"]] == ["T6"]
    assert tables_held(booking) == ["T6"]
    assert refused("booking", "move", booking.public_id)[0] == 1  # nothing to change


def test_a_waitlist_party_is_seated_by_command(floor, clock):
    clock.move_to(dt.datetime(2026, 12, 5, 18, 40, tzinfo=dt.UTC))
    entry = WaitlistEntryFactory(
        restaurant=floor.restaurant, guest=GuestFactory(restaurant=floor.restaurant, first_name="Wanda"),
        service_date=DAY, window_start=dt.time(19, 30), window_end=dt.time(21, 30), party_size=2,
    )  # fmt: skip
    shown = run("waitlist", "seat", entry.public_id, "--table", f"{floor.section.name}/T2")
    assert shown["status"] == "promoted" and shown["reservation"].startswith("resv_")
    booking = Reservation.objects.get(public_id=shown["reservation"])
    assert (booking.status, booking.source, booking.booking_channel) == ("seated", "waitlist", "walk_in")
    assert tables_held(booking) == ["T2"]
