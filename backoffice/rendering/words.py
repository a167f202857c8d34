"""What the host reads: statuses in words, the guest's flags, the legend, and every other word of
the Python-rendered lanes and rows.

Everything a guest or a host typed goes through `escape` (the standard library's: the same five
characters as Django's, a fraction of the cost, for pages of hundreds of bookings).
"""

from __future__ import annotations

from functools import lru_cache
from html import escape

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from reservations.models.booking import ReservationStatus

# The legend, in the order of an evening: every status has a colour (CSS `st-<status>`) and a word.
LEGEND = (
    "pending",
    "awaiting_guarantee",
    "confirmed",
    "partially_seated",
    "seated",
    "completed",
    "no_show",
    "hold",
    "block",
)
STATUSES = dict(ReservationStatus.choices)


def status_label(status: str) -> str:
    if status == "hold":
        return _("Held by a partner")
    if status == "block":
        return _("Blocked")
    if status == "late":
        return _("Late")
    return str(STATUSES.get(status, status))


@lru_cache(maxsize=16)
def _vocabulary(language: str | None) -> dict[str, str]:
    """Every word the Python-rendered parts of the pages use, translated once per language (a night
    renders a thousand cells, bars and rows: gettext on each cost more than the rest)."""
    words = {
        "book": _("Book %(lane)s at %(time)s"),
        "move_to": _("Move %(name)s to %(lane)s at %(time)s"),
        "taken": _("%(table)s is taken %(span)s"),
        "blocked": _("Blocked"),
        "held": _("Held by a partner"),
        "hold": _("Hold"),
        "staff_only": _("staff only"),
        "seats": _("seats %(n)s"),
        "slot": _("%(time)s: %(covers)s covers%(cap)s"),
        "party": _("party of %(n)d"),
        "late": _("Late"),
        "undo": _("Undo"),
        "more": _("More"),
        "vip": _("VIP"),
        "allergy": _("Allergy"),
        "no_booking": _("No booking."),
        **{
            f"head:{k}": v
            for k, v in (
                ("time", _("Time")),
                ("party", _("Party")),
                ("guest", _("Guest")),
                ("tables", _("Tables")),
                ("status", _("Status")),
                ("notes", _("Notes")),
                ("actions", _("Actions")),
            )
        },  # fmt: skip
    }
    for status in (*STATUSES, "hold", "block", "late"):
        words[f"status:{status}"] = status_label(status)
    return words


def words() -> dict[str, str]:
    return _vocabulary(get_language())


def party_words(size: int) -> str:
    return _("party of %(n)d") % {"n": size}


def flags(row, *, phone: bool = True, w: dict | None = None) -> str:
    """The guest's flags after their name: VIP, allergies, diets, company, phone."""
    w = w or words()
    found = f'<span class="fl fl-vip">{w["vip"]}</span>' if row.vip else ""
    if row.allergies:
        found += f'<span class="fl fl-allergy">{w["allergy"]}: {escape(", ".join(row.allergies))}</span>'
    if row.diets:
        found += f'<span class="fl fl-diet">{escape(", ".join(row.diets))}</span>'
    if getattr(row, "company", None):
        found += f'<span class="fl-quiet">{escape(row.company)}</span>'
    if phone and getattr(row, "phone", None):
        found += f'<span class="fl-quiet">{escape(row.phone)}</span>'
    return found
