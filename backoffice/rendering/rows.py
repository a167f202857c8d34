"""The list's rows (one per booking at 768 px and wider; a card each below), rendered in Python like
the timeline's lanes. Each row's buttons are the registry's moves for its status (a decline, a cancel
and a move, which ask for more, are on the booking's card, one tap away).

Every button is in the page's one form (`#moves`, one CSRF token): its name carries the booking
(`do:<resv_id>`), its value the move. htmx posts it and swaps the row in place.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape

from backoffice.rendering.words import flags, words
from reservations.services.staff.registry import MOVES, card_moves

PID = "\x00"  # stands for the booking's id in a row's buttons, the same for every row of a shape


TONES = {"go": "hbtn go", "danger": "hbtn danger", "": "hbtn quiet"}


@lru_cache(maxsize=256)
def _buttons(moves: tuple[str, ...], can_undo: bool, undo: str) -> str:
    """A row's buttons with PID for its id (a 400-booking list has a handful of shapes): the next
    step of the evening (approve, seat, complete) and an undo; the others are on the card."""
    out = [
        f'<button name="do:{PID}" value="{name}" class="{TONES[MOVES[name].tone]} mv-{name}">'
        f"{escape(str(MOVES[name].label))}</button>"
        for name in moves
        if MOVES[name].tone == "go"
    ][:1]
    if can_undo:
        out.append(f'<button name="do:{PID}" value="undo" class="hbtn quiet mv-undo">{undo}</button>')
    return "".join(out)


def row_html(row, *, date, today, now, urls, oob: bool = False, w: dict | None = None) -> str:
    w = w or words()
    pid = row.public_id  # our own id: [A-Za-z0-9_]
    moves = tuple(m.name for m in card_moves(row.status, date, today, row.starts_at, now))
    card = urls.card(pid)
    name = escape(row.guest_name) or pid
    notes = f'<div class="note">“{escape(row.guest_notes)}”</div>' if row.guest_notes else ""
    if row.internal_notes:
        notes += f'<div class="note note-staff">{escape(row.internal_notes)}</div>'
    status = "late" if row.late else row.status
    late = f' <span class="badge st-late">{w["late"]}</span>' if row.late else ""
    swap = ' hx-swap-oob="true"' if oob else ""
    html = (
        f'<tr id="row-{pid}" class="lr st-row-{status}"{swap}>'
        f'<td class="lr-time" data-label="{w["head:time"]}"><b>{row.time}</b></td>'
        f'<td class="lr-party" data-label="{w["head:party"]}">{row.party_size}</td>'
        f'<td class="lr-guest" data-label="{w["head:guest"]}"><a href="{card}">{name}</a> {flags(row, w=w)}</td>'
        f'<td data-label="{w["head:tables"]}">{escape(", ".join(row.tables)) or "—"}</td>'
        f'<td data-label="{w["head:status"]}"><span class="badge st-{row.status}">{w["status:" + row.status]}</span>'
        f"{late}</td>"
        f'<td class="lr-notes" data-label="{w["head:notes"]}">{notes}</td>'
        f'<td class="lr-actions">{_buttons(moves, row.can_undo, w["undo"]).replace(PID, pid)}'
        f'<a class="hbtn quiet" href="{card}">{w["more"]}</a></td>'
        "</tr>"
    )
    # A table row sent out of band travels in a <template> (outside a table, a parser drops <tr>).
    return f"<template>{html}</template>" if oob else html


def rows_html(rows, **kwargs) -> str:
    w = words()
    return "".join(row_html(row, w=w, **kwargs) for row in rows)


def table_html(block, rows_html_: str, *, oob: bool = False) -> str:
    """A service's table of bookings (`#rows-<service>`, swapped whole when a booking is added). Its
    links open the card in place (boosted by htmx); without JavaScript, the card's page."""
    w = words()
    swap = ' hx-swap-oob="true"' if oob else ""
    boost = 'hx-boost="true" hx-target="#card" hx-swap="innerHTML show:none" hx-push-url="false"'
    if not rows_html_:
        return f'<div id="rows-{block.key}"{swap}><p class="none">{w["no_booking"]}</p></div>'
    heads = "".join(
        f"<th scope=col>{w['head:' + key]}</th>"
        for key in ("time", "party", "guest", "tables", "status", "notes", "actions")
    )
    return (
        f'<div id="rows-{block.key}" {boost}{swap}><table class="lt"><thead><tr>{heads}</tr></thead>'
        f"<tbody>{rows_html_}</tbody></table></div>"
    )
