"""Finding a booking across dates, and the queue of pending requests across dates."""

from __future__ import annotations

from django.shortcuts import render

from backoffice.rendering.words import party_words, status_label
from backoffice.views.common import Urls, light_context, restaurant_choices, restaurant_for, today_of
from config.formats import zone
from reservations.selectors.staff_search import pending_requests, search_bookings


def _found(bookings, urls_for, tz) -> list[dict]:
    return [
        {
            "booking": booking,
            "local": booking.starts_at.astimezone(tz),
            "status": status_label(booking.status),
            "party": party_words(booking.party_size),
            "tables": ", ".join(table.name for table in booking.tables.all()),
            "url": urls_for(booking).timeline(
                date=booking.service_date,
                service=booking.shift.public_id if booking.shift else "",
                booking=booking.public_id,
            ),
        }
        for booking in bookings
    ]


def search(request):
    restaurants = restaurant_choices(request)
    restaurant = restaurant_for(request, request.GET.get("r"), restaurants)
    query = (request.GET.get("q") or "").strip()[:100]
    today = today_of(restaurant)
    upcoming, recent = search_bookings(restaurant, query, today)
    tz = zone(restaurant.timezone)

    def urls_for(booking):
        return Urls(restaurant, booking.service_date)

    context = {
        **light_context(request),
        "title": f"Find a booking · {restaurant.name}",
        "restaurant": restaurant,
        "restaurants": restaurants,
        "query": query,
        "upcoming": _found(upcoming, urls_for, tz),
        "recent": _found(recent, urls_for, tz),
        "urls": Urls(restaurant),
        "searched": len(query) >= 2,
    }
    return render(request, "backoffice/search.html", context)


def pending(request):
    restaurants = restaurant_choices(request)
    restaurant = restaurant_for(request, request.GET.get("r"), restaurants)
    today = today_of(restaurant)
    tz = zone(restaurant.timezone)
    rows = _found(pending_requests(restaurant, today), lambda booking: Urls(restaurant, booking.service_date), tz)
    context = {
        **light_context(request),
        "title": f"Pending requests · {restaurant.name}",
        "restaurant": restaurant,
        "restaurants": restaurants,
        "requests": rows,
        "urls": Urls(restaurant),
        "here": request.get_full_path(),
    }
    return render(request, "backoffice/pending.html", context)
