"""manage.py waitlist add|offer|promote|seat|cancel: the waitlist moves of the back office, by the same
services (the entry on stdout as the API shows it with every scope; a refusal exits 1 with its message,
a booking only warnings stand against exits 3 without `--confirm-warnings`, as `manage.py booking`).

    manage.py waitlist seat <wl_id> [--table T ...] [--confirm-warnings] [--as USERNAME]
"""

import datetime as dt

from django.core.management.base import CommandError

from config.commands import SupportCommand
from config.exceptions import NotFound
from config.formats import Viewer, zone
from config.tenancy import restaurant_of
from guests.models import Guest
from reservations.management.arguments import add_staff_options
from reservations.management.support import actor_of, tables_of
from reservations.services.staff_terms import ALL_WARNINGS, StaffTerms
from waitlist import services
from waitlist.models import JoinedVia, WaitlistEntry
from waitlist.shapes import WaitlistEntryShape


def hhmm(value: str) -> dt.time:
    try:
        return dt.datetime.strptime(value, "%H:%M").time()
    except ValueError:
        raise CommandError(f"{value!r} is not a time as HH:MM.") from None


def day(value: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise CommandError(f"{value!r} is not a date as YYYY-MM-DD.") from None


def entry_of(public_id: str) -> WaitlistEntry:
    entry = WaitlistEntry.objects.select_related("restaurant").filter(public_id=public_id).first()
    if entry is None:
        raise NotFound(f"No waitlist entry {public_id}.")
    return entry


def shown(entry: WaitlistEntry) -> dict:
    entry = WaitlistEntry.objects.select_related("restaurant", "guest", "reservation").get(pk=entry.pk)
    return WaitlistEntryShape.render(entry, Viewer(tz=zone(entry.restaurant.timezone)))


class Command(SupportCommand):
    help = "The waitlist: add an entry, offer a place, promote an entry to a booking, cancel it."

    def add_subcommands(self, subparsers):
        add = subparsers.add_parser("add", help="a party joins the waitlist (joined_via staff)")
        add.add_argument("restaurant", help="rst_ id or slug")
        add.add_argument("--guest", required=True, help="gst_ id")
        add.add_argument("--service-date", required=True, type=day)
        add.add_argument("--window-start", required=True, type=hhmm)
        add.add_argument("--window-end", required=True, type=hhmm)
        add.add_argument("--party-size", required=True, type=int)
        add.add_argument("--notes")
        add.add_argument("--private-note")
        add.add_argument("--joined-via", choices=JoinedVia.values, default=JoinedVia.STAFF)
        add.add_argument("--quoted-wait", type=int, help="the wait quoted to the party, in minutes")
        offer = subparsers.add_parser("offer", help="offer the party a place")
        offer.add_argument("entry", help="wl_ id")
        offer.add_argument("--start-time", type=hhmm)
        offer.add_argument("--minutes", type=int, default=services.DEFAULT_OFFER_MINUTES, help="how long it stays open")
        promote = subparsers.add_parser("promote", help="book the entry (the same booking step as every create)")
        promote.add_argument("entry", help="wl_ id")
        promote.add_argument("--start-time", type=hhmm)
        promote.add_argument("--party-size", type=int)
        add_staff_options(promote, tables=True, warnings=True)
        seat = subparsers.add_parser("seat", help="seat the party now, as a walk-in (the waitlist's table is free)")
        seat.add_argument("entry", help="wl_ id")
        add_staff_options(seat, tables=True, warnings=True)
        cancel = subparsers.add_parser("cancel", help="withdraw the entry")
        cancel.add_argument("entry", help="wl_ id")

    def do_add(self, *, restaurant, guest, service_date, window_start, window_end, party_size, **options):
        place = restaurant_of(restaurant)
        profile = Guest.objects.filter(restaurant=place, public_id=guest).first()
        if profile is None:
            raise NotFound(f"No guest {guest} at {place.name}.")
        entry = services.add_entry(
            restaurant=place,
            guest=profile,
            service_date=service_date,
            party_size=party_size,
            window_start=window_start,
            window_end=window_end,
            notes=options.get("notes"),
            private_note=options.get("private_note"),
            joined_via=options.get("joined_via") or JoinedVia.STAFF,
            quoted_wait_minutes=options.get("quoted_wait"),
        )
        return shown(entry)

    def do_offer(self, *, entry, start_time=None, minutes=services.DEFAULT_OFFER_MINUTES, **options):
        return shown(services.offer_entry(entry=entry_of(entry), start_time=start_time, minutes=minutes))

    def do_promote(self, *, entry, start_time=None, party_size=None, username=None, **options):
        row = entry_of(entry)
        terms = StaffTerms(
            actor=actor_of(username, row.restaurant),
            confirmed=ALL_WARNINGS if options.get("confirm_warnings") else frozenset(),
            table_ids=tables_of(row.restaurant, options.get("tables")),
        )
        return shown(services.promote_entry(entry=row, start_time=start_time, party_size=party_size, staff=terms))

    def do_seat(self, *, entry, username=None, **options):
        row = entry_of(entry)
        seated = services.seat_entry(
            entry=row,
            table_ids=tables_of(row.restaurant, options.get("tables")),
            actor=actor_of(username, row.restaurant),
            confirmed=ALL_WARNINGS if options.get("confirm_warnings") else frozenset(),
        )
        return shown(seated)

    def do_cancel(self, *, entry, **options):
        return shown(services.cancel_entry(entry=entry_of(entry)))
