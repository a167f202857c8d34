"""Month availability: one day per date, with the fields of decisions.md."""

import datetime as dt

from reservations.engine import CoversLedger, Occupancy, month_availability
from tests.engine.builders import (
    DATE,
    NOW,
    at,
    busy,
    closure,
    combination,
    covers,
    note,
    policy,
    section,
    shift,
    table,
)

FIRST, LAST = dt.date(2026, 12, 1), dt.date(2026, 12, 31)


def month(pol, now=NOW, busy_by_date=None, charged=(), first=FIRST, last=LAST):
    by_date = {date: Occupancy(busy=list(items)) for date, items in (busy_by_date or {}).items()}
    days = month_availability(pol, first, last, by_date, now, CoversLedger(list(charged)))
    return {d.date: d for d in days}


def test_every_date_in_order():
    days = month_availability(policy(), FIRST, LAST, {}, NOW, CoversLedger([]))
    assert [d.date for d in days] == [FIRST + dt.timedelta(days=n) for n in range(31)]


def test_an_open_day():
    d = month(policy())[DATE]
    assert (d.past, d.beyond_window, d.closure, d.no_service, d.message_only, d.display_only, d.booking_closed) == (
        False,
        False,
        None,
        False,
        False,
        False,
        False,
    )
    assert d.day_message is None
    assert d.party_sizes == [1, 2, 3, 4, 5, 6]  # within 1..10, seatable on the tables up to 6
    assert d.sections == []  # no seating preference offered
    assert d.waitlist_party_sizes == []


def test_party_sizes_follow_tables_combinations_and_policy():
    pol = policy(combinations=[combination(100, (2, 3), 7, 12)], min_party_size=2, max_party_size=9)
    assert month(pol)[DATE].party_sizes == [2, 3, 4, 5, 6, 7, 8, 9]


def test_party_sizes_shrink_with_occupancy():
    taken = [busy(3, at(DATE, "18:00"), at(DATE, "23:00"))]
    assert month(policy(), busy_by_date={DATE: taken})[DATE].party_sizes == [1, 2, 3, 4]


def test_fully_booked_day_has_no_sizes_and_no_flag():
    pol = policy(shifts=[shift(max_covers=4)])
    d = month(pol, charged=[covers(at(DATE, "19:00"), 4)])[DATE]
    assert d.party_sizes == []
    assert not any((d.past, d.beyond_window, d.no_service, d.message_only, d.display_only, d.booking_closed))
    assert d.closure is None


def test_sections_only_with_seating_preference():
    sections = [section(10), section(11, group=10), section(12)]
    tables = [table(1, 10, 1, 2), table(2, 11, 2, 4), table(3, 12, 4, 6)]
    assert month(policy(sections=sections, tables=tables))[DATE].sections == []
    pol = policy(sections=sections, tables=tables, show_seating_preference=True)
    assert month(pol)[DATE].sections == [(10, [1, 2, 3, 4]), (12, [4, 5, 6])]
    taken = [busy(2, at(DATE, "18:00"), at(DATE, "23:00"))]
    assert month(pol, busy_by_date={DATE: taken})[DATE].sections == [(10, [1, 2]), (12, [4, 5, 6])]


def test_waitlist_sizes_are_the_sizes_a_waitlist_service_cannot_seat():
    pol = policy(shifts=[shift(waitlist_enabled=True)])
    assert month(pol)[DATE].waitlist_party_sizes == [7, 8, 9, 10]
    taken = [busy(3, at(DATE, "18:00"), at(DATE, "23:00"))]
    assert month(pol, busy_by_date={DATE: taken})[DATE].waitlist_party_sizes == [5, 6, 7, 8, 9, 10]
    assert month(policy(shifts=[shift(waitlist_enabled=True)], widget_enabled=False))[DATE].waitlist_party_sizes == []
    assert month(policy(shifts=[shift(waitlist_enabled=False)]))[DATE].waitlist_party_sizes == []


def test_past_days_and_today():
    now = at(DATE, "12:00")
    days = month(policy(), now=now)
    assert days[DATE - dt.timedelta(days=1)].past is True
    assert days[DATE - dt.timedelta(days=1)].party_sizes == []
    assert days[DATE].past is False
    assert days[DATE].party_sizes == [1, 2, 3, 4, 5, 6]


