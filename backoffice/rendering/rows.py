"""The list's rows (one per booking at 768 px and wider; a card each below), rendered in Python like
the timeline's lanes. Each row's buttons are the registry's moves for its status (a decline, a cancel
and a move, which ask for more, are on the booking's card, one tap away).

Every button is in the page's one form (`#moves`, one CSRF token): its name carries the booking
(`do:<resv_id>`), its value the move. htmx posts it and swaps the row in place.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape

from django.utils.translation import gettext as _

from backoffice.rendering.words import flags, status_label
from reservations.services.staff.registry import MOVES, card_moves

PID = "\x00"  # stands for the booking's id in a row's buttons, the same for every row of a shape


TONES = {"go": "hbtn go", "danger": "hbtn danger", "": "hbtn quiet"}


@lru_cache(maxsize=256)
def _buttons(moves: tuple[str, ...], can_undo: bool) -> str:
    """A row's buttons with PID for its id (a 400-booking list has a handful of shapes): the next
    step of the evening (approve, seat, complete) and an undo; the others are on the card."""
    out = [
        f'<button name="do:{PID}" value="{name}" class="{TONES[MOVES[name].tone]} mv-{name}">'
        f"{escape(str(MOVES[name].label))}</button>"
        for name in moves
        if MOVES[name].tone == "go"
    ][:1]
    if can_undo:
        out.append(f'<button name="do:{PID}" value="undo" class="hbtn quiet mv-undo">{_("Undo")}</button>')
    return "".join(out)


def row_html(row, *, date, today, now, urls, oob: bool = False) -> str:
    pid = row.public_id  # our own id: [A-Za-z0-9_]
    moves = tuple(m.name for m in card_moves(row.status, date, today, row.starts_at, now))
    card = urls.card(pid)
    name = escape(row.guest_name) or pid
    notes = f'<div class="note">“{escape(row.guest_notes)}”</div>' if row.guest_notes else ""
    if row.internal_notes:
        notes += f'<div class="note note-staff">{escape(row.internal_notes)}</div>'
    status = "late" if row.late else row.status
    late = f' <span class="badge st-late">{_("Late")}</span>' if row.late else ""
    opens = f'href="{card}" hx-get="{card}" hx-target="#card" hx-swap="innerHTML show:none"'
    more = f'<a class="hbtn quiet" {opens}>{_("More")}</a>'
    swap = ' hx-swap-oob="true"' if oob else ""
    html = (
        f'<tr id="row-{pid}" class="lr st-row-{status}"{swap}>'
        f'<td class="lr-time" data-label="{_("Time")}"><b>{row.time}</b></td>'
        f'<td class="lr-party" data-label="{_("Party")}">{row.party_size}</td>'
        f'<td class="lr-guest" data-label="{_("Guest")}"><a {opens}>{name}</a> {flags(row)}</td>'
        f'<td data-label="{_("Tables")}">{escape(", ".join(row.tables)) or "—"}</td>'
        f'<td data-label="{_("Status")}"><span class="badge st-{row.status}">{status_label(row.status)}</span>'
        f"{late}</td>"
        f'<td class="lr-notes" data-label="{_("Notes")}">{notes}</td>'
        f'<td class="lr-actions">{_buttons(moves, row.can_undo).replace(PID, pid)}{more}</td>'
        "</tr>"
    )
    # A table row sent out of band travels in a <template> (outside a table, a parser drops <tr>).
    return f"<template>{html}</template>" if oob else html


def rows_html(rows, **kwargs) -> str:
    return "".join(row_html(row, **kwargs) for row in rows)


def table_html(block, rows_html_: str, *, oob: bool = False) -> str:
    """A service's table of bookings (`#rows-<service>`, swapped whole when a booking is added)."""
    swap = ' hx-swap-oob="true"' if oob else ""
    if not rows_html_:
        return f'<div id="rows-{block.key}"{swap}><p class="none">{_("No booking.")}</p></div>'
    heads = "".join(
        f"<th scope=col>{label}</th>"
        for label in (_("Time"), _("Party"), _("Guest"), _("Tables"), _("Status"), _("Notes"), _("Actions"))
    )
    return (
        f'<div id="rows-{block.key}"{swap}><table class="lt"><thead><tr>{heads}</tr></thead>'
        f"<tbody>{rows_html_}</tbody></table></div>"
    )
