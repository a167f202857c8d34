"""The host's two views of a night: the timeline (their home page: tables down the side, time across)
and the list (a table, one row per booking). Both show the side panel (the pending requests and the
waitlist) and open a booking's card in place."""

from __future__ import annotations

from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from apikeys.roles import HOST, restaurant_access
from backoffice.rendering.rows import rows_html, table_html
from backoffice.rendering.words import status_label
from backoffice.selectors.day_sheet import day_sheet as read_sheet
from backoffice.views.board import board_for, legend, panel_context, timeline_parts
from backoffice.views.card import card_html
from backoffice.views.common import (
    Urls,
    light_context,
    parse_date,
    restaurant_choices,
    restaurant_for,
    restaurants_of,
    today_of,
)
from reservations.models import Reservation, Restaurant
from reservations.models.booking import SERVED_STATUSES

# Where a page's template leaves the Python-rendered lanes or rows (an HTML comment: escaped text never
# makes one). The lanes of a night are a few hundred kilobytes: carried up the admin base template's
# nested blocks, they were copied at each (docs/performance.md, "The host's pages").
LANES_MARK = mark_safe("<!--timeline-lanes-->")  # noqa: S308 - a constant


def _spliced(page: str, mark: str, html: str) -> HttpResponse:
    return HttpResponse(page.replace(mark, html, 1))


def _frame(request, view: str):
    restaurants = restaurant_choices(request)
    restaurant = restaurant_for(request, request.GET.get("r"), restaurants)
    date = parse_date(request.GET.get("date")) or today_of(restaurant)
    return restaurants, restaurant, date


def _common(request, board, restaurants, view: str) -> dict:
    sheet, urls = board.sheet, board.urls
    previous = sheet.date.fromordinal(sheet.date.toordinal() - 1)
    following = sheet.date.fromordinal(sheet.date.toordinal() + 1)
    service = board.block.key if board.block is not None else ""
    switch = urls.sheet if view == "timeline" else urls.timeline
    page = urls.timeline if view == "timeline" else urls.sheet
    context = {
        **light_context(request),
        **panel_context(board),
        "title": f"{sheet.restaurant.name} · {sheet.date:%A} {sheet.date.day} {sheet.date:%B %Y}",
        "restaurant": sheet.restaurant,
        "restaurants": restaurants,
        "sheet": sheet,
        "view": view,
        "service_key": service,
        "services": [(block, page(service=block.key)) for block in board.services],
        "previous_url": page(date=previous, service=service),
        "next_url": page(date=following, service=service),
        "today_url": page(date=today_of(sheet.restaurant)),
        "switch_url": switch(service=service),
        "new_url": urls.new(date=sheet.date, view=view, service=service),
        "walk_in_url": urls.new(channel="walk_in", view=view, service=service),
        "legend": legend(),
        "here": request.get_full_path(),
    }
    opened = request.GET.get("booking")
    if opened:
        reservation = (
            Reservation.objects.filter(restaurant=sheet.restaurant, public_id=opened)
            .select_related("restaurant", "guest", "company")
            .first()
        )
        if reservation is not None:
            context["card_html"] = mark_safe(card_html(request, reservation, urls))  # noqa: S308 - a template's
    return context


def timeline(request):
    restaurants, restaurant, date = _frame(request, "timeline")
    board = board_for(restaurant, date, request.GET.get("service") or None)
    moving = None
    moving_id = request.GET.get("moving")
    if moving_id:
        moving = next((r for b in board.sheet.services for r in b.every_row if r.public_id == moving_id), None)
    context = _common(request, board, restaurants, "timeline")
    parts = timeline_parts(board, moving.guest_name or moving.public_id if moving else None)
    lanes = parts.pop("lanes", None)
    context.update(parts, lanes=LANES_MARK if lanes is not None else None, moving=moving)
    context["cancel_move_url"] = board.urls.timeline(service=context["service_key"])
    return _spliced(render_to_string("backoffice/timeline.html", context, request), LANES_MARK, lanes or "")


def day_sheet(request):
    restaurants, restaurant, date = _frame(request, "list")
    status = request.GET.get("status") or None
    status = status if status in SERVED_STATUSES else None
    query = (request.GET.get("q") or "")[:100]
    board = board_for(restaurant, date, request.GET.get("service") or None, view="list", status=status, query=query)
    sheet = board.sheet
    sections, tables = [], []
    for n, block in enumerate(sheet.services):
        html = rows_html(block.rows, date=sheet.date, today=sheet.today, now=board.now, urls=board.urls)
        tables.append(table_html(block, html))
        sections.append((block, mark_safe(f"<!--rows-{n}-->")))  # noqa: S308 - a constant
    context = _common(request, board, restaurants, "list")
    context.update(
        {
            "blocks": sections,
            "status": status or "",
            "query": query,
            "statuses": [(value, status_label(value), sheet.status_counts.get(value, 0)) for value in SERVED_STATUSES],
        }
    )
    page = render_to_string("backoffice/day_sheet.html", context, request)
    for n, html in enumerate(tables):
        page = page.replace(f"<!--rows-{n}-->", html, 1)
    return HttpResponse(page)


def home_cards(request) -> list[dict]:
    """One card per restaurant of the user (a superuser's: the first ten): its name, today's
    covers, the pending requests ahead and the next arrivals."""
    access = restaurant_access(request, HOST)
    if not access:
        return []
    cards = []
    for restaurant in access.filter(Restaurant.objects.order_by("name", "id"), "pk")[:10]:
        sheet = read_sheet(restaurant, today_of(restaurant))
        cards.append({"restaurant": restaurant, "sheet": sheet, "url": Urls(restaurant).timeline()})
    return cards


__all__ = ["day_sheet", "home_cards", "restaurants_of", "timeline"]
