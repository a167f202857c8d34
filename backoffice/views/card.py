"""A booking's card: who, when, where, every move its status allows (from the registry), the guest's
profile (VIP, allergies, visits, no-shows) and the notes. Opened in place by htmx on the timeline
and the list; a page of its own without JavaScript."""

from __future__ import annotations

from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from backoffice.rendering.words import party_words, status_label
from backoffice.views.common import Urls, booking_for, light_context, today_of
from config.formats import zone
from reservations.models import CardGuarantee, Reservation
from reservations.models.staff import UNDO_WINDOW, UNDOABLE
from reservations.services.staff.registry import MOVES, card_moves

# Moves that ask for a reason and a confirmation: behind a "…" that opens their form.
ASKS = ("decline", "cancel")


def _admin_url(name: str, pk) -> str | None:
    try:
        return reverse(name, args=[pk])
    except NoReverseMatch:
        return None


def _money_url(reservation, row=None) -> str | None:
    """The Money page of the booking's card guarantee (charge, refund, release), when it has one."""
    if row is not None:
        card = row.card
    else:
        card = CardGuarantee.objects.filter(reservation=reservation).values_list("pk", flat=True).first()
    return _admin_url("admin:reservations_cardguarantee_money", card) if card is not None else None


def _can_undo(reservation, now) -> bool:
    last = reservation.status_changes.order_by("-created_at", "-id").first()
    return (
        last is not None
        and last.undone_at is None
        and last.action in UNDOABLE
        and last.to_status == reservation.status
        and now - last.created_at <= UNDO_WINDOW
    )


def card_context(request, reservation: Reservation, urls: Urls, row=None) -> dict:
    """The card's words. `row`: the booking as the day's read has it (backoffice.selectors.day_read),
    when the caller holds it: its tables, card guarantee and undo are then not read again."""
    restaurant = reservation.restaurant
    tz = zone(restaurant.timezone)
    now = timezone.now()
    starts = reservation.starts_at.astimezone(tz)
    today = today_of(restaurant)
    moves = card_moves(reservation.status, reservation.service_date, today, reservation.starts_at, now)
    can_undo = row.can_undo if row is not None else _can_undo(reservation, now)
    if row is not None:
        tables = row.tables
    else:
        tables = list(reservation.tables.order_by("position", "id").values_list("name", flat=True))
    guest = reservation.guest
    history = (
        Reservation.objects.filter(restaurant=restaurant, guest_id=guest.pk)
        .exclude(pk=reservation.pk)
        .order_by("-service_date", "-starts_at")[:5]
    )
    card_urls = Urls(restaurant, reservation.service_date)
    return {
        "reservation": reservation,
        "guest": guest,
        "starts": starts,
        "ends": reservation.ends_at.astimezone(tz) if reservation.ends_at else None,
        "status_text": status_label(reservation.status),
        "party_text": party_words(reservation.party_size),
        "tables": tables,
        "moves": [m for m in moves if m.name not in ASKS],
        "asks": [{"move": m} for m in moves if m.name in ASKS],
        "movable": reservation.status in MOVES["move"].from_statuses,
        "can_undo": can_undo,
        "history": history,
        "guest_url": _admin_url("admin:guests_guest_change", guest.pk),
        "money_url": _money_url(reservation, row),
        "urls": card_urls,
        "moving_url": card_urls.timeline(moving=reservation.public_id),
        "edit_url": urls.edit(reservation.public_id),
        "here": _given(request, "next"),
        # The page the card sits on, for its moves to update it (the timeline or the list, its date and service).
        "view": _given(request, "view") or "timeline",
        "shown_date": _given(request, "shown_date") or reservation.service_date.isoformat(),
        "service_key": _given(request, "service"),
    }


def _given(request, name: str) -> str:
    return (request.POST.get(name) or request.GET.get(name) or "")[:500]


def card_html(request, reservation: Reservation, urls: Urls, row=None) -> str:
    return render_to_string("backoffice/_card.html", card_context(request, reservation, urls, row), request)


def booking_card(request, public_id: str):
    reservation = booking_for(request, public_id, "company")
    urls = Urls(reservation.restaurant, reservation.service_date)
    if request.htmx:
        return render(request, "backoffice/_card.html", card_context(request, reservation, urls))
    context = {
        **light_context(request),
        **card_context(request, reservation, urls),
        "title": f"{reservation.guest} · {reservation.restaurant.name}",
        "restaurant": reservation.restaurant,
    }
    return render(request, "backoffice/card_page.html", context)
