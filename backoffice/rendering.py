"""The rows of the day sheet, rendered in Python.

A 400-booking sheet through the template engine cost about 80 ms of rendering (tens of
thousands of template nodes); these few string joins cost a few: the benchmark's "within
10 x ping" needs it (docs/performance.md). Everything a guest or a host typed goes through
`escape`; the markup is the template's (backoffice/day_sheet.html) and its CSS.

Every button is in the page's one form around the services (one CSRF token for the page):
its name carries the booking (`do:<resv_id>`), its value the move; a reason field is
`reason:<resv_id>`. The narrow layout's labels come from the CSS (`nth-child`), not from
attributes repeated on every cell.

The services' HTML is plain text spliced into the rendered page by the view (views.day_sheet),
never through the template: 300 KB carried up the admin base template's nested blocks was
copied at each of them (about 2 ms a sheet).
"""

from functools import lru_cache
from html import escape  # the standard library's: the same five characters, a fraction of the cost

from django.utils.safestring import SafeString, mark_safe

LABELS = {
    "approve": "Approve",
    "seat": "Seat",
    "partially_seat": "Part seated",
    "complete": "Complete",
    "no_show": "No-show",
}


PID = "\x00"  # stands for the booking's id in a row's buttons, the same for every row of a shape


def _button(public_id: str, action: str, label: str, extra_class: str = "") -> str:
    return f'<button name="do:{public_id}" value="{action}" class="button ds-{action}{extra_class}">{label}</button>'


@lru_cache(maxsize=256)
def _actions(status: str, moves: tuple[str, ...], can_undo: bool, override: bool) -> str:
    """A row's buttons with PID for its id: a 400-booking sheet has a handful of shapes."""
    actions = [_button(PID, move, LABELS[move]) for move in moves if move in LABELS]
    if status == "pending" and override:
        actions.append(
            f'<button name="do:{PID}" value="approve_override" class="button ds-override">'
            "Approve anyway (manager)</button>"
        )
    if can_undo:
        actions.append(_button(PID, "undo", "Undo"))
    if "decline" in moves or "cancel" in moves:
        summary = "Decline / cancel" if "decline" in moves else "Cancel"
        inner = f'<input name="reason:{PID}" maxlength="200" placeholder="reason" aria-label="Reason">'
        if "decline" in moves:
            inner += _button(PID, "decline", "Decline")
        inner += _button(PID, "cancel", "Cancel booking")
        actions.append(f'<details class="ds-more"><summary>{summary}</summary>{inner}</details>')
    return "".join(actions)


def _flags(row) -> str:
    flags = '<span class="ds-flag ds-vip" title="VIP">VIP</span>' if row.vip else ""
    if row.allergies:
        flags += f'<span class="ds-flag ds-allergy" title="Allergies">⚠ {escape(", ".join(row.allergies))}</span>'
    if row.diets:
        flags += f'<span class="ds-flag ds-diet" title="Dietary">{escape(", ".join(row.diets))}</span>'
    if row.company:
        flags += f'<span class="ds-company">{escape(row.company)}</span>'
    if row.phone:
        flags += f'<span class="ds-phone">{escape(row.phone)}</span>'
    return flags


