"""The host's finding: a booking by name, phone, e-mail or `resv_` id across dates (upcoming first,
then recent), and every pending request from today on, oldest first."""

from __future__ import annotations

import datetime as dt

from django.db.models import Q

from reservations.models import Reservation
from reservations.models.booking import ReservationStatus

LIMIT = 25


def _matching(restaurant, query: str):
    base = Reservation.objects.filter(restaurant=restaurant).select_related("guest", "shift").prefetch_related("tables")
    text = query.strip()
    if text.startswith("resv_"):
        return base.filter(public_id=text)
    condition = Q()
    words = [word for word in text.split() if word]
    for word in words:  # every word names the guest (first or last name) or their e-mail
        condition &= (
            Q(guest__first_name__icontains=word)
            | Q(guest__last_name__icontains=word)
            | Q(guest__email__icontains=word)
            | Q(contact_email__icontains=word)
        )
    digits = "".join(ch for ch in text if ch.isdigit())
    if len(digits) >= 4:
        # Phones are kept in international form (+33612345678): a number typed the local way
        # (06 12 34 56 78) matches on its last digits.
        tail = digits[-7:] if len(digits) >= 7 else digits
        by_phone = Q(guest__phone__contains=tail) | Q(contact_phone__contains=tail)
        condition = by_phone if not any(ch.isalpha() for ch in text) else condition | by_phone
    return base.filter(condition)


def search_bookings(restaurant, query: str, today: dt.date, limit: int = LIMIT) -> tuple[list, list]:
    """(upcoming bookings from today, soonest first; recent ones before today, latest first)."""
    if len(query.strip()) < 2:
        return [], []
    found = _matching(restaurant, query)
    upcoming = list(found.filter(service_date__gte=today).order_by("service_date", "starts_at", "id")[:limit])
    recent = list(found.filter(service_date__lt=today).order_by("-service_date", "-starts_at", "-id")[:limit])
    return upcoming, recent


def pending_requests(restaurant, today: dt.date, limit: int = 200) -> list[Reservation]:
    """Every pending request from today on, the oldest request first (it has waited longest)."""
    return list(
        Reservation.objects.filter(restaurant=restaurant, status=ReservationStatus.PENDING, service_date__gte=today)
        .select_related("guest", "shift")
        .prefetch_related("tables")
        .order_by("created_at", "id")[:limit]
    )
