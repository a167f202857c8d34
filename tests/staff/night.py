"""A Saturday night to run: a restaurant in a zone where it is now dinner time (a fixed-offset zone
chosen at the run's hour), two sections and a combination, 40 bookings today: lunch behind it
(completed, cancelled and no-show bookings), dinner under way (seated, late, coming, pending, a card guarantee awaited), a partner's
hold, a block and a waitlist. Written with the factories, as the booking services would leave it.

    night = service_night()  # in a transactional test: gunicorn sees it
"""

from __future__ import annotations

import datetime as dt
import itertools
from dataclasses import dataclass, field

from django.utils import timezone

from config.formats import zone
from tests.factories import (
    BlockFactory,
    CombinationFactory,
    FloorPlanFactory,
    GuestFactory,
    HoldFactory,
    MembershipFactory,
    ReservationEventFactory,
    ReservationFactory,
    RestaurantFactory,
    SectionFactory,
    ShiftFactory,
    TableFactory,
)
from waitlist.models import WaitlistEntry

PASSWORD = "service night password"
NAMES = [
    ("Marie", "Curie"),
    ("Pierre", "Curie"),
    ("Ada", "Lovelace"),
    ("Alan", "Turing"),
    ("Grace", "Hopper"),
    ("Emmy", "Noether"),
    ("Niels", "Bohr"),
    ("Lise", "Meitner"),
    ("Paul", "Dirac"),
    ("Rosalind", "Franklin"),
    ("Max", "Planck"),
    ("Dorothy", "Hodgkin"),
    ("Enrico", "Fermi"),
    ("Hedy", "Lamarr"),
    ("Carl", "Gauss"),
    ("Sophie", "Germain"),
    ("Leonhard", "Euler"),
    ("Emilie", "du Châtelet"),
    ("Blaise", "Pascal"),
    ("Hypatia", "Alexandria"),
    ("Johannes", "Kepler"),
    ("Tycho", "Brahe"),
    ("Barbara", "McClintock"),
    ("Jane", "Goodall"),
    ("Rachel", "Carson"),
    ("Katherine", "Johnson"),
    ("Mary", "Jackson"),
    ("Dorothy", "Vaughan"),
    ("Srinivasa", "Ramanujan"),
    ("Chien-Shiung", "Wu"),
    ("Tu", "Youyou"),
    ("Vera", "Rubin"),
    ("Henrietta", "Leavitt"),
    ("Annie", "Cannon"),
    ("Cecilia", "Payne"),
    ("Subrahmanyan", "Chandrasekhar"),
    ("Jocelyn", "Bell"),
    ("Edwin", "Hubble"),
    ("Alfred", "Wegener"),
    ("Inge", "Lehmann"),
]


def zone_where_it_is(hour: int) -> str:
    """A fixed-offset zone whose local time is now hour:00-hour:59 (POSIX signs: Etc/GMT-2 is UTC+2)."""
    offset = (hour - dt.datetime.now(dt.UTC).hour + 12) % 24 - 12
    return "Etc/GMT" if offset == 0 else f"Etc/GMT{'-' if offset > 0 else '+'}{abs(offset)}"


@dataclass
class Night:
    restaurant: object
    tz: object
    today: dt.date
    now: dt.datetime
    lunch: object
    dinner: object
    tables: dict  # name -> Table
    bookings: dict = field(default_factory=dict)  # a role in the night -> Reservation
    waitlist: list = field(default_factory=list)

    def at(self, minutes_from_now: int) -> dt.datetime:
        """A local instant, rounded down to the quarter hour. Tables 9, 24 and 25 stay free all evening."""
        moment = self.now + dt.timedelta(minutes=minutes_from_now)
        return moment.replace(minute=moment.minute - moment.minute % 15, second=0, microsecond=0)


