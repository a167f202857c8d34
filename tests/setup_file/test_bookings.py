"""The guests, companies and reservations parts: an existing guest book and bookings imported."""

import yaml

from guests.models import Guest
from reservations.models import Reservation, ReservationEvent, Restaurant, TableAllocation
from tests.setup_file.helpers import example, load_text, row_counts

BOOKINGS = {
    "guests": [
        {
            "key": "alice",
            "first_name": "Alice",
            "last_name": "Martin",
            "email": " Alice@Example.com ",
            "phone": "06 12 34 56 78",
            "allergies": ["nuts"],
            "vip": True,
        },
        {"key": "bob", "last_name": "Durand"},
    ],
    "reservations": [
        # Dinner on a Saturday (the example's dinner runs tue-sat, 19:00-01:00, every 30 min).
        {
            "key": "r1",
            "guest": "alice",
            "service_date": "2026-12-05",
            "start_time": "19:30",
            "party_size": 2,
            "tables": ["dining/2"],
            "company": "acme",
            "guest_notes": "Window",
        },
        {"key": "r2", "guest": "bob", "service_date": "2026-12-05", "start_time": "19:30", "party_size": 4},
        {
            "key": "r3",
            "guest": "bob",
            "service_date": "2026-12-05",
            "start_time": "23:30",
            "party_size": 2,
            "status": "completed",
            "source": "manual",
            "booking_channel": "walk_in",
        },
    ],
}


def _load(tmp_path, **changes):
    document = example()
    document.update(BOOKINGS)
    document.update(changes)
    return load_text(yaml.safe_dump(document, allow_unicode=True), tmp_path)


def test_guests_and_reservations_are_imported(db, tmp_path):
    run = _load(tmp_path)
    assert run.code == 0, run.stderr
    output = run.json
    alice = Guest.objects.get(public_id=output["guests"]["alice"])
    assert (alice.email, alice.phone, alice.source, alice.vip, alice.allergies) == (
        "alice@example.com",
        "+33612345678",
        "import",
        True,
        ["nuts"],
    )
    assert alice.language == "fr"  # the restaurant's primary language
    r1 = Reservation.objects.get(public_id=output["reservations"]["r1"])
    assert (r1.status, r1.source, r1.booking_channel, r1.party_size) == ("confirmed", "import", "phone", 2)
    assert r1.company.name == "ACME SA" and r1.guest_notes == "Window"
    assert [t.name for t in r1.tables.all()] == ["2"]
    assert r1.starts_at.isoformat() == "2026-12-05T18:30:00+00:00"
    assert r1.ends_at.isoformat() == "2026-12-05T20:30:00+00:00"
    # Without tables the party gets the best free fit of the floor plan, sold online or not:
    # table 2 is taken, table 3 (2-4, not sold online) is next.
    r2 = Reservation.objects.get(public_id=output["reservations"]["r2"])
    assert [t.name for t in r2.tables.all()] == ["3"]
    # A completed booking takes no table.
    r3 = Reservation.objects.get(public_id=output["reservations"]["r3"])
    assert r3.starts_at.isoformat() == "2026-12-05T22:30:00+00:00"
    assert (r3.status, r3.source, r3.booking_channel) == ("completed", "manual", "walk_in")
    assert not TableAllocation.objects.filter(reservation=r3).exists()
    assert TableAllocation.objects.filter(reservation__in=[r1, r2]).count() == 2
    assert not ReservationEvent.objects.exists()  # imports write no events


def test_a_taken_table_or_an_unsold_time_is_reported_and_nothing_is_created(db, tmp_path):
    before = row_counts()
    bookings = BOOKINGS["reservations"] + [
        {
            "key": "r4",
            "guest": "bob",
            "service_date": "2026-12-05",
            "start_time": "20:00",
            "party_size": 2,
            "tables": ["dining/2"],
        },
        {"key": "r5", "guest": "bob", "service_date": "2026-12-05", "start_time": "19:45", "party_size": 2},
        {"key": "r6", "guest": "bob", "service_date": "2026-12-07", "start_time": "19:30", "party_size": 2},
    ]
    run = _load(tmp_path, reservations=bookings)
    assert run.code == 1
    assert run.problems[0] == "reservations[3].tables: a table is already taken at that time"
    assert run.problems[1].startswith("reservations[4].start_time: 19:45 is not a seating time of this service")
    assert run.problems[2] == "reservations[5].start_time: No service runs at this date and time."
    assert len(run.problems) == 3
    assert row_counts() == before
    assert not Restaurant.objects.exists()
