"""A guest's waitlist entries, handed over to guests at start-up (waitlist.apps;
guests.services.handovers): a merge moves them to the survivor, an unmerge gives them back, an
erasure blanks their notes."""

from guests.services.handovers import GuestRecords
from waitlist.models import WaitlistEntry


class Entries(GuestRecords):
    merge_field = "waitlist_entry_ids"
    kind = "waitlist_entry"
    payload_keys = ("notes", "private_note")

    def ids_of(self, guest) -> list[int]:
        return list(WaitlistEntry.objects.filter(guest=guest).order_by("id").values_list("id", flat=True))

    def move(self, ids, from_guest, to_guest, now) -> None:
        WaitlistEntry.objects.filter(id__in=ids).update(guest=to_guest, updated_at=now)

    def give_back(self, ids, guest, now) -> None:
        WaitlistEntry.objects.filter(id__in=ids).update(guest=guest, updated_at=now)

    def find(self, restaurant, guest_pks):
        entries = WaitlistEntry.objects.filter(restaurant=restaurant, guest_id__in=guest_pks)
        return entries, set(entries.values_list("public_id", flat=True))

    def blank(self, rows) -> None:
        rows.update(notes=None, private_note=None)
