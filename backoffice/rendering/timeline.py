"""The timeline's lanes and its covers row, rendered in Python: a 400-cover night is about 150 bars
and 600 cells, and the template engine took tens of milliseconds over as many nodes
(docs/performance.md, "The host's pages").

Positions are in cells (`--cell`, the width of one seating interval, set by the page's CSS): a bar
starting 2.5 intervals in is `left: calc(var(--cell) * 2.5)`. Every bar is a link to the booking's
card (htmx opens it in place; without JavaScript it is a page); every free cell is a link to a new
booking at that table and time, or, while a booking is being moved, a button of the move's form.
"""

from __future__ import annotations

from datetime import datetime
from html import escape

from django.utils.translation import gettext as _

from backoffice.rendering.words import flags, party_words, status_label


def _at(timeline, instant: int) -> float:
    return round((instant - timeline.start) / timeline.cell_seconds, 3)


def _span(timeline, start: int, end: int) -> str:
    left, width = _at(timeline, start), max(0.5, _at(timeline, end) - _at(timeline, start))
    return f"left:calc(var(--cell)*{left});width:calc(var(--cell)*{width})"


def _hhmm(timeline, instant: int) -> str:
    local = datetime.fromtimestamp(instant, timeline.tz)
    return f"{local.hour:02d}:{local.minute:02d}"


def bar_html(timeline, lane, bar, urls) -> str:
    style = _span(timeline, bar.start, bar.end)
    span = f"{_hhmm(timeline, bar.start)}–{_hhmm(timeline, bar.end)}"
    if bar.kind == "member":  # one of a combination's tables is taken: the combination is not free
        words = _("%(table)s is taken %(span)s") % {"table": bar.label, "span": span}
        words = escape(words)
        return f'<span class="tl-bar tl-member" style="{style}" title="{words}"><span>{words}</span></span>'
    if bar.kind == "block":
        label = _("Blocked")
        return f'<span class="tl-bar st-block" style="{style}" title="{label} {span}"><span>{label}</span></span>'
    if bar.kind == "hold":
        hold = bar.hold
        words = f"{_('Held by a partner')}, {party_words(hold.party_size)}, {span}"
        return (
            f'<span class="tl-bar st-hold" style="{style}" title="{escape(words)}">'
            f"<span>{_('Hold')} · {hold.party_size}</span></span>"
        )
    row = bar.row
    status = "late" if row.late else row.status
    words = f"{row.guest_name}, {party_words(row.party_size)}, {span}, {status_label(status)}"
    card = urls.card(row.public_id)
    joined = " tl-joined" if bar.kind == "joined" else ""
    note = ' <span class="tl-note" aria-hidden="true">✎</span>' if row.guest_notes or row.internal_notes else ""
    return (
        f'<a class="tl-bar st-{status}{joined}" style="{style}" href="{card}" hx-get="{card}" '
        f'hx-target="#card" hx-swap="innerHTML show:none" aria-label="{escape(words)}">'
        f"<b>{escape(row.guest_name) or row.public_id}</b> <span>{row.party_size} · {row.time}</span>"
        f'{note}<span class="tl-flags">{flags(row, phone=False)}</span></a>'
    )


def _cells(timeline, lane, urls, moving) -> str:
    out = []
    for instant in timeline.cells:
        if not lane.free_at(instant):
            continue
        time = _hhmm(timeline, instant)
        left = _at(timeline, instant)
        style = f"left:calc(var(--cell)*{left})"
        if moving is not None:
            label = _("Move %(name)s to %(lane)s at %(time)s") % {"name": moving, "lane": lane.name, "time": time}
            out.append(
                f'<button class="tl-cell tl-target" form="move-form" name="target" value="{lane.key}@{time}" '
                f'hx-post="{urls.move()}" hx-include="#move-form" hx-target="#card" hx-swap="innerHTML show:none" '
                f'style="{style}" aria-label="{escape(label)}"><span>{time}</span></button>'
            )
        else:
            href = urls.new(table=lane.key, time=time)
            label = _("Book %(lane)s at %(time)s") % {"lane": lane.name, "time": time}
            out.append(
                f'<a class="tl-cell" href="{href}" hx-get="{href}" hx-target="#card" hx-swap="innerHTML show:none" '
                f'style="{style}" aria-label="{escape(label)}"><span>+</span></a>'
            )
    return "".join(out)


def lane_html(timeline, lane, urls, moving=None, *, oob: bool = False) -> str:
    kind = " tl-combo" if lane.combination else ""
    online = "" if lane.online else f' <span class="tl-offline">{_("staff only")}</span>'
    seats = _("seats %(n)s") % {"n": lane.capacity}
    bars = "".join(bar_html(timeline, lane, bar, urls) for bar in lane.bars)
    swap = ' hx-swap-oob="true"' if oob else ""
    name = escape(lane.name)
    return (
        f'<div class="tl-lane{kind}" id="lane-{lane.key}" role="group" aria-label="{name}, {seats}"{swap}>'
        f'<div class="tl-label"><b>{name}</b> <small>{seats}</small>{online}</div>'
        f'<div class="tl-track">{_cells(timeline, lane, urls, moving)}{bars}</div></div>'
    )


def lanes_html(timeline, urls, moving=None) -> str:
    out = []
    for section in timeline.sections:
        out.append(f'<div class="tl-section" role="heading" aria-level="3">{escape(section.name)}</div>')
        out.extend(lane_html(timeline, lane, urls, moving) for lane in section.lanes)
    return "".join(out)


def axis_html(timeline, *, oob: bool = False) -> str:
    """The row along the top: each seating time, its covers against the per-slot cap."""
    block = timeline.block
    out = []
    for slot in block.slots:
        left = _at(timeline, slot.epoch)
        cap = f"/{slot.cap}" if slot.cap is not None else ""
        full = " tl-full" if slot.full else ""
        words = _("%(time)s: %(covers)s covers%(cap)s") % {"time": slot.time, "covers": slot.covers, "cap": cap}
        out.append(
            f'<div class="tl-tick{full}" style="left:calc(var(--cell)*{left})" title="{escape(words)}">'
            f"<b>{slot.time}</b><span>{slot.covers}{cap}</span></div>"
        )
    swap = ' hx-swap-oob="true"' if oob else ""
    return f'<div class="tl-axis" id="tl-axis"{swap}>{"".join(out)}</div>'


def now_html(timeline) -> str:
    if timeline.now is None:
        return ""
    left = _at(timeline, timeline.now)
    style = f"left:calc(var(--label) + var(--cell)*{left})"
    return f'<div class="tl-now" id="tl-now" style="{style}" aria-hidden="true"></div>'


__all__ = ["axis_html", "bar_html", "lane_html", "lanes_html", "now_html"]