def service_night(*, hour: int = 20, members=("host", "manager")) -> Night:
    restaurant = RestaurantFactory(name="Chez Nuit", timezone=zone_where_it_is(hour), max_party_size=8)
    tz = zone(restaurant.timezone)
    now = timezone.now().astimezone(tz)
    plan = FloorPlanFactory(restaurant=restaurant, name="Main room")
    salle = SectionFactory(floor_plan=plan, name="Salle", key="salle", position=1)
    terrasse = SectionFactory(floor_plan=plan, name="Terrasse", key="terrasse", position=2)
    tables = {}
    for i, (name, low, high) in enumerate(
        [
            ("1", 1, 2),
            ("2", 1, 2),
            ("3", 2, 4),
            ("4", 2, 4),
            ("5", 2, 4),
            ("6", 2, 4),
            ("7", 4, 6),
            ("8", 4, 8),
            ("9", 2, 4),
        ]
    ):
        tables[name] = TableFactory(section=salle, name=name, min_capacity=low, max_capacity=high, position=i)
    for i, (name, low, high) in enumerate(
        [("20", 1, 2), ("21", 2, 4), ("22", 2, 4), ("23", 4, 6), ("24", 4, 6), ("25", 4, 6)]
    ):
        tables[name] = TableFactory(section=terrasse, name=name, min_capacity=low, max_capacity=high, position=i)
    CombinationFactory(floor_plan=plan, tables=[tables["5"], tables["6"]], min_capacity=5, max_capacity=8)
    lunch = ShiftFactory(
        floor_plan=plan,
        name="Lunch",
        start_time=dt.time(11, 30),
        end_time=dt.time(15, 0),
        slot_interval_minutes=15,
        seating_minutes=90,
        max_covers=60,
    )
    dinner = ShiftFactory(
        floor_plan=plan,
        name="Dinner",
        start_time=dt.time(17, 0),
        end_time=dt.time(23, 45),
        slot_interval_minutes=15,
        seating_minutes=105,
        max_covers=90,
        max_covers_per_slot=16,
        cutoff_minutes=60,
    )
    night = Night(restaurant, tz, now.date(), now, lunch, dinner, tables)
    names = itertools.cycle(NAMES)

    def book(role, table_names, start, status, size=2, shift=None, minutes=105, **extra):
        first, last = next(names)
        guest = extra.pop("guest", None) or GuestFactory(
            restaurant=restaurant, first_name=first, last_name=last, phone=extra.pop("phone", None)
        )
        booking = ReservationFactory(
            restaurant=restaurant,
            shift=shift or dinner,
            service_date=night.today,
            starts_at=start,
            ends_at=start + dt.timedelta(minutes=minutes),
            status=status,
            party_size=size,
            tables=[tables[name] for name in table_names],
            guest=guest,
            **extra,
        )
        ReservationEventFactory(reservation=booking, data={"from_status": None, "to_status": status})
        night.bookings[role] = booking
        return booking

    midday = dt.datetime.combine(night.today, dt.time(12, 0), tzinfo=tz)
    # Lunch: over.
    for i, name in enumerate(["1", "2", "3", "4", "7", "8", "20", "21", "22", "23"]):
        status = "no_show" if i == 3 else "completed"
        book(
            f"lunch-{i}",
            [name],
            midday + dt.timedelta(minutes=15 * (i % 4)),
            status,
            size=2 + i % 3,
            shift=lunch,
            minutes=90,
        )
    for i, name in enumerate(["1", "2", "3", "4", "5", "6", "7", "8", "20", "21", "22", "23", "9"]):
        status = "cancelled" if i in (4, 9) else "completed"
        later_lunch = midday + dt.timedelta(hours=2, minutes=15)
        book(f"lunch-late-{i}", [name], later_lunch, status, size=2 + i % 4, shift=lunch, minutes=45)
    # Dinner, under way.
    book("seated-1", ["1"], night.at(-75), "seated")
    book("seated-2", ["3"], night.at(-60), "seated", size=3)
    book("seated-3", ["7"], night.at(-45), "seated", size=5)
    book("part-seated", ["8"], night.at(-30), "partially_seated", size=6)
    book(
        "late",
        ["4"],
        night.at(-15),
        "confirmed",
        size=4,
        guest=GuestFactory(
            restaurant=restaurant, first_name="Larry", last_name="Late", allergies=["shellfish"], vip=True
        ),
    )
    book("late-2", ["22"], night.at(-30), "confirmed", size=2)
    book("coming-1", ["2"], night.at(30), "confirmed")
    book("coming-2", ["20"], night.at(45), "confirmed", guest_notes="Window seat please, it is our anniversary")
    book("coming-3", ["21"], night.at(60), "confirmed", size=3)
    book("coming-4", ["22"], night.at(75), "confirmed", size=4, internal_notes="Regular; likes the corner")
    book("coming-5", ["5", "6"], night.at(90), "confirmed", size=7)
    book("coming-6", ["3"], night.at(105), "confirmed", size=2)
    book("coming-7", ["1"], night.at(120), "confirmed", size=2)
    book("card", ["23"], night.at(90), "awaiting_guarantee", size=4)
    book("pending-1", ["7"], night.at(150), "pending", size=5, guest_notes="A birthday cake at dessert")
    book("pending-2", ["4"], night.at(135), "pending", size=2)
    book("pending-3", ["2"], night.at(165), "pending", size=2)
    # Bookings of other days: tomorrow (found by phone) and the week after (pending).
    tomorrow = dt.datetime.combine(night.today + dt.timedelta(days=1), dt.time(20, 0), tzinfo=tz)
    night.bookings["tomorrow"] = ReservationFactory(
        restaurant=restaurant,
        shift=dinner,
        service_date=night.today + dt.timedelta(days=1),
        starts_at=tomorrow,
        ends_at=tomorrow + dt.timedelta(minutes=105),
        party_size=2,
        tables=[tables["2"]],
        guest=GuestFactory(restaurant=restaurant, first_name="Tomas", last_name="Morrow", phone="+33611223344"),
    )
    later = dt.datetime.combine(night.today + dt.timedelta(days=7), dt.time(19, 30), tzinfo=tz)
    night.bookings["pending-later"] = ReservationFactory(
        restaurant=restaurant,
        shift=dinner,
        service_date=night.today + dt.timedelta(days=7),
        starts_at=later,
        ends_at=later + dt.timedelta(minutes=105),
        party_size=6,
        status="pending",
        tables=[tables["7"]],
        guest=GuestFactory(restaurant=restaurant, first_name="Ludwig", last_name="Later"),
    )
    HoldFactory(
        restaurant=restaurant,
        shift=dinner,
        service_date=night.today,
        starts_at=night.at(180),
        ends_at=night.at(180) + dt.timedelta(minutes=105),
        party_size=2,
        tables=[tables["20"]],
        kind="commitment",
    )
    BlockFactory(
        restaurant=restaurant,
        date=night.today,
        start_time=dt.time(22, 30),
        end_time=dt.time(23, 45),
        tables=[tables["8"]],
        reason="Staff dinner",
    )
    window_start = dt.time(night.now.hour, night.now.minute)
    for size, quoted in [(2, 15), (4, 30), (3, 20)]:
        first, last = next(names)
        night.waitlist.append(
            WaitlistEntry.objects.create(
                restaurant=restaurant,
                guest=GuestFactory(restaurant=restaurant, first_name=first, last_name=f"Wait{last}"),
                service_date=night.today,
                party_size=size,
                window_start=window_start,
                window_end=dt.time(23, 0),
                shift_id=dinner.pk,
                shift_name="Dinner",
                shift_start_time=dinner.start_time,
                shift_end_time=dinner.end_time,
                quoted_wait_minutes=quoted,
            )
        )
    for role in members:
        MembershipFactory(user__username=f"{role}-night", user__password=PASSWORD, restaurant=restaurant, role=role)
    return night
