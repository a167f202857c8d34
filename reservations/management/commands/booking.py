"""manage.py booking <move> ...: the host's moves and the bookings staff take, for support and scripts.

The moves of the registry (reservations.services.staff.registry: approve, decline, seat,
partially-seat, complete, no-show, move, undo, cancel), `phone` and `walk-in` bookings,
`release-hold` (handed over by holds: holds/commands.py), and the card guarantee's save-card and
expire-guarantee (reservations/management/guarantee_commands.py). The same services as the host's
pages and the admin's actions; prints the booking's (or hold's) new state as JSON, the way a
full-access key reads it. A refusal prints the service's message and exits 1; a change only warnings
stand against is not made without `--confirm-warnings` (exit 3, `{"warnings": [codes]}`). `--as
<username>` acts as that back-office user, with their role at the restaurant (without it, the command
acts with an owner's power, recorded as the support command's).

    manage.py booking phone <rst_ id or slug> --service-date YYYY-MM-DD --start-time HH:MM --party-size N \\
        --first-name F --last-name L [--phone P] [--email E] [--table T ...] [--confirm-warnings] [--as USERNAME]
    manage.py booking walk-in <rst_ id or slug> --party-size N [--table T ...] [--first-name F --last-name L] \\
        [--confirm-warnings] [--as USERNAME]
    manage.py booking move <resv_id> [--service-date D] [--start-time HH:MM] [--party-size N] [--table T ...] \\
        [--confirm-warnings] [--as USERNAME]

A table is its tbl_ id or `section/table` as the setup file names it.
"""

from config.commands import SupportCommand
from config.tenancy import restaurant_of
from guests.services import GuestInput
from reservations.management.arguments import add_staff_options, day, hhmm, party
from reservations.management.guarantee_commands import GuaranteeSubcommands
from reservations.management.support import actor_of, reservation_of, snapshot, tables_of
from reservations.services import staff
from reservations.services.staff.registry import MOVES
from reservations.services.staff_terms import ALL_WARNINGS


def confirmed(options) -> frozenset[str]:
    return ALL_WARNINGS if options.get("confirm_warnings") else frozenset()


class Command(GuaranteeSubcommands, SupportCommand):
    help = "A host's move on a booking (approve, seat, move, ...), or a phone booking or walk-in taken by staff."

    def add_subcommands(self, subparsers):
        for move in MOVES.values():
            sub = subparsers.add_parser(move.command, help=f"{move.label} a booking")
            sub.add_argument("reservation", help="resv_ id")
            if move.reason:
                sub.add_argument(
                    "--reason", default="", required=move.reason == "required", help="the reason, as typed"
                )
            if move.name == "move":
                sub.add_argument("--service-date", type=day)
                sub.add_argument("--start-time", type=hhmm)
                sub.add_argument("--party-size", type=party)
            add_staff_options(sub, tables=move.name == "move", warnings=bool(move.warnings))
        phone = subparsers.add_parser("phone", help="a booking taken on the phone")
        phone.add_argument("restaurant", help="rst_ id or slug")
        phone.add_argument("--service-date", type=day, required=True)
        phone.add_argument("--start-time", type=hhmm, required=True)
        phone.add_argument("--party-size", type=party, required=True)
        phone.add_argument("--first-name", required=True)
        phone.add_argument("--last-name", required=True)
        phone.add_argument("--phone")
        phone.add_argument("--email")
        add_staff_options(phone, tables=True, warnings=True)
        walk_in = subparsers.add_parser("walk-in", help="a party at the door, seated now")
        walk_in.add_argument("restaurant", help="rst_ id or slug")
        walk_in.add_argument("--party-size", type=party, required=True)
        walk_in.add_argument("--first-name")
        walk_in.add_argument("--last-name")
        add_staff_options(walk_in, tables=True, warnings=True)
        self.add_handed_over(subparsers)  # release-hold (holds.commands)
        self.add_guarantee_subcommands(subparsers, expire_name="expire-guarantee")

    def handle(self, *args, subcommand: str, **options):
        if subcommand in (move.command for move in MOVES.values()):
            options["move"] = subcommand.replace("-", "_")
            subcommand = "move_of_registry"
        return super().handle(*args, subcommand=subcommand, **options)

    def do_move_of_registry(self, *, move, reservation, username=None, **options):
        entry = MOVES[move]
        booking = reservation_of(reservation)
        kwargs = entry.kwargs(reason=options.get("reason") or "", confirmed=confirmed(options))
        if move == "move":
            fields = {name: options.get(name) for name in ("service_date", "start_time", "party_size")}
            kwargs["fields"] = {name: value for name, value in fields.items() if value is not None}
            kwargs["table_ids"] = tables_of(booking.restaurant, options.get("tables"))
        done = entry.service(reservation=booking, actor=actor_of(username, booking.restaurant), **kwargs)
        return snapshot(done)

    def do_phone(self, *, restaurant, username=None, **options):
        place = restaurant_of(restaurant)
        booking = staff.StaffBooking(
            channel="phone",
            party_size=options["party_size"],
            guest=GuestInput(
                first_name=options["first_name"],
                last_name=options["last_name"],
                phone=options.get("phone"),
                email=options.get("email"),
            ),
            service_date=options["service_date"],
            start_time=options["start_time"],
            table_ids=tables_of(place, options.get("tables")),
        )
        actor = actor_of(username, place)
        return snapshot(
            staff.create_staff_booking(restaurant=place, booking=booking, actor=actor, confirmed=confirmed(options))
        )

    def do_walk_in(self, *, restaurant, username=None, **options):
        place = restaurant_of(restaurant)
        named = options.get("first_name") or options.get("last_name")
        booking = staff.StaffBooking(
            channel="walk_in",
            party_size=options["party_size"],
            guest=GuestInput(first_name=options.get("first_name"), last_name=options.get("last_name"))
            if named
            else None,
            table_ids=tables_of(place, options.get("tables")),
        )
        actor = actor_of(username, place)
        return snapshot(
            staff.create_staff_booking(restaurant=place, booking=booking, actor=actor, confirmed=confirmed(options))
        )
