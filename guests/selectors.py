"""Reads of the guest book: resolution of merged ids, the partner list and its search."""

from django.db import connection

from config.postgresql.prepared import Statement
from config.postgresql.round_trip import Part, Results, run_one
from guests.models import Guest
from guests.phones import normalize_email, normalize_phone

MAX_MERGE_DEPTH = 50  # a chain of merges is never this long; the walk stops on a loop anyway


def resolve(guest: Guest) -> Guest:
    """A merged-away profile resolves to its survivor."""
    seen = set()
    while guest.merged_into_id is not None and guest.pk not in seen and len(seen) < MAX_MERGE_DEPTH:
        seen.add(guest.pk)
        guest = guest.merged_into
    return guest


def resolve_public_id(restaurant, public_id: str) -> Guest | None:
    """The restaurant's profile of this id, or the survivor it was merged into; None when unknown or erased."""
    guest = Guest.objects.filter(restaurant=restaurant, public_id=public_id).first()
    if guest is None:
        return None
    guest = resolve(guest)
    return None if guest.erased_at is not None else guest


_FIELDS = [field for field in Guest._meta.concrete_fields]
_MATCH = Statement(
    "guest_match",
    "SELECT " + ", ".join(f'"{field.column}"' for field in _FIELDS) + f' FROM "{Guest._meta.db_table}" '
    'WHERE "restaurant_id" = %s AND "merged_into_id" IS NULL AND "erased_at" IS NULL '
    'AND ("email" = %s OR "phone" = %s) '
    'ORDER BY COALESCE("email" = %s, false) DESC, "created_at", "id" LIMIT 1',
)


def matching_profile(restaurant_id: int, email: str | None, phone: str | None) -> Guest | None:
    """The live profile a booking's contact belongs to: the oldest with this e-mail, else the
    oldest with this phone (both normalised). Written by hand: it runs on every booking, and the
    ORM's query building cost more than the query."""
    match = profile_match(restaurant_id, email, phone)
    return None if match is None else run_one(match)


def profile_match(restaurant_id: int, email: str | None, phone: str | None) -> Part | None:
    """`matching_profile` as a part of a round trip (config.postgresql.round_trip), for a caller
    sending it behind others (the booking step, under the lock): its value is the profile or None.
    None when there is nothing to match on."""
    if not email and not phone:
        return None
    return Part(_MATCH.sql(), (restaurant_id, email, phone, email), _profile_from)


def _profile_from(results: Results) -> Guest | None:
    row = results.one()
    return None if row is None else Guest.from_db(connection.alias, [f.attname for f in _FIELDS], row)


def served(restaurant):
    """The profiles partners see: neither merged away nor erased."""
    return Guest.objects.filter(restaurant=restaurant, merged_into__isnull=True, erased_at__isnull=True)


def get_served(restaurant, public_id: str) -> Guest | None:
    """`GET /v1/guests/{id}`: a merged-away id answers its survivor."""
    return resolve_public_id(restaurant, public_id)


def by_ids(queryset, restaurant, public_ids: list[str]):
    """Profiles named in an `id` batch; a merged-away id stands for its survivor."""
    rows = dict(Guest.objects.filter(restaurant=restaurant, public_id__in=public_ids).values_list("id", "merged_into"))
    wanted = {pk for pk, into in rows.items() if into is None}
    pending = {into for into in rows.values() if into is not None}
    for _ in range(MAX_MERGE_DEPTH):
        if not pending:
            break
        step = dict(Guest.objects.filter(restaurant=restaurant, id__in=pending).values_list("id", "merged_into"))
        wanted |= {pk for pk, into in step.items() if into is None}
        pending = {into for into in step.values() if into is not None} - wanted
    return queryset.filter(id__in=wanted)


def with_phone(queryset, restaurant, raw: str):
    """Phone as stored: normalised to E.164 for the restaurant's country first."""
    return queryset.filter(phone=normalize_phone(raw, restaurant.country))


def with_email(queryset, raw: str):
    """The primary address, case-insensitively (stored trimmed and lower-cased)."""
    return queryset.filter(email=normalize_email(raw))


def escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def matching(queryset, text: str):
    """Accent-insensitive substring over first name, last name and e-mail, in PostgreSQL: the stored
    column `search_text` (generated from guests_search_text(first, last, email), migrations 0005 and
    0006), which the trigram index `guest_search_trgm_idx` covers; the pattern is folded to a
    constant by the planner, so the index applies."""
    return queryset.extra(
        where=["guests_guest.search_text LIKE ('%%' || lower(guests_unaccent(%s)) || '%%')"],
        params=[escape_like(text.strip())],
    )
