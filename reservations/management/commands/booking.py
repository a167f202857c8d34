"""manage.py booking <action> <resv_id|hold_id> [options]: the host's moves for support and scripts.

approve [--override], decline [--reason], seat, partially-seat, complete, no-show, undo,
cancel --reason, release-hold, and the card guarantee's save-card and expire-guarantee
(reservations/management/guarantee_commands.py). The same services as the day sheet and the admin actions;
prints the booking's (or hold's) new state as JSON, the way a full-access key reads it, and on a
refusal prints the service's message and exits 1. `--as <username>` records who acted (else the
move is recorded as the support command's, which holds a manager's power).
"""

from django.contrib.auth import get_user_model
from django.utils import timezone

from config.commands import SupportCommand
from config.exceptions import NotFound
from config.formats import Viewer, zone
from holds.models import Hold
from holds.shapes import HoldShape
from reservations.management.guarantee_commands import GuaranteeSubcommands
from reservations.management.support import reservation_of, snapshot
from reservations.services import staff

MOVES = {
    "approve": staff.approve_reservation,
    "decline": staff.decline_reservation,
    "seat": staff.seat_reservation,
    "partially-seat": staff.partially_seat_reservation,
    "complete": staff.complete_reservation,
    "no-show": staff.no_show_reservation,
    "undo": staff.undo_last_move,
    "cancel": staff.staff_cancel_reservation,
}


class Command(GuaranteeSubcommands, SupportCommand):
    help = "A host's move on a booking: approve, decline, seat, partially-seat, complete, no-show, undo, cancel..."

    def add_subcommands(self, subparsers):
        for name in MOVES:
            sub = subparsers.add_parser(name, help=f"{name} a booking")
            sub.add_argument("reservation", help="resv_ id")
            sub.add_argument("--as", dest="username", default=None, help="the back-office user acting")
            if name == "approve":
                sub.add_argument("--override", action="store_true", help="a manager's power: waive and re-table")
            if name in ("decline", "cancel"):
                sub.add_argument("--reason", default="", required=name == "cancel", help="the reason, as typed")
        release = subparsers.add_parser("release-hold", help="hand a hold back")
        release.add_argument("hold", help="hold_ id")
        release.add_argument("--as", dest="username", default=None)
        self.add_guarantee_subcommands(subparsers, expire_name="expire-guarantee")

    def actor(self, username: str | None) -> staff.Actor:
        if username is None:
            return staff.SUPPORT
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise NotFound(f"No user {username}.")
        return staff.Actor(user=user, can_override=True)

    def handle(self, *args, subcommand: str, **options):
        if subcommand in MOVES:
            options["move"] = subcommand
            subcommand = "move"
        return super().handle(*args, subcommand=subcommand, **options)

    def do_move(self, *, move, reservation, username=None, **options):
        kwargs = {"reservation": reservation_of(reservation), "actor": self.actor(username)}
        if options.get("override"):
            kwargs["override"] = True
        if move in ("decline", "cancel"):
            kwargs["reason"] = options.get("reason") or ""
        return snapshot(MOVES[move](**kwargs))

    def do_release_hold(self, *, hold, username=None, **options):
        row = Hold.objects.select_related("restaurant").filter(public_id=hold).first()
        if row is None:
            raise NotFound(f"No hold {hold}.")
        released = staff.staff_release_hold(hold=row, actor=self.actor(username))
        return HoldShape.render(released, Viewer(zone(row.restaurant.timezone)), timezone.now())
