"""The night as the host's pages show it: the day's read, the service shown, its timeline, the side
panel (pending requests, waitlist), and the fragments a move sends back to update a page in place."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from html import escape

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe

from backoffice.rendering.rows import row_html, rows_html, table_html
from backoffice.rendering.timeline import axis_html, lanes_html, now_html
from backoffice.rendering.words import LEGEND, status_label
from backoffice.selectors.day_sheet import DaySheet, ServiceBlock, day_sheet
from backoffice.selectors.timeline import Timeline, service_timeline
from backoffice.views.card import card_html
from backoffice.views.common import Urls, prefixes


@dataclass
class Board:
    sheet: DaySheet
    block: ServiceBlock | None
    timeline: Timeline | None
    urls: Urls
    now: dt.datetime

    @property
    def services(self) -> list[ServiceBlock]:
        return [block for block in self.sheet.services if block.shift is not None]

    @property
    def tables(self) -> list[tuple[str, str, str]]:
        """(key, name, seats) of the shown service's tables and combinations, for a table picker."""
        if self.timeline is not None:
            return [(lane.key, lane.name, lane.capacity) for lane in self.timeline.lanes]
        if self.block is None:
            return []
        policy, plan = self.sheet.policy, self.block.shift.floor_plan_id
        return [
            (t.public_id, t.name, f"{t.min_capacity}–{t.max_capacity}")
            for t in sorted(policy.tables.values(), key=lambda t: (policy.sections[t.section_id].id, t.position, t.id))
            if policy.sections[t.section_id].floor_plan_id == plan
        ]


def chosen_service(sheet: DaySheet, key: str | None, now: dt.datetime) -> ServiceBlock | None:
    """The service asked for; else the one running now, the next today, or the day's last."""
    services = [block for block in sheet.services if block.shift is not None]
    if not services:
        return None
    for block in services:
        if block.key == key:
            return block
    instant = now.timestamp()
    for block in services:
        if block.starts_epoch <= instant < block.ends_epoch:
            return block
    upcoming = [block for block in services if block.starts_epoch > instant]
    return upcoming[0] if upcoming else services[-1]


def board_for(
    restaurant, date: dt.date, service_key: str | None = None, *, view: str = "timeline", status=None, query=""
) -> Board:
    now = timezone.now()
    sheet = day_sheet(restaurant, date, status=status, query=query, now=now)
    block = chosen_service(sheet, service_key, now)
    timeline = service_timeline(sheet, block, now) if block is not None and view == "timeline" else None
    urls = Urls(restaurant, date, view=view, service=block.key if block is not None else "")
    return Board(sheet, block, timeline, urls, now)


def legend() -> list[tuple[str, str]]:
    return [(status, status_label(status)) for status in LEGEND]


# The side panel lists the date's first requests to approve; the rest are on the pending page.
PANEL_PENDING = 6


def panel_context(board: Board) -> dict:
    now = board.now
    waitlist = [(entry, entry.waited_minutes(now)) for entry in board.sheet.waitlist]
    pending = board.sheet.pending()
    return {
        "board": board,
        "pending": [(row, board.urls.card(row.public_id)) for row in pending[:PANEL_PENDING]],
        "pending_more": max(0, len(pending) - PANEL_PENDING),
        "move_url": board.urls.move(),
        "waitlist_url": prefixes()["day_sheet_waitlist"],
        "waitlist": waitlist,
        "urls": board.urls,
        "service_key": board.block.key if board.block is not None else "",
    }


def timeline_parts(board: Board, moving=None) -> dict:
    timeline = board.timeline
    if timeline is None:
        return {}
    return {
        "lanes": mark_safe(lanes_html(timeline, board.urls, moving)),  # noqa: S308 - rendering escapes
        "axis": mark_safe(axis_html(timeline)),  # noqa: S308 - numbers and times
        "now_line": mark_safe(now_html(timeline)),  # noqa: S308 - a number
        "cells": len(timeline.cells),
        "track_cells": round((timeline.end - timeline.start) / timeline.cell_seconds, 3),
    }


def fragments(
    request,
    board: Board,
    reservation,
    *,
    view: str,
    message: str = "",
    level: str = "success",
    undo: str = "",
    added: bool = False,
    queues: bool = True,
) -> str:
    """What a move sends back to an htmx page: the booking's card (the request's target), then, out of
    band, what the move changed on the page: the lanes of the service shown (or the booking's row on
    the list), the covers, the side panel, and a message (with an undo when the move can be undone)."""
    parts = []
    row = None
    if reservation is not None:
        row = next((r for b in board.sheet.services for r in b.every_row if r.public_id == reservation.public_id), None)
        parts.append(card_html(request, reservation, board.urls, row))
    sheet = board.sheet
    if view == "timeline" and board.timeline is not None:
        body = lanes_html(board.timeline, board.urls)
        boost = 'hx-boost="true" hx-target="#card" hx-swap="innerHTML show:none" hx-push-url="false"'
        parts.append(f'<div id="tl-lanes" {boost} hx-swap-oob="true">{body}</div>')
        parts.append(axis_html(board.timeline, oob=True))
        parts.append('<div id="tl-moving" hx-swap-oob="true"></div>')
    shown = dict(date=sheet.date, today=sheet.today, now=board.now, urls=board.urls)
    if view == "list" and added:  # a booking taken or seated: its service's rows, whole
        block = next((b for b in sheet.services if row in b.rows), None)
        if block is not None:
            parts.append(table_html(block, rows_html(block.rows, **shown), oob=True))
    elif view in ("timeline", "list") and row is not None:  # the list's row (the timeline's, on a phone)
        parts.append(row_html(row, **shown, oob=True))
    if view == "queue" and reservation is not None:
        done = escape(f"{reservation.guest}: {status_label(reservation.status)}")
        parts.append(f'<li id="q-{reservation.public_id}" hx-swap-oob="true"><span>{done}</span></li>')
    else:
        context = {**panel_context(board), "oob": True, "view": view}
        parts.append(render_to_string("backoffice/_summary.html", context, request))
        if queues:  # the pending requests and the waitlist changed
            parts.append(render_to_string("backoffice/_panel.html", context, request))
    toast = {"message": message, "level": level, "undo": undo, "oob": True, "urls": board.urls, "view": view}
    parts.append(render_to_string("backoffice/_toast.html", toast, request))
    return "".join(parts)
