"""`waitlist`: parties waiting for a table, imported as they are.

Like imported bookings, entries write no events. The service the window's start falls in is
recorded (name, start, end) and the window's day offsets are worked out from it (a window 23:30 to
00:30 in a service running past midnight ends on offset 1). A `promoted` entry names the booking
it became (`reservation`, a key of the file's `reservations`); no other status may.
"""

from reservations.models import Reservation
from waitlist.exceptions import WaitlistWindowInvalid
from waitlist.models import JoinedVia, WaitlistEntry, WaitlistStatus
from waitlist.services import record_service, set_window

from ..context import Context
from ..errors import SetupFileInvalid, at
from ..fields import Field, choice, date, integer, key, nullable, records, text, time_of_day, valid

NAME = "waitlist"
FIELDS = {
    "key": Field(key, required=True),
    "guest": Field(key, required=True),
    "service_date": Field(date, required=True),
    "party_size": Field(integer(1), required=True),
    "window_start": Field(time_of_day, required=True),
    "window_end": Field(time_of_day, required=True),
    "status": Field(choice(WaitlistStatus.values, "status"), default=WaitlistStatus.ACTIVE),
    "joined_via": Field(choice(JoinedVia.values, "joined via"), default=JoinedVia.WIDGET),
    "notes": Field(nullable(text(5000, lines=True))),
    "private_note": Field(nullable(text(5000, lines=True))),
    "reservation": Field(nullable(key)),
}


def validate(raw, ctx: Context) -> list[tuple[str, dict]]:
    entries = records(raw, NAME, ctx.problems, FIELDS)
    for path, data in entries:
        ctx.define("waitlist", data["key"], at(path, "key"))
        ctx.resolve("guest", data["guest"], at(path, "guest"))
        if data["reservation"] is not None:
            ctx.resolve("reservation", data["reservation"], at(path, "reservation"))
        if valid(data["status"], data["reservation"]):
            if data["status"] == WaitlistStatus.PROMOTED and data["reservation"] is None:
                ctx.problems.add(at(path, "reservation"), "a promoted entry names the reservation it became")
            if data["status"] != WaitlistStatus.PROMOTED and data["reservation"] is not None:
                ctx.problems.add(at(path, "reservation"), "only a promoted entry names a reservation")
    return entries


def create(entries: list[tuple[str, dict]], ctx: Context) -> None:
    problems = []
    restaurant = ctx.restaurant
    for path, data in entries:
        entry = WaitlistEntry(
            restaurant=restaurant,
            guest=ctx.created["guest"][data["guest"]],
            service_date=data["service_date"],
            party_size=data["party_size"],
            status=data["status"],
            joined_via=data["joined_via"],
            notes=data["notes"],
            private_note=data["private_note"],
        )
        if data["reservation"] is not None:
            public_id = ctx.output["reservations"][data["reservation"]]
            entry.reservation = Reservation.objects.get(restaurant=restaurant, public_id=public_id)
        record_service(entry, restaurant, data["window_start"])
        try:
            set_window(entry, data["window_start"], data["window_end"])
        except WaitlistWindowInvalid:
            problems.append(f"{at(path, 'window_end')}: before window_start, even past midnight")
            continue
        entry.save()
        ctx.output[NAME][data["key"]] = entry.public_id
    if problems:
        raise SetupFileInvalid(problems)
