"""Waitlist services: add, change, offer, promote, cancel, suggest after a cancellation, the expiry
sweep, the events of every move, and the window offsets after midnight."""

import datetime as dt

import pytest
import time_machine

from config.exceptions import NotFound
from reservations.exceptions import BookingRulesViolated
from reservations.models import Reservation, ReservationEvent
from tests.factories import GuestFactory, RestaurantFactory, ShiftFactory, WaitlistEntryFactory
from tests.reservations.helpers import book, cancel
from waitlist import services
from waitlist.exceptions import WaitlistEntryClosed, WaitlistWindowInvalid
from waitlist.models import WaitlistEntry
from webhooks.models import Event

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 12, 5)
T = dt.time


def events(type_: str | None = None) -> list[Event]:
    queryset = Event.objects.filter(type__startswith="waitlist_entry.").order_by("id")
    return list(queryset.filter(type=type_) if type_ else queryset)


WINDOW_START, WINDOW_END = T(20, 0), T(21, 30)


def add(bistro, guest=None, start=WINDOW_START, end=WINDOW_END, party=2, **fields) -> WaitlistEntry:
    guest = guest or GuestFactory(restaurant=bistro.restaurant)
    return services.add_entry(
        restaurant=bistro.restaurant, guest=guest, service_date=DAY, party_size=party,
        window_start=start, window_end=end, **fields,
    )  # fmt: skip


def fill_the_room(api) -> list[dict]:
    """Every table taken from 19:30 to 21:30."""
    return [book(api, start_time="19:30", party_size=size) for size in (2, 4, 6)]


def test_add_records_the_service_and_announces(bistro):
    entry = add(bistro, notes="Terrace", private_note="Staff only")
    assert entry.status == "active" and entry.joined_via == "staff"
    assert (entry.shift_name, entry.shift_start_time, entry.shift_end_time) == ("Dinner", T(19), T(22))
    assert (entry.window_start_day_offset, entry.window_end_day_offset) == (0, 0)
    [created] = events("waitlist_entry.created")
    assert created.data["object"]["id"] == entry.public_id and created.data["object"]["notes"] == "Terrace"
    assert "private_note" not in created.data["object"] and "Staff only" not in str(created.data)


def test_window_offsets_after_midnight(bistro):
    ShiftFactory(floor_plan=bistro.plan, name={"fr": "Nuit", "en": "Night"}, start_time=T(22, 30), end_time=T(1, 0))
    late = add(bistro, start=T(23, 30), end=T(0, 30))
    assert late.shift_name == "Nuit"  # the restaurant's primary language
    assert (late.window_start_day_offset, late.window_end_day_offset) == (0, 1)
    tail = add(bistro, start=T(0, 15), end=T(0, 45))
    assert (tail.window_start_day_offset, tail.window_end_day_offset) == (1, 1)
    assert services.window_offsets(T(18, 30), T(19, 30), T(19), T(1)) == (0, 0)  # before the start: same day
    assert services.window_offsets(T(23, 0), T(1, 0), None, None) == (0, 1)  # no service: end wraps
    with pytest.raises(WaitlistWindowInvalid):
        services.window_offsets(T(0, 30), T(0, 15), T(22, 30), T(1, 0))


def test_add_refuses_another_restaurants_guest(bistro):
    with pytest.raises(NotFound):
        add(bistro, guest=GuestFactory(restaurant=RestaurantFactory()))
    assert not WaitlistEntry.objects.exists() and not events()


def test_change_announces_only_partner_visible_changes(bistro):
    entry = add(bistro)
    services.change_entry(entry=entry, private_note="only staff")
    assert len(events("waitlist_entry.updated")) == 0
    services.change_entry(entry=entry, party_size=3, window_end=T(22, 0))
    [updated] = events("waitlist_entry.updated")
    assert updated.data["object"]["party_size"] == 3 and updated.data["object"]["window_end"] == "22:00"


def test_offer_then_promote_books_through_the_booking_step(bistro):
    entry = add(bistro, notes="Birthday", joined_via="widget")
    services.offer_entry(entry=entry, start_time=T(20, 30))
    entry.refresh_from_db()
    assert entry.status == "offered" and entry.offered_time == T(20, 30) and entry.reservation is None
    services.promote_entry(entry=entry)
    entry.refresh_from_db()
    reservation = entry.reservation
    assert entry.status == "promoted" and reservation is not None
    assert reservation.source == "waitlist" and reservation.booking_channel == "website_widget"
    assert reservation.guest_id == entry.guest_id and reservation.guest_notes == "Birthday"
    assert reservation.starts_at.astimezone(dt.timezone(dt.timedelta(hours=1))).time() == T(20, 30)
    assert reservation.tables.count() == 1 and reservation.allocations.count() == 1
    assert ReservationEvent.objects.filter(reservation=reservation, type="reservation.created").exists()
    assert [e.type for e in events()] == [
        "waitlist_entry.created",
        "waitlist_entry.updated",
        "waitlist_entry.promoted",
    ]
    assert events("waitlist_entry.promoted")[0].data["object"]["reservation"] == reservation.public_id
    with pytest.raises(WaitlistEntryClosed):
        services.cancel_entry(entry=entry)


