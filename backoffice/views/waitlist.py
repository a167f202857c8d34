"""The waitlist during service, from the side panel: a party added at the door with the wait quoted,
offered a place, booked, seated now as a walk-in onto a free table, or taken off; and a partner's
hold handed back. The same waitlist and staff services as the admin and `manage.py waitlist`."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.views.decorators.http import require_POST

from apikeys.roles import HOST, restaurant_access
from backoffice.views.board import board_for, fragments
from backoffice.views.bookings import booked_words
from backoffice.views.common import Urls, actor, back_to, light_context, parse_date, restaurant_for, view_of
from backoffice.views.moves import lane_tables
from config.exceptions import DomainError, InvalidInput
from config.formats import zone
from config.one_line import is_one_line
from guests.services import GuestInput, match_or_create
from holds.models import Hold
from holds.services import staff_release_hold
from reservations.selectors.engine_policy import policy_for
from reservations.services.staff import WarningsToConfirm
from reservations.services.staff_terms import StaffTerms
from waitlist import services as waitlist
from waitlist.models import WaitlistEntry

DONE = {"offer": "offered a place", "book": "booked", "seat": "seated", "remove": "taken off the waitlist"}


def _entry(request) -> WaitlistEntry:
    access = restaurant_access(request, HOST)
    entry = (
        access.filter(WaitlistEntry.objects.select_related("restaurant", "guest"))
        .filter(public_id=request.POST.get("entry", ""))
        .first()
    )
    if entry is None:
        raise Http404("No such waitlist entry.")
    return entry


@require_POST
def waitlist_move(request):
    action = request.POST.get("action", "")
    if action not in DONE:
        raise Http404("No such move.")
    entry = _entry(request)
    restaurant = entry.restaurant
    who = actor(request, restaurant)
    confirmed = frozenset(request.POST.getlist("confirm"))
    lane = request.POST.get("table", "")
    try:
        tables = lane_tables(restaurant, lane) if lane else ()
        if action == "offer":
            entry = waitlist.offer_entry(entry=entry)
        elif action == "book":
            entry = waitlist.promote_entry(
                entry=entry, staff=StaffTerms(actor=who, confirmed=confirmed, table_ids=tables)
            )
        elif action == "seat":
            entry = waitlist.seat_entry(entry=entry, table_ids=tables, actor=who, confirmed=confirmed)
        else:
            entry = waitlist.cancel_entry(entry=entry)
    except WarningsToConfirm as asked:
        return _confirm(request, entry, asked)
    except DomainError as error:
        return _answer(request, entry, f"{entry.guest}: {error.message}", "error")
    if action in ("seat", "book"):
        return _answer(request, entry, booked_words(entry.reservation), "success", added=True)
    return _answer(request, entry, f"{entry.guest}: {DONE[action]}.", "success", added=action == "book")


def _answer(request, entry, text: str, level: str, *, added: bool = False):
    reservation = entry.reservation if entry.reservation_id else None
    if request.htmx:
        date = parse_date(request.POST.get("shown_date")) or entry.service_date
        board = board_for(entry.restaurant, date, request.POST.get("service") or None, view=view_of(request))
        view = view_of(request)
        return HttpResponse(fragments(request, board, reservation, view=view, message=text, level=level, added=added))
    getattr(messages, level)(request, text)
    return HttpResponseRedirect(back_to(request, Urls(entry.restaurant, entry.service_date).timeline()))


def _confirm(request, entry, asked: WarningsToConfirm):
    carried = [
        (name, value)
        for name in ("entry", "action", "table", "view", "shown_date", "service", "next")
        for value in request.POST.getlist(name)
        if value
    ]
    context = {
        "warnings": asked.warnings,
        "needs_manager": asked.needs_manager,
        "codes": [w.code for w in asked.warnings],
        "carried": carried,
        "subject": str(entry.guest),
        "action_label": "Seat" if request.POST.get("action") == "seat" else "Book",
        "post_url": request.path,
    }
    if request.htmx:
        return HttpResponse(render_to_string("backoffice/_warnings.html", context, request))
    page = {**light_context(request), **context, "title": "Confirm", "restaurant": entry.restaurant}
    return render(request, "backoffice/confirm_page.html", page)


@require_POST
def waitlist_add(request):
    """A party at the door joins the waitlist of the service running (or the date shown), with the
    wait the host quoted."""
    restaurant = restaurant_for(request, request.POST.get("r"))
    tz = zone(restaurant.timezone)
    now = timezone.now().astimezone(tz)
    date = parse_date(request.POST.get("shown_date")) or now.date()
    try:
        size = int(request.POST.get("party_size") or 0)
        quoted = int(request.POST["quoted_wait"]) if request.POST.get("quoted_wait") else None
    except ValueError:
        return _added(request, restaurant, date, "The party size and the wait are numbers.", "error")
    name = GuestInput(
        first_name=(request.POST.get("first_name") or "").strip()[:100] or None,
        last_name=(request.POST.get("last_name") or "").strip()[:100] or None,
        phone=(request.POST.get("phone") or "").strip()[:40] or None,
    )
    try:
        if not (name.first_name or name.last_name):
            raise InvalidInput("Type the party's name.", param="last_name")
        if not all(is_one_line(text or "") for text in (name.first_name, name.last_name, name.phone)):
            raise InvalidInput("Type the name and the phone on one line each.", param="last_name")
        start, end = _window(restaurant, date, now)
        guest = match_or_create(restaurant=restaurant, data=name, source="manual").guest
        entry = waitlist.add_entry(
            restaurant=restaurant,
            guest=guest,
            service_date=date,
            party_size=size,
            window_start=start,
            window_end=end,
            notes=(request.POST.get("notes") or "").strip()[:500] or None,
            quoted_wait_minutes=quoted,
        )
    except DomainError as error:
        return _added(request, restaurant, date, error.message, "error")
    return _added(request, restaurant, date, f"{entry.guest}: on the waitlist.", "success")


def _window(restaurant, date: dt.date, now: dt.datetime) -> tuple[dt.time, dt.time]:
    """From now (or the first service's start, another day) to the end of that service."""
    policy = policy_for(restaurant)
    shifts = policy.shifts_on(date)
    if not shifts:
        raise InvalidInput("No service runs that day.", param="shown_date")
    minute = dt.time(now.hour, now.minute)
    if date == now.date():
        for shift in shifts:
            if shift.start_time <= minute <= shift.end_time or shift.end_time <= shift.start_time:
                return minute, shift.end_time
    return shifts[0].start_time, shifts[0].end_time


def _added(request, restaurant, date, text: str, level: str):
    if request.htmx:
        board = board_for(restaurant, date, request.POST.get("service") or None, view=view_of(request))
        view = view_of(request)
        return HttpResponse(fragments(request, board, None, view=view, message=text, level=level))
    getattr(messages, level)(request, text)
    return HttpResponseRedirect(back_to(request, Urls(restaurant, date).timeline()))


@require_POST
def release_hold(request):
    access = restaurant_access(request, HOST)
    hold = (
        access.filter(Hold.objects.select_related("restaurant")).filter(public_id=request.POST.get("hold", "")).first()
    )
    if hold is None:
        raise Http404("No such hold.")
    try:
        staff_release_hold(hold=hold, actor=actor(request, hold.restaurant))
    except DomainError as error:
        text, level = error.message, "error"
    else:
        text, level = f"Hold {hold.public_id} released: its table is free again.", "success"
    if request.htmx:
        board = board_for(
            hold.restaurant, hold.service_date, request.POST.get("service") or None, view=view_of(request)
        )
        return HttpResponse(fragments(request, board, None, view=view_of(request), message=text, level=level))
    getattr(messages, level)(request, text)
    return HttpResponseRedirect(back_to(request, Urls(hold.restaurant, hold.service_date).timeline()))
