"""The `waitlist` part: entries imported as they are, their service recorded, offsets worked out."""

import datetime as dt

import yaml

from tests.setup_file.helpers import example, load_text
from tests.setup_file.test_bookings import BOOKINGS
from waitlist.models import WaitlistEntry
from webhooks.models import Event

WAITLIST = [
    {"key": "w1", "guest": "alice", "service_date": "2026-12-05", "party_size": 2, "window_start": "20:00",
     "window_end": "21:30", "status": "active", "joined_via": "widget", "notes": "Near the window please",
     "private_note": "Regular, offer the terrace"},
    {"key": "late", "guest": "bob", "service_date": "2026-12-05", "party_size": 2, "window_start": "23:30",
     "window_end": "00:30"},
    {"key": "done", "guest": "bob", "service_date": "2026-12-05", "party_size": 4, "window_start": "19:00",
     "window_end": "20:00", "status": "promoted", "reservation": "r2", "joined_via": "staff"},
]  # fmt: skip


def _load(tmp_path, waitlist):
    document = example()
    document.update(BOOKINGS)
    document["waitlist"] = waitlist
    return load_text(yaml.safe_dump(document, allow_unicode=True), tmp_path)


def test_the_waitlist_is_imported(db, tmp_path):
    run = _load(tmp_path, WAITLIST)
    assert run.code == 0, run.stderr
    output = run.json
    assert set(output["waitlist"]) == {"w1", "late", "done"}
    w1 = WaitlistEntry.objects.select_related("guest").get(public_id=output["waitlist"]["w1"])
    assert w1.guest.public_id == output["guests"]["alice"] and w1.joined_via == "widget" and w1.status == "active"
    assert w1.notes == "Near the window please" and w1.private_note == "Regular, offer the terrace"
    assert (w1.window_start, w1.window_end) == (dt.time(20), dt.time(21, 30))
    assert w1.shift_name and w1.shift_start_time == dt.time(19) and w1.shift_end_time == dt.time(1)
    late = WaitlistEntry.objects.get(public_id=output["waitlist"]["late"])
    assert (late.window_start_day_offset, late.window_end_day_offset) == (0, 1)
    assert late.joined_via == "widget"  # the format's default
    done = WaitlistEntry.objects.select_related("reservation").get(public_id=output["waitlist"]["done"])
    assert done.status == "promoted" and done.reservation.public_id == output["reservations"]["r2"]
    assert not Event.objects.exists()  # imports announce nothing


def test_a_promoted_entry_needs_its_reservation_and_only_it(db, tmp_path):
    bad = [
        {**WAITLIST[2], "reservation": None},
        {**WAITLIST[0], "key": "w2", "reservation": "r1"},
        {**WAITLIST[0], "key": "w3", "guest": "nobody"},
    ]
    run = _load(tmp_path, bad)
    assert run.code != 0
    assert "waitlist[0].reservation: a promoted entry names the reservation it became" in run.stderr
    assert "waitlist[1].reservation: only a promoted entry names a reservation" in run.stderr
    assert 'waitlist[2].guest: unknown guest "nobody"' in run.stderr
    assert not WaitlistEntry.objects.exists()


def test_a_window_ending_before_it_starts_is_refused(db, tmp_path):
    run = _load(tmp_path, [{**WAITLIST[0], "window_start": "21:00", "window_end": "20:00"}])
    assert run.code != 0 and "waitlist[0].window_end: before window_start" in run.stderr
    assert not WaitlistEntry.objects.exists()


def test_imported_entries_are_served_with_notes_gated_and_no_private_note(db, tmp_path):
    from rest_framework.test import APIClient

    run = _load(tmp_path, WAITLIST)
    assert run.code == 0, run.stderr
    secrets = run.json["api_keys"]
    full, reader = APIClient(), APIClient()
    full.credentials(HTTP_AUTHORIZATION=f"Bearer {secrets['full']}")
    reader.credentials(HTTP_AUTHORIZATION=f"Bearer {secrets['reader']}")
    w1 = run.json["waitlist"]["w1"]
    body = full.get(f"/v1/waitlist-entries/{w1}").json()
    assert body["notes"] == "Near the window please" and body["guest"] == run.json["guests"]["alice"]
    assert "Regular" not in str(full.get("/v1/waitlist-entries", {"expand": "guest"}).json())
    assert "notes" not in reader.get(f"/v1/waitlist-entries/{w1}").json()
    late = full.get(f"/v1/waitlist-entries/{run.json['waitlist']['late']}").json()
    assert (late["window_start"], late["window_end"], late["window_end_day_offset"]) == ("23:30", "00:30", 1)
