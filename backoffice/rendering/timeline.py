"""The timeline's lanes and its covers row, rendered in Python: a 400-cover night is about 150 bars
and 800 cells, and the template engine took tens of milliseconds over as many nodes
(docs/performance.md, "The host's pages").

Positions are in cells (`--cell`, the width of one seating interval, set by the page's CSS): a bar
starting 2.5 intervals in is `left: calc(var(--cell) * 2.5)`. Every bar is a link to the booking's
card and every free cell a link to a new booking at that table and time; the lanes' container
boosts them (htmx opens each in the card, in place; without JavaScript each is a page). While a
booking is being moved, the free cells are buttons of the move's form instead.
"""

from __future__ import annotations

from datetime import datetime
from html import escape

from backoffice.rendering.words import flags, words


def _at(timeline, instant: int) -> float:
    return round((instant - timeline.start) / timeline.cell_seconds, 3)


def _span(timeline, start: int, end: int) -> str:
    left, width = _at(timeline, start), max(0.5, _at(timeline, end) - _at(timeline, start))
    return f"left:calc(var(--cell)*{left});width:calc(var(--cell)*{width})"


def _hhmm(timeline, instant: int, cache: dict) -> str:
    found = cache.get(instant)
    if found is None:
        local = datetime.fromtimestamp(instant, timeline.tz)
        found = cache[instant] = f"{local.hour:02d}:{local.minute:02d}"
    return found


def bar_html(timeline, bar, urls, w: dict, times: dict) -> str:
    style = _span(timeline, bar.start, bar.end)
    span = f"{_hhmm(timeline, bar.start, times)}–{_hhmm(timeline, bar.end, times)}"
    if bar.kind == "member":  # one of a combination's tables is taken: the combination is not free
        said = escape(w["taken"] % {"table": bar.label, "span": span})
        return f'<span class="tl-bar tl-member" style="{style}" title="{said}"><span>{said}</span></span>'
    if bar.kind == "block":
        blocked = w["blocked"]
        return f'<span class="tl-bar st-block" style="{style}" title="{blocked} {span}"><span>{blocked}</span></span>'
    if bar.kind == "hold":
        hold = bar.hold
        said = f"{w['held']}, {w['party'] % {'n': hold.party_size}}, {span}"
        return (
            f'<span class="tl-bar st-hold" style="{style}" title="{escape(said)}">'
            f"<span>{w['hold']} · {hold.party_size}</span></span>"
        )
    row = bar.row
    status = "late" if row.late else row.status
    said = f"{row.guest_name}, {w['party'] % {'n': row.party_size}}, {span}, {w['status:' + status]}"
    joined = " tl-joined" if bar.kind == "joined" else ""
    note = ' <span class="tl-note" aria-hidden="true">✎</span>' if row.guest_notes or row.internal_notes else ""
    # The visible words first, then the rest for a screen reader (axe: the name holds the label).
    return (
        f'<a class="tl-bar st-{status}{joined}" style="{style}" href="{urls.card(row.public_id)}">'
        f"<b>{escape(row.guest_name) or row.public_id}</b> <span>{row.party_size} · {row.time}{note}"
        f' <span class="tl-flags">{flags(row, phone=False, w=w)}</span></span>'
        f'<span class="sr-only">: {escape(said)}</span></a>'
    )


def _cells(timeline, lane, urls, moving, w: dict, times: dict) -> str:
    out = []
    name = escape(lane.name)
    if moving is None:
        # Every cell's address but its time, once per lane.
        base = urls.new(table=lane.key, view=urls.view, service=urls.service) + "&time="
    for instant in lane.free_cells(timeline.cells):
        time = _hhmm(timeline, instant, times)
        style = f"left:calc(var(--cell)*{_at(timeline, instant)})"
        if moving is not None:
            label = w["move_to"] % {"name": escape(moving), "lane": name, "time": time}
            out.append(
                f'<button class="tl-cell tl-target" form="move-form" name="target" value="{lane.key}@{time}" '
                f'hx-post="{urls.move()}" hx-include="#move-form" style="{style}"><span class="sr-only">{label}'
                f'</span><span aria-hidden="true">{time}</span></button>'
            )
        else:
            label = w["book"] % {"lane": name, "time": time}
            out.append(
                f'<a class="tl-cell" href="{base}{time}" style="{style}"><span class="sr-only">{label}</span>'
                '<span aria-hidden="true">+</span></a>'
            )
    return "".join(out)


def lane_html(timeline, lane, urls, moving=None, *, w: dict | None = None, times: dict | None = None) -> str:
    w = w or words()
    times = {} if times is None else times
    kind = " tl-combo" if lane.combination else ""
    online = "" if lane.online else f' <span class="tl-offline">{w["staff_only"]}</span>'
    seats = w["seats"] % {"n": lane.capacity}
    bars = "".join(bar_html(timeline, bar, urls, w, times) for bar in lane.bars)
    name = escape(lane.name)
    return (
        f'<div class="tl-lane{kind}" id="lane-{lane.key}" role="group" aria-label="{name}, {seats}">'
        f'<div class="tl-label"><b>{name}</b> <small>{seats}</small>{online}</div>'
        f'<div class="tl-track">{_cells(timeline, lane, urls, moving, w, times)}{bars}</div></div>'
    )


def lanes_html(timeline, urls, moving=None) -> str:
    w, times = words(), {}
    out = []
    for section in timeline.sections:
        out.append(f'<div class="tl-section" role="heading" aria-level="3">{escape(section.name)}</div>')
        out.extend(lane_html(timeline, lane, urls, moving, w=w, times=times) for lane in section.lanes)
    return "".join(out)


def axis_html(timeline, *, oob: bool = False) -> str:
    """The row along the top: each seating time, its covers against the per-slot cap."""
    w = words()
    out = []
    for slot in timeline.block.slots:
        left = _at(timeline, slot.epoch)
        cap = f"/{slot.cap}" if slot.cap is not None else ""
        full = " tl-full" if slot.full else ""
        said = w["slot"] % {"time": slot.time, "covers": slot.covers, "cap": cap}
        out.append(
            f'<div class="tl-tick{full}" style="left:calc(var(--cell)*{left})" title="{escape(said)}">'
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