def render_rows(
    rows,
    *,
    guest_url: tuple[str, str] | None,
    override_for: str = "",
    can_override: bool = False,
    money_url: tuple[str, str] | None = None,
):
    out = []
    for row in rows:
        pid = row.public_id  # our own id: [A-Za-z0-9_]
        name = escape(row.guest_name)
        if guest_url:
            guest = f'<a class="ds-guest-link" href="{guest_url[0]}{row.guest_pk}{guest_url[1]}">{name}</a>'
        else:
            guest = f"<span>{name}</span>"
        notes = f'<div class="ds-note">“{escape(row.guest_notes)}”</div>' if row.guest_notes else ""
        if row.internal_notes:
            notes += f'<div class="ds-note ds-internal">{escape(row.internal_notes)}</div>'
        override = can_override and override_for == pid
        actions = _actions(row.status, row.moves, row.can_undo, override).replace(PID, pid)
        if row.card is not None and money_url:
            actions += (
                f'<a class="button ds-money" href="{money_url[0]}{row.card}{money_url[1]}">Card: charge / release</a>'
            )
        late = ' <span class="ds-flag">late</span>' if row.late else ""
        out.append(
            f'<tr id="row-{pid}" class="ds-row ds-{row.status}{" ds-late" if row.late else ""}">'
            f'<td class="ds-time"><b>{row.time}</b></td>'
            f"<td>{row.party_size}</td>"
            f'<td class="ds-guest">{guest}{_flags(row)}'
            f'<a class="ds-id" href="booking/{pid}/">{pid}</a></td>'
            f"<td>{escape(', '.join(row.tables)) or '—'}</td>"
            f'<td><span class="ds-badge">{row.status_label}</span>{late}</td>'
            f'<td class="ds-notes">{notes}</td>'
            f'<td class="ds-actions">{actions}</td>'
            "</tr>"
        )
    return "".join(out)  # every typed value above is escaped


def render_service(block, rows_html: str) -> str:
    """One service's section: its covers against the caps, per seating time, and its rows (HTML,
    the service's name escaped, the rest numbers and times)."""
    name = escape(block.name)
    hours = f" <small>{block.start}–{block.end}</small>" if block.start else ""
    cap = f" / {block.max_covers}" if block.max_covers is not None else ""
    slots = "".join(
        f'<li class="{"ds-full" if slot.full else ""}{" ds-empty" if not slot.covers else ""}">'
        f"<b>{slot.time}</b> {slot.covers}{f'/{slot.cap}' if slot.cap is not None else ''}</li>"
        for slot in block.slots
    )
    slots = f'<ul class="ds-slots" aria-label="Covers per seating time">{slots}</ul>' if block.slots else ""
    if rows_html:
        body = (
            '<table class="ds-bookings"><thead><tr><th>Time</th><th>Party</th><th>Guest</th><th>Tables</th>'
            f"<th>Status</th><th>Notes</th><th>Actions</th></tr></thead><tbody>{rows_html}</tbody></table>"
        )
    else:
        body = '<p class="ds-none">No booking.</p>'
    return (
        f'<section class="ds-service" id="service-{escape(block.key)}"><h2>{name}{hours}</h2>'
        f'<p class="ds-covers"><span class="ds-cap{" ds-full" if block.full else ""}" data-covers="{block.covers}">'
        f"Covers {block.covers}{cap}</span> · expected {block.expected} · in the room {block.seated}</p>"
        f"{slots}{body}</section>"
    )


def render_holds(holds, *, action: str, csrf_token: str, here: str) -> SafeString:
    """The live holds' rows, each with its release form (five holds through the template engine
    cost about 1 ms, as much as a hundred bookings here)."""
    csrf = f'<input type="hidden" name="csrfmiddlewaretoken" value="{csrf_token}">'
    next_input = f'<input type="hidden" name="next" value="{escape(here)}">'
    return mark_safe(  # noqa: S308 - the kind, the tables and the page's path are escaped
        "".join(
            f'<tr id="hold-{hold.public_id}"><td data-label="Time"><b>{hold.time}</b></td>'
            f'<td data-label="Party">{hold.party_size}</td>'
            f'<td data-label="Hold">{hold.public_id} <small>{escape(hold.kind)}</small></td>'
            f'<td data-label="Tables">{escape(", ".join(hold.tables)) or "—"}</td>'
            f'<td data-label="Until">{hold.expires}</td>'
            f'<td data-label="Actions"><form method="post" action="{action}">{csrf}'
            f'<input type="hidden" name="hold" value="{hold.public_id}">{next_input}'
            '<button type="submit" class="button ds-release">Release</button></form></td></tr>'
            for hold in holds
        )
    )


__all__ = ["SafeString", "render_holds", "render_rows", "render_service"]
