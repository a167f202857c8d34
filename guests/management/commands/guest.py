"""manage.py guest merge|unmerge|erase: the guest-book moves of the back office, by the same services
(the resulting profile on stdout as the API shows it with every scope; a refusal exits 1 with its message)."""

from config.commands import SupportCommand
from config.exceptions import NotFound
from guests import services
from guests.models import Guest
from guests.selectors import resolve


def guest_of(public_id: str) -> Guest:
    guest = Guest.objects.select_related("restaurant").filter(public_id=public_id).first()
    if guest is None:
        raise NotFound(f"No guest {public_id}.")
    return guest


def shown(guest: Guest) -> dict:
    guest = Guest.objects.select_related("restaurant").get(pk=guest.pk)
    return services.snapshot(guest)


class Command(SupportCommand):
    help = "The guest book: merge two profiles, undo a merge, erase a guest (data protection)."

    def add_subcommands(self, subparsers):
        merge = subparsers.add_parser("merge", help="merge <absorbed> into <survivor>")
        merge.add_argument("survivor", help="gst_ id of the profile that stays")
        merge.add_argument("absorbed", help="gst_ id of the profile merged into it")
        unmerge = subparsers.add_parser("unmerge", help="undo the merge that absorbed this profile")
        unmerge.add_argument("guest", help="gst_ id of the merged-away profile")
        erase = subparsers.add_parser("erase", help="blank the guest's personal data everywhere (irreversible)")
        erase.add_argument("guest", help="gst_ id (a merged-away id erases its survivor, the same person)")

    def do_merge(self, *, survivor, absorbed, **options):
        kept = guest_of(survivor)
        services.merge_guests(survivor=kept, absorbed=guest_of(absorbed), merged_by="manage.py guest merge")
        return shown(resolve(kept))

    def do_unmerge(self, *, guest, **options):
        return shown(services.unmerge_guest(absorbed=guest_of(guest)))

    def do_erase(self, *, guest, **options):
        return shown(services.erase_guest(guest=guest_of(guest)))