def test_a_staff_entry_promotes_as_back_office_and_can_change_the_party(bistro):
    entry = add(bistro)
    services.promote_entry(entry=entry, start_time=T(19, 0), party_size=4)
    entry.refresh_from_db()
    assert entry.reservation.booking_channel == "back_office" and entry.reservation.party_size == 4
    assert entry.party_size == 4


def test_a_refused_promotion_changes_nothing(bistro, api):
    fill_the_room(api)
    entry = add(bistro, start=T(20, 0))
    before = Reservation.objects.count()
    with pytest.raises(BookingRulesViolated) as refused:
        services.promote_entry(entry=entry)
    assert [v["code"] for v in refused.value.violations] == ["no_table_available"]
    entry.refresh_from_db()
    assert entry.status == "active" and entry.reservation is None
    assert Reservation.objects.count() == before and not events("waitlist_entry.promoted")


def test_cancel_announces_once(bistro):
    entry = add(bistro)
    services.cancel_entry(entry=entry)
    services.cancel_entry(entry=entry)
    entry.refresh_from_db()
    assert entry.status == "cancelled" and len(events("waitlist_entry.cancelled")) == 1
    with pytest.raises(WaitlistEntryClosed):
        services.promote_entry(entry=entry)


def test_a_cancellation_that_frees_the_window_suggests_the_entry(bistro, api):
    bookings = fill_the_room(api)
    fits = add(bistro, start=T(20, 0), end=T(20, 30))
    too_late = add(bistro, start=T(22, 30), end=T(23, 0))  # no seating time in its window
    too_big = add(bistro, party=6, end=T(21, 0))  # its table is busy until 21:30
    assert {e.status for e in WaitlistEntry.objects.all()} == {"active"}
    cancel(api, bookings[0]["id"])  # the table for two is free again
    fits.refresh_from_db(), too_late.refresh_from_db(), too_big.refresh_from_db()
    assert fits.status == "suggested" and fits.suggested_at is not None
    assert too_late.status == "active" and too_big.status == "active"
    [suggested] = events("waitlist_entry.updated")
    assert suggested.data["object"]["status"] == "suggested"


def test_the_sweep_expires_entries_whose_service_passed(bistro):
    entry = add(bistro)  # dinner ends 22:00 on the 5th, Paris time
    with time_machine.travel(dt.datetime(2026, 12, 5, 20, 59, tzinfo=dt.UTC), tick=False):
        assert services.expire_entries() == 0
    with time_machine.travel(dt.datetime(2026, 12, 5, 21, 1, tzinfo=dt.UTC), tick=False):
        assert services.expire_entries() == 1
    entry.refresh_from_db()
    assert entry.status == "expired"
    [expired] = events("waitlist_entry.expired")
    assert expired.created == dt.datetime(2026, 12, 5, 21, 0, tzinfo=dt.UTC)  # when the service ended


def test_an_overnight_service_expires_the_next_day(bistro):
    ShiftFactory(floor_plan=bistro.plan, name="Night", start_time=T(22, 30), end_time=T(1, 0))
    entry = add(bistro, start=T(23, 0), end=T(23, 30))
    with time_machine.travel(dt.datetime(2026, 12, 5, 23, 30, tzinfo=dt.UTC), tick=False):  # 00:30 Paris
        assert services.expire_entries() == 0
    with time_machine.travel(dt.datetime(2026, 12, 6, 0, 1, tzinfo=dt.UTC), tick=False):
        assert services.expire_entries() == 1
    entry.refresh_from_db()
    assert entry.status == "expired"


def test_an_offer_that_runs_out_expires(bistro):
    entry = add(bistro)
    with time_machine.travel(dt.datetime(2026, 12, 5, 17, 0, tzinfo=dt.UTC), tick=False):
        services.offer_entry(entry=entry, minutes=15)
    with time_machine.travel(dt.datetime(2026, 12, 5, 17, 14, tzinfo=dt.UTC), tick=False):
        assert services.expire_entries() == 0
    with time_machine.travel(dt.datetime(2026, 12, 5, 17, 16, tzinfo=dt.UTC), tick=False):
        assert services.expire_entries() == 1
    entry.refresh_from_db()
    assert entry.status == "expired"


def test_the_beat_task_is_scheduled_and_runs(bistro):
    from config.celery import app
    from waitlist.tasks import expire_waitlist_entries

    assert any(e["task"] == "waitlist.tasks.expire_waitlist_entries" for e in app.conf.beat_schedule.values())
    WaitlistEntryFactory(restaurant=bistro.restaurant, service_date=dt.date(2026, 11, 20))
    assert expire_waitlist_entries.apply().get() == 1


def test_entries_for_day_selector(bistro):
    from waitlist.selectors import entries_for_day

    late = add(bistro, start=T(21, 0), end=T(21, 30))
    early = add(bistro, start=T(19, 0), end=T(19, 30))
    gone = add(bistro, start=T(19, 0), end=T(19, 30))
    services.cancel_entry(entry=gone)
    WaitlistEntryFactory(restaurant=bistro.restaurant, service_date=dt.date(2026, 12, 6))
    assert [e.pk for e in entries_for_day(bistro.restaurant, DAY)] == [early.pk, late.pk]
    assert len(entries_for_day(bistro.restaurant, DAY, open_only=False)) == 3
