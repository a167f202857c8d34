"""What the host's pages share: which restaurants the user may act on, who acts, the addresses of
the pages, and the context the admin's base template needs.

Every page is scoped to the user's restaurants (capability `host`); each move is made as the user's
role there (reservations.services.staff_terms.Actor), which decides the warnings they may confirm.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import cached_property, lru_cache
from urllib.parse import urlencode

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme

from apikeys.roles import HOST, member_restaurants, restaurant_access, roles_by_restaurant, staff_actor
from config.formats import zone
from reservations.models import Reservation, Restaurant


def restaurants_of(request):
    access = restaurant_access(request, HOST)
    if not access:
        raise PermissionDenied
    return access, access.filter(Restaurant.objects.order_by("name", "id"), "pk")


def restaurant_choices(request) -> list[Restaurant]:
    """The user's restaurants, by name: read with their roles (no query of its own), a superuser's
    from the database."""
    access, restaurants = restaurants_of(request)
    if access.everything:
        return list(restaurants[:200])
    known = member_restaurants(request)
    return sorted((known[pk] for pk in access.ids if pk in known), key=lambda r: (r.name, r.pk))


def restaurant_for(request, ref: str | None, choices: list | None = None) -> Restaurant:
    """The restaurant asked for (`ref`, a public id) among the user's, else their first."""
    if choices is None:
        _access, restaurants = restaurants_of(request)
        restaurants = restaurants.filter(public_id=ref) if ref else restaurants
        restaurant = restaurants.first()
    else:
        restaurant = next((r for r in choices if r.public_id == ref), None) if ref else next(iter(choices), None)
        if restaurant is None and ref:  # beyond the first choices read (a superuser's long list)
            return restaurant_for(request, ref)
    if restaurant is None:
        raise Http404("No such restaurant.")
    return restaurant


def booking_for(request, public_id: str, *related) -> Reservation:
    """A booking of one of the user's restaurants, else 404 (another's is not found, not forbidden)."""
    access = restaurant_access(request, HOST)
    reservation = (
        access.filter(Reservation.objects.select_related("restaurant", "guest", *related))
        .filter(public_id=public_id)
        .first()
    )
    if reservation is None:
        raise Http404("No such booking.")
    return reservation


def actor(request, restaurant):
    return staff_actor(request, restaurant.pk)


def lands_on_timeline(request) -> bool:
    """A user whose every role is host goes straight to today's timeline."""
    roles = set(roles_by_restaurant(request).values())
    return not request.user.is_superuser and roles == {"host"}


def today_of(restaurant) -> dt.date:
    return timezone.now().astimezone(zone(restaurant.timezone)).date()


def parse_date(value) -> dt.date | None:
    """A YYYY-MM-DD from an address, or None (a page never fails on a bad date: it shows today)."""
    if isinstance(value, dt.date):
        return value
    try:
        parsed = dt.date.fromisoformat(value or "")
    except ValueError:
        return None
    return parsed if dt.date(1900, 1, 1) <= parsed <= dt.date(9998, 12, 31) else None


@lru_cache(maxsize=1)
def prefixes() -> dict[str, str]:
    """The pages' paths, reversed once per process (a night's timeline builds a thousand links:
    `reverse` cost more than the rest of each)."""
    marker = "resv_MARKER"
    card = reverse("admin:day_sheet_booking", args=[marker])
    edit = reverse("admin:day_sheet_edit", args=[marker])
    names = (
        "timeline",
        "day_sheet",
        "day_sheet_new",
        "booking_search",
        "pending_queue",
        "day_sheet_move",
        "day_sheet_waitlist",
    )
    return {
        **{name: reverse(f"admin:{name}") for name in names},
        "card": card.partition(marker),
        "edit": edit.partition(marker),
    }


@dataclass(frozen=True)
class Urls:
    """The addresses of one restaurant's host pages (every one names the restaurant: a user of
    several restaurants moves between them)."""

    restaurant: Restaurant
    date: dt.date | None = None
    view: str = ""  # the page a card opens on (its moves update it)
    service: str = ""

    def _page(self, name: str, **params) -> str:
        query = {"r": self.restaurant.public_id}
        if self.date is not None and "date" not in params:
            query["date"] = self.date.isoformat()
        for key, value in params.items():
            if value:
                query[key] = value.isoformat() if isinstance(value, dt.date) else value
        return prefixes()[name] + "?" + urlencode(query)

    def timeline(self, **params) -> str:
        return self._page("timeline", **params)

    def sheet(self, **params) -> str:
        return self._page("day_sheet", **params)

    def new(self, **params) -> str:
        return self._page("day_sheet_new", **params)

    def search(self, **params) -> str:
        return self._page("booking_search", **params)

    def pending(self) -> str:
        return prefixes()["pending_queue"] + "?" + urlencode({"r": self.restaurant.public_id})

    def move(self) -> str:
        return prefixes()["day_sheet_move"]

    @cached_property
    def _card_query(self) -> str:
        query = {"view": self.view, "service": self.service, "shown_date": self.date.isoformat() if self.date else ""}
        return "?" + urlencode({k: v for k, v in query.items() if v}) if self.view else ""

    def card(self, public_id: str) -> str:
        before, _, after = prefixes()["card"]
        return f"{before}{public_id}{after}{self._card_query}"

    def edit(self, public_id: str) -> str:
        before, _, after = prefixes()["edit"]
        return f"{before}{public_id}{after}"


def back_to(request, fallback: str) -> str:
    """Where a form goes back to: its `next` when it is one of ours, else `fallback`."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return fallback


def light_context(request) -> dict:
    """What the admin's base template needs, without the app list of the navigation sidebar
    (every model admin's permissions, asked on every page): the host's pages are their working
    pages, the sidebar is one tap away on the home page."""
    site = admin.site
    return {
        "site_title": site.site_title,
        "site_header": site.site_header,
        "site_url": site.site_url,
        "has_permission": site.has_permission(request),
        "available_apps": [],
        "is_popup": False,
        "is_nav_sidebar_enabled": False,
        "log_entries": [],
    }


def view_of(request) -> str:
    """The page a form was sent from: the timeline (the default) or the list."""
    view = request.POST.get("view") or request.GET.get("view") or "timeline"
    return view if view in ("timeline", "list", "queue") else "timeline"
