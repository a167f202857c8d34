"""A booking taken by staff (on the phone, or a walk-in seated now), and a booking's full change form
(date, time, party, tables, notes). A tap on a free cell of the timeline opens the first at that
table and time; the second is the card's "Edit".

Both go through the same services as everything else (create_staff_booking, move_booking); a
change only online rules stand against shows its warnings, confirmed with one more tap.
"""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils import timezone

from backoffice.forms import EditBookingForm, NewBookingForm
from backoffice.selectors.day_read import read_day
from backoffice.views.board import board_for, fragments
from backoffice.views.common import (
    Urls,
    actor,
    booking_for,
    light_context,
    parse_date,
    restaurant_for,
    today_of,
    view_of,
)
from config.exceptions import DomainError
from config.formats import zone
from guests.services import GuestInput
from reservations.models import Table
from reservations.services import staff
from reservations.services.staff import WarningsToConfirm


def table_states(restaurant, date: dt.date, time: dt.time | None, exclude: str = "") -> dict:
    """{table pk: "taken 19:30–21:30 by Marie Curie"} for the tables busy in the two hours from that
    date and time (the picker's words; the service decides)."""
    if time is None:
        return {}
    tz = zone(restaurant.timezone)
    start = dt.datetime.combine(date, time, tzinfo=tz)
    start_epoch, end_epoch = int(start.timestamp()), int((start + dt.timedelta(hours=2)).timestamp())
    read = read_day(restaurant, date, tz, timezone.now())
    taken: dict[int, str] = {}
    for owner, name in [(row, row.guest_name) for row in read.bookings if row.public_id != exclude] + [
        (hold, "a hold") for hold in read.holds
    ]:
        for table_id, a, b in owner.spans:
            if a < end_epoch and b > start_epoch and table_id not in taken:
                span = f"{dt.datetime.fromtimestamp(a, tz):%H:%M}–{dt.datetime.fromtimestamp(b, tz):%H:%M}"
                taken[table_id] = f"taken {span} by {name}"
    return taken


def booked_words(reservation) -> str:
    """What the host reads once a booking is taken: who, where, until when (a walk-in seated at a
    table free until its next booking is told so)."""
    tz = zone(reservation.restaurant.timezone)
    tables = ", ".join(reservation.tables.order_by("position", "id").values_list("name", flat=True)) or "no table"
    if reservation.status == "seated":
        until = f" until {reservation.ends_at.astimezone(tz):%H:%M}" if reservation.ends_at else ""
        return f"{reservation.guest}: seated at table {tables}{until}."
    starts = reservation.starts_at.astimezone(tz)
    when = f"{starts:%H:%M} on {starts:%a %d %b}"
    return f"{reservation.guest}: booked for {when}, table {tables} ({reservation.public_id})."


def _tables(restaurant):
    return (
        Table.objects.filter(restaurant=restaurant)
        .select_related("section")
        .order_by("section__position", "position", "id")
    )


def new_booking(request):
    restaurant = restaurant_for(request, request.GET.get("r") or request.POST.get("r"))
    source = request.POST if request.method == "POST" else request.GET
    date = parse_date(source.get("service_date") or source.get("date")) or today_of(restaurant)
    time = _time_or_none(source.get("start_time") or source.get("time"))
    taken = table_states(restaurant, date, time)
    tables = list(_tables(restaurant))
    form = NewBookingForm(request.POST or None, restaurant=restaurant, tables=tables, taken=taken)
    if request.method == "GET":
        picked = source.get("table", "")
        form.initial.update(
            service_date=date,
            start_time=time,
            channel=source.get("channel") or "phone",
            party_size=restaurant.default_party_size,
            tables=[t.public_id for t in tables if t.public_id == picked],
        )
    warnings = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        by_id = {t.public_id: t.pk for t in tables}
        booking = staff.StaffBooking(
            channel=data["channel"],
            party_size=data["party_size"],
            guest=GuestInput(
                first_name=data["first_name"] or None,
                last_name=data["last_name"] or None,
                email=data["email"] or None,
                phone=data["phone"] or None,
            )
            if (data["first_name"] or data["last_name"])
            else None,
            service_date=data["service_date"],
            start_time=data["start_time"],
            table_ids=tuple(by_id[ref] for ref in data["tables"] if ref in by_id),
            guest_notes=data["guest_notes"] or None,
            internal_notes=data["internal_notes"] or None,
        )
        try:
            created = staff.create_staff_booking(
                restaurant=restaurant,
                booking=booking,
                actor=actor(request, restaurant),
                confirmed=frozenset(request.POST.getlist("confirm")),
            )
        except WarningsToConfirm as asked:
            warnings = asked
        except DomainError as error:
            form.add_error(form.field_for(error), error.message)
        else:
            text = booked_words(created)
            if request.htmx:
                board = board_for(
                    restaurant,
                    parse_date(request.POST.get("shown_date")) or created.service_date,
                    request.POST.get("service") or None,
                    view=view_of(request),
                )
                return HttpResponse(fragments(request, board, created, view=view_of(request), message=text, added=True))
            messages.success(request, text)
            return HttpResponseRedirect(Urls(restaurant, created.service_date).timeline())
    context = {
        "restaurant": restaurant,
        "form": form,
        "warnings": warnings,
        "post_url": request.path + f"?r={restaurant.public_id}",
        "back_url": Urls(restaurant, date).timeline(),
        "view": source.get("view", "timeline"),
        "shown_date": source.get("shown_date") or date.isoformat(),
        "service": source.get("service", ""),
        "title": f"New booking · {restaurant.name}",
    }
    if request.htmx:
        return render(request, "backoffice/_new_booking.html", context)
    return render(request, "backoffice/booking_form.html", {**light_context(request), **context})


def _time_or_none(value) -> dt.time | None:
    if isinstance(value, dt.time):
        return value
    try:
        return dt.datetime.strptime(value or "", "%H:%M").time()
    except ValueError:
        return None


def edit_booking(request, public_id: str):
    reservation = booking_for(request, public_id, "company")
    restaurant = reservation.restaurant
    local = reservation.starts_at.astimezone(zone(restaurant.timezone))
    tables = list(_tables(restaurant))
    taken = table_states(restaurant, reservation.service_date, local.time(), public_id)
    form = EditBookingForm(request.POST or None, reservation=reservation, local_start=local, tables=tables, taken=taken)
    warnings = None
    if request.method == "POST" and form.is_valid():
        by_id = {t.public_id: t.pk for t in tables}
        try:
            staff.move_booking(
                reservation=reservation,
                fields=form.changed_fields(),
                table_ids=[by_id[ref] for ref in form.changed_tables() if ref in by_id],
                actor=actor(request, restaurant),
                confirmed=frozenset(request.POST.getlist("confirm")),
            )
        except WarningsToConfirm as asked:
            warnings = asked
        except DomainError as error:
            form.add_error(form.field_for(error), error.message)
        else:
            messages.success(request, f"{reservation.guest}: changed.")
            return HttpResponseRedirect(Urls(restaurant, reservation.service_date).timeline() + "#card")
    context = {
        **light_context(request),
        "title": f"Change {reservation.guest} · {restaurant.name}",
        "restaurant": restaurant,
        "reservation": reservation,
        "form": form,
        "warnings": warnings,
        "post_url": request.path,
        "back_url": Urls(restaurant, reservation.service_date).card(public_id),
    }
    return render(request, "backoffice/booking_form.html", context)
