"""`manage.py booking release-hold <hold_id> [--as USERNAME]`: the restaurant hands a hold back, as
from the host's pages; prints the hold as a full-access key reads it. Handed over to reservations'
`booking` command at start-up (holds.apps; config.commands.hand_over)."""

from django.utils import timezone

from config.commands import Subcommand
from config.exceptions import NotFound
from config.formats import Viewer, zone
from holds.models import Hold
from holds.services import staff_release_hold
from holds.shapes import HoldShape
from reservations.management.support import actor_of


def _arguments(parser) -> None:
    parser.add_argument("hold", help="hold_ id")
    parser.add_argument("--as", dest="username", default=None)


def _release(*, hold, username=None, **options):
    row = Hold.objects.select_related("restaurant").filter(public_id=hold).first()
    if row is None:
        raise NotFound(f"No hold {hold}.")
    released = staff_release_hold(hold=row, actor=actor_of(username, row.restaurant))
    return HoldShape.render(released, Viewer(zone(row.restaurant.timezone)), timezone.now())


RELEASE_HOLD = Subcommand("release-hold", "hand a hold back", _arguments, _release)