def test_today_after_its_last_seating_is_booking_closed_not_past():
    d = month(policy(), now=at(DATE, "22:01"))[DATE]
    assert d.past is False and d.booking_closed is True and d.party_sizes == []


def test_yesterday_is_not_past_while_its_overnight_service_still_seats():
    night = shift(start="22:00", end="02:00", slot_interval_minutes=60)
    pol = policy(shifts=[night])
    tonight = DATE + dt.timedelta(days=1)
    seating = month(pol, now=at(tonight, "00:30"))
    assert seating[DATE].past is False
    assert seating[DATE].party_sizes == [1, 2, 3, 4, 5, 6]  # 01:00 and 02:00 still sold
    assert seating[DATE - dt.timedelta(days=1)].past is True
    over = month(pol, now=at(tonight, "02:01"))
    assert over[DATE].past is True and over[DATE].party_sizes == []


def test_yesterday_without_an_overnight_service_is_past_after_midnight():
    assert month(policy(), now=at(DATE + dt.timedelta(days=1), "00:30"))[DATE].past is True


def test_beyond_window():
    days = month(policy(max_advance_days=20))
    assert days[dt.date(2026, 12, 21)].beyond_window is False
    beyond = days[dt.date(2026, 12, 22)]
    assert beyond.beyond_window is True and beyond.party_sizes == [] and beyond.booking_closed is False


def test_closed_day():
    holiday = closure(DATE, DATE + dt.timedelta(days=1), name="Congés", message="À bientôt")
    days = month(policy(closures=[holiday]))
    d = days[DATE]
    assert d.closure == holiday and d.no_service is True and d.party_sizes == []
    assert d.message_only is False and d.booking_closed is False
    assert days[DATE + dt.timedelta(days=2)].closure is None


def test_no_service_day_is_not_closed():
    d = month(policy(shifts=[shift(days=[0, 1, 2, 3, 4])]))[DATE]  # Saturday: no service
    assert d.no_service is True and d.closure is None and d.party_sizes == []


def test_message_only_day():
    d = month(policy(day_notes=[note(DATE, "Privatisé", "message_only")]))[DATE]
    assert d.message_only is True and d.day_message == "Privatisé"
    assert d.no_service is False and d.party_sizes == [] and d.closure is None


def test_display_only_day():
    d = month(policy(day_notes=[note(DATE, "Sans réservation", "display_only")]))[DATE]
    assert d.display_only is True and d.day_message == "Sans réservation" and d.party_sizes == []
    d = month(policy(shifts=[shift(display_only=True)]))[DATE]
    assert d.display_only is True and d.party_sizes == []


def test_banner_day_sells():
    d = month(policy(day_notes=[note(DATE, "Menu de Noël", "banner")]))[DATE]
    assert d.day_message == "Menu de Noël" and d.party_sizes == [1, 2, 3, 4, 5, 6]


def test_booking_closed_needs_every_service_closed():
    pol = policy(shifts=[shift(1, start="12:00", end="14:00"), shift(2)])
    assert month(pol, now=at(DATE, "15:00"))[DATE].booking_closed is False
    assert month(pol, now=at(DATE, "22:01"))[DATE].booking_closed is True
    cutoff = policy(shifts=[shift(cutoff_minutes=60)])
    assert month(cutoff, now=at(DATE, "18:00"))[DATE].booking_closed is True


def test_month_matches_the_day_for_every_size():
    from tests.engine.builders import day

    pol = policy(
        combinations=[combination(100, (2, 3), 7, 10)],
        shifts=[shift(1, start="12:00", end="14:00"), shift(2, max_covers=12)],
    )
    taken = [busy(3, at(DATE, "19:00"), at(DATE, "21:00")), busy(1, at(DATE, "12:00"), at(DATE, "14:00"))]
    charged = [covers(at(DATE, "19:00"), 5, shift_id=2)]
    d = month(pol, busy_by_date={DATE: taken}, charged=charged)[DATE]
    occ = Occupancy(busy=taken, covers=charged)
    expected = [size for size in range(1, 11) if any(s.slots for s in day(pol, size=size, occ=occ).shifts)]
    assert d.party_sizes == expected
